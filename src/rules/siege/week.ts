/**
 * One siege, week by week, readable: the Siege Machine's "Order of Events" (RC l. 11545–11617; sheet l. 327–359)
 * and the simple siege (sheet l. 182–185). Each week: 1. deduct costs (food); 2. modify BR for the field of
 * battle; 3. choose tactics; 4. reveal them and add the equipment BR; 5. find and apply results (bombard,
 * harass, assault, sally, storm); then the fortification damage. The siege kernel (src/kinds/siege/kernel.ts)
 * is the same rules compiled into tables; a test feeds both the same dice and compares every count.
 *
 * Dice are drawn in the kernel's order: per siege each weapon's damage die, then the d100 of the damage
 * formula; per week a strategy draw per side whose step mixes tactics, a sally pairing draw when the tactics
 * mix, one draw below 1,000 for the artillery (1d10 and 2d10 as three digits), two d100 as one draw below
 * 10,000 (again on a tie when the policy rerolls).
 */
import { troopRatioBonus, type RatioRounding } from '../warMachine/adjustments.js';
import { decidedSides, type BattlePolicies, type BattleSide, type PairEffects } from '../warMachine/battle.js';
import { casualties } from '../warMachine/casualties.js';
import { RESULTS_TABLE, resultsRow } from '../warMachine/results.js';
import {
  ARTILLERY_SPLIT,
  ASSAULT_DEFENDER_CASUALTY_POINTS,
  bombardHitDiceTenths,
  CASUALTY_SCALE,
  hitDiceToTroops,
} from './casualties.js';
import { allocateDamage, netDamage } from './damage.js';
import { breachBr } from './equipment.js';
import {
  BESIEGE_BR_PER_WEEK,
  deductWeek,
  MALNUTRITION_MORALE_BR,
  FATIGUE_BR,
  starvationEffect,
  starvationLoss,
  worseFatigue,
  type DesertionPolicy,
  type FatigueLevel,
  type SideStores,
  type StarvationPolicy,
} from './supply.js';
import { MOUNT_RATIONS, REAR_GUARD_PERCENT } from './tables.js';
import {
  attackerReclaim,
  defenderReclaim,
  issueAmmunition,
  missileBr,
  type AmmunitionGroup,
  type Issue,
} from './ammunition.js';

/** Anything that draws like `Xoshiro128` (src/rng): `next()` a 32-bit output, `below(n)` in [0, n). */
export interface SiegeDice {
  next(): number;
  below(n: number): number;
}

export type SiegeAttackerTactic = 'depart' | 'bombard' | 'harass' | 'assault' | 'besiege' | 'storm';
export type SiegeDefenderTactic = 'stay' | 'sally' | 'depart';
export type FiringTactic = 'bombard' | 'harass' | 'assault' | 'besiege' | 'storm';

/** One strategy step: tactics with cumulative thresholds × 2^32 (the last 2^32), and when the step ends. */
export interface SiegeStep<T extends string> {
  mix: { tactic: T; threshold: number }[];
  weeks: number | null;
  until: { breachFeet?: number; week?: number; starvingWeeks?: number; troopsBelow?: number } | null;
}

/** The siege as "Siege Preparations" leave it (RC l. 11517–11543; sheet l. 302–325): every BR piece computed. */
export interface SiegeSetup {
  mode: 'siege-machine' | 'simple';
  weekLimit: number;
  foodWeeks: number;
  troops: [number, number];
  /** Average hit dice of each side's lowest-level troops, × 100. */
  lowestHdHundredths: [number, number];
  /** Each side's modified BR without the troop-ratio bonus (recomputed weekly). */
  battleRating: [number, number];
  /** The defender's troops count ×4 for the ratio while inside (sheet l. 182; RC l. 11557). */
  defenderRatioMultiplier: number;
  fortificationBr: number;
  /** The sides' weapons, from week 1 and again from each week a piece built in the field joins (in week order). */
  arsenals: SiegeArsenal[];
  assaultBonus: number;
  sallyBonus: number;
  starvedBrLoss: number;
  attackerTroopCap: number;
  /** Weekly accounting of each side's stores (null: none). */
  stores: [SideStores, SideStores] | null;
  /** Ammunition accounting (null: none; a side's stock null: not accounted, every piece always fires). */
  ammunition: { sides: [SideAmmunition, SideAmmunition]; artilleryUsed: { harass: boolean; assault: boolean } } | null;
  policies: BattlePolicies & {
    ratioRounding: RatioRounding;
    starvation: StarvationPolicy;
    desertion: DesertionPolicy;
    rearGuard: boolean;
    malnutritionMorale: boolean;
  };
  /** Pairings of War Machine tactics for a sally, with cumulative thresholds × 2^32. */
  sallyPairings: { threshold: number; effects: PairEffects }[];
  strategy: { attacker: SiegeStep<SiegeAttackerTactic>[]; defender: SiegeStep<SiegeDefenderTactic>[] };
  /** Which weapon groups fire (add their damage) under each tactic; `everyWeek`: sally weeks too. */
  firing: Partial<Record<FiringTactic, { artillery: boolean; ballista: boolean; breaching: boolean }>>;
  damageEveryWeek: boolean;
  /** One die per attacker piece usable in some arsenal, in the equipment table's order (trebuchet, heavy, light,
   * bore, ram, ballista); an arsenal's `usable` says how many of each weapon's dice count. */
  damageDice: { group: 'artillery' | 'ballista' | 'breaching'; item: string; sides: number; plus: number }[];
  /** Hit points by damage class (DAMAGE_CLASSES order) and the wall length for breaches. */
  hitPoints: number[];
  wallLengthFeet: number;
}

