/**
 * Compiling a siege scenario into the numeric plan the kernel runs: BR pieces per side and tactic, the War
 * Machine outcome of every (battle kind, winner, results row) read from the readable rules
 * (`decidedSides`, `pairEffects`, `RESULTS_TABLE`), strategies as step tables, damage dice and hit points.
 */
import {
  attackerEquipmentBr,
  defenderEquipmentBr,
  artilleryBr,
  ballistaBr,
  concentrateEngines,
  concentratedTroops,
  crewedValues,
  fortificationBr,
  sumLines,
  withFullyCrewedPieces,
  type BrLine,
  type EquipmentInventory,
} from '../../rules/siege/equipment.js';
import { ASSAULT_DEFENDER_CASUALTY_POINTS, CASUALTY_SCALE, percentBonus } from '../../rules/siege/casualties.js';
import { DEFENDER_RATIO_MULTIPLIER, halveBr, MALNUTRITION_MORALE_BR } from '../../rules/siege/supply.js';
import {
  CREATE_FOOD,
  DAMAGE_CLASSES,
  ENGINES,
  EQUIPMENT,
  FORTIFICATIONS,
  REAR_GUARD_PERCENT,
  WEEKS_PER_PAYROLL_MONTH,
  type Fortification,
} from '../../rules/siege/tables.js';
import type { SideStores } from '../../rules/siege/supply.js';
import {
  ammunitionGroups,
  ARTILLERY_PIECES,
  FIRE_WEIGHTS,
  RECLAIM,
  SHOT_PER_UNIT,
  STONE_BUILDING_AMMUNITION_UNITS,
  type AmmunitionGroup,
} from '../../rules/siege/ammunition.js';

/** foodWeeks when the defender's food is accounted in rations instead. */
const NEVER = 1e9;
import {
  decidedSides,
  pairEffects,
  type BattlePolicies,
  type BattleSide,
  type PairEffects,
} from '../../rules/warMachine/battle.js';
import { RATIO_MODE } from '../../rules/warMachine/adjustments.js';
import { rateSides, type SideRating } from '../../rules/warMachine/rating.js';
import { MAX_DIFFERENCE, RESULTS_TABLE, resultsRow, ROW_COUNT } from '../../rules/warMachine/results.js';
import type { Tactic } from '../../rules/warMachine/tactics.js';
import type {
  FiringTactic,
  SideAmmunition,
  SiegeArsenal,
  SiegeAttackerTactic,
  SiegeDefenderTactic,
  SiegeSetup,
  SiegeStep,
} from '../../rules/siege/week.js';
import { strategySteps, type SiegeScenario, type StrategyInput } from './schema.js';
import { tacticMix } from '../warMachine/plan.js';
import { siegeConstruction, withBuiltWeeks, type SiegeConstruction } from './construction.js';
import { joinedBy, joiningWeeks, type BuiltEngine } from '../../rules/siege/construction.js';

// The codes the kernel shares with the plan live in codes.ts (the kernel and the workers import no schema).
export * from './codes.js';
import {
  A_ASSAULT,
  A_BESIEGE,
  A_BOMBARD,
  A_HARASS,
  A_STORM,
  ATTACKER_CODES,
  B_ASSAULT,
  B_HARASS,
  B_SALLY,
  B_STORM,
  COND_BREACH,
  COND_NONE,
  COND_STARVING,
  COND_TROOPS_BELOW,
  COND_WEEK,
  DEFENDER_CODES,
  HISTOGRAM_BINS,
  TIE_ATTACKER,
  TIE_DEFENDER,
  TIE_REROLL,
  TIE_STALEMATE,
} from './codes.js';
import { cumulativeThresholds } from '../../stats/thresholds.js';

