/* The C port of the siege kernel (src/kinds/siege/kernel.ts, runSiegeChunks): the siege suite's native reference
 * (docs/benchmarks.md, "Native references"). Same plan, same seed => the same dice in the same order and the same
 * accumulator, slot for slot (test/benchmarks/native-siege.test.ts compares every slot with the TS kernel).
 *
 * The plan is not compiled here: benchmarks/native.ts writes a compiled SiegePlan (and the rule constants the kernel
 * reads) as text, one field a line: `name count v1 v2 …`. Numbers are doubles as in JS; a field that is an integer
 * typed array in the plan is read into int32 (what the TS kernel's loads give). Built with -O2
 * -ffp-contract=off (no fused multiply-add: every floating-point operation rounds as V8's does).
 *
 *   siege PLAN SEED FIRST_CHUNK CHUNK_COUNT TOTAL_TRIALS          prints the accumulator, one slot a line
 *   siege --time PLAN SEED FIRST_CHUNK CHUNK_COUNT TOTAL_TRIALS   prints the kernel's own time in ms
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Codes (src/kinds/siege/codes.ts); the plan file's `codes` line is checked against them. */
enum { A_DEPART, A_BOMBARD, A_HARASS, A_ASSAULT, A_BESIEGE, A_STORM };
enum { D_STAY, D_SALLY, D_DEPART };
enum { B_HARASS, B_ASSAULT, B_STORM, B_SALLY };
enum { E_STORMED, E_STARVED, E_DEFENDERS_DEPART, E_ATTACKER_DEPARTS, E_ATTACKER_ROUTED, E_ATTACKER_DESERTED, E_STANDING };
enum { COND_NONE, COND_BREACH, COND_WEEK, COND_STARVING, COND_TROOPS_BELOW };
enum { TIE_REROLL, TIE_STALEMATE, TIE_ATTACKER, TIE_DEFENDER };
enum { MODE_DOWN = 0, MODE_BOOK = 2 };
static const double CODES[] = {A_DEPART, A_BOMBARD, A_HARASS, A_ASSAULT, A_BESIEGE, A_STORM, D_STAY, D_SALLY, D_DEPART,
                               B_HARASS, B_ASSAULT, B_STORM, B_SALLY, E_STORMED, E_STARVED, E_DEFENDERS_DEPART,
                               E_ATTACKER_DEPARTS, E_ATTACKER_ROUTED, E_ATTACKER_DESERTED, E_STANDING, COND_NONE,
                               COND_BREACH, COND_WEEK, COND_STARVING, COND_TROOPS_BELOW, TIE_REROLL, TIE_STALEMATE,
                               TIE_ATTACKER, TIE_DEFENDER, MODE_DOWN, MODE_BOOK};

/* Sum and square slots (kernel.ts SUM, SQUARE), checked against the plan file's `sums` and `squares` lines. */
enum {
  S_attackerDead, S_attackerWounded, S_defenderDead, S_defenderWounded, S_deserted, S_weeks, S_bombardWeeks,
  S_bombardDefenderHdTenths, S_bombardAttackerHdTenths, S_rubble, S_breachFeet, S_damageTotal, S_battles, S_repulsed,
  S_damageByClass, S_rearGuard = 20, S_departedUnderBombard, S_departedUnderHarass, S_departedUnderAssault,
  S_rationsUsedAttacker, S_rationsUsedDefender, S_paidAttacker, S_paidDefender, S_attackerDeserted, S_shotUsedAttacker,
  S_shotUsedDefender, S_ballistaUsedAttacker, S_ballistaUsedDefender, S_shotGatheredAttacker, S_shotGatheredDefender,
  S_shotLeftAttacker, S_shotLeftDefender, S_ballistaLeftAttacker, S_ballistaLeftDefender, S_count
};
enum {
  Q_attackerDead, Q_attackerWounded, Q_defenderDead, Q_defenderWounded, Q_deserted, Q_weeks, Q_damageTotal,
  Q_breachFeet, Q_battles, Q_repulsed, Q_damageByClass, Q_count = 16
};
#define SUPPLY_KINDS 8
#define SUPPLY_HISTOGRAMS_PER_SIDE 5
#define SERIES_STRIDE 9

/* ---- the plan file ---- */
typedef struct { char name[64]; int n; double *v; int32_t *i; } field;
static field fields[256];
static int nfields;

static void fail(const char *what) {
  fprintf(stderr, "siege: %s\n", what);
  exit(2);
}

static void readPlan(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) fail("cannot open the plan file");
  char name[64];
  int n;
  while (fscanf(f, "%63s %d", name, &n) == 2) {
    if (nfields == 256 || n < 0) fail("plan file: too many fields or a negative count");
    field *x = &fields[nfields++];
    strcpy(x->name, name);
    x->n = n;
    x->v = malloc(sizeof(double) * (n + 1));
    x->i = malloc(sizeof(int32_t) * (n + 1));
    for (int k = 0; k < n; k++) {
      char word[64];
      if (fscanf(f, "%63s", word) != 1) fail("plan file: a field ends early");
      x->v[k] = strtod(word, NULL); /* "Infinity" included */
      x->i[k] = (int32_t)x->v[k];
    }
  }
  fclose(f);
}

static field *get(const char *name) {
  for (int k = 0; k < nfields; k++)
    if (!strcmp(fields[k].name, name)) return &fields[k];
  fprintf(stderr, "siege: the plan file has no field '%s'\n", name);
  exit(2);
}
static double *D(const char *name) { return get(name)->v; }
static int32_t *I(const char *name) { return get(name)->i; }
static double num(const char *name) { return get(name)->v[0]; }