/** A side's ammunition on hand: artillery shot (RC l. 11679) and ballista units. */
export interface SideAmmunition {
  shot: number | null;
  ballista: number | null;
}

/** A side's missile weapons as ammunition groups (crew shares, RC l. 11639): artillery best first, then ballistas. */
export interface SideMissiles {
  artillery: AmmunitionGroup[];
  ballista: AmmunitionGroup[];
}

/**
 * The sides' weapons from week `fromWeek` on. Field construction (RC l. 11736–11748) adds pieces as the siege
 * goes: a finished piece is one more of its type with its full crew (src/rules/siege/construction.ts `joinedBy`),
 * so from the week it joins the equipment BR, the bombard BR, the missile groups and the damage dice in use all
 * change together. Without construction there is one arsenal, from week 1.
 */
export interface SiegeArsenal {
  fromWeek: number;
  /** Pieces built in the field that join in this week: [attacker, defender], weapon → count (empty in the first). */
  joining: [Record<string, number>, Record<string, number>];
  equipmentBr: { attacker: Partial<Record<FiringTactic, number>>; defender: Partial<Record<FiringTactic, number>> };
  /** A (the attacker's bombard BR by tactic: artillery only if used) and A′ (the defender's). */
  bombardBr: { attacker: Partial<Record<FiringTactic, number>>; defender: number };
  missiles: [SideMissiles, SideMissiles];
  /** The attacker's usable pieces of each weapon (crew at least a quarter): that many of its damage dice count. */
  usable: Record<string, number>;
}

/** Stores at the start of a week, in this order (the supplies chart): rations, money, shot, ballista units; attacker then defender each. */
export const STORE_SERIES = [
  'rationsAttacker',
  'rationsDefender',
  'moneyAttacker',
  'moneyDefender',
  'shotAttacker',
  'shotDefender',
  'ballistaAttacker',
  'ballistaDefender',
] as const;

/** How a siege ends, by cause (the kernel's ENDINGS, src/kinds/siege/codes.ts, in the same order). */
export const SIEGE_ENDINGS = [
  'stormed',
  'starved',
  'defendersDepart',
  'attackerDeparts',
  'attackerRouted',
  'attackerDeserted',
  'standing',
] as const;
export type SiegeEnding = (typeof SIEGE_ENDINGS)[number];

export interface SiegeOutcome {
  ending: SiegeEnding;
  endWeek: number;
  /** Weeks fought (not the week the siege ended by a departure or desertion). */
  weeksFought: number;
  dead: [number, number];
  wounded: [number, number];
  deserted: number;
  bombardWeeks: number;
  bombardTenths: [number, number];
  battles: number;
  repulsed: number;
  breachFeet: number;
  damage: number;
  rubble: boolean;
  damageByClass: number[];
  rearGuard: number;
  departedUnder: FiringTactic | null;
  /** Weekly accounting per side: rations used, money paid, the first week each ran short (0: never). */
  rationsUsed: [number, number];
  paid: [number, number];
  outOfRationsWeek: [number, number];
  outOfMoneyWeek: [number, number];
  /** Attackers who deserted unfed. */
  attackerDeserted: number;
  /** Ammunition per side: shot and ballista units used, shot gathered, left at the end; the first week a piece went without (0: never). */
  shotUsed: [number, number];
  ballistaUsed: [number, number];
  shotGathered: [number, number];
  shotLeft: [number, number];
  ballistaLeft: [number, number];
  outOfShotWeek: [number, number];
  outOfBallistaWeek: [number, number];
  /** Stores at the start of each week the siege reached (STORE_SERIES order; 0 for a store not accounted). */
  storesByWeek: number[][];
}

type Casualty = { dead: number; lost: number };

/** A named part of a side's BR in a siege battle (the total is the sum of the parts). */
export interface BrPart {
  part:
    | 'battle rating'
    | 'tactics'
    | 'fatigue'
    | 'troop ratio'
    | 'siege equipment'
    | 'breach'
    | 'fortifications'
    | 'sally'
    | 'assault'
    | 'weeks besieged'
    | 'starving'
    | 'no ammunition'
    | 'malnutrition';
  value: number;
}

