/**
 * Compiling a siege scenario into the numeric plan the kernel runs: BR pieces per side and tactic, the War
 * Machine outcome of every (battle kind, winner, results row) read from the readable rules
 * (`decidedSides`, `pairEffects`, `RESULTS_TABLE`), strategies as step tables, damage dice and hit points.
 */
import { attackerEquipmentBr, defenderEquipmentBr, artilleryBr, ballistaBr, fortificationBr, sumLines, type BrLine, type EquipmentInventory } from '../../rules/siege/equipment.js';
import { ASSAULT_DEFENDER_CASUALTY_POINTS, CASUALTY_SCALE, percentBonus } from '../../rules/siege/casualties.js';
import { DEFENDER_RATIO_MULTIPLIER, halveBr } from '../../rules/siege/supply.js';
import { DAMAGE_CLASSES, EQUIPMENT, FORTIFICATIONS, type Equipment, type Fortification } from '../../rules/siege/tables.js';
import { decidedSides, pairEffects, type BattlePolicies, type BattleSide, type PairEffects } from '../../rules/warMachine/battle.js';
import { rateSides, type SideRating } from '../../rules/warMachine/rating.js';
import { MAX_DIFFERENCE, RESULTS_TABLE, resultsRow, ROW_COUNT } from '../../rules/warMachine/results.js';
import type { Tactic } from '../../rules/warMachine/tactics.js';
import { strategySteps, type SiegeScenario, type StrategyInput } from './schema.js';
import { tacticMix } from '../warMachine/plan.js';

// The codes the kernel shares with the plan live in codes.ts (the kernel and the workers import no schema).
export * from './codes.js';
import { A_ASSAULT, A_BESIEGE, A_BOMBARD, A_HARASS, A_STORM, ATTACKER_CODES, B_ASSAULT, B_HARASS, B_SALLY, B_STORM, COND_BREACH, COND_NONE, COND_STARVING, COND_TROOPS_BELOW, COND_WEEK, DEFENDER_CODES, HISTOGRAM_BINS, TIE_ATTACKER, TIE_DEFENDER, TIE_REROLL, TIE_STALEMATE } from './codes.js';

export interface SiegePlan {
  kind: 'siege';
  simple: number;
  weekLimit: number;
  foodWeeks: number;
  troops: Float64Array;
  hdHundredths: Int32Array;
  /** Modified BR of each side without the troop-ratio bonus (recomputed weekly from the troops left). */
  baseBr: Float64Array;
  ratioUp: number;
  defenderRatioMultiplier: number;
  /** Equipment BR by attacker tactic code, per side. */
  eqAttacker: Int32Array;
  eqDefender: Int32Array;
  fortBr: number;
  /** A: attacker's bombard BR by attacker tactic code (harass/assault: artillery only if used); A′ the defender's. */
  bombardAttacker: Int32Array;
  bombardDefender: number;
  assaultBonus: number;
  sallyBonus: number;
  /** From the third week without food the defender loses 50% of its BR (the force's, not the walls'): the points lost. */
  starvedBrLoss: number;
  tie: number;
  starvationLinear: number;
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
}

const inventory = (inv: SiegeScenario['equipment']['attacker']): EquipmentInventory =>
  Object.fromEntries(Object.entries(inv).filter(([, v]) => v).map(([k, v]) => [k, v!.count])) as EquipmentInventory;

export const idx = (kind: number, winner: number, row: number, side: number): number => ((kind * 2 + winner) * ROW_COUNT + row) * 2 + side;