static void checkList(const char *name, const double *mine, int n) {
  field *x = get(name);
  int same = x->n == n;
  for (int k = 0; same && k < n; k++) same = x->v[k] == mine[k];
  if (!same) {
    fprintf(stderr, "siege: the plan file's '%s' differ from siege.c's: the port is out of date\n", name);
    exit(2);
  }
}

/* ---- the generator (src/rng/index.ts) ---- */
static uint32_t s0, s1, s2, s3;

static inline uint32_t next(void) {
  uint32_t t = s1 * 5;
  uint32_t r = ((t << 7) | (t >> 25)) * 9;
  t = s1 << 9;
  uint32_t x2 = s2 ^ s0, x3 = s3 ^ s1;
  s1 ^= x2;
  s0 ^= x3;
  s2 = x2 ^ t;
  s3 = (x3 << 11) | (x3 >> 21);
  return r;
}
static inline uint32_t below(uint32_t n, uint32_t reject) {
  for (;;) {
    uint64_t m = (uint64_t)next() * n;
    if ((uint32_t)m >= reject) return (uint32_t)(m >> 32);
  }
}
static inline uint32_t twoD100(void) { return below(10000, (uint32_t)(4294967296ull % 10000)); }

static uint32_t fmix32(uint32_t h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}
static uint32_t absorb(uint32_t h, uint32_t word) { return fmix32((h ^ word) * 0x9e3779b1u + 0x7f4a7c15u); }

static void seedChunk(double seed, uint32_t stream, uint32_t chunk) {
  uint32_t lo = (uint32_t)fmod(seed, 4294967296.0), hi = (uint32_t)floor(seed / 4294967296.0);
  uint32_t h = absorb(0x243f6a88u, lo);
  h = absorb(h, hi);
  h = absorb(h, stream);
  h = absorb(h, chunk);
  uint32_t x = h, out[4];
  for (uint32_t i = 0; i < 4; i++) {
    x += 0x9e3779b9u;
    out[i] = fmix32(x ^ ((i + 1) * 0x632be5abu));
  }
  if ((out[0] | out[1] | out[2] | out[3]) == 0) out[0] = 1;
  s0 = out[0], s1 = out[1], s2 = out[2], s3 = out[3];
}

/* ---- rules the kernel calls ---- */
static double floorNum, floorDen;

/* src/rules/warMachine/adjustments.ts ratioBonus */
static double ratioBonus(double larger, double smaller, int mode) {
  if (larger <= smaller || smaller <= 0) return 0;
  if (mode != MODE_DOWN) {
    if (mode == MODE_BOOK && floorDen * larger < floorNum * smaller) return 0;
    if (2 * larger <= 3 * smaller) return 15;
    double k = ceil(larger / smaller);
    if (k <= 2) return 30;
    if (k <= 7) return k == 3 ? 45 : k == 4 ? 60 : k == 5 ? 70 : k == 6 ? 80 : 90;
    if (k <= 10) return 100;
    if (k <= 15) return 110;
    if (k <= 20) return 120;
    return 100 + 10 * ceil(k / 10);
  }
  if (2 * larger < 3 * smaller) return 0;
  if (larger >= 40 * smaller) return 100 + 10 * floor(larger / smaller / 10);
  if (larger >= 30 * smaller) return 130;
  if (larger >= 20 * smaller) return 120;
  if (larger >= 15 * smaller) return 110;
  if (larger >= 10 * smaller) return 100;
  if (larger >= 7 * smaller) return 90;
  if (larger >= 6 * smaller) return 80;
  if (larger >= 5 * smaller) return 70;
  if (larger >= 4 * smaller) return 60;
  if (larger >= 3 * smaller) return 45;
  if (larger >= 2 * smaller) return 30;
  return 15;
}

static double passes[6], taken[6];

static double allocateByPasses(double net, const double *hp) {
  for (int c = 0; c < 6; c++) taken[c] = 0;
  double left = net;
  while (left > 0) {
    double moved = 0;
    for (int c = 0; c < 6 && left > 0; c++) {
      double pass = passes[c], take = hp[c] - taken[c];
      if (pass < take) take = pass;
      if (left < take) take = left;
      taken[c] += take;
      left -= take;
      moved += take;
    }
    if (moved == 0) break;
  }
  return taken[0];
}

static int32_t hitDice(double tenthsNum, double den, double hdHundredths) {
  double top = 10 * tenthsNum, bottom = den * hdHundredths;
  double whole = floor(top / bottom);
  return (int32_t)(2 * whole + (whole * bottom != top ? 1 : 0));
}

static int32_t *artilleryTable;
static double *artilleryTenths;
static double splitHarass[2], splitAssault[2]; /* defender, attacker */

static void artilleryEntry(int ta, int i3, double a, double a2, double hdA, double hdD, int32_t *codes) {
  double r1 = (i3 % 10) + 1, r2 = ((i3 / 10) % 10) + (i3 / 100) + 2;
  double tDef = a * r1, tAtt = a2 * r2;
  if (ta == A_BOMBARD) {
    codes[0] = hitDice(tDef, 1, hdD);
    codes[1] = hitDice(tAtt, 1, hdA);
    return;
  }
  double total = tDef + tAtt;
  const double *split = ta == A_HARASS ? splitHarass : splitAssault;
  double parts = split[0] + split[1];
  codes[0] = hitDice(total * split[0], parts, hdD);
  codes[1] = hitDice(total * split[1], parts, hdA);
}