export interface SiegePlan {
  kind: 'siege';
  simple: number;
  weekLimit: number;
  foodWeeks: number;
  troops: Float64Array;
  hdHundredths: Int32Array;
  /** Modified BR of each side without the troop-ratio bonus (recomputed weekly from the troops left). */
  baseBr: Float64Array;
  /** The troop-ratio reading as `ratioBonus` takes it (`RATIO_MODE`, policy `ratioRounding`). */
  ratioMode: number;
  defenderRatioMultiplier: number;
  /** Arsenals (field construction, RC l. 11736–11748): the sides' weapons change at the start of week
   * phaseWeek[p] (phaseWeek[0] = 1); one phase without construction. Arrays marked "per phase" repeat per arsenal. */
  phases: number;
  phaseWeek: Int32Array;
  /** [phase × dice + d]: does damage die d count in that arsenal (its piece is there and usable). */
  dieIn: Uint8Array;
  /** Equipment BR by attacker tactic code, per side, per phase ([phase × 6 + code]). */
  eqAttacker: Int32Array;
  eqDefender: Int32Array;
  fortBr: number;
  /** A: attacker's bombard BR by attacker tactic code (harass/assault: artillery only if used) [phase × 6 + code];
   * A′ the defender's, per phase. */
  bombardAttacker: Int32Array;
  bombardDefender: Int32Array;
  assaultBonus: number;
  sallyBonus: number;
  /** From the third week without food the defender loses 50% of its BR (the force's, not the walls'): the points lost. */
  starvedBrLoss: number;
  tie: number;
  starvationLinear: number;
  /** Desertion policy `unfed` (1): a garrison with no food left deserts within the week (sheet l. 365–366). */
  unfedDesert: number;
  /** Damage policy `siege` (1): every usable weapon's roll counts every week of siege (RC l. 11758). */
  damageEveryWeek: number;
  /** BR the defender loses per week short of food (policy malnutritionMorale; 0: off). */
  malnutritionMoraleBr: number;
  /** Rear guard left behind when the defenders depart, percent (0: none). */
  rearGuardPercent: number;
  /** Attacker troops that may fight (concentrated attack: 300 per 100' of frontage; else all). */
  attackerTroopCap: number;
  /** Weekly accounting (RC l. 11549–11555): 1 when either side has supplies. Per side: rations and money on hand
   * (−1: not accounted), payroll per week, mounts, men fed by create food. */
  stores: number;
  rations: Float64Array;
  money: Float64Array;
  payrollPerWeek: Float64Array;
  mounts: Float64Array;
  fedByClerics: Float64Array;
  /** Ammunition accounting (1: either side accounts it; src/rules/siege/ammunition.ts). Per side the stocks on
   * hand, artillery in shot and ballista in units (−1: not accounted). Missile groups (crew shares) in the order
   * attacker artillery, attacker ballista, defender artillery, defender ballista: `ammoLine*` give each line's
   * first group and group count; per group pieces, need a week, BR a piece, and (attacker) where its damage
   * rolls' running sums start in the per-siege prefix buffer. */
  ammo: number;
  ammoShot: Float64Array;
  ammoBallista: Float64Array;
  ammoLineStart: Int32Array;
  ammoLineCount: Int32Array;
  groupPieces: Int32Array;
  groupNeed: Float64Array;
  groupBr: Int32Array;
  groupPrefix: Int32Array;
  /** Full missile BR per phase and side [phase × 2 + side]: artillery, ballista. `ammoLine*` are per phase too
   * ([phase × 4 + line]). */
  fullArtilleryBr: Int32Array;
  fullBallistaBr: Int32Array;
  /** Per attacker tactic code: does the attacker's artillery fire; each side's artillery weight and ballista halves [side × 6 + code]; the attacker's reclaim share. */
  attackerArtilleryFires: Uint8Array;
  artilleryWeight: Int32Array;
  ballistaHalves: Int32Array;
  reclaimAttacker: Float64Array;
  reclaimDefender: number;
  /** For each arsenal and damage die [phase × dice + d]: its slot in the prefix buffer (−1: bore or ram, or not
   * usable then); the buffer's length. */
  dieSlot: Int32Array;
  prefixLength: number;
  /** Bin widths of the supply histograms: money spent, shot used, shot left, ballista used, ballista left; per side. */
  supplyBinWidth: Float64Array;
  /** Battle kinds: BR bonus and no-combat flag; per (kind, winner, row, side) casualty %, fatigue, end, left field. */
  battleKinds: number;
  kindBrAttacker: Int32Array;
  kindBrDefender: Int32Array;
  kindNoCombat: Uint8Array;
  pctNum: Float64Array;
  pctDen: Float64Array;
  fatigue: Uint8Array;
  ends: Uint8Array;
  leftField: Uint8Array;
  sallyPairs: number;
  sallyThresholds: Float64Array;
  /** Difference 1…151 → results row. */
  rowOfDifference: Uint8Array;
  /** Strategies: side s's steps are [stepStart[s], stepStart[s] + stepCount[s]). */
  stepStart: Int32Array;
  stepCount: Int32Array;
  stepWeeks: Int32Array;
  stepCond: Int32Array;
  stepCondValue: Float64Array;
  stepMixStart: Int32Array;
  stepMixCount: Int32Array;
  mixTactic: Int32Array;
  mixThreshold: Float64Array;
  /** Which weapon groups fire under each attacker tactic: artillery, ballista, bore/ram. */
  useArtillery: Uint8Array;
  useBallista: Uint8Array;
  useBreaching: Uint8Array;
  /** Damage dice as (group, sides, plus, 2^32 mod sides) quadruples; group 0 artillery, 1 ballista, 2 bore/ram. */
  damageDice: Int32Array;
  hitPoints: Float64Array;
  totalHitPoints: number;
  /** Hit points of 10 feet of wall (0: no walls, no breaches). */
  breachUnitHp: number;
  wallLengthFeet: number;
  binWidth: Float64Array;
}

export interface CompiledSiege {
  plan: SiegePlan;
  ratings: [SideRating, SideRating];
  fortification: BrLine[];
  equipment: { attacker: Record<string, BrLine[]>; defender: Record<string, BrLine[]> };
  sallyPairs: { tactics: [Tactic | null, Tactic | null]; probability: number; effects: PairEffects }[];
  hitPointsByClass: Record<string, number>;
  /** The same siege for the readable week stepper (src/rules/siege/week.ts). */
  setup: SiegeSetup;
  /** Field construction schedules (null: none). */
  construction: SiegeConstruction;
}

const inventory = (inv: SiegeScenario['equipment']['attacker']): EquipmentInventory =>
  Object.fromEntries(
    Object.entries(inv)
      .filter(([, v]) => v)
      .map(([k, v]) => [k, { count: v!.count, crew: v!.crew }]),
  ) as EquipmentInventory;

export const idx = (kind: number, winner: number, row: number, side: number): number =>
  ((kind * 2 + winner) * ROW_COUNT + row) * 2 + side;

