/**
 * The siege hot loop: week by week until the fortress falls, the garrison departs or starves, the attacker
 * leaves, or the week limit. Per chunk the generator (src/rng/) is reseeded for (seed, Stream.siege, chunk).
 * Nothing is allocated per siege or per week. Accumulators are exact integer counts and sums (see `siegeLayout`). The readable
 * week is src/rules/siege/week.ts (`fightSiege`); test/siege/kernel-matches-rules.test.ts checks them dice for dice.
 */
import { rejectBelow, Stream, Xoshiro128 } from '../../rng/index.js';
import { ratioBonus } from '../../rules/warMachine/adjustments.js';
import {
  A_ASSAULT,
  A_BOMBARD,
  A_DEPART,
  A_HARASS,
  A_STORM,
  A_BESIEGE,
  B_ASSAULT,
  B_HARASS,
  B_SALLY,
  B_STORM,
  COND_BREACH,
  COND_STARVING,
  COND_TROOPS_BELOW,
  COND_WEEK,
  D_DEPART,
  D_SALLY,
  E_ATTACKER_DEPARTS,
  E_ATTACKER_DESERTED,
  E_ATTACKER_ROUTED,
  E_DEFENDERS_DEPART,
  E_STANDING,
  E_STARVED,
  E_STORMED,
  ENDINGS,
  HISTOGRAM_BINS,
  TIE_ATTACKER,
  TIE_REROLL,
  TIE_STALEMATE,
} from './codes.js';
import type { SiegePlan } from './plan.js';
import { ROW_COUNT } from '../../rules/warMachine/results.js';
import { ARTILLERY_SPLIT } from '../../rules/siege/casualties.js';
import { FATIGUE_BR as FATIGUE_LEVEL_BR } from '../../rules/siege/supply.js';
import { DAMAGE_CLASSES, DAMAGE_PASS_PERCENT, MOUNT_RATIONS } from '../../rules/siege/tables.js';

/** Sieges per chunk: the unit of seeding (a contract: changing it changes every answer). */
export const SIEGE_CHUNK = 5000;

/** Slots of the sums block. */
export const SUM = {
  attackerDead: 0,
  attackerWounded: 1,
  defenderDead: 2,
  defenderWounded: 3,
  deserted: 4,
  weeks: 5,
  bombardWeeks: 6,
  bombardDefenderHdTenths: 7,
  bombardAttackerHdTenths: 8,
  rubble: 9,
  breachFeet: 10,
  damageTotal: 11,
  battles: 12,
  repulsed: 13,
  damageByClass: 14,
  /** Troops left behind as the rear guard when the defenders depart (sheet l. 294; RC l. 11511). */
  rearGuard: 20,
  /** Departures by the attacker's tactic that week: bombard (unnoticed), harass (1d4 hours after dawn), assault (after 1 turn). */
  departedUnderBombard: 21,
  departedUnderHarass: 22,
  departedUnderAssault: 23,
  /** Weekly accounting: rations used and money paid by each side; attackers who deserted unfed. */
  rationsUsedAttacker: 24,
  rationsUsedDefender: 25,
  paidAttacker: 26,
  paidDefender: 27,
  attackerDeserted: 28,
  /** Ammunition per side: shot used (attacker, defender), ballista units used, shot gathered, shot left, ballista left. */
  shotUsedAttacker: 29,
  shotUsedDefender: 30,
  ballistaUsedAttacker: 31,
  ballistaUsedDefender: 32,
  shotGatheredAttacker: 33,
  shotGatheredDefender: 34,
  shotLeftAttacker: 35,
  shotLeftDefender: 36,
  ballistaLeftAttacker: 37,
  ballistaLeftDefender: 38,
  count: 39,
} as const;

export interface SiegeLayout {
  endings: number;
  histograms: number;
  sums: number;
  /** [k × (weekLimit + 1) + week]: the first week the attacker's (k 0) / defender's (1) rations, money (2, 3), artillery shot (4, 5) or ballista ammunition (6, 7) ran short; week 0: never. */
  supplyWeeks: number;
  /** [(side × 5 + k) × HISTOGRAM_BINS + bin]: per siege money spent (k 0), shot used (1), shot left (2), ballista units used (3), left (4). */
  supplyHistograms: number;
  /** [week × 9 + k]: sieges still running at the start of week w (k 0) and the sum of their stores then (k 1–8, STORE_SERIES order). */
  supplySeries: number;
  /** [MOMENT.k]: sums of squares of per-siege amounts (exact integers, like the sums), for their standard deviations. */
  squares: number;
  length: number;
}

/**
 * Slots of the squares block: per siege, the square of each amount whose mean the summary reports, so its
 * standard deviation comes from the sum and the sum of squares (summary.ts). Integers summed exactly below 2^53
 * (`siegeKernel.maxPerTrial` bounds a task's chunks for that), so the bytes do not depend on the split.
 */
export const SQUARE = {
  attackerDead: 0,
  attackerWounded: 1,
  defenderDead: 2,
  defenderWounded: 3,
  deserted: 4,
  weeks: 5,
  damageTotal: 6,
  breachFeet: 7,
  battles: 8,
  repulsed: 9,
  /** Six slots, DAMAGE_CLASSES order. */
  damageByClass: 10,
  count: 16,
} as const;

/** Store slots: rations, money, shot, ballista units; attacker then defender each. Histograms: 5 per side. */
export const SUPPLY_KINDS = 8;
export const SUPPLY_HISTOGRAMS_PER_SIDE = 5;
export const SERIES_STRIDE = 1 + SUPPLY_KINDS;