/* ---- the kernel ---- */
static double store[SUPPLY_KINDS], ammoUsed[4], issued[7], *prefixBuf, *phaseRolls;
static int32_t shortWeek[SUPPLY_KINDS];
enum { I_ART_A, I_BAL_A, I_ART_D, I_BAL_D, I_ROLLS_ART, I_ROLLS_BAL, I_SHOT_A };

typedef struct {
  int L, H, S, SW, SH, SER, Q, length, bins;
} layout;
static layout lay;

/* The plan's ammunition lines and groups (set by prepare: issueWeek runs every firing week). */
static const int32_t *ammoLineCount, *ammoLineStart, *groupPiecesP, *groupBrP, *groupPrefixP, *artilleryFiresP;
static const double *groupNeedP;

static void issueWeek(int ta, int w, double *acc, int ph) {
  const int32_t *count = ammoLineCount, *start = ammoLineStart, *pieces = groupPiecesP, *br = groupBrP,
                *pre = groupPrefixP;
  const double *need = groupNeedP;
  int artFires = artilleryFiresP[ta];
  for (int line = 0; line < 4; line++) {
    int first = start[4 * ph + line], end = first + count[4 * ph + line];
    double brSum = 0, used = 0, rolls = 0;
    int shortage = 0;
    if (line != 0 || artFires) {
      int slot = line == 0 ? 4 : line == 1 ? 6 : line == 2 ? 5 : 7;
      int accounted = w >= 2 && store[slot] >= 0;
      double left = accounted ? store[slot] : INFINITY;
      for (int g = first; g < end; g++) {
        double n = pieces[g];
        if (accounted) {
          double can = floor(left / need[g]);
          if (can < n) n = can;
        }
        if (n < pieces[g]) shortage = 1;
        brSum += n * br[g];
        used += n * need[g];
        left -= n * need[g];
        if (line < 2) rolls += prefixBuf[pre[g] + (int)n];
      }
      if (accounted) {
        store[slot] -= used;
        int u = line == 0 ? 0 : line == 1 ? 2 : line == 2 ? 1 : 3;
        ammoUsed[u] += used;
        acc[lay.S + S_shotUsedAttacker + u] += used;
        if (shortage && shortWeek[slot] == 0) shortWeek[slot] = w;
      }
    }
    issued[line] = brSum;
    if (line == 0) {
      issued[I_ROLLS_ART] = rolls;
      issued[I_SHOT_A] = used;
    } else if (line == 1)
      issued[I_ROLLS_BAL] = rolls;
  }
}

static inline void supplyBin(double *acc, int at, double value, double width) {
  double b = floor(value / width);
  acc[at + (b > lay.bins - 1 ? lay.bins - 1 : (int)b)]++;
}