export function compileSiege(scenario: SiegeScenario): CompiledSiege {
  const construction = siegeConstruction(scenario);
  const s = withBuiltWeeks(scenario, construction);
  const simple = s.mode === 'simple';
  const attackerSide = { ...s.attacker, defending: false };
  const defenderSide = { ...s.defender, defending: true };
  const ratings = rateSides([attackerSide, defenderSide], s.policies);
  const ratioLine = (r: SideRating) =>
    r.adjustments.filter((l) => l.group === 'troop ratio').reduce((t, l) => t + l.value, 0);
  const baseBr = ratings.map((r) => r.modifiedBattleRating - ratioLine(r));

  const front = simple ? null : (s.attackFrontFeet ?? null);
  const attackerTroopCap = front === null ? s.attacker.troops : concentratedTroops(s.attacker.troops, front);
  // Arsenals: the weapons from week 1, and again from each week pieces built in the field join (RC l. 11736–11748;
  // src/rules/siege/construction.ts joinedBy): each built piece is one more of its type with its full crew.
  const builtA = construction?.attacker?.engines ?? [];
  const builtD = construction?.defender?.engines ?? [];
  const phaseWeeks = [1, ...new Set([...joiningWeeks(builtA, s.weekLimit), ...joiningWeeks(builtD, s.weekLimit)])]
    .sort((a, b) => a - b)
    .filter((w, i, a) => i === 0 || w !== a[i - 1]);
  const phases = phaseWeeks.length;
  // A concentrated attack uses at most 4 engines and 300 troops per 100' of frontage (RC l. 11774).
  const invAs = phaseWeeks.map((w) => {
    const inv = withFullyCrewedPieces(inventory(s.equipment.attacker), joinedBy(builtA, w));
    return front === null ? inv : concentrateEngines(inv, front);
  });
  const invDs = phaseWeeks.map((w) => withFullyCrewedPieces(inventory(s.equipment.defender), joinedBy(builtD, w)));
  const artillery = { harass: s.policies.artilleryInHarass, assault: s.policies.artilleryInAssault };
  const eqAttacker = new Int32Array(6 * phases);
  const eqDefender = new Int32Array(6 * phases);
  const bombardAttacker = new Int32Array(6 * phases);
  const bombardDefender = new Int32Array(phases);
  const equipment = { attacker: {} as Record<string, BrLine[]>, defender: {} as Record<string, BrLine[]> };
  if (!simple) {
    for (let p = 0; p < phases; p++) {
      const artA = artilleryBr(invAs[p]);
      const halfBalA = Math.floor(ballistaBr(invAs[p]) / 2);
      for (const t of ['bombard', 'harass', 'assault'] as const) {
        const code = ATTACKER_CODES.indexOf(t);
        const a = attackerEquipmentBr(invAs[p], attackerTroopCap, t, artillery, s.policies.ladderHoistFootnotes);
        const d = defenderEquipmentBr(invDs[p], t);
        if (p === 0) {
          equipment.attacker[t] = a;
          equipment.defender[t] = d;
        }
        eqAttacker[6 * p + code] = sumLines(a);
        eqDefender[6 * p + code] = sumLines(d);
      }
      bombardAttacker[6 * p + A_BOMBARD] = artA + halfBalA;
      bombardAttacker[6 * p + A_HARASS] = (artillery.harass ? artA : 0) + halfBalA;
      bombardAttacker[6 * p + A_ASSAULT] = (artillery.assault ? artA : 0) + halfBalA;
      bombardDefender[p] = artilleryBr(invDs[p]) + Math.floor(ballistaBr(invDs[p]) / 2);
    }
  }
  const fortifications = standingFortifications(s);
  const fortification = simple
    ? []
    : fortificationBr(
        fortifications.map((f) => ({ ...f, structure: f.structure as Fortification })),
        front,
      );

  // Battle kinds.
  const policies: BattlePolicies = {
    tie: s.policies.tie,
    casualtyMod: s.policies.casualtyMod,
    mercy: s.policies.mercy,
  };
  const mixA = tacticMix(s.attacker.tactic);
  const mixD = tacticMix(s.defender.tactic);
  const sallyPairs: CompiledSiege['sallyPairs'] = [];
  if (mixA === null || mixD === null)
    sallyPairs.push({ tactics: [null, null], probability: 1, effects: pairEffects(null, null) });
  else
    for (const [ta, pa] of mixA)
      for (const [td, pd] of mixD)
        sallyPairs.push({ tactics: [ta, td], probability: pa * pd, effects: pairEffects(ta, td) });
  const kinds = B_SALLY + sallyPairs.length;
  const sidesOf = (f: (x: NonNullable<SiegeScenario['supplies']>['attacker']) => number): [number, number] => [
    f(s.supplies?.attacker),
    f(s.supplies?.defender),
  ];
  const n = kinds * 2 * ROW_COUNT * 2;
  const plan: SiegePlan = {
    kind: 'siege',
    simple: simple ? 1 : 0,
    weekLimit: s.weekLimit,
    foodWeeks: s.foodWeeks ?? NEVER,
    troops: new Float64Array([s.attacker.troops, s.defender.troops]),
    hdHundredths: new Int32Array([
      Math.round(s.lowestTroopHitDice.attacker * 100),
      Math.round(s.lowestTroopHitDice.defender * 100),
    ]),
    baseBr: new Float64Array(baseBr),
    ratioMode: RATIO_MODE[s.policies.ratioRounding],
    defenderRatioMultiplier: DEFENDER_RATIO_MULTIPLIER,
    eqAttacker,
    eqDefender,
    fortBr: sumLines(fortification),
    bombardAttacker,
    bombardDefender,
    assaultBonus: percentBonus(baseBr[0], 5),
    sallyBonus: percentBonus(baseBr[1], 10),
    starvedBrLoss: ratings[1].battleRating - halveBr(ratings[1].battleRating),
    tie: { reroll: TIE_REROLL, stalemate: TIE_STALEMATE, attacker: TIE_ATTACKER, defender: TIE_DEFENDER }[
      s.policies.tie
    ],
    starvationLinear: s.policies.starvation === 'linear' ? 1 : 0,
    unfedDesert: !simple && s.policies.desertion === 'unfed' ? 1 : 0,
    damageEveryWeek: !simple && s.policies.damageWeeks === 'siege' ? 1 : 0,
    rearGuardPercent: !simple && s.policies.rearGuard ? REAR_GUARD_PERCENT : 0,
    malnutritionMoraleBr: !simple && s.policies.malnutritionMorale ? MALNUTRITION_MORALE_BR : 0,
    attackerTroopCap,
    stores: s.supplies?.attacker || s.supplies?.defender ? 1 : 0,
    rations: new Float64Array(sidesOf((x) => x?.rations ?? -1)),
    // Field construction's hardware is bought before the siege (RC l. 11740).
    money: new Float64Array(
      [0, 1].map((i) => {
        const m = (i === 0 ? s.supplies?.attacker : s.supplies?.defender)?.money;
        return m === undefined
          ? -1
          : m - ((i === 0 ? construction?.attacker : construction?.defender)?.materialsGp ?? 0);
      }),
    ),
    payrollPerWeek: new Float64Array(sidesOf((x) => (x?.payrollPerMonth ?? 0) / WEEKS_PER_PAYROLL_MONTH)),
    mounts: new Float64Array(sidesOf((x) => x?.mounts ?? 0)),
    fedByClerics: new Float64Array(
      sidesOf((x) => (x?.createFood ?? []).reduce((t, c) => t + c.clerics * CREATE_FOOD[c.level].perDay, 0)),
    ),
    battleKinds: kinds,
    kindBrAttacker: new Int32Array(kinds),
    kindBrDefender: new Int32Array(kinds),
    kindNoCombat: new Uint8Array(kinds),
    pctNum: new Float64Array(n),
    pctDen: new Float64Array(n).fill(1),
    fatigue: new Uint8Array(n),
    ends: new Uint8Array(n),
    leftField: new Uint8Array(n),
    sallyPairs: sallyPairs.length,
    sallyThresholds: new Float64Array(sallyPairs.length),
    rowOfDifference: new Uint8Array(MAX_DIFFERENCE + 1),
    stepStart: new Int32Array(2),
    stepCount: new Int32Array(2),
    stepWeeks: new Int32Array(0),
    stepCond: new Int32Array(0),
    stepCondValue: new Float64Array(0),
    stepMixStart: new Int32Array(0),
    stepMixCount: new Int32Array(0),
    mixTactic: new Int32Array(0),
    mixThreshold: new Float64Array(0),
    useArtillery: new Uint8Array(6),
    useBallista: new Uint8Array(6),
    useBreaching: new Uint8Array(6),
    damageDice: new Int32Array(0),
    hitPoints: new Float64Array(DAMAGE_CLASSES.length),
    totalHitPoints: 0,
    breachUnitHp: 0,
    wallLengthFeet: 0,
    binWidth: new Float64Array([s.attacker.troops, s.defender.troops].map((t) => Math.ceil((t + 1) / HISTOGRAM_BINS))),
    phases,
    phaseWeek: new Int32Array(phaseWeeks),
    dieIn: new Uint8Array(0),
    ...ammunitionPlan(s, invAs, invDs, artillery),
  };
  for (let d = 1; d <= MAX_DIFFERENCE; d++) plan.rowOfDifference[d] = resultsRow(d);

  const fillKind = (
    kind: number,
    fx: PairEffects,
    scale: { attacker: readonly [number, number]; defender: readonly [number, number] },
    holds: [boolean, boolean],
    pol: BattlePolicies,
  ) => {
    plan.kindBrAttacker[kind] = fx.brBonus[0];
    plan.kindBrDefender[kind] = fx.brBonus[1];
    plan.kindNoCombat[kind] = fx.noCombat ? 1 : 0;
    if (fx.noCombat) return;
    const sides: [BattleSide, BattleSide] = [
      {
        troops: 1,
        modifiedBattleRating: 0,
        tactic: null,
        casualtyScale: [scale.attacker[0], scale.attacker[1]],
        holdsRegardless: holds[0],
      },
      {
        troops: 1,
        modifiedBattleRating: 0,
        tactic: null,
        casualtyScale: [scale.defender[0], scale.defender[1]],
        holdsRegardless: holds[1],
      },
    ];
    for (let winner = 0; winner < 2; winner++) {
      for (let row = 0; row < ROW_COUNT; row++) {
        const out = decidedSides(sides, fx, winner as 0 | 1, row, pol);
        for (let side = 0; side < 2; side++) {
          const o = out[side];
          const i = idx(kind, winner, row, side);
          plan.pctNum[i] = o.percent.num;
          plan.pctDen[i] = o.percent.den;
          plan.fatigue[i] = o.fatigue === 'M' ? 1 : o.fatigue === 'S' || o.fatigue === '-' ? 2 : 0;
          const raw = RESULTS_TABLE[row].location[side === winner ? 0 : 1];
          const routed = raw === 'rout' || raw === '-';
          // A rout or — ends the siege, except for a side that holds regardless (harass; the simple siege's
          // defender); under assault the walls hold against retreats but not against a rout.
          plan.ends[i] = routed && !(holds[side] && kind !== B_ASSAULT) ? 1 : 0;
          plan.leftField[i] = o.woundedLost ? 1 : 0;
          if (kind === B_ASSAULT && plan.ends[i]) plan.leftField[i] = 1; // driven from the walls (or back to bombarding range)
        }
      }
    }
  };
  const none = pairEffects(null, null);
  // Harass: casualties 1/10 (defenders 1/20), no location changes, rout/— fatigue read as S (l. 337–339).
  fillKind(B_HARASS, none, CASUALTY_SCALE.harass, [true, true], policies);
  // Assault: casualties ½ (defenders ¼), defenders −5 points, rout or — drives the loser back (l. 288, 340–343).
  fillKind(
    B_ASSAULT,
    { ...none, casualtyMod: [0, ASSAULT_DEFENDER_CASUALTY_POINTS] },
    CASUALTY_SCALE.assault,
    [true, true],
    { ...policies, casualtyMod: 'additive' },
  );
  // Storm of a simple siege: the defender ignores retreat and rout and takes half casualties (l. 182–183).
  fillKind(B_STORM, none, CASUALTY_SCALE.simple, [false, true], policies);
  sallyPairs.forEach((p, i) => fillKind(B_SALLY + i, p.effects, CASUALTY_SCALE.sally, [false, false], policies));
  plan.sallyThresholds.set(cumulativeThresholds(sallyPairs.map((p) => p.probability)));

  // Strategies.
  const stepWeeks: number[] = [],
    stepCond: number[] = [],
    stepCondValue: number[] = [],
    stepMixStart: number[] = [],
    stepMixCount: number[] = [],
    mixTactic: number[] = [],
    mixThreshold: number[] = [];
  const addStrategy = (side: 0 | 1, strategy: StrategyInput, codes: readonly string[]) => {
    plan.stepStart[side] = stepWeeks.length;
    const steps = strategySteps(strategy);
    plan.stepCount[side] = steps.length;
    for (const st of steps) {
      stepWeeks.push(st.weeks ?? 0);
      const u = st.until;
      const [cond, value] = !u
        ? [COND_NONE, 0]
        : u.breachFeet !== undefined
          ? [COND_BREACH, u.breachFeet]
          : u.week !== undefined
            ? [COND_WEEK, u.week]
            : u.starvingWeeks !== undefined
              ? [COND_STARVING, u.starvingWeeks]
              : [COND_TROOPS_BELOW, u.troopsBelow!];
      stepCond.push(cond);
      stepCondValue.push(value);
      stepMixStart.push(mixTactic.length);
      stepMixCount.push(st.mix.length);
      for (const [t] of st.mix) mixTactic.push(codes.indexOf(t));
      mixThreshold.push(...cumulativeThresholds(st.mix.map(([, p]) => p)));
    }
  };
  addStrategy(0, s.strategy.attacker, ATTACKER_CODES);
  addStrategy(1, s.strategy.defender, DEFENDER_CODES);
  Object.assign(plan, {
    stepWeeks: new Int32Array(stepWeeks),
    stepCond: new Int32Array(stepCond),
    stepCondValue: new Float64Array(stepCondValue),
    stepMixStart: new Int32Array(stepMixStart),
    stepMixCount: new Int32Array(stepMixCount),
    mixTactic: new Int32Array(mixTactic),
    mixThreshold: new Float64Array(mixThreshold),
  });

  // Weapons fired under each tactic: bombard = artillery + ballista; harass = ballista (+ artillery if used);
  // assault = everything (artillery if used). A simple siege fires all weapons every week of siege.
  const use = (code: number, art: boolean, bal: boolean, brk: boolean) => {
    plan.useArtillery[code] = art ? 1 : 0;
    plan.useBallista[code] = bal ? 1 : 0;
    plan.useBreaching[code] = brk ? 1 : 0;
  };
  // Policy damageWeeks `siege` (RC l. 11758): every weapon in use counts every week the siege lasts.
  const all = plan.damageEveryWeek === 1;
  use(A_BOMBARD, true, true, all);
  use(A_HARASS, all || artillery.harass, true, all);
  use(A_ASSAULT, all || artillery.assault, true, true);
  use(A_BESIEGE, true, true, true);
  use(A_STORM, true, true, true);
  const dice: number[] = [];
  const dieItems: string[] = [];
  // Only pieces with at least a quarter crew can be used (RC l. 11639): per arsenal, that many of a weapon's dice count.
  const usable = invAs.map(
    (inv) =>
      Object.fromEntries(ENGINES.map((name) => [name, crewedValues(inv, name, 1).length])) as Record<string, number>,
  );
  for (const name of ENGINES) {
    const row = EQUIPMENT[name];
    const damage = row.damage;
    if (!damage) continue;
    const pieces = Math.max(...usable.map((u) => u[name]));
    const group = row.group === 'artillery' ? 0 : row.group === 'ballista' ? 1 : 2;
    for (let k = 0; k < pieces * damage[0]; k++) {
      dice.push(group, damage[1], damage[2], 4294967296 % damage[1]);
      dieItems.push(name);
    }
  }
  plan.damageDice = new Int32Array(dice);
  // dieIn[phase × dice + d]: does die d (the j-th of its weapon) count in this arsenal.
  plan.dieIn = new Uint8Array(phases * dieItems.length);
  for (let p = 0; p < phases; p++) {
    const seen: Record<string, number> = {};
    dieItems.forEach((item, d) => {
      const j = seen[item] ?? 0;
      seen[item] = j + 1;
      plan.dieIn[p * dieItems.length + d] = j < usable[p][item] ? 1 : 0;
    });
  }
  dieSlots(plan, dieItems, invAs);
  // Hit points by damage class, wall length for breaches.
  const hitPointsByClass: Record<string, number> = Object.fromEntries(DAMAGE_CLASSES.map((c) => [c, 0]));
  for (const f of fortifications) {
    const row = FORTIFICATIONS[f.structure as Fortification];
    if (row.damageClass === null) continue;
    const per = f.hitPoints ?? row.hitPoints;
    const hp = row.measure === 'length' ? Math.round((per * (f.lengthFeet ?? 0)) / 100) : per * (f.count ?? 0);
    hitPointsByClass[row.damageClass] += hp;
    if (row.measure === 'length' && f.structure !== 'battlement') plan.wallLengthFeet += f.lengthFeet ?? 0;
  }
  DAMAGE_CLASSES.forEach((c, i) => (plan.hitPoints[i] = hitPointsByClass[c]));
  plan.totalHitPoints = DAMAGE_CLASSES.reduce((t, c) => t + hitPointsByClass[c], 0);
  plan.breachUnitHp = plan.wallLengthFeet > 0 ? (hitPointsByClass.walls * 10) / plan.wallLengthFeet : 0;

  const setup = siegeSetup(s, plan, sallyPairs, dieItems, invAs, invDs, builtA, builtD, usable);
  // What each building side fights with, from the week its pieces join (the result's construction.<side>.fighting).
  setup.arsenals.forEach((a, p) => {
    (
      [
        ['attacker', 0],
        ['defender', 1],
      ] as const
    ).forEach(([who, side]) => {
      const c = construction?.[who];
      if (!c || (p > 0 && Object.keys(a.joining[side]).length === 0)) return;
      const eq = side === 0 ? eqAttacker : eqDefender;
      const at = (t: number) => eq[6 * p + t];
      c.fighting.push({
        fromWeek: a.fromWeek,
        joining: a.joining[side],
        equipmentBr: { bombard: at(A_BOMBARD), harass: at(A_HARASS), assault: at(A_ASSAULT) },
        bombardBr: side === 0 ? bombardAttacker[6 * p + A_BOMBARD] : bombardDefender[p],
      });
    });
  });

  return { plan, ratings, fortification, equipment, sallyPairs, hitPointsByClass, setup, construction };
}