/** [ending × (weekLimit + 1) + week] counts; 4 casualty histograms (attacker dead, wounded, defender dead, wounded); sums. */
export function siegeLayout(plan: SiegePlan): SiegeLayout {
  const endings = 0;
  const histograms = ENDINGS.length * (plan.weekLimit + 1);
  const sums = histograms + 4 * HISTOGRAM_BINS;
  const supplyWeeks = sums + SUM.count;
  const supplyHistograms = supplyWeeks + SUPPLY_KINDS * (plan.weekLimit + 1);
  const supplySeries = supplyHistograms + 2 * SUPPLY_HISTOGRAMS_PER_SIDE * HISTOGRAM_BINS;
  const squares = supplySeries + SERIES_STRIDE * (plan.weekLimit + 1);
  return {
    endings,
    histograms,
    sums,
    supplyWeeks,
    supplyHistograms,
    supplySeries,
    squares,
    length: squares + SQUARE.count,
  };
}

/**
 * The most a siege adds to any sum or square slot: the square of the largest per-siege amount (troops lost,
 * weeks, feet of breach, or damage: at most every damage die at its highest every week).
 */
export function siegeMaxPerTrial(
  plan: Pick<SiegePlan, 'troops' | 'totalHitPoints' | 'wallLengthFeet' | 'weekLimit' | 'damageDice'>,
): number {
  let weekly = 0;
  for (let k = 0; k < plan.damageDice.length; k += 4)
    weekly += Math.max(0, plan.damageDice[k + 1] + plan.damageDice[k + 2]);
  const largest = Math.max(
    plan.troops[0],
    plan.troops[1],
    plan.totalHitPoints,
    plan.wallLengthFeet,
    plan.weekLimit,
    weekly * plan.weekLimit,
  );
  const sums = plan.troops[0] + plan.troops[1] + plan.totalHitPoints + plan.wallLengthFeet + plan.weekLimit;
  return Math.max(sums, largest * largest);
}

export function siegeAccLength(plan: SiegePlan): number {
  return siegeLayout(plan).length;
}

const rng = new Xoshiro128();

/** Count `value` in the histogram at `at` (bins of `width`, the last bin open-ended). */
function supplyBin(acc: Float64Array, at: number, value: number, width: number): void {
  const b = Math.floor(value / width);
  acc[at + (b > HISTOGRAM_BINS - 1 ? HISTOGRAM_BINS - 1 : b)]++;
}

/** Per-siege stores: rations attacker, defender, money, shot, ballista units (−1: not accounted). */
const store = new Float64Array(SUPPLY_KINDS);
/** First week short, same slots (0: never). */
const shortWeek = new Int32Array(SUPPLY_KINDS);
/** Per-siege ammunition used: shot attacker, defender, ballista attacker, defender. */
const ammoUsed = new Float64Array(4);
/** Running sums of the attacker's missile damage rolls per crew-share group (plan.groupPrefix). */
let prefixBuf = new Float64Array(64);
/**
 * One week's ammunition issue (`issueWeek`): BR of the attacker's artillery and ballista and the defender's that
 * fire, the attacker's fired artillery and ballista damage rolls, and the attacker's shot fired.
 */
const issued = new Float64Array(7);
const I_ART_A = 0,
  I_BAL_A = 1,
  I_ART_D = 2,
  I_BAL_D = 3,
  I_ROLLS_ART = 4,
  I_ROLLS_BAL = 5,
  I_SHOT_A = 6;
const R1000 = rejectBelow(1000);
const R100 = rejectBelow(100);
const FATIGUE_BR = new Int32Array(FATIGUE_LEVEL_BR);
/** Percent of a class's hit points taken per damage pass (rules/siege/tables.ts). */
const PASS_PERCENT = new Int32Array(DAMAGE_CLASSES.map((c) => DAMAGE_PASS_PERCENT[c]));
/** Damage per class from the last `allocate` call (read right after it; reused to avoid allocation). */
export const taken = new Float64Array(6);

/** Each class's hit points taken per pass, for the hit points `passesOf` was last given (`allocate` reads them). */
const passes = new Float64Array(6);
const passesFor = new Float64Array(6).fill(-1);

/** Fill `passes` for these hit points (once per plan in the kernel; a cheap check when they are the same). */
function passesOf(hp: Float64Array): void {
  for (let c = 0; c < 6; c++) {
    if (passesFor[c] === hp[c]) continue;
    passesFor[c] = hp[c];
    passes[c] = Math.ceil((hp[c] * PASS_PERCENT[c]) / 100);
  }
}

/** Spread `net` damage over the classes (rules/siege/damage.ts allocateDamage) into `taken`; returns the walls' share. */
export function allocate(net: number, hp: Float64Array): number {
  passesOf(hp);
  return allocateByPasses(net, hp);
}

/** `allocate` once `passesOf(hp)` has run (the kernel calls it once per call, before its loop). */
function allocateByPasses(net: number, hp: Float64Array): number {
  for (let c = 0; c < 6; c++) taken[c] = 0;
  let left = net;
  while (left > 0) {
    let moved = 0;
    for (let c = 0; c < 6 && left > 0; c++) {
      const pass = passes[c];
      let take = hp[c] - taken[c];
      if (pass < take) take = pass;
      if (left < take) take = left;
      taken[c] += take;
      left -= take;
      moved += take;
    }
    if (moved === 0) break;
  }
  return taken[0];
}

/**
 * Tenths of hit dice (`tenthsNum / den` of them) → troops (rules/siege/casualties.ts hitDiceToTroops): returns
 * 2 × whole troops + 1 if a fraction is left (one more wounded). No state outside the return value.
 */