static void runSiegeChunks(double seed, int firstChunk, int chunkCount, double totalTrials, double *acc) {
  const int L = lay.L, H = lay.H, S = lay.S, Q = lay.Q, SW = lay.SW, SH = lay.SH, SER = lay.SER;
  const int chunkTrials = (int)num("rule.chunkTrials"), stream = (int)num("rule.stream");
  const int rowCount = (int)num("rule.rowCount"), lastBin = lay.bins - 1;
  const int32_t *fatigueBr = I("rule.fatigueBr");
  const double mountRations = num("rule.mountRations");
  const int simple = (int)num("simple"), foodWeeks = (int)num("foodWeeks");
  const double troopsA = D("troops")[0], troopsD = D("troops")[1];
  const double baseA = D("baseBr")[0], baseD = D("baseBr")[1];
  const int ratioMode = (int)num("ratioMode");
  const double mult = num("defenderRatioMultiplier");
  const int32_t *eqA = I("eqAttacker"), *eqD = I("eqDefender");
  const int fortBr = (int)num("fortBr"), tie = (int)num("tie"), linear = (int)num("starvationLinear");
  const int32_t *kBrA = I("kindBrAttacker"), *kBrD = I("kindBrDefender"), *kNoCombat = I("kindNoCombat");
  const double *pctNum = D("pctNum"), *pctDen = D("pctDen");
  const int32_t *fatigueT = I("fatigue"), *endsT = I("ends"), *leftT = I("leftField");
  const int sallyPairs = (int)num("sallyPairs");
  const double *sallyThr = D("sallyThresholds");
  const int32_t *rowOf = I("rowOfDifference");
  const int32_t *stepStart = I("stepStart"), *stepCount = I("stepCount"), *stepWeeks = I("stepWeeks"),
                *stepCond = I("stepCond");
  const double *stepVal = D("stepCondValue");
  const int32_t *mixStart = I("stepMixStart"), *mixCount = I("stepMixCount"), *mixTactic = I("mixTactic");
  const double *mixThr = D("mixThreshold");
  const int32_t *useArt = I("useArtillery"), *useBal = I("useBallista"), *useBrk = I("useBreaching");
  const int32_t *dice = I("damageDice");
  const int nDice = get("damageDice")->n / 4;
  const double *hp = D("hitPoints");
  const double totalHp = num("totalHitPoints"), breachUnit = num("breachUnitHp"), wallLength = num("wallLengthFeet");
  const double binA = D("binWidth")[0], binD = D("binWidth")[1];
  const double wallPass = passes[0];
  const double sallyBonus = num("sallyBonus"), assaultBonus = num("assaultBonus"), starvedBrLoss = num("starvedBrLoss");
  const int stores = (int)num("stores");
  const double *mounts = D("mounts"), *fedByClerics = D("fedByClerics"), *payroll = D("payrollPerWeek");
  const int unfedDesert = (int)num("unfedDesert"), everyWeek = (int)num("damageEveryWeek");
  const double rearGuardPct = num("rearGuardPercent"), capA = num("attackerTroopCap");
  const int ammo = (int)num("ammo"), moraleBr = (int)num("malnutritionMoraleBr");
  const int32_t *dieSlot = I("dieSlot");
  const int phases = (int)num("phases");
  const int32_t *phaseWeek = I("phaseWeek"), *dieIn = I("dieIn");
  const int32_t *bombardAttacker = I("bombardAttacker"), *bombardDefender = I("bombardDefender");
  const int32_t *hdHundredths = I("hdHundredths");
  const double *rations = D("rations"), *money = D("money"), *ammoShot = D("ammoShot"), *ammoBallista = D("ammoBallista");
  const int32_t *groupPrefix = I("groupPrefix"), *groupPieces = I("groupPieces");
  const int nGroups = get("groupPrefix")->n;
  const int32_t *artFiresT = I("attackerArtilleryFires"), *artilleryWeight = I("artilleryWeight"),
                *ballistaHalves = I("ballistaHalves"), *fullArtilleryBr = I("fullArtilleryBr"),
                *fullBallistaBr = I("fullBallistaBr");
  const double *reclaimAttacker = D("reclaimAttacker"), reclaimDefender = num("reclaimDefender");
  const double *supplyBinWidth = D("supplyBinWidth");
  const uint32_t R1000 = (uint32_t)(4294967296ull % 1000), R100 = (uint32_t)(4294967296ull % 100);

  for (int c = firstChunk; c < firstChunk + chunkCount; c++) {
    double left = totalTrials - (double)c * chunkTrials;
    int n = (int)(left < chunkTrials ? left : chunkTrials);
    if (n <= 0) break;
    seedChunk(seed, stream, c);
    double weeksTotal = 0, bombardWeeks = 0, bombDefTenths = 0, bombAttTenths = 0, battles = 0, repulsed = 0,
           rubbleCount = 0, breachSum = 0, damageSum = 0;
    for (int trial = 0; trial < n; trial++) {
      double tA = troopsA, tD = troopsD;
      double deadA = 0, woundedA = 0, deadD = 0, woundedD = 0, deserted = 0;
      const double weeksBefore = weeksTotal, battlesBefore = battles, repulsedBefore = repulsed;
      int fatA = 0, fatD = 0, weeksShort = 0, besieged = 0;
      int siA = stepStart[0], wiA = 0, siD = stepStart[1], wiD = 0;
      const int lastA = stepStart[0] + stepCount[0] - 1, lastD = stepStart[1] + stepCount[1] - 1;
      double rArt = 0, rBal = 0, rBrk = 0;
      if (phases == 1) {
        for (int k = 0; k < nDice; k++) {
          double v = (double)below(dice[4 * k + 1], dice[4 * k + 3]) + 1 + dice[4 * k + 2];
          int g = dice[4 * k];
          if (ammo && dieSlot[k] >= 0) prefixBuf[dieSlot[k]] = v;
          if (g == 0) rArt += v;
          else if (g == 1) rBal += v;
          else rBrk += v;
        }
      } else {
        for (int k = 0; k < 3 * phases; k++) phaseRolls[k] = 0;
        for (int k = 0; k < nDice; k++) {
          double v = (double)below(dice[4 * k + 1], dice[4 * k + 3]) + 1 + dice[4 * k + 2];
          int g = dice[4 * k];
          for (int p = 0; p < phases; p++) {
            if (dieIn[p * nDice + k] == 0) continue;
            phaseRolls[3 * p + g] += v;
            if (ammo && dieSlot[p * nDice + k] >= 0) prefixBuf[dieSlot[p * nDice + k]] = v;
          }
        }
        rArt = phaseRolls[0];
        rBal = phaseRolls[1];
        rBrk = phaseRolls[2];
      }
      const double damageD100 = (double)below(100, R100) + 1;
      if (ammo) {
        for (int g = 0; g < nGroups; g++) {
          int p0 = groupPrefix[g];
          if (p0 < 0) continue;
          prefixBuf[p0] = 0;
          for (int j = 1; j <= groupPieces[g]; j++) prefixBuf[p0 + j] += prefixBuf[p0 + j - 1];
        }
      }
      int ph = 0, ph6 = 0, nextPhaseWeek = phases > 1 ? phaseWeek[1] : L + 1;
      double shotLastWeek = 0, gross = 0, net = 0, breachFeet = 0;
      int ending = E_STANDING, endWeek = L;
      if (stores) {
        store[0] = rations[0];
        store[1] = rations[1];
        store[2] = money[0];
        store[3] = money[1];
        store[4] = ammoShot[0];
        store[5] = ammoShot[1];
        store[6] = ammoBallista[0];
        store[7] = ammoBallista[1];
        for (int k = 0; k < SUPPLY_KINDS; k++) shortWeek[k] = 0;
        for (int k = 0; k < 4; k++) ammoUsed[k] = 0;
      }
      for (int w = 1; w <= L; w++) {
        if (w == nextPhaseWeek) {
          ph++;
          ph6 = 6 * ph;
          nextPhaseWeek = ph + 1 < phases ? phaseWeek[ph + 1] : L + 1;
          rArt = phaseRolls[3 * ph];
          rBal = phaseRolls[3 * ph + 1];
          rBrk = phaseRolls[3 * ph + 2];
        }
        if (stores) {
          int at = SER + w * SERIES_STRIDE;
          acc[at]++;
          for (int k = 0; k < SUPPLY_KINDS; k++)
            if (store[k] > 0) acc[at + 1 + k] += store[k];
        }
        while (siA < lastA) {
          int cond = stepCond[siA];
          double v = stepVal[siA];
          if ((stepWeeks[siA] > 0 && wiA >= stepWeeks[siA]) || (cond == COND_BREACH && breachFeet >= v) ||
              (cond == COND_WEEK && w >= v) || (cond == COND_STARVING && weeksShort >= v) ||
              (cond == COND_TROOPS_BELOW && tA < v)) {
            siA++;
            wiA = 0;
          } else
            break;
        }
        while (siD < lastD) {
          int cond = stepCond[siD];
          double v = stepVal[siD];
          if ((stepWeeks[siD] > 0 && wiD >= stepWeeks[siD]) || (cond == COND_BREACH && breachFeet >= v) ||
              (cond == COND_WEEK && w >= v) || (cond == COND_STARVING && weeksShort >= v) ||
              (cond == COND_TROOPS_BELOW && tD < v)) {
            siD++;
            wiD = 0;
          } else
            break;
        }
        wiA++;
        wiD++;
        int ta = mixTactic[mixStart[siA]];
        if (mixCount[siA] > 1) {
          double x = next();
          int j = mixStart[siA];
          while (x >= mixThr[j]) j++;
          ta = mixTactic[j];
        }
        int td = mixTactic[mixStart[siD]];
        if (mixCount[siD] > 1) {
          double x = next();
          int j = mixStart[siD];
          while (x >= mixThr[j]) j++;
          td = mixTactic[j];
        }
        if (td == D_DEPART) {
          if (rearGuardPct > 0) {
            acc[S + S_rearGuard] += ceil((tD * rearGuardPct) / 100);
            if (ta == A_BOMBARD) acc[S + S_departedUnderBombard]++;
            else if (ta == A_HARASS) acc[S + S_departedUnderHarass]++;
            else if (ta == A_ASSAULT) acc[S + S_departedUnderAssault]++;
          }
          ending = E_DEFENDERS_DEPART;
          endWeek = w;
          break;
        }
        if (ta == A_DEPART) {
          ending = E_ATTACKER_DEPARTS;
          endWeek = w;
          break;
        }
        int shortD = 0;
        if (stores && w >= 2) {
          double unfedA = 0, unfedD = 0;
          for (int s = 0; s < 2; s++) {
            double troops = s == 0 ? tA : tD;
            double r = store[s];
            if (r >= 0) {
              double men = troops > fedByClerics[s] ? troops - fedByClerics[s] : 0;
              double mountNeed = mountRations * mounts[s];
              double forMen = men < r ? men : r;
              double forMounts = r - forMen < mountNeed ? r - forMen : mountNeed;
              store[s] = r - forMen - forMounts;
              acc[S + S_rationsUsedAttacker + s] += forMen + forMounts;
              if (forMen + forMounts < men + mountNeed && shortWeek[s] == 0) shortWeek[s] = w;
              if (s == 0) unfedA = men - forMen;
              else unfedD = men - forMen;
            }
            double m = store[2 + s];
            if (m >= 0) {
              double paid = m < payroll[s] ? m : payroll[s];
              store[2 + s] = m - paid;
              acc[S + S_paidAttacker + s] += paid;
              if (paid < payroll[s] && shortWeek[2 + s] == 0) shortWeek[2 + s] = w;
            }
          }
          if (unfedA > 0) {
            tA -= unfedA;
            acc[S + S_attackerDeserted] += unfedA;
            if (tA == 0) {
              ending = E_ATTACKER_DESERTED;
              endWeek = w;
              break;
            }
          }
          if (unfedD > 0) {
            if (unfedDesert) {
              tD -= unfedD;
              deserted += unfedD;
              if (tD == 0) {
                ending = E_STARVED;
                endWeek = w;
                break;
              }
            } else
              shortD = 1;
          }
        }
        if (unfedDesert && w > foodWeeks) {
          deserted += tD;
          tD = 0;
          ending = E_STARVED;
          endWeek = w;
          break;
        }
        weeksTotal++;
        const int sally = td == D_SALLY;
        double bombA = -1, bombD = 0, eqDA = 0, eqDD = 0, rArtW = rArt, rBalW = rBal;
        if (ammo) {
          int firing = ta == A_BOMBARD || ta == A_HARASS || ta == A_ASSAULT;
          double shotNow = 0;
          if (firing && !sally) {
            issueWeek(ta, w, acc, ph);
            int artFires = artFiresT[ta];
            double wA = artilleryWeight[ta], hA = ballistaHalves[ta], wD = artilleryWeight[6 + ta],
                   hD = ballistaHalves[6 + ta];
            int p2 = 2 * ph;
            eqDA = wA * issued[I_ART_A] + floor((hA * issued[I_BAL_A]) / 2) -
                   (wA * (artFires ? fullArtilleryBr[p2] : 0) + floor((hA * fullBallistaBr[p2]) / 2));
            eqDD = wD * issued[I_ART_D] + floor((hD * issued[I_BAL_D]) / 2) -
                   (wD * fullArtilleryBr[p2 + 1] + floor((hD * fullBallistaBr[p2 + 1]) / 2));
            bombA = issued[I_ART_A] + floor(issued[I_BAL_A] / 2);
            bombD = issued[I_ART_D] + floor(issued[I_BAL_D] / 2);
            if (artFires) rArtW = issued[I_ROLLS_ART];
            rBalW = issued[I_ROLLS_BAL];
            shotNow = issued[I_SHOT_A];
          }
          if (firing && w >= 2) {
            if (store[4] >= 0) {
              double g = shotLastWeek * reclaimAttacker[ta];
              store[4] += g;
              acc[S + S_shotGatheredAttacker] += g;
            }
            if (store[5] >= 0) {
              double g = shotLastWeek * reclaimDefender;
              store[5] += g;
              acc[S + S_shotGatheredDefender] += g;
            }
          }
          shotLastWeek = shotNow;
        }
        int kind = -1;
        if (sally) {
          kind = B_SALLY;
          if (sallyPairs > 1) {
            double x = next();
            int p = 0;
            while (x >= sallyThr[p]) p++;
            kind += p;
          }
        } else if (ta == A_HARASS)
          kind = B_HARASS;
        else if (ta == A_ASSAULT)
          kind = B_ASSAULT;
        else if (ta == A_STORM)
          kind = B_STORM;
        const int starvFat = simple ? 0 : weeksShort >= 2 ? 2 : weeksShort;
        double lostA = 0, lostD = 0, dA = 0, dD = 0;
        int nextFatA = 0, nextFatD = 0, endA = 0, endD = 0;
        if (!simple && !sally && ta != A_BESIEGE) {
          int i3 = (int)below(1000, R1000);
          int at = ((ph6 + ta) * 1000 + i3) * 2;
          int32_t hD = artilleryTable[at], hA = artilleryTable[at + 1];
          int rationed = bombA >= 0 && (bombA != bombardAttacker[ph6 + ta] || bombD != bombardDefender[ph]);
          if (rationed) {
            int32_t codes[2];
            artilleryEntry(ta, i3, bombA, bombD, hdHundredths[0], hdHundredths[1], codes);
            hD = codes[0];
            hA = codes[1];
          }
          if (ta == A_BOMBARD) {
            bombardWeeks++;
            bombDefTenths += rationed ? bombA * ((i3 % 10) + 1) : artilleryTenths[(ph * 1000 + i3) * 2];
            bombAttTenths += rationed ? bombD * (((i3 / 10) % 10) + (i3 / 100) + 2)
                                      : artilleryTenths[(ph * 1000 + i3) * 2 + 1];
          }
          uint32_t whole = (uint32_t)hD >> 1;
          lostD = whole + (hD & 1);
          if (lostD > tD) lostD = tD;
          dD = whole >> 1;
          if (dD > lostD) dD = lostD;
          whole = (uint32_t)hA >> 1;
          lostA = whole + (hA & 1);
          if (lostA > tA) lostA = tA;
          dA = whole >> 1;
          if (dA > lostA) dA = lostA;
        }
        if (kind >= 0 && kNoCombat[kind] == 0) {
          battles++;
          const double nD = sally ? tD : tD * mult;
          const double fA = sally || tA <= capA ? tA : capA;
          double brA = baseA + kBrA[kind] + fatigueBr[fatA];
          double brD = baseD + kBrD[kind] + fatigueBr[fatD > starvFat ? fatD : starvFat];
          if (fA > nD) brA += ratioBonus(fA, nD, ratioMode);
          else if (nD > fA) brD += ratioBonus(nD, fA, ratioMode);
          if (!sally) {
            brA += eqA[ph6 + ta] + eqDA + floor(breachFeet / 10);
            brD += fortBr + eqD[ph6 + ta] + eqDD;
          } else
            brD += sallyBonus;
          if (kind == B_ASSAULT) brA += assaultBonus;
          if (kind == B_STORM) brA += 5 * besieged;
          if (!simple && weeksShort >= 3) brD -= starvedBrLoss;
          brD -= moraleBr * weeksShort;
          const double delta = brA - brD;
          int winner = -1, row = 0;
          for (;;) {
            uint32_t i = twoD100();
            double d = delta + (double)(i / 100) - (double)(i % 100);
            if (d > 0) {
              winner = 0;
              row = rowOf[d > 151 ? 151 : (int)d];
              break;
            }
            if (d < 0) {
              winner = 1;
              row = rowOf[d < -151 ? 151 : (int)-d];
              break;
            }
            if (tie == TIE_REROLL) continue;
            if (tie == TIE_STALEMATE) break;
            winner = tie == TIE_ATTACKER ? 0 : 1;
            break;
          }
          if (winner >= 0) {
            const int base = ((kind * 2 + winner) * rowCount + row) * 2;
            double N = tA - lostA;
            if (N > fA) N = fA;
            double lost = ceil((N * pctNum[base]) / (100 * pctDen[base]));
            if (lost > N) lost = N;
            lostA += lost;
            dA += leftT[base] ? lost : floor(lost / 2);
            nextFatA = fatigueT[base];
            endA = endsT[base];
            N = tD - lostD;
            lost = ceil((N * pctNum[base + 1]) / (100 * pctDen[base + 1]));
            if (lost > N) lost = N;
            lostD += lost;
            dD += leftT[base + 1] ? lost : floor(lost / 2);
            nextFatD = fatigueT[base + 1];
            endD = endsT[base + 1];
          }
        }
        fatA = nextFatA;
        fatD = nextFatD;
        tA -= lostA;
        tD -= lostD;
        deadA += dA;
        woundedA += lostA - dA;
        deadD += dD;
        woundedD += lostD - dD;
        if (!sally || everyWeek) {
          double add = (useArt[ta] ? rArtW : 0) + (useBal[ta] ? rBalW : 0) + (useBrk[ta] ? rBrk : 0);
          if (add > 0) {
            gross += add;
            double newNet = gross > damageD100 ? gross - damageD100 : 0;
            if (newNet != net) {
              net = newNet;
              if (breachUnit > 0) {
                double walls = net <= wallPass ? net : allocateByPasses(net, hp);
                breachFeet = 10 * floor(walls / breachUnit);
                if (breachFeet > wallLength) breachFeet = wallLength;
              }
            }
          }
        }
        if (ta == A_BESIEGE) besieged++;
        int starvedOut = 0;
        if ((w > foodWeeks || shortD) && tD > 0) {
          double loss = ceil((linear ? troopsD : tD) / 10);
          if (loss > tD) loss = tD;
          tD -= loss;
          deserted += loss;
          weeksShort++;
          if (tD == 0) starvedOut = 1;
        }
        if (endD || (tD <= 0 && !starvedOut)) {
          ending = E_STORMED;
          endWeek = w;
          break;
        }
        if (tD <= 0) {
          ending = E_STARVED;
          endWeek = w;
          break;
        }
        if (endA) {
          if (kind == B_ASSAULT) repulsed++;
          else {
            ending = E_ATTACKER_ROUTED;
            endWeek = w;
            break;
          }
        }
        if (tA <= 0) {
          ending = E_ATTACKER_ROUTED;
          endWeek = w;
          break;
        }
      }
      acc[ending * (L + 1) + endWeek]++;
      if (stores) {
        for (int k = 0; k < SUPPLY_KINDS; k++) acc[SW + k * (L + 1) + shortWeek[k]]++;
        for (int s = 0; s < 2; s++) {
          int h = SH + s * SUPPLY_HISTOGRAMS_PER_SIDE * lay.bins, bw = s * SUPPLY_HISTOGRAMS_PER_SIDE;
          if (store[2 + s] >= 0) supplyBin(acc, h, money[s] - store[2 + s], supplyBinWidth[bw]);
          if (store[4 + s] >= 0) {
            acc[S + S_shotLeftAttacker + s] += store[4 + s];
            supplyBin(acc, h + lay.bins, ammoUsed[s], supplyBinWidth[bw + 1]);
            supplyBin(acc, h + 2 * lay.bins, store[4 + s], supplyBinWidth[bw + 2]);
          }
          if (store[6 + s] >= 0) {
            acc[S + S_ballistaLeftAttacker + s] += store[6 + s];
            supplyBin(acc, h + 3 * lay.bins, ammoUsed[2 + s], supplyBinWidth[bw + 3]);
            supplyBin(acc, h + 4 * lay.bins, store[6 + s], supplyBinWidth[bw + 4]);
          }
        }
      }
      double b = floor(deadA / binA);
      acc[H + (b > lastBin ? lastBin : (int)b)]++;
      b = floor(woundedA / binA);
      acc[H + lay.bins + (b > lastBin ? lastBin : (int)b)]++;
      b = floor(deadD / binD);
      acc[H + 2 * lay.bins + (b > lastBin ? lastBin : (int)b)]++;
      b = floor(woundedD / binD);
      acc[H + 3 * lay.bins + (b > lastBin ? lastBin : (int)b)]++;
      acc[S + S_attackerDead] += deadA;
      acc[S + S_attackerWounded] += woundedA;
      acc[S + S_defenderDead] += deadD;
      acc[S + S_defenderWounded] += woundedD;
      acc[S + S_deserted] += deserted;
      acc[Q + Q_attackerDead] += deadA * deadA;
      acc[Q + Q_attackerWounded] += woundedA * woundedA;
      acc[Q + Q_defenderDead] += deadD * deadD;
      acc[Q + Q_defenderWounded] += woundedD * woundedD;
      acc[Q + Q_deserted] += deserted * deserted;
      double weeksFought = weeksTotal - weeksBefore, battlesFought = battles - battlesBefore,
             repulses = repulsed - repulsedBefore;
      acc[Q + Q_weeks] += weeksFought * weeksFought;
      acc[Q + Q_battles] += battlesFought * battlesFought;
      acc[Q + Q_repulsed] += repulses * repulses;
      acc[Q + Q_damageTotal] += net * net;
      acc[Q + Q_breachFeet] += breachFeet * breachFeet;
      breachSum += breachFeet;
      damageSum += net;
      if (totalHp > 0 && net >= totalHp) {
        rubbleCount++;
        for (int k = 0; k < 6; k++) {
          acc[S + S_damageByClass + k] += hp[k];
          acc[Q + Q_damageByClass + k] += hp[k] * hp[k];
        }
      } else if (net > 0) {
        allocateByPasses(net, hp);
        for (int k = 0; k < 6; k++) {
          acc[S + S_damageByClass + k] += taken[k];
          acc[Q + Q_damageByClass + k] += taken[k] * taken[k];
        }
      }
    }
    acc[S + S_weeks] += weeksTotal;
    acc[S + S_bombardWeeks] += bombardWeeks;
    acc[S + S_bombardDefenderHdTenths] += bombDefTenths;
    acc[S + S_bombardAttackerHdTenths] += bombAttTenths;
    acc[S + S_battles] += battles;
    acc[S + S_repulsed] += repulsed;
    acc[S + S_rubble] += rubbleCount;
    acc[S + S_breachFeet] += breachSum;
    acc[S + S_damageTotal] += damageSum;
  }
}