/** The readable rules' view of the same siege (src/rules/siege/week.ts), from the plan's numbers. */
function siegeSetup(
  s: SiegeScenario,
  plan: SiegePlan,
  sallyPairs: CompiledSiege['sallyPairs'],
  dieItems: string[],
  invAs: EquipmentInventory[],
  invDs: EquipmentInventory[],
  builtA: BuiltEngine[],
  builtD: BuiltEngine[],
  usable: Record<string, number>[],
): SiegeSetup {
  const byTactic = (a: Int32Array | Uint8Array, p = 0): Partial<Record<FiringTactic, number>> =>
    Object.fromEntries(
      (['bombard', 'harass', 'assault', 'besiege', 'storm'] as const).map((t) => [
        t,
        a[6 * p + ATTACKER_CODES.indexOf(t)],
      ]),
    );
  const steps = <T extends string>(side: 0 | 1, codes: readonly string[]): SiegeStep<T>[] =>
    strategySteps(side === 0 ? s.strategy.attacker : s.strategy.defender).map((st, i) => {
      const k = plan.stepStart[side] + i;
      const mix = Array.from({ length: plan.stepMixCount[k] }, (_, j) => ({
        tactic: codes[plan.mixTactic[plan.stepMixStart[k] + j]] as T,
        threshold: plan.mixThreshold[plan.stepMixStart[k] + j],
      }));
      return { mix, weeks: st.weeks, until: st.until };
    });
  const groups = ['artillery', 'ballista', 'breaching'] as const;
  const damageDice: SiegeSetup['damageDice'] = [];
  for (let k = 0; k < plan.damageDice.length; k += 4)
    damageDice.push({
      group: groups[plan.damageDice[k]],
      item: dieItems[k / 4],
      sides: plan.damageDice[k + 1],
      plus: plan.damageDice[k + 2],
    });
  const sideAmmunition = (i: 0 | 1): SideAmmunition => ({
    shot: plan.ammoShot[i] < 0 ? null : plan.ammoShot[i],
    ballista: plan.ammoBallista[i] < 0 ? null : plan.ammoBallista[i],
  });
  const joining = (engines: BuiltEngine[], w: number): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const e of engines) if (w > 1 && e.week === w) out[e.engine] = (out[e.engine] ?? 0) + 1;
    return out;
  };
  const arsenals: SiegeArsenal[] = Array.from({ length: plan.phases }, (_, p) => ({
    fromWeek: plan.phaseWeek[p],
    joining: [joining(builtA, plan.phaseWeek[p]), joining(builtD, plan.phaseWeek[p])],
    equipmentBr: { attacker: byTactic(plan.eqAttacker, p), defender: byTactic(plan.eqDefender, p) },
    bombardBr: { attacker: byTactic(plan.bombardAttacker, p), defender: plan.bombardDefender[p] },
    missiles: [ammunitionGroups(invAs[p]), ammunitionGroups(invDs[p])],
    usable: usable[p],
  }));
  const firing: SiegeSetup['firing'] = {};
  for (const t of ['bombard', 'harass', 'assault', 'besiege', 'storm'] as const) {
    const c = ATTACKER_CODES.indexOf(t);
    firing[t] = {
      artillery: plan.useArtillery[c] === 1,
      ballista: plan.useBallista[c] === 1,
      breaching: plan.useBreaching[c] === 1,
    };
  }
  return {
    mode: s.mode,
    weekLimit: s.weekLimit,
    foodWeeks: plan.foodWeeks,
    troops: [s.attacker.troops, s.defender.troops],
    lowestHdHundredths: [plan.hdHundredths[0], plan.hdHundredths[1]],
    battleRating: [plan.baseBr[0], plan.baseBr[1]],
    defenderRatioMultiplier: plan.defenderRatioMultiplier,
    fortificationBr: plan.fortBr,
    arsenals,
    assaultBonus: plan.assaultBonus,
    sallyBonus: plan.sallyBonus,
    starvedBrLoss: plan.starvedBrLoss,
    attackerTroopCap: plan.attackerTroopCap,
    stores:
      plan.stores === 1
        ? (([0, 1] as const).map((i) => ({
            rations: plan.rations[i] < 0 ? null : plan.rations[i],
            money: plan.money[i] < 0 ? null : plan.money[i],
            payrollPerWeek: plan.payrollPerWeek[i],
            mounts: plan.mounts[i],
            fedByClerics: plan.fedByClerics[i],
          })) as [SideStores, SideStores])
        : null,
    ammunition:
      plan.ammo === 1
        ? {
            sides: [sideAmmunition(0), sideAmmunition(1)],
            artilleryUsed: { harass: s.policies.artilleryInHarass, assault: s.policies.artilleryInAssault },
          }
        : null,
    policies: {
      ...s.policies,
      rearGuard: plan.rearGuardPercent > 0,
      desertion: plan.unfedDesert ? 'unfed' : 'tenPercent',
    },
    sallyPairings: sallyPairs.map((p, i) => ({ threshold: plan.sallyThresholds[i], effects: p.effects })),
    strategy: {
      attacker: steps<SiegeAttackerTactic>(0, ATTACKER_CODES),
      defender: steps<SiegeDefenderTactic>(1, DEFENDER_CODES),
    },
    firing,
    damageEveryWeek: plan.damageEveryWeek === 1,
    damageDice,
    hitPoints: [...plan.hitPoints],
    wallLengthFeet: plan.wallLengthFeet,
  };
}