function hitDice(tenthsNum: number, den: number, hdHundredths: number): number {
  // HD = tenthsNum / (10 den); troops = HD / (hd / 100) = 10 tenthsNum / (den hd)
  const top = 10 * tenthsNum;
  const bottom = den * hdHundredths;
  const whole = Math.floor(top / bottom);
  return 2 * whole + (whole * bottom !== top ? 1 : 0);
}

/** [(phase × 6 + tactic) × 1000 + three d10 digits] → [defender, attacker] hit-dice troop codes (see hitDice). */
let artilleryTable = new Int32Array(6 * 1000 * 2);
/** [phase × 1000 + three d10 digits] → bombard tenths of hit dice [defender, attacker] under A_BOMBARD. */
let artilleryTenths = new Float64Array(1000 * 2);
/** Per siege, each arsenal's damage rolls [phase × 3 + group] (artillery, ballista, bore/ram): field construction. */
let phaseRolls = new Float64Array(3);
/** The plan the two tables above were built for. */
let artilleryFor: SiegePlan | null = null;

/** What the artillery tables were last built from: hit dice [attacker, defender], then the bombard BRs (A, A′). */
let artilleryKey = new Float64Array(0);

/**
 * Whether the tables already hold this plan's bombardment (the same numbers, not the same object: a worker gets
 * a copy of the plan with every task); if not, remember its numbers. The engine calls the kernel once per task,
 * often once per chunk, so rebuilding 6,000 entries each time cost ~2% of a siege run.
 */
function artilleryTableIsFor(plan: SiegePlan): boolean {
  const a = plan.bombardAttacker,
    d = plan.bombardDefender;
  const n = 2 + a.length + d.length;
  let same =
    artilleryKey.length === n && artilleryKey[0] === plan.hdHundredths[0] && artilleryKey[1] === plan.hdHundredths[1];
  for (let k = 0; same && k < a.length; k++) same = artilleryKey[2 + k] === a[k];
  for (let k = 0; same && k < d.length; k++) same = artilleryKey[2 + a.length + k] === d[k];
  if (same) return true;
  if (artilleryKey.length !== n) artilleryKey = new Float64Array(n);
  artilleryKey[0] = plan.hdHundredths[0];
  artilleryKey[1] = plan.hdHundredths[1];
  artilleryKey.set(a, 2);
  artilleryKey.set(d, 2 + a.length);
  return false;
}

/**
 * Bombard losses depend only on the tactic and three d10 (1d10 for the defender, 2d10 for the attacker), so
 * they are tabulated once per call instead of dividing twice every week.
 */
function buildArtilleryTable(plan: SiegePlan): void {
  // A plan is never changed once compiled: calls on the same plan (worth's one-trial calls) skip even the comparison.
  if (artilleryFor === plan) return;
  const built = artilleryTableIsFor(plan);
  artilleryFor = plan;
  if (built) return;
  const rows = plan.bombardAttacker.length;
  if (artilleryTable.length < rows * 2000) artilleryTable = new Int32Array(rows * 2000);
  if (artilleryTenths.length < plan.phases * 2000) artilleryTenths = new Float64Array(plan.phases * 2000);
  const hdA = plan.hdHundredths[0] | 0,
    hdD = plan.hdHundredths[1] | 0;
  for (let row = 0; row < rows; row++) {
    const ph = (row / 6) | 0;
    const ta = row - 6 * ph;
    for (let i3 = 0; i3 < 1000; i3++) {
      const r1 = (i3 % 10) + 1;
      const r2 = (Math.floor(i3 / 10) % 10) + Math.floor(i3 / 100) + 2;
      const tDef = plan.bombardAttacker[row] * r1;
      const tAtt = plan.bombardDefender[ph] * r2;
      let hD = 0,
        hA = 0;
      if (ta === A_BOMBARD) {
        hD = hitDice(tDef, 1, hdD);
        hA = hitDice(tAtt, 1, hdA);
        artilleryTenths[(ph * 1000 + i3) * 2] = tDef;
        artilleryTenths[(ph * 1000 + i3) * 2 + 1] = tAtt;
      } else {
        const total = tDef + tAtt;
        const split = ta === A_HARASS ? ARTILLERY_SPLIT.harass : ARTILLERY_SPLIT.assault;
        const parts = split.defender + split.attacker;
        hD = hitDice(total * split.defender, parts, hdD);
        hA = hitDice(total * split.attacker, parts, hdA);
      }
      artilleryTable[(row * 1000 + i3) * 2] = hD;
      artilleryTable[(row * 1000 + i3) * 2 + 1] = hA;
    }
  }
}

/**
 * Step 1's ammunition for a firing week (rules/siege/ammunition.ts issueAmmunition): each missile line issues
 * whole weeks to its groups in order, from week 2 against the stocks in `store` (slots 4–7); results in `issued`.
 */
function issueWeek(plan: SiegePlan, ta: number, w: number, acc: Float64Array, S: number, ph: number): void {
  const count = plan.ammoLineCount,
    pieces = plan.groupPieces,
    need = plan.groupNeed,
    br = plan.groupBr,
    pre = plan.groupPrefix;
  const artFires = plan.attackerArtilleryFires[ta];
  for (let line = 0; line < 4; line++) {
    const first = plan.ammoLineStart[4 * ph + line],
      end = first + count[4 * ph + line];
    let brSum = 0,
      used = 0,
      rolls = 0,
      short = 0;
    if (line !== 0 || artFires) {
      const slot = line === 0 ? 4 : line === 1 ? 6 : line === 2 ? 5 : 7;
      const accounted = w >= 2 && store[slot] >= 0;
      let left = accounted ? store[slot] : Infinity;
      for (let g = first; g < end; g++) {
        let n = pieces[g];
        if (accounted) {
          const can = Math.floor(left / need[g]);
          if (can < n) n = can;
        }
        if (n < pieces[g]) short = 1;
        brSum += n * br[g];
        used += n * need[g];
        left -= n * need[g];
        if (line < 2) rolls += prefixBuf[pre[g] + n];
      }
      if (accounted) {
        store[slot] -= used;
        const u = line === 0 ? 0 : line === 1 ? 2 : line === 2 ? 1 : 3;
        ammoUsed[u] += used;
        acc[S + SUM.shotUsedAttacker + u] += used;
        if (short && shortWeek[slot] === 0) shortWeek[slot] = w;
      }
    }
    issued[line] = brSum;
    if (line === 0) {
      issued[I_ROLLS_ART] = rolls;
      issued[I_SHOT_A] = used;
    } else if (line === 1) issued[I_ROLLS_BAL] = rolls;
  }
}