/* Once per plan: the bombardment tables (kernel.ts buildArtilleryTable) and each class's damage pass. */
static void prepare(void) {
  int phases = (int)num("phases");
  int rows = get("bombardAttacker")->n;
  const int32_t *bombardAttacker = I("bombardAttacker"), *bombardDefender = I("bombardDefender");
  const double *split = D("rule.artillerySplit"); /* harass defender, attacker; assault defender, attacker */
  splitHarass[0] = split[0], splitHarass[1] = split[1], splitAssault[0] = split[2], splitAssault[1] = split[3];
  double hdA = I("hdHundredths")[0], hdD = I("hdHundredths")[1];
  artilleryTable = calloc((size_t)rows * 2000, sizeof(int32_t));
  artilleryTenths = calloc((size_t)phases * 2000, sizeof(double));
  for (int row = 0; row < rows; row++) {
    int ph = row / 6, ta = row - 6 * ph;
    for (int i3 = 0; i3 < 1000; i3++) {
      int32_t codes[2];
      artilleryEntry(ta, i3, bombardAttacker[row], bombardDefender[ph], hdA, hdD, codes);
      if (ta == A_BOMBARD) {
        artilleryTenths[(ph * 1000 + i3) * 2] = (double)bombardAttacker[row] * ((i3 % 10) + 1);
        artilleryTenths[(ph * 1000 + i3) * 2 + 1] = (double)bombardDefender[ph] * (((i3 / 10) % 10) + (i3 / 100) + 2);
      }
      artilleryTable[(row * 1000 + i3) * 2] = codes[0];
      artilleryTable[(row * 1000 + i3) * 2 + 1] = codes[1];
    }
  }
  ammoLineCount = I("ammoLineCount"), ammoLineStart = I("ammoLineStart"), groupPiecesP = I("groupPieces");
  groupBrP = I("groupBr"), groupPrefixP = I("groupPrefix"), artilleryFiresP = I("attackerArtilleryFires");
  groupNeedP = D("groupNeed");
  const double *hp = D("hitPoints"), *pct = D("rule.passPercent");
  for (int c = 0; c < 6; c++) passes[c] = ceil((hp[c] * pct[c]) / 100);
  int prefixLength = (int)num("prefixLength");
  prefixBuf = calloc((size_t)(prefixLength > 64 ? prefixLength : 64), sizeof(double));
  phaseRolls = calloc((size_t)3 * (phases > 1 ? phases : 1), sizeof(double));
  floorNum = D("rule.ratioFloor")[0];
  floorDen = D("rule.ratioFloor")[1];
  const double *l = D("layout"); /* histograms, sums, supplyWeeks, supplyHistograms, supplySeries, squares, length */
  lay.L = (int)num("weekLimit");
  lay.H = (int)l[0], lay.S = (int)l[1], lay.SW = (int)l[2], lay.SH = (int)l[3], lay.SER = (int)l[4], lay.Q = (int)l[5];
  lay.length = (int)l[6];
  lay.bins = (int)num("rule.histogramBins");
}