/** The fortifications left standing once the defender has pulled down stone buildings for ammunition (RC l. 11666). */
function standingFortifications(s: SiegeScenario): SiegeScenario['fortifications'] {
  let pulled = s.supplies?.defender?.stoneBuildingsToAmmunition ?? 0;
  return s.fortifications.map((f) => {
    if (f.structure !== 'stoneBuilding' || pulled === 0) return f;
    const take = Math.min(pulled, f.count ?? 0);
    pulled -= take;
    const count = (f.count ?? 0) - take;
    return { ...f, count, ...(f.nearFront !== undefined ? { nearFront: Math.min(f.nearFront, count) } : {}) };
  });
}

type AmmunitionPlan = Pick<
  SiegePlan,
  | 'ammo'
  | 'ammoShot'
  | 'ammoBallista'
  | 'ammoLineStart'
  | 'ammoLineCount'
  | 'groupPieces'
  | 'groupNeed'
  | 'groupBr'
  | 'groupPrefix'
  | 'fullArtilleryBr'
  | 'fullBallistaBr'
  | 'attackerArtilleryFires'
  | 'artilleryWeight'
  | 'ballistaHalves'
  | 'reclaimAttacker'
  | 'reclaimDefender'
  | 'dieSlot'
  | 'prefixLength'
  | 'supplyBinWidth'