/** One side's result in a siege battle: the results-table casualty % after the siege's scales, losses, fatigue, location. */
export interface SiegeBattleSideTrace {
  percent: number;
  dead: number;
  lost: number;
  fatigue: string;
  location: string;
  /** The rout or — that ends the siege for this side (or, under assault, drives the attacker back). */
  ends: boolean;
}

/** A harass, assault, storm or sally as it was fought (for `warcast roll`). */
export interface SiegeBattleTrace {
  battle: 'harass' | 'assault' | 'storm' | 'sally';
  /** The sally's pairing of War Machine tactics (index into the setup's sally pairings). */
  pairing: number;
  noCombat: boolean;
  parts: [BrPart[], BrPart[]];
  battleRating: [number, number];
  /** Every pair of d100 rolled, 1–100 (more than one when tied rolls were rolled again). */
  rolls: [number, number][];
  difference: number;
  winner: 0 | 1 | null;
  /** Results-table row (index into RESULTS_TABLE), null: no winner. */
  row: number | null;
  sides: [SiegeBattleSideTrace, SiegeBattleSideTrace] | null;
}

/** One week as it happened, in the order of events (filled only when `fightSiege` is given a trace). */
export interface SiegeWeekTrace {
  week: number;
  tactics: [SiegeAttackerTactic, SiegeDefenderTactic];
  troopsAtStart: [number, number];
  /** Pieces built in the field that join the fighting this week ([attacker, defender], weapon → count), and the
   * attacker's damage rolls in use from now on (null: none join this week). */
  joined: {
    pieces: [Record<string, number>, Record<string, number>];
    damageRolls: { artillery: number; ballista: number; breaching: number };
  } | null;
  /** Step 1: rations used and money paid this week, troops unfed (they desert), what is left (null: not accounted). */
  supplies: {
    rationsUsed: [number, number];
    paid: [number, number];
    unfed: [number, number];
    rationsLeft: [number | null, number | null];
    moneyLeft: [number | null, number | null];
  } | null;
  /** Bombard, or the artillery share of a harass or assault: the attacker's 1d10, the defender's 2d10, hit dice in tenths, losses. */
  artillery: {
    d10: number;
    twoD10: number;
    hitDiceTenths: [number, number];
    lost: [number, number];
    dead: [number, number];
  } | null;
  battle: SiegeBattleTrace | null;
  /** Weekly hunger: defenders lost without food (10% a week, or all of them when unfed troops desert). */
  starved: number;
  /** Damage to the fortifications: gross hit points added this week, net damage so far, breach so far (feet). */
  damageAdded: number;
  damageSoFar: number;
  breachFeet: number;
  troopsAtEnd: [number, number];
  /** How the siege ended this week (null: it goes on). */
  ending: SiegeEnding | null;
}

/** A whole siege as it happened: the weapons' damage rolls (once per siege; those of the pieces at the start) and each week. */
export interface SiegeTrace {
  damageRolls: { artillery: number; ballista: number; breaching: number };
  damageD100: number;
  weeks: SiegeWeekTrace[];
}

/** Step 3: the tactic of a side's current step (a mixed step draws). */
function chooseTactic<T extends string>(step: SiegeStep<T>, dice: SiegeDice): T {
  if (step.mix.length === 1) return step.mix[0].tactic;
  const x = dice.next();
  let j = 0;
  while (x >= step.mix[j].threshold) j++;
  return step.mix[j].tactic;
}

/** Does the step's end condition hold at the start of the week? */
function stepEnds(
  step: SiegeStep<string>,
  weeksInStep: number,
  week: number,
  breachFeet: number,
  weeksShort: number,
  troops: number,
): boolean {
  const u = step.until;
  if (step.weeks !== null && weeksInStep >= step.weeks) return true;
  if (!u) return false;
  return (
    (u.breachFeet !== undefined && breachFeet >= u.breachFeet) ||
    (u.week !== undefined && week >= u.week) ||
    (u.starvingWeeks !== undefined && weeksShort >= u.starvingWeeks) ||
    (u.troopsBelow !== undefined && troops < u.troopsBelow)
  );
}

/** Bombard (sheet l. 334–336): A/10 × 1d10 HD of defenders, A′/10 × 2d10 of attackers; harass and assault split the total 4/1 and 3/2 (l. 339, 343). */
function artilleryLosses(
  setup: SiegeSetup,
  tactic: 'bombard' | 'harass' | 'assault',
  d10: number,
  twoD10: number,
  troops: [number, number],
  bombardBr: [number, number],
): { tenths: [number, number]; losses: [Casualty, Casualty] } {
  const onDefender = bombardHitDiceTenths(bombardBr[0], d10);
  const onAttacker = bombardHitDiceTenths(bombardBr[1], twoD10);
  const [hdA, hdD] = setup.lowestHdHundredths;
  let d, a;
  if (tactic === 'bombard') {
    d = hitDiceToTroops(onDefender, 10, hdD, troops[1]);
    a = hitDiceToTroops(onAttacker, 10, hdA, troops[0]);
  } else {
    const split = ARTILLERY_SPLIT[tactic];
    const total = onDefender + onAttacker;
    const parts = split.defender + split.attacker;
    d = hitDiceToTroops(total * split.defender, 10 * parts, hdD, troops[1]);
    a = hitDiceToTroops(total * split.attacker, 10 * parts, hdA, troops[0]);
  }
  return {
    tenths: [onDefender, onAttacker],
    losses: [
      { dead: a.dead, lost: a.dead + a.wounded },
      { dead: d.dead, lost: d.dead + d.wounded },
    ],
  };
}