int main(int argc, char **argv) {
  int timed = argc > 1 && !strcmp(argv[1], "--time");
  if (argc != 6 + timed) {
    fprintf(stderr, "usage: siege [--time] PLAN SEED FIRST_CHUNK CHUNK_COUNT TOTAL_TRIALS\n");
    return 2;
  }
  char **a = argv + 1 + timed;
  readPlan(a[0]);
  checkList("codes", CODES, sizeof CODES / sizeof CODES[0]);
  /* the named slots in declaration order: damageByClass spans six slots (14…19), as Q_damageByClass (10…15) */
  double sums[S_count], squares[Q_count];
  int ns = 0, nq = 0;
  for (int k = 0; k < S_count; k++)
    if (k <= S_damageByClass || k >= S_rearGuard) sums[ns++] = k;
  for (int k = 0; k <= Q_damageByClass; k++) squares[nq++] = k;
  checkList("sums", sums, ns);
  checkList("squares", squares, nq);
  prepare();
  double seed = strtod(a[1], NULL), total = strtod(a[4], NULL);
  int first = atoi(a[2]), chunks = atoi(a[3]);
  double *acc = calloc((size_t)lay.length, sizeof(double));
  if (!timed) {
    runSiegeChunks(seed, first, chunks, total, acc);
    for (int k = 0; k < lay.length; k++) printf("%.17g\n", acc[k]);
    return 0;
  }
  runSiegeChunks(seed + 1, first, 1, total, acc); /* touch the tables and the accumulator first */
  for (int k = 0; k < lay.length; k++) acc[k] = 0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  runSiegeChunks(seed, first, chunks, total, acc);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double sink = 0;
  for (int k = 0; k < lay.length; k++) sink += acc[k];
  printf("%.6f\n", (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
  if (sink < 0) printf("%g\n", sink);
  return 0;
}