export function compileSiege(s: SiegeScenario): CompiledSiege {
  const simple = s.mode === 'simple';
  const attackerSide = { ...s.attacker, defending: false };
  const defenderSide = { ...s.defender, defending: true };
  const ratings = rateSides([attackerSide, defenderSide], s.policies);
  const ratioLine = (r: SideRating) => r.adjustments.filter((l) => l.group === 'troop ratio').reduce((t, l) => t + l.value, 0);
  const baseBr = ratings.map((r) => r.modifiedBattleRating - ratioLine(r));

  const invA = inventory(s.equipment.attacker);
  const invD = inventory(s.equipment.defender);
  const artillery = { harass: s.policies.artilleryInHarass, assault: s.policies.artilleryInAssault };
  const eqAttacker = new Int32Array(6);
  const eqDefender = new Int32Array(6);
  const bombardAttacker = new Int32Array(6);
  const equipment = { attacker: {} as Record<string, BrLine[]>, defender: {} as Record<string, BrLine[]> };
  const artA = artilleryBr(invA);
  const halfBalA = Math.floor(ballistaBr(invA) / 2);
  if (!simple) {
    for (const t of ['bombard', 'harass', 'assault'] as const) {
      const code = ATTACKER_CODES.indexOf(t);
      const a = attackerEquipmentBr(invA, s.attacker.troops, t, artillery, s.policies.ladderHoistFootnotes);
      const d = defenderEquipmentBr(invD, t);
      equipment.attacker[t] = a;
      equipment.defender[t] = d;
      eqAttacker[code] = sumLines(a);
      eqDefender[code] = sumLines(d);
    }
    bombardAttacker[A_BOMBARD] = artA + halfBalA;
    bombardAttacker[A_HARASS] = (artillery.harass ? artA : 0) + halfBalA;
    bombardAttacker[A_ASSAULT] = (artillery.assault ? artA : 0) + halfBalA;
  }
  const bombardDefender = simple ? 0 : artilleryBr(invD) + Math.floor(ballistaBr(invD) / 2);
  const fortification = simple ? [] : fortificationBr(s.fortifications.map((f) => ({ ...f, structure: f.structure as Fortification })));

  // Battle kinds.
  const policies: BattlePolicies = { tie: s.policies.tie, casualtyMod: s.policies.casualtyMod, mercy: s.policies.mercy };
  const mixA = tacticMix(s.attacker.tactic);
  const mixD = tacticMix(s.defender.tactic);
  const sallyPairs: CompiledSiege['sallyPairs'] = [];
  if (mixA === null || mixD === null) sallyPairs.push({ tactics: [null, null], probability: 1, effects: pairEffects(null, null) });
  else for (const [ta, pa] of mixA) for (const [td, pd] of mixD) sallyPairs.push({ tactics: [ta, td], probability: pa * pd, effects: pairEffects(ta, td) });
  const kinds = B_SALLY + sallyPairs.length;
  const n = kinds * 2 * ROW_COUNT * 2;
  const plan: SiegePlan = {
    kind: 'siege',
    simple: simple ? 1 : 0,
    weekLimit: s.weekLimit,
    foodWeeks: s.foodWeeks,
    troops: new Float64Array([s.attacker.troops, s.defender.troops]),
    hdHundredths: new Int32Array([Math.round(s.lowestTroopHitDice.attacker * 100), Math.round(s.lowestTroopHitDice.defender * 100)]),
    baseBr: new Float64Array(baseBr),
    ratioUp: s.policies.ratioRounding === 'up' ? 1 : 0,
    defenderRatioMultiplier: DEFENDER_RATIO_MULTIPLIER,
    eqAttacker,
    eqDefender,
    fortBr: sumLines(fortification),
    bombardAttacker,
    bombardDefender,
    assaultBonus: percentBonus(baseBr[0], 5),
    sallyBonus: percentBonus(baseBr[1], 10),
    starvedBrLoss: ratings[1].battleRating - halveBr(ratings[1].battleRating),
    tie: { reroll: TIE_REROLL, stalemate: TIE_STALEMATE, attacker: TIE_ATTACKER, defender: TIE_DEFENDER }[s.policies.tie],
    starvationLinear: s.policies.starvation === 'linear' ? 1 : 0,
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
  };
  for (let d = 1; d <= MAX_DIFFERENCE; d++) plan.rowOfDifference[d] = resultsRow(d);

  const fillKind = (kind: number, fx: PairEffects, scale: { attacker: readonly [number, number]; defender: readonly [number, number] }, holds: [boolean, boolean], pol: BattlePolicies) => {
    plan.kindBrAttacker[kind] = fx.brBonus[0];
    plan.kindBrDefender[kind] = fx.brBonus[1];
    plan.kindNoCombat[kind] = fx.noCombat ? 1 : 0;
    if (fx.noCombat) return;
    const sides: [BattleSide, BattleSide] = [
      { troops: 1, modifiedBattleRating: 0, tactic: null, casualtyScale: [scale.attacker[0], scale.attacker[1]], holdsRegardless: holds[0] },
      { troops: 1, modifiedBattleRating: 0, tactic: null, casualtyScale: [scale.defender[0], scale.defender[1]], holdsRegardless: holds[1] },
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
          plan.leftField[i] = o.location !== 'withdraws' && (o.location[0] === 'R' || o.location === 'rout' || o.location === '-') ? 1 : 0;
          if (kind === B_ASSAULT && plan.ends[i]) plan.leftField[i] = 1; // driven from the walls (or back to bombarding range)
        }
      }
    }
  };
  const none = pairEffects(null, null);
  // Harass: casualties 1/10 (defenders 1/20), no location changes, rout/— fatigue read as S (l. 337–339).
  fillKind(B_HARASS, none, CASUALTY_SCALE.harass, [true, true], policies);
  // Assault: casualties ½ (defenders ¼), defenders −5 points, rout or — drives the loser back (l. 288, 340–343).
  fillKind(B_ASSAULT, { ...none, casualtyMod: [0, ASSAULT_DEFENDER_CASUALTY_POINTS] }, CASUALTY_SCALE.assault, [true, true], { ...policies, casualtyMod: 'additive' });
  // Storm of a simple siege: the defender ignores retreat and rout and takes half casualties (l. 182–183).
  fillKind(B_STORM, none, CASUALTY_SCALE.simple, [false, true], policies);
  let cumulative = 0;
  sallyPairs.forEach((p, i) => {
    fillKind(B_SALLY + i, p.effects, CASUALTY_SCALE.sally, [false, false], policies);
    cumulative += p.probability;
    plan.sallyThresholds[i] = i === sallyPairs.length - 1 ? 4294967296 : Math.round(cumulative * 4294967296);
  });

  // Strategies.
  const stepWeeks: number[] = [], stepCond: number[] = [], stepCondValue: number[] = [], stepMixStart: number[] = [], stepMixCount: number[] = [], mixTactic: number[] = [], mixThreshold: number[] = [];
  const addStrategy = (side: 0 | 1, strategy: StrategyInput, codes: readonly string[]) => {
    plan.stepStart[side] = stepWeeks.length;
    const steps = strategySteps(strategy);
    plan.stepCount[side] = steps.length;
    for (const st of steps) {
      stepWeeks.push(st.weeks ?? 0);
      const u = st.until;
      const [cond, value] = !u ? [COND_NONE, 0] : u.breachFeet !== undefined ? [COND_BREACH, u.breachFeet] : u.week !== undefined ? [COND_WEEK, u.week] : u.starvingWeeks !== undefined ? [COND_STARVING, u.starvingWeeks] : [COND_TROOPS_BELOW, u.troopsBelow!];
      stepCond.push(cond);
      stepCondValue.push(value);
      stepMixStart.push(mixTactic.length);
      stepMixCount.push(st.mix.length);
      let cum = 0;
      st.mix.forEach(([t, p], j) => {
        cum += p;
        mixTactic.push(codes.indexOf(t));
        mixThreshold.push(j === st.mix.length - 1 ? 4294967296 : Math.round(cum * 4294967296));
      });
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
  use(A_BOMBARD, true, true, false);
  use(A_HARASS, artillery.harass, true, false);
  use(A_ASSAULT, artillery.assault, true, true);
  use(A_BESIEGE, true, true, true);
  use(A_STORM, true, true, true);
  const dice: number[] = [];
  for (const [name, count] of Object.entries(invA) as [Equipment, number][]) {
    const row = EQUIPMENT[name];
    if (!row.damage) continue;
    const group = row.group === 'artillery' ? 0 : row.group === 'ballista' ? 1 : 2;
    for (let k = 0; k < count * row.damage[0]; k++) dice.push(group, row.damage[1], row.damage[2], 4294967296 % row.damage[1]);
  }
  plan.damageDice = new Int32Array(dice);

  // Hit points by damage class, wall length for breaches.
  const hitPointsByClass: Record<string, number> = Object.fromEntries(DAMAGE_CLASSES.map((c) => [c, 0]));
  for (const f of s.fortifications) {
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

  return { plan, ratings, fortification, equipment, sallyPairs, hitPointsByClass };
}