>;

/** The ammunition part of the plan (src/rules/siege/ammunition.ts as arrays). */
function ammunitionPlan(
  s: SiegeScenario,
  invAs: EquipmentInventory[],
  invDs: EquipmentInventory[],
  artillery: { harass: boolean; assault: boolean },
): AmmunitionPlan {
  // One set of 4 lines per arsenal (phase): [phase × 4 + line].
  const lines: AmmunitionGroup[][] = [];
  for (let ph = 0; ph < invAs.length; ph++) {
    const gA = ammunitionGroups(invAs[ph]);
    const gD = ammunitionGroups(invDs[ph]);
    lines.push(gA.artillery, gA.ballista, gD.artillery, gD.ballista);
  }
  const all = lines.flat();
  const lineStart = new Int32Array(lines.length);
  const lineCount = new Int32Array(lines.length);
  let k = 0;
  lines.forEach((l, i) => {
    lineStart[i] = k;
    lineCount[i] = l.length;
    k += l.length;
  });
  // Prefix buffer: per attacker group (lines 0 and 1 of each phase), count + 1 running sums of its pieces' damage rolls.
  const prefix = new Int32Array(all.length).fill(-1);
  let p = 0;
  lines.forEach((l, i) => {
    if (i % 4 >= 2) return;
    for (let g = lineStart[i]; g < lineStart[i] + l.length; g++) {
      prefix[g] = p;
      p += all[g].count + 1;
    }
  });
  const stock = (who: 'attacker' | 'defender') => {
    const a = s.supplies?.[who]?.ammunition;
    if (!a) return { shot: -1, ballista: -1 };
    let shot = ARTILLERY_PIECES.reduce((t, item) => t + a[item] * SHOT_PER_UNIT[item], 0);
    const stone = s.supplies?.[who]?.stoneBuildingsToAmmunition ?? 0;
    if (stone > 0) {
      // Stone is shot for the defender's largest engine (warcast's reading; RC l. 11666 counts "units").
      const best = ARTILLERY_PIECES.find((item) => (s.equipment.defender[item]?.count ?? 0) > 0) ?? 'lightCatapult';
      shot += stone * STONE_BUILDING_AMMUNITION_UNITS * SHOT_PER_UNIT[best];
    }
    return { shot, ballista: a.ballista };
  };
  const [sa, sd] = [stock('attacker'), stock('defender')];
  const br = (l: AmmunitionGroup[]) => l.reduce((t, g) => t + g.count * g.br, 0);
  const need = (l: AmmunitionGroup[]) => l.reduce((t, g) => t + g.count * g.need, 0);
  const codes = ['bombard', 'harass', 'assault'] as const;
  const fires = new Uint8Array(6);
  const weight = new Int32Array(12);
  const halves = new Int32Array(12);
  const reclaim = new Float64Array(6);
  for (const t of codes) {
    const c = ATTACKER_CODES.indexOf(t);
    fires[c] = t === 'bombard' || artillery[t] ? 1 : 0;
    weight[c] = FIRE_WEIGHTS.attacker[t].artillery;
    halves[c] = FIRE_WEIGHTS.attacker[t].ballistaHalves;
    weight[6 + c] = FIRE_WEIGHTS.defender[t].artillery;
    halves[6 + c] = FIRE_WEIGHTS.defender[t].ballistaHalves;
    reclaim[c] = RECLAIM.attacker[t][0] / RECLAIM.attacker[t][1];
  }
  const L = s.weekLimit;
  // Largest values a siege can reach: spent ≤ what is on hand plus what is gathered, gathered ≤ ¾ (attacker) or ¼
  // (defender) of the attacker's weekly shot (the largest of its arsenals); bins of equal width over 0…max.
  const attackerShotWeek = Math.max(...invAs.map((_, ph) => need(lines[4 * ph])));
  const maxShot = [Math.max(0, sa.shot) + L * attackerShotWeek, Math.max(0, sd.shot) + L * attackerShotWeek];
  const money = [s.supplies?.attacker?.money ?? 0, s.supplies?.defender?.money ?? 0];
  const ballista = [Math.max(0, sa.ballista), Math.max(0, sd.ballista)];
  const width = (max: number) => Math.max(1, Math.ceil((max + 1) / HISTOGRAM_BINS));
  return {
    ammo: sa.shot >= 0 || sd.shot >= 0 ? 1 : 0,
    ammoShot: new Float64Array([sa.shot, sd.shot]),
    ammoBallista: new Float64Array([sa.ballista, sd.ballista]),
    ammoLineStart: lineStart,
    ammoLineCount: lineCount,
    groupPieces: new Int32Array(all.map((g) => g.count)),
    groupNeed: new Float64Array(all.map((g) => g.need)),
    groupBr: new Int32Array(all.map((g) => g.br)),
    groupPrefix: prefix,
    fullArtilleryBr: new Int32Array(invAs.flatMap((_, ph) => [br(lines[4 * ph]), br(lines[4 * ph + 2])])),
    fullBallistaBr: new Int32Array(invAs.flatMap((_, ph) => [br(lines[4 * ph + 1]), br(lines[4 * ph + 3])])),
    attackerArtilleryFires: fires,
    artilleryWeight: weight,
    ballistaHalves: halves,
    reclaimAttacker: reclaim,
    reclaimDefender: RECLAIM.defender[0] / RECLAIM.defender[1],
    dieSlot: new Int32Array(0),
    prefixLength: p,
    supplyBinWidth: new Float64Array(
      [0, 1].flatMap((i) => [
        width(money[i]),
        width(maxShot[i]),
        width(maxShot[i]),
        width(ballista[i]),
        width(ballista[i]),
      ]),
    ),
  };
}

/**
 * Each attacker damage die's slot in the prefix buffer, per arsenal ([phase × dice + d]; −1: not a missile, or not
 * usable then): the j-th piece of an item goes to its crew-share group in order.
 */
function dieSlots(plan: SiegePlan, dieItems: string[], invAs: EquipmentInventory[]): void {
  const n = dieItems.length;
  const slots = new Int32Array(invAs.length * n).fill(-1);
  invAs.forEach((invA, ph) => {
    const g = ammunitionGroups(invA);
    const groups = [...g.artillery, ...g.ballista];
    // the plan's groups of this phase's attacker lines start here
    const first = plan.ammoLineStart[4 * ph];
    const seen: Record<string, number> = {};
    dieItems.forEach((item, d) => {
      const j = seen[item] ?? 0;
      seen[item] = j + 1;
      let from = 0;
      for (let k = 0; k < groups.length; k++) {
        if (groups[k].item !== item) continue;
        if (j < from + groups[k].count) {
          slots[ph * n + d] = plan.groupPrefix[first + k] + 1 + (j - from);
          break;
        }
        from += groups[k].count;
      }
    });
  });
  plan.dieSlot = slots;
}