/** Hit-dice troop codes [defender, attacker] of an artillery week (as buildArtilleryTable) for bombard BRs A and A′. */
const artilleryCodes = new Int32Array(2);
function artilleryEntry(ta: number, i3: number, a: number, a2: number, hdA: number, hdD: number): void {
  const r1 = (i3 % 10) + 1;
  const r2 = (Math.floor(i3 / 10) % 10) + Math.floor(i3 / 100) + 2;
  const tDef = a * r1;
  const tAtt = a2 * r2;
  if (ta === A_BOMBARD) {
    artilleryCodes[0] = hitDice(tDef, 1, hdD);
    artilleryCodes[1] = hitDice(tAtt, 1, hdA);
    return;
  }
  const total = tDef + tAtt;
  const split = ta === A_HARASS ? ARTILLERY_SPLIT.harass : ARTILLERY_SPLIT.assault;
  const parts = split.defender + split.attacker;
  artilleryCodes[0] = hitDice(total * split.defender, parts, hdD);
  artilleryCodes[1] = hitDice(total * split.attacker, parts, hdA);
}

export function runSiegeChunks(
  plan: SiegePlan,
  seed: number,
  firstChunk: number,
  chunkCount: number,
  totalTrials: number,
  acc: Float64Array,
): void {
  buildArtilleryTable(plan);
  const L = plan.weekLimit | 0;
  const layout = siegeLayout(plan);
  const H = layout.histograms;
  const S = layout.sums;
  const Q = layout.squares;
  const simple = plan.simple | 0;
  const foodWeeks = plan.foodWeeks | 0;
  const troopsA = plan.troops[0],
    troopsD = plan.troops[1];
  const baseA = plan.baseBr[0],
    baseD = plan.baseBr[1];
  const ratioMode = plan.ratioMode | 0;
  const mult = plan.defenderRatioMultiplier;
  const eqA = plan.eqAttacker,
    eqD = plan.eqDefender;
  const fortBr = plan.fortBr | 0;
  const tie = plan.tie | 0;
  const linear = plan.starvationLinear | 0;
  const kBrA = plan.kindBrAttacker,
    kBrD = plan.kindBrDefender,
    kNoCombat = plan.kindNoCombat;
  const pctNum = plan.pctNum,
    pctDen = plan.pctDen,
    fatigueT = plan.fatigue,
    endsT = plan.ends,
    leftT = plan.leftField;
  const sallyPairs = plan.sallyPairs | 0,
    sallyThr = plan.sallyThresholds;
  const rowOf = plan.rowOfDifference;
  const stepStart = plan.stepStart,
    stepCount = plan.stepCount,
    stepWeeks = plan.stepWeeks,
    stepCond = plan.stepCond,
    stepVal = plan.stepCondValue;
  const mixStart = plan.stepMixStart,
    mixCount = plan.stepMixCount,
    mixTactic = plan.mixTactic,
    mixThr = plan.mixThreshold;
  const useArt = plan.useArtillery,
    useBal = plan.useBallista,
    useBrk = plan.useBreaching;
  const dice = plan.damageDice;
  const nDice = (dice.length / 4) | 0;
  const hp = plan.hitPoints;
  const totalHp = plan.totalHitPoints;
  const breachUnit = plan.breachUnitHp;
  const wallLength = plan.wallLengthFeet;
  const binA = plan.binWidth[0],
    binD = plan.binWidth[1];
  const lastBin = HISTOGRAM_BINS - 1;
  passesOf(hp);
  const wallPass = passes[0];
  const sallyBonus = plan.sallyBonus,
    assaultBonus = plan.assaultBonus,
    starvedBrLoss = plan.starvedBrLoss;
  const stores = plan.stores | 0,
    mounts = plan.mounts,
    fedByClerics = plan.fedByClerics,
    payroll = plan.payrollPerWeek;
  const SW = layout.supplyWeeks;
  const unfedDesert = plan.unfedDesert | 0,
    everyWeek = plan.damageEveryWeek | 0,
    rearGuardPct = plan.rearGuardPercent,
    capA = plan.attackerTroopCap;
  const ammo = plan.ammo | 0,
    moraleBr = plan.malnutritionMoraleBr | 0,
    dieSlot = plan.dieSlot,
    SH = layout.supplyHistograms,
    SER = layout.supplySeries;
  if (ammo && prefixBuf.length < plan.prefixLength) prefixBuf = new Float64Array(plan.prefixLength);
  // Field construction: the arsenal changes at the start of week phaseWeek[p] (one phase without it).
  const phases = plan.phases | 0,
    phaseWeek = plan.phaseWeek,
    dieIn = plan.dieIn;
  if (phaseRolls.length < 3 * phases) phaseRolls = new Float64Array(3 * phases);

  for (let c = firstChunk; c < firstChunk + chunkCount; c++) {
    const n = Math.min(SIEGE_CHUNK, totalTrials - c * SIEGE_CHUNK) | 0;
    if (n <= 0) break;
    rng.seedChunk(seed, Stream.siege, c);
    let weeksTotal = 0,
      bombardWeeks = 0,
      bombDefTenths = 0,
      bombAttTenths = 0,
      battles = 0,
      repulsed = 0,
      rubbleCount = 0,
      breachSum = 0,
      damageSum = 0;
    for (let trial = 0; trial < n; trial++) {
      let tA = troopsA,
        tD = troopsD;
      let deadA = 0,
        woundedA = 0,
        deadD = 0,
        woundedD = 0,
        deserted = 0;
      // the chunk's running counts before this siege: its own weeks, battles and repulses are the differences
      const weeksBefore = weeksTotal,
        battlesBefore = battles,
        repulsedBefore = repulsed;
      let fatA = 0,
        fatD = 0,
        weeksShort = 0,
        besieged = 0;
      let siA = stepStart[0],
        wiA = 0,
        siD = stepStart[1],
        wiD = 0;
      const lastA = stepStart[0] + stepCount[0] - 1,
        lastD = stepStart[1] + stepCount[1] - 1;
      // The weapons' damage rolls and the d100 of the damage formula, rolled once per siege.
      let rArt = 0,
        rBal = 0,
        rBrk = 0;
      if (phases === 1) {
        for (let k = 0; k < nDice; k++) {
          const sides = dice[4 * k + 1];
          const v = rng.below(sides, dice[4 * k + 3]) + 1 + dice[4 * k + 2];
          const g = dice[4 * k];
          if (ammo && dieSlot[k] >= 0) prefixBuf[dieSlot[k]] = v;
          if (g === 0) rArt += v;
          else if (g === 1) rBal += v;
          else rBrk += v;
        }
      } else {
        // each arsenal counts the dice of the pieces it has (a built piece's die is rolled now, counts once it joins)
        for (let k = 0; k < 3 * phases; k++) phaseRolls[k] = 0;
        for (let k = 0; k < nDice; k++) {
          const sides = dice[4 * k + 1];
          const v = rng.below(sides, dice[4 * k + 3]) + 1 + dice[4 * k + 2];
          const g = dice[4 * k];
          for (let p = 0; p < phases; p++) {
            if (dieIn[p * nDice + k] === 0) continue;
            phaseRolls[3 * p + g] += v;
            if (ammo && dieSlot[p * nDice + k] >= 0) prefixBuf[dieSlot[p * nDice + k]] = v;
          }
        }
        rArt = phaseRolls[0];
        rBal = phaseRolls[1];
        rBrk = phaseRolls[2];
      }
      const damageD100 = rng.below(100, R100) + 1;
      if (ammo) {
        // running sums of each attacker missile group's rolls: the first n pieces' damage is one lookup
        for (let g = 0; g < plan.groupPrefix.length; g++) {
          const p0 = plan.groupPrefix[g];
          if (p0 < 0) continue;
          prefixBuf[p0] = 0;
          for (let j = 1; j <= plan.groupPieces[g]; j++) prefixBuf[p0 + j] += prefixBuf[p0 + j - 1];
        }
      }
      let ph = 0,
        ph6 = 0,
        nextPhaseWeek = phases > 1 ? phaseWeek[1] : L + 1;
      let shotLastWeek = 0;
      let gross = 0,
        net = 0,
        breachFeet = 0;
      let ending = E_STANDING,
        endWeek = L;
      if (stores) {
        store[0] = plan.rations[0];
        store[1] = plan.rations[1];
        store[2] = plan.money[0];
        store[3] = plan.money[1];
        store[4] = plan.ammoShot[0];
        store[5] = plan.ammoShot[1];
        store[6] = plan.ammoBallista[0];
        store[7] = plan.ammoBallista[1];
        for (let k = 0; k < SUPPLY_KINDS; k++) shortWeek[k] = 0;
        for (let k = 0; k < 4; k++) ammoUsed[k] = 0;
      }
      for (let w = 1; w <= L; w++) {
        if (w === nextPhaseWeek) {
          // pieces built in the field join: the next arsenal's BR, bombardment, missiles and damage rolls
          ph++;
          ph6 = 6 * ph;
          nextPhaseWeek = ph + 1 < phases ? phaseWeek[ph + 1] : L + 1;
          rArt = phaseRolls[3 * ph];
          rBal = phaseRolls[3 * ph + 1];
          rBrk = phaseRolls[3 * ph + 2];
        }
        if (stores) {
          // the supplies chart: stores at the start of the week, among the sieges still running
          const at = SER + w * SERIES_STRIDE;
          acc[at]++;
          for (let k = 0; k < SUPPLY_KINDS; k++) if (store[k] > 0) acc[at + 1 + k] += store[k];
        }
        // Strategy steps: move on when a step's weeks are used up or its condition holds (the last step stays).
        while (siA < lastA) {
          const cond = stepCond[siA];
          const v = stepVal[siA];
          if (
            (stepWeeks[siA] > 0 && wiA >= stepWeeks[siA]) ||
            (cond === COND_BREACH && breachFeet >= v) ||
            (cond === COND_WEEK && w >= v) ||
            (cond === COND_STARVING && weeksShort >= v) ||
            (cond === COND_TROOPS_BELOW && tA < v)
          ) {
            siA++;
            wiA = 0;
          } else break;
        }
        while (siD < lastD) {
          const cond = stepCond[siD];
          const v = stepVal[siD];
          if (
            (stepWeeks[siD] > 0 && wiD >= stepWeeks[siD]) ||
            (cond === COND_BREACH && breachFeet >= v) ||
            (cond === COND_WEEK && w >= v) ||
            (cond === COND_STARVING && weeksShort >= v) ||
            (cond === COND_TROOPS_BELOW && tD < v)
          ) {
            siD++;
            wiD = 0;
          } else break;
        }
        wiA++;
        wiD++;
        let ta = mixTactic[mixStart[siA]];
        if (mixCount[siA] > 1) {
          const x = rng.next();
          let j = mixStart[siA];
          while (x >= mixThr[j]) j++;
          ta = mixTactic[j];
        }
        let td = mixTactic[mixStart[siD]];
        if (mixCount[siD] > 1) {
          const x = rng.next();
          let j = mixStart[siD];
          while (x >= mixThr[j]) j++;
          td = mixTactic[j];
        }
        if (td === D_DEPART) {
          // 10% stay behind to keep up appearances (lost with the fortress); when the departure is noticed
          // depends on the attacker's tactic (counted; the pursuit is not modelled).
          if (rearGuardPct > 0) {
            acc[S + SUM.rearGuard] += Math.ceil((tD * rearGuardPct) / 100);
            if (ta === A_BOMBARD) acc[S + SUM.departedUnderBombard]++;
            else if (ta === A_HARASS) acc[S + SUM.departedUnderHarass]++;
            else if (ta === A_ASSAULT) acc[S + SUM.departedUnderAssault]++;
          }
          ending = E_DEFENDERS_DEPART;
          endWeek = w;
          break;
        }
        if (ta === A_DEPART) {
          ending = E_ATTACKER_DEPARTS;
          endWeek = w;
          break;
        }
        // Step 1, from week 2 (rules/siege/supply.ts deductWeek): payroll, rations; the unfed desert.
        let shortD = 0;
        if (stores && w >= 2) {
          let unfedA = 0,
            unfedD = 0;
          for (let s = 0; s < 2; s++) {
            const troops = s === 0 ? tA : tD;
            const r = store[s];
            if (r >= 0) {
              const men = troops > fedByClerics[s] ? troops - fedByClerics[s] : 0;
              const mountNeed = MOUNT_RATIONS * mounts[s];
              const forMen = men < r ? men : r;
              const forMounts = r - forMen < mountNeed ? r - forMen : mountNeed;
              store[s] = r - forMen - forMounts;
              acc[S + SUM.rationsUsedAttacker + s] += forMen + forMounts;
              if (forMen + forMounts < men + mountNeed && shortWeek[s] === 0) shortWeek[s] = w;
              if (s === 0) unfedA = men - forMen;
              else unfedD = men - forMen;
            }
            const m = store[2 + s];
            if (m >= 0) {
              const paid = m < payroll[s] ? m : payroll[s];
              store[2 + s] = m - paid;
              acc[S + SUM.paidAttacker + s] += paid;
              if (paid < payroll[s] && shortWeek[2 + s] === 0) shortWeek[2 + s] = w;
            }
          }
          if (unfedA > 0) {
            tA -= unfedA;
            acc[S + SUM.attackerDeserted] += unfedA;
            if (tA === 0) {
              ending = E_ATTACKER_DESERTED;
              endWeek = w;
              break;
            }
          }
          if (unfedD > 0) {
            if (unfedDesert) {
              tD -= unfedD;
              deserted += unfedD;
              if (tD === 0) {
                ending = E_STARVED;
                endWeek = w;
                break;
              }
            } else shortD = 1;
          }
        }
        if (unfedDesert && w > foodWeeks) {
          // No food at the start of the week: the unfed garrison deserts within 1d3 days, before the battle.
          deserted += tD;
          tD = 0;
          ending = E_STARVED;
          endWeek = w;
          break;
        }
        weeksTotal++;
        const sally = td === D_SALLY;
        // Ammunition (rules/siege/week.ts): the week's issue, then both sides gather from last week's shot.
        let bombA = -1,
          bombD = 0,
          eqDA = 0,
          eqDD = 0,
          rArtW = rArt,
          rBalW = rBal;
        if (ammo) {
          const firing = ta === A_BOMBARD || ta === A_HARASS || ta === A_ASSAULT;
          let shotNow = 0;
          if (firing && !sally) {
            issueWeek(plan, ta, w, acc, S, ph);
            const artFires = plan.attackerArtilleryFires[ta];
            const wA = plan.artilleryWeight[ta],
              hA = plan.ballistaHalves[ta],
              wD = plan.artilleryWeight[6 + ta],
              hD = plan.ballistaHalves[6 + ta];
            const p2 = 2 * ph;
            eqDA =
              wA * issued[I_ART_A] +
              Math.floor((hA * issued[I_BAL_A]) / 2) -
              (wA * (artFires ? plan.fullArtilleryBr[p2] : 0) + Math.floor((hA * plan.fullBallistaBr[p2]) / 2));
            eqDD =
              wD * issued[I_ART_D] +
              Math.floor((hD * issued[I_BAL_D]) / 2) -
              (wD * plan.fullArtilleryBr[p2 + 1] + Math.floor((hD * plan.fullBallistaBr[p2 + 1]) / 2));
            bombA = issued[I_ART_A] + Math.floor(issued[I_BAL_A] / 2);
            bombD = issued[I_ART_D] + Math.floor(issued[I_BAL_D] / 2);
            if (artFires) rArtW = issued[I_ROLLS_ART];
            rBalW = issued[I_ROLLS_BAL];
            shotNow = issued[I_SHOT_A];
          }
          if (firing && w >= 2) {
            if (store[4] >= 0) {
              const g = shotLastWeek * plan.reclaimAttacker[ta];
              store[4] += g;
              acc[S + SUM.shotGatheredAttacker] += g;
            }
            if (store[5] >= 0) {
              const g = shotLastWeek * plan.reclaimDefender;
              store[5] += g;
              acc[S + SUM.shotGatheredDefender] += g;
            }
          }
          shotLastWeek = shotNow;
        }
        let kind = -1;
        if (sally) {
          kind = B_SALLY;
          if (sallyPairs > 1) {
            const x = rng.next();
            let p = 0;
            while (x >= sallyThr[p]) p++;
            kind += p;
          }
        } else if (ta === A_HARASS) kind = B_HARASS;
        else if (ta === A_ASSAULT) kind = B_ASSAULT;
        else if (ta === A_STORM) kind = B_STORM;
        const starvFat = simple ? 0 : weeksShort >= 2 ? 2 : weeksShort;
        let lostA = 0,
          lostD = 0,
          dA = 0,
          dD = 0;
        let nextFatA = 0,
          nextFatD = 0,
          endA = 0,
          endD = 0;
        // Artillery: bombard, or the harass/assault share computed as for bombarding and split.
        if (!simple && !sally && ta !== A_BESIEGE) {
          // 1d10 for the defender's losses and 2d10 for the attacker's, from one draw of 1000 outcomes, read
          // through the per-tactic table of hit dice → troops built at the top of the call
          const i3 = rng.below(1000, R1000);
          const at = ((ph6 + ta) * 1000 + i3) * 2;
          let hD = artilleryTable[at];
          let hA = artilleryTable[at + 1];
          const rationed =
            bombA >= 0 && (bombA !== plan.bombardAttacker[ph6 + ta] || bombD !== plan.bombardDefender[ph]);
          if (rationed) {
            // some pieces had no ammunition this week: the bombardment BRs differ from the table's
            artilleryEntry(ta, i3, bombA, bombD, plan.hdHundredths[0] | 0, plan.hdHundredths[1] | 0);
            hD = artilleryCodes[0];
            hA = artilleryCodes[1];
          }
          if (ta === A_BOMBARD) {
            bombardWeeks++;
            bombDefTenths += rationed ? bombA * ((i3 % 10) + 1) : artilleryTenths[(ph * 1000 + i3) * 2];
            bombAttTenths += rationed
              ? bombD * ((Math.floor(i3 / 10) % 10) + Math.floor(i3 / 100) + 2)
              : artilleryTenths[(ph * 1000 + i3) * 2 + 1];
          }
          // whole troops half dead (an odd one wounded), a leftover fraction one more wounded; capped
          let whole = hD >>> 1;
          lostD = whole + (hD & 1);
          if (lostD > tD) lostD = tD;
          dD = whole >>> 1;
          if (dD > lostD) dD = lostD;
          whole = hA >>> 1;
          lostA = whole + (hA & 1);
          if (lostA > tA) lostA = tA;
          dA = whole >>> 1;
          if (dA > lostA) dA = lostA;
        }
        if (kind >= 0 && kNoCombat[kind] === 0) {
          battles++;
          const nD = sally ? tD : tD * mult;
          // a concentrated attack fights with at most 300 troops per 100' of frontage (not when the garrison sallies)
          const fA = sally || tA <= capA ? tA : capA;
          let brA = baseA + kBrA[kind] + FATIGUE_BR[fatA];
          let brD = baseD + kBrD[kind] + FATIGUE_BR[fatD > starvFat ? fatD : starvFat];
          if (fA > nD) brA += ratioBonus(fA, nD, ratioMode);
          else if (nD > fA) brD += ratioBonus(nD, fA, ratioMode);
          if (!sally) {
            brA += eqA[ph6 + ta] + eqDA + Math.floor(breachFeet / 10);
            brD += fortBr + eqD[ph6 + ta] + eqDD;
          } else brD += sallyBonus;
          if (kind === B_ASSAULT) brA += assaultBonus;
          if (kind === B_STORM) brA += 5 * besieged;
          // malnutrition: −50% of the force's BR; fortification, equipment and ratio bonuses do not starve
          if (!simple && weeksShort >= 3) brD -= starvedBrLoss;
          brD -= moraleBr * weeksShort; // morale −2 a week of malnutrition (policy malnutritionMorale)
          const delta = brA - brD;
          let winner = -1,
            row = 0;
          for (;;) {
            const i = rng.twoD100();
            const d = delta + ((i / 100) | 0) - (i % 100);
            if (d > 0) {
              winner = 0;
              row = rowOf[d > 151 ? 151 : d];
              break;
            }
            if (d < 0) {
              winner = 1;
              row = rowOf[d < -151 ? 151 : -d];
              break;
            }
            if (tie === TIE_REROLL) continue;
            if (tie === TIE_STALEMATE) break;
            winner = tie === TIE_ATTACKER ? 0 : 1;
            break;
          }
          if (winner >= 0) {
            const base = ((kind * 2 + winner) * ROW_COUNT + row) * 2;
            // attacker
            let N = tA - lostA;
            if (N > fA) N = fA;
            let lost = Math.ceil((N * pctNum[base]) / (100 * pctDen[base]));
            if (lost > N) lost = N;
            lostA += lost;
            dA += leftT[base] ? lost : Math.floor(lost / 2);
            nextFatA = fatigueT[base];
            endA = endsT[base];
            // defender
            N = tD - lostD;
            lost = Math.ceil((N * pctNum[base + 1]) / (100 * pctDen[base + 1]));
            if (lost > N) lost = N;
            lostD += lost;
            dD += leftT[base + 1] ? lost : Math.floor(lost / 2);
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
        // Damage: the weapons fired this week add their rolls (a sally week fires none).
        if (!sally || everyWeek) {
          const add = (useArt[ta] ? rArtW : 0) + (useBal[ta] ? rBalW : 0) + (useBrk[ta] ? rBrk : 0);
          if (add > 0) {
            gross += add;
            const newNet = gross > damageD100 ? gross - damageD100 : 0;
            if (newNet !== net) {
              net = newNet;
              if (breachUnit > 0) {
                const walls = net <= wallPass ? net : allocateByPasses(net, hp);
                breachFeet = 10 * Math.floor(walls / breachUnit);
                if (breachFeet > wallLength) breachFeet = wallLength;
              }
            }
          }
        }
        if (ta === A_BESIEGE) besieged++;
        // Food: a week without food costs 10% of the garrison (desertion), and counts toward malnutrition.
        let starvedOut = 0;
        if ((w > foodWeeks || shortD) && tD > 0) {
          let loss = Math.ceil((linear ? troopsD : tD) / 10);
          if (loss > tD) loss = tD;
          tD -= loss;
          deserted += loss;
          weeksShort++;
          if (tD === 0) starvedOut = 1;
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
          if (kind === B_ASSAULT)
            repulsed++; // driven back to bombarding range: the siege goes on
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
        for (let k = 0; k < SUPPLY_KINDS; k++) acc[SW + k * (L + 1) + shortWeek[k]]++;
        for (let s = 0; s < 2; s++) {
          // money spent, shot used and left, ballista units used and left (bins of plan.supplyBinWidth)
          const h = SH + s * SUPPLY_HISTOGRAMS_PER_SIDE * HISTOGRAM_BINS;
          const bw = s * SUPPLY_HISTOGRAMS_PER_SIDE;
          if (store[2 + s] >= 0) supplyBin(acc, h, plan.money[s] - store[2 + s], plan.supplyBinWidth[bw]);
          if (store[4 + s] >= 0) {
            acc[S + SUM.shotLeftAttacker + s] += store[4 + s];
            supplyBin(acc, h + HISTOGRAM_BINS, ammoUsed[s], plan.supplyBinWidth[bw + 1]);
            supplyBin(acc, h + 2 * HISTOGRAM_BINS, store[4 + s], plan.supplyBinWidth[bw + 2]);
          }
          if (store[6 + s] >= 0) {
            acc[S + SUM.ballistaLeftAttacker + s] += store[6 + s];
            supplyBin(acc, h + 3 * HISTOGRAM_BINS, ammoUsed[2 + s], plan.supplyBinWidth[bw + 3]);
            supplyBin(acc, h + 4 * HISTOGRAM_BINS, store[6 + s], plan.supplyBinWidth[bw + 4]);
          }
        }
      }
      let b = Math.floor(deadA / binA);
      acc[H + (b > lastBin ? lastBin : b)]++;
      b = Math.floor(woundedA / binA);
      acc[H + HISTOGRAM_BINS + (b > lastBin ? lastBin : b)]++;
      b = Math.floor(deadD / binD);
      acc[H + 2 * HISTOGRAM_BINS + (b > lastBin ? lastBin : b)]++;
      b = Math.floor(woundedD / binD);
      acc[H + 3 * HISTOGRAM_BINS + (b > lastBin ? lastBin : b)]++;
      acc[S + SUM.attackerDead] += deadA;
      acc[S + SUM.attackerWounded] += woundedA;
      acc[S + SUM.defenderDead] += deadD;
      acc[S + SUM.defenderWounded] += woundedD;
      acc[S + SUM.deserted] += deserted;
      acc[Q + SQUARE.attackerDead] += deadA * deadA;
      acc[Q + SQUARE.attackerWounded] += woundedA * woundedA;
      acc[Q + SQUARE.defenderDead] += deadD * deadD;
      acc[Q + SQUARE.defenderWounded] += woundedD * woundedD;
      acc[Q + SQUARE.deserted] += deserted * deserted;
      const weeksFought = weeksTotal - weeksBefore,
        battlesFought = battles - battlesBefore,
        repulses = repulsed - repulsedBefore;
      acc[Q + SQUARE.weeks] += weeksFought * weeksFought;
      acc[Q + SQUARE.battles] += battlesFought * battlesFought;
      acc[Q + SQUARE.repulsed] += repulses * repulses;
      acc[Q + SQUARE.damageTotal] += net * net;
      acc[Q + SQUARE.breachFeet] += breachFeet * breachFeet;
      // Post-siege damage (rules/siege/damage.ts): rubble at or over the total hit points.
      breachSum += breachFeet;
      damageSum += net;
      if (totalHp > 0 && net >= totalHp) {
        rubbleCount++;
        for (let k = 0; k < 6; k++) {
          acc[S + SUM.damageByClass + k] += hp[k];
          acc[Q + SQUARE.damageByClass + k] += hp[k] * hp[k];
        }
      } else if (net > 0) {
        allocateByPasses(net, hp);
        for (let k = 0; k < 6; k++) {
          acc[S + SUM.damageByClass + k] += taken[k];
          acc[Q + SQUARE.damageByClass + k] += taken[k] * taken[k];
        }
      }
    }
    acc[S + SUM.weeks] += weeksTotal;
    acc[S + SUM.bombardWeeks] += bombardWeeks;
    acc[S + SUM.bombardDefenderHdTenths] += bombDefTenths;
    acc[S + SUM.bombardAttackerHdTenths] += bombAttTenths;
    acc[S + SUM.battles] += battles;
    acc[S + SUM.repulsed] += repulsed;
    acc[S + SUM.rubble] += rubbleCount;
    acc[S + SUM.breachFeet] += breachSum;
    acc[S + SUM.damageTotal] += damageSum;
  }
}