/** Fatigue code of a results-table entry: M moderate, S or — serious. */
const fatigueLevel = (f: string): FatigueLevel => (f === 'M' ? 1 : f === 'S' || f === '-' ? 2 : 0);

/** Fight one siege with `dice`; with a `trace`, also record each week as it happened. */
export function fightSiege(setup: SiegeSetup, dice: SiegeDice, trace?: SiegeTrace): SiegeOutcome {
  const simple = setup.mode === 'simple';
  const troops: [number, number] = [...setup.troops];
  const out: SiegeOutcome = {
    ending: 'standing',
    endWeek: setup.weekLimit,
    weeksFought: 0,
    dead: [0, 0],
    wounded: [0, 0],
    deserted: 0,
    bombardWeeks: 0,
    bombardTenths: [0, 0],
    battles: 0,
    repulsed: 0,
    breachFeet: 0,
    damage: 0,
    rubble: false,
    damageByClass: setup.hitPoints.map(() => 0),
    rearGuard: 0,
    departedUnder: null,
    rationsUsed: [0, 0],
    paid: [0, 0],
    outOfRationsWeek: [0, 0],
    outOfMoneyWeek: [0, 0],
    attackerDeserted: 0,
    shotUsed: [0, 0],
    ballistaUsed: [0, 0],
    shotGathered: [0, 0],
    shotLeft: [0, 0],
    ballistaLeft: [0, 0],
    outOfShotWeek: [0, 0],
    outOfBallistaWeek: [0, 0],
    storesByWeek: [],
  };
  const ammo = setup.ammunition;
  const shot = ammo ? ammo.sides.map((a) => a.shot) : [null, null];
  const bolts = ammo ? ammo.sides.map((a) => a.ballista) : [null, null];
  /** The attacker's artillery shot fired last week (what both sides gather from). */
  let shotFiredLastWeek = 0;
  const stores = setup.stores ? setup.stores.map((x) => ({ ...x })) : null;
  // The weapons' damage rolls and the d100, rolled once per siege (RC l. 11758); a piece built in the field has
  // its die rolled with the others and counts from the week it joins.
  const pieceRolls: Record<string, number[]> = {};
  const groupOf: Record<string, 'artillery' | 'ballista' | 'breaching'> = {};
  for (const die of setup.damageDice) {
    const v = dice.below(die.sides) + 1 + die.plus;
    (pieceRolls[die.item] ??= []).push(v);
    groupOf[die.item] = die.group;
  }
  const damageD100 = dice.below(100) + 1;
  /** The damage rolls of an arsenal's usable pieces, by weapon group. */
  const rollsOf = (a: SiegeArsenal) => {
    const r = { artillery: 0, ballista: 0, breaching: 0 };
    for (const item of Object.keys(pieceRolls))
      for (let j = 0; j < (a.usable[item] ?? 0); j++) r[groupOf[item]] += pieceRolls[item][j];
    return r;
  };
  let arsenal = 0;
  let arms = setup.arsenals[0];
  let rolls = rollsOf(arms);
  if (trace) {
    trace.damageRolls = { ...rolls };
    trace.damageD100 = damageD100;
  }
  const wallHp = setup.hitPoints[0];
  let gross = 0;
  let net = 0;
  let fatigue: [FatigueLevel, FatigueLevel] = [0, 0];
  let weeksShort = 0;
  let besieged = 0;
  const step = [0, 0];
  const weeksInStep = [0, 0];
  const stepsOf = [setup.strategy.attacker, setup.strategy.defender] as const;

  const brOf = (groups: readonly AmmunitionGroup[]) => groups.reduce((t, g) => t + g.count * g.br, 0);
  /** Damage rolls of the pieces that fired: each group's first `fired` pieces, in the dice order of their item. */
  const firedRolls = (groups: readonly AmmunitionGroup[], fired: readonly number[]) => {
    let total = 0;
    const from: Record<string, number> = {};
    groups.forEach((g, i) => {
      const start = from[g.item] ?? 0;
      for (let j = 0; j < fired[i]; j++) total += pieceRolls[g.item][start + j];
      from[g.item] = start + g.count;
    });
    return total;
  };
  const syncLeft = () => {
    for (let s = 0; s < 2; s++) {
      out.shotLeft[s] = shot[s] ?? 0;
      out.ballistaLeft[s] = bolts[s] ?? 0;
    }
  };
  syncLeft();

  for (let week = 1; week <= setup.weekLimit; week++) {
    // Pieces built in the field join at the start of the week (src/rules/siege/construction.ts).
    let joined: SiegeWeekTrace['joined'] = null;
    while (arsenal + 1 < setup.arsenals.length && setup.arsenals[arsenal + 1].fromWeek <= week) {
      arms = setup.arsenals[++arsenal];
      rolls = rollsOf(arms);
      joined = { pieces: arms.joining, damageRolls: { ...rolls } };
    }
    if (stores || ammo) {
      const st = stores ?? [null, null];
      out.storesByWeek.push([
        st[0]?.rations ?? 0,
        st[1]?.rations ?? 0,
        st[0]?.money ?? 0,
        st[1]?.money ?? 0,
        shot[0] ?? 0,
        shot[1] ?? 0,
        bolts[0] ?? 0,
        bolts[1] ?? 0,
      ]);
    }
    // 3. Choose tactics: a side moves to its next step when this one's weeks are up or its condition holds.
    for (let s = 0; s < 2; s++) {
      while (
        step[s] < stepsOf[s].length - 1 &&
        stepEnds(stepsOf[s][step[s]], weeksInStep[s], week, out.breachFeet, weeksShort, troops[s])
      ) {
        step[s]++;
        weeksInStep[s] = 0;
      }
      weeksInStep[s]++;
    }
    const attackerTactic = chooseTactic(setup.strategy.attacker[step[0]], dice);
    const defenderTactic = chooseTactic(setup.strategy.defender[step[1]], dice);
    const wk: SiegeWeekTrace | null = trace
      ? {
          week,
          tactics: [attackerTactic, defenderTactic],
          troopsAtStart: [troops[0], troops[1]],
          joined,
          supplies: null,
          artillery: null,
          battle: null,
          starved: 0,
          damageAdded: 0,
          damageSoFar: net,
          breachFeet: out.breachFeet,
          troopsAtEnd: [0, 0],
          ending: null,
        }
      : null;
    if (wk) trace!.weeks.push(wk);
    // Every ending goes through here so the trace records it.
    const end = (ending: SiegeEnding): SiegeOutcome => {
      if (wk) {
        wk.ending = ending;
        wk.troopsAtEnd = [troops[0], troops[1]];
        wk.damageSoFar = net;
        wk.breachFeet = out.breachFeet;
      }
      return finish(setup, out, ending, week, net);
    };
    if (defenderTactic === 'depart') {
      // Depart (sheet l. 294–296): 10% stay behind; the departure is noticed by the attacker's tactic.
      if (setup.policies.rearGuard) {
        out.rearGuard = Math.ceil((troops[1] * REAR_GUARD_PERCENT) / 100);
        out.departedUnder = attackerTactic === 'depart' ? null : attackerTactic;
      }
      return end('defendersDepart');
    }
    if (attackerTactic === 'depart') return end('attackerDeparts');
    // 1. Deduct costs for the battle week, from the second week on (RC l. 11549): payroll and rations.
    let shortOfRations = false;
    if (stores && week >= 2) {
      const unfed = [0, 0];
      const used: [number, number] = [0, 0];
      const paid: [number, number] = [0, 0];
      for (let s = 0; s < 2; s++) {
        const a = deductWeek(stores[s], troops[s], MOUNT_RATIONS);
        out.rationsUsed[s] += a.rationsUsed;
        out.paid[s] += a.paid;
        used[s] = a.rationsUsed;
        paid[s] = a.paid;
        if (a.outOfRations && out.outOfRationsWeek[s] === 0) out.outOfRationsWeek[s] = week;
        if (a.outOfMoney && out.outOfMoneyWeek[s] === 0) out.outOfMoneyWeek[s] = week;
        unfed[s] = a.unfed;
      }
      if (wk)
        wk.supplies = {
          rationsUsed: used,
          paid,
          unfed: [unfed[0], unfed[1]],
          rationsLeft: [stores[0].rations, stores[1].rations],
          moneyLeft: [stores[0].money, stores[1].money],
        };
      // Unfed troops desert within 1d3 days (sheet l. 365–366), before the battle.
      if (unfed[0] > 0) {
        troops[0] -= unfed[0];
        out.attackerDeserted += unfed[0];
        if (troops[0] === 0) return end('attackerDeserted');
      }
      if (unfed[1] > 0) {
        if (setup.policies.desertion === 'unfed') {
          troops[1] -= unfed[1];
          out.deserted += unfed[1];
          if (troops[1] === 0) return end('starved');
        } else shortOfRations = true;
      }
    }
    // 1. Deduct costs: a garrison with no food left deserts within 1d3 days (sheet l. 365–366).
    if (!simple && setup.policies.desertion === 'unfed' && week > setup.foodWeeks) {
      out.deserted += troops[1];
      if (wk) wk.starved = troops[1];
      troops[1] = 0;
      return end('starved');
    }
    out.weeksFought++;
    const sally = defenderTactic === 'sally';
    // 1. Ammunition (RC l. 11553, 11645–11651, 11677): from week 2 each piece called on this week is issued a
    // week's worth, the best pieces first; a piece left without gives no BR (and fires no damage). Then both
    // sides gather spent artillery shot from the attacker's fire of the week before.
    let eqDelta = [0, 0];
    let bombardBr: [number, number] = [
      arms.bombardBr.attacker[attackerTactic as FiringTactic] ?? 0,
      arms.bombardBr.defender,
    ];
    let firedArtilleryRolls: number | null = null;
    let firedBallistaRolls: number | null = null;
    let shotFiredNow = 0;
    const firingWeek = attackerTactic === 'bombard' || attackerTactic === 'harass' || attackerTactic === 'assault';
    if (ammo && firingWeek && !sally) {
      const t = attackerTactic;
      const artilleryFires = t === 'bombard' || ammo.artilleryUsed[t];
      const none = (groups: AmmunitionGroup[]): Issue => ({ fired: groups.map(() => 0), br: 0, used: 0, short: false });
      const [a, d] = arms.missiles;
      const artA = artilleryFires ? issueAmmunition(a.artillery, week >= 2 ? shot[0] : null) : none(a.artillery);
      const balA = issueAmmunition(a.ballista, week >= 2 ? bolts[0] : null);
      const artD = issueAmmunition(d.artillery, week >= 2 ? shot[1] : null);
      const balD = issueAmmunition(d.ballista, week >= 2 ? bolts[1] : null);
      if (week >= 2) {
        const lines: [Issue, (number | null)[], number, number[], number[]][] = [
          [artA, shot, 0, out.shotUsed, out.outOfShotWeek],
          [artD, shot, 1, out.shotUsed, out.outOfShotWeek],
          [balA, bolts, 0, out.ballistaUsed, out.outOfBallistaWeek],
          [balD, bolts, 1, out.ballistaUsed, out.outOfBallistaWeek],
        ];
        for (const [issue, stock, s, used, shortWeek] of lines) {
          if (stock[s] === null) continue;
          stock[s] = (stock[s] as number) - issue.used;
          used[s] += issue.used;
          if (issue.short && shortWeek[s] === 0) shortWeek[s] = week;
        }
      }
      eqDelta = [
        missileBr('attacker', t, artA.br, balA.br) -
          missileBr('attacker', t, artilleryFires ? brOf(a.artillery) : 0, brOf(a.ballista)),
        missileBr('defender', t, artD.br, balD.br) - missileBr('defender', t, brOf(d.artillery), brOf(d.ballista)),
      ];
      bombardBr = [artA.br + Math.floor(balA.br / 2), artD.br + Math.floor(balD.br / 2)];
      if (artilleryFires) firedArtilleryRolls = firedRolls(a.artillery, artA.fired);
      firedBallistaRolls = firedRolls(a.ballista, balA.fired);
      shotFiredNow = artA.used;
    }
    if (ammo && firingWeek && week >= 2) {
      const gathered = [attackerReclaim(shotFiredLastWeek, attackerTactic), defenderReclaim(shotFiredLastWeek)];
      for (let s = 0; s < 2; s++) {
        if (shot[s] === null) continue;
        shot[s] = (shot[s] as number) + gathered[s];
        out.shotGathered[s] += gathered[s];
      }
    }
    if (ammo) {
      shotFiredLastWeek = shotFiredNow;
      syncLeft();
    }
    const starving = simple ? 0 : starvationEffect(weeksShort).fatigue;
    const lost: [Casualty, Casualty] = [
      { dead: 0, lost: 0 },
      { dead: 0, lost: 0 },
    ];
    let nextFatigue: [FatigueLevel, FatigueLevel] = [0, 0];
    const ends = [false, false];

    // 5. Bombard, or the artillery share of a harass or assault.
    if (
      !simple &&
      !sally &&
      (attackerTactic === 'bombard' || attackerTactic === 'harass' || attackerTactic === 'assault')
    ) {
      const i = dice.below(1000);
      const d10 = (i % 10) + 1;
      const twoD10 = (Math.floor(i / 10) % 10) + Math.floor(i / 100) + 2;
      const art = artilleryLosses(setup, attackerTactic, d10, twoD10, troops, bombardBr);
      if (attackerTactic === 'bombard') {
        out.bombardWeeks++;
        out.bombardTenths[0] += art.tenths[0];
        out.bombardTenths[1] += art.tenths[1];
      }
      lost[0] = art.losses[0];
      lost[1] = art.losses[1];
      if (wk)
        wk.artillery = {
          d10,
          twoD10,
          hitDiceTenths: art.tenths,
          lost: [lost[0].lost, lost[1].lost],
          dead: [lost[0].dead, lost[1].dead],
        };
    }

    // 5. Harass, assault, storm or sally: a War Machine battle with the siege's modifications.
    const battle = sally
      ? 'sally'
      : attackerTactic === 'harass' || attackerTactic === 'assault' || attackerTactic === 'storm'
        ? attackerTactic
        : null;
    let pairing: PairEffects = { noCombat: false, brBonus: [0, 0], casualtyMod: [0, 0], withdraws: [false, false] };
    let pairingIndex = 0;
    if (sally) {
      if (setup.sallyPairings.length > 1) {
        const x = dice.next();
        while (x >= setup.sallyPairings[pairingIndex].threshold) pairingIndex++;
      }
      pairing = setup.sallyPairings[pairingIndex].effects;
    }
    const bt: SiegeBattleTrace | null =
      wk && battle !== null
        ? {
            battle,
            pairing: pairingIndex,
            noCombat: pairing.noCombat,
            parts: [[], []],
            battleRating: [0, 0],
            rolls: [],
            difference: 0,
            winner: null,
            row: null,
            sides: null,
          }
        : null;
    if (wk) wk.battle = bt;
    if (battle !== null && !pairing.noCombat) {
      out.battles++;
      // 2. Modify BR for the field of battle: fatigue, troop ratio (defenders ×4 inside), siege bonuses.
      const fighting = sally || troops[0] <= setup.attackerTroopCap ? troops[0] : setup.attackerTroopCap;
      const defenders = sally ? troops[1] : troops[1] * setup.defenderRatioMultiplier;
      const br = [0, 0];
      // Each side's BR is the sum of its named parts (the trace keeps them for the narration).
      const add = (s: 0 | 1, part: BrPart['part'], value: number) => {
        br[s] += value;
        if (bt && (value !== 0 || part === 'battle rating')) bt.parts[s].push({ part, value });
      };
      add(0, 'battle rating', setup.battleRating[0]);
      add(0, 'tactics', pairing.brBonus[0]);
      add(0, 'fatigue', FATIGUE_BR[fatigue[0]]);
      add(1, 'battle rating', setup.battleRating[1]);
      add(1, 'tactics', pairing.brBonus[1]);
      add(1, 'fatigue', FATIGUE_BR[worseFatigue(fatigue[1], starving)]);
      if (fighting > defenders)
        add(0, 'troop ratio', troopRatioBonus(fighting, defenders, setup.policies.ratioRounding));
      else if (defenders > fighting)
        add(1, 'troop ratio', troopRatioBonus(defenders, fighting, setup.policies.ratioRounding));
      // 4. Reveal tactics and add the equipment BR (a sally: +10%, no fortification, RC l. 11509).
      if (!sally) {
        add(0, 'siege equipment', arms.equipmentBr.attacker[attackerTactic as FiringTactic] ?? 0);
        add(0, 'no ammunition', eqDelta[0]);
        add(0, 'breach', breachBr(out.breachFeet));
        add(1, 'fortifications', setup.fortificationBr);
        add(1, 'siege equipment', arms.equipmentBr.defender[attackerTactic as FiringTactic] ?? 0);
        add(1, 'no ammunition', eqDelta[1]);
      } else add(1, 'sally', setup.sallyBonus);
      if (battle === 'assault') add(0, 'assault', setup.assaultBonus);
      if (battle === 'storm') add(0, 'weeks besieged', BESIEGE_BR_PER_WEEK * besieged);
      if (!simple && starvationEffect(weeksShort).halveBr) add(1, 'starving', -setup.starvedBrLoss);
      // Morale drops 2 points a week of malnutrition (RC l. 11712; sheet l. 365): War Machine morale is BR points.
      if (!simple && setup.policies.malnutritionMorale) add(1, 'malnutrition', -MALNUTRITION_MORALE_BR * weeksShort);
      let difference = 0;
      for (;;) {
        const i = dice.below(10_000);
        difference = br[0] + Math.floor(i / 100) - (br[1] + (i % 100));
        bt?.rolls.push([Math.floor(i / 100) + 1, (i % 100) + 1]);
        if (difference !== 0 || setup.policies.tie !== 'reroll') break;
      }
      const winner: 0 | 1 | null =
        difference > 0
          ? 0
          : difference < 0
            ? 1
            : setup.policies.tie === 'attacker'
              ? 0
              : setup.policies.tie === 'defender'
                ? 1
                : null;
      if (bt) {
        bt.battleRating = [br[0], br[1]];
        bt.difference = difference;
        bt.winner = winner;
      }
      if (winner !== null) {
        const row = difference === 0 ? 0 : resultsRow(Math.min(151, Math.abs(difference)));
        const sideTraces: SiegeBattleSideTrace[] = [];
        const scale =
          battle === 'sally'
            ? CASUALTY_SCALE.sally
            : battle === 'storm'
              ? CASUALTY_SCALE.simple
              : CASUALTY_SCALE[battle];
        const holds: [boolean, boolean] =
          battle === 'sally' ? [false, false] : battle === 'storm' ? [false, true] : [true, true];
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
        const fx =
          battle === 'assault'
            ? { ...pairing, casualtyMod: [0, ASSAULT_DEFENDER_CASUALTY_POINTS] as [number, number] }
            : pairing;
        const policies =
          battle === 'assault' ? { ...setup.policies, casualtyMod: 'additive' as const } : setup.policies;
        const result = decidedSides(sides, fx, winner, row, policies);
        for (let s = 0; s < 2; s++) {
          const o = result[s];
          const raw = RESULTS_TABLE[row].location[s === winner ? 0 : 1];
          // A rout or — ends the siege, except for a side that holds regardless (harass; the simple siege's
          // defender); under assault the losers are driven back (RC l. 11616).
          ends[s] = (raw === 'rout' || raw === '-') && !(holds[s] && battle !== 'assault');
          const left =
            (o.location !== 'withdraws' && (o.location[0] === 'R' || o.location === 'rout' || o.location === '-')) ||
            (battle === 'assault' && ends[s]);
          let standing = troops[s] - lost[s].lost;
          if (s === 0 && standing > fighting) standing = fighting;
          const c = casualties(standing, o.percent, left);
          lost[s] = { dead: lost[s].dead + c.dead, lost: lost[s].lost + c.lost };
          nextFatigue[s] = fatigueLevel(o.fatigue);
          if (bt)
            sideTraces.push({
              percent: o.percent.num / o.percent.den,
              dead: c.dead,
              lost: c.lost,
              fatigue: o.fatigue,
              location: o.location,
              ends: ends[s],
            });
        }
        if (bt) {
          bt.row = row;
          bt.sides = sideTraces as [SiegeBattleSideTrace, SiegeBattleSideTrace];
        }
      }
    }
    fatigue = nextFatigue; // fatigue from a battle lasts one week (sheet l. 331)
    nextFatigue = [0, 0];
    for (let s = 0; s < 2; s++) {
      troops[s] -= lost[s].lost;
      out.dead[s] += lost[s].dead;
      out.wounded[s] += lost[s].lost - lost[s].dead;
    }

    // Damage so far: the weapons fired this week add their rolls; the walls' share opens breaches.
    if (!sally || setup.damageEveryWeek) {
      const f = setup.firing[attackerTactic as FiringTactic];
      const add = f
        ? (f.artillery ? (firedArtilleryRolls ?? rolls.artillery) : 0) +
          (f.ballista ? (firedBallistaRolls ?? rolls.ballista) : 0) +
          (f.breaching ? rolls.breaching : 0)
        : 0;
      if (add > 0) {
        if (wk) wk.damageAdded = add;
        gross += add;
        net = netDamage(gross, 1, damageD100);
        if (wallHp > 0 && setup.wallLengthFeet > 0) {
          const walls = allocateDamage(net, setup.hitPoints).byClass[0];
          out.breachFeet = Math.min(
            setup.wallLengthFeet,
            10 * Math.floor(walls / ((wallHp * 10) / setup.wallLengthFeet)),
          );
        }
      }
    }
    if (attackerTactic === 'besiege') besieged++;

    // 1. (next week's) food: without food the garrison loses 10% a week (simple siege; policy tenPercent).
    let starvedOut = false;
    if ((week > setup.foodWeeks || shortOfRations) && troops[1] > 0) {
      const loss = starvationLoss(troops[1], setup.troops[1], setup.policies.starvation);
      troops[1] -= loss;
      out.deserted += loss;
      if (wk) wk.starved = loss;
      weeksShort++;
      starvedOut = troops[1] === 0;
    }
    if (wk) {
      wk.troopsAtEnd = [troops[0], troops[1]];
      wk.damageSoFar = net;
      wk.breachFeet = out.breachFeet;
    }
    if (ends[1] || (troops[1] <= 0 && !starvedOut)) return end('stormed');
    if (troops[1] <= 0) return end('starved');
    if (ends[0]) {
      if (battle === 'assault')
        out.repulsed++; // driven back to bombarding range: the siege goes on
      else return end('attackerRouted');
    }
    if (troops[0] <= 0) return end('attackerRouted');
  }
  if (trace && trace.weeks.length > 0) trace.weeks[trace.weeks.length - 1].ending = 'standing';
  return finish(setup, out, 'standing', setup.weekLimit, net);
}

/** Post-siege adjustments (RC l. 11756–11770): rubble at or over the total hit points, else the damage order. */
function finish(setup: SiegeSetup, out: SiegeOutcome, ending: SiegeEnding, week: number, net: number): SiegeOutcome {
  out.ending = ending;
  out.endWeek = week;
  out.damage = net;
  if (net > 0) {
    const d = allocateDamage(net, setup.hitPoints);
    out.rubble = d.rubble && setup.hitPoints.some((h) => h > 0);
    out.damageByClass = d.byClass;
  }
  return out;
}
