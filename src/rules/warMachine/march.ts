/**
 * Marching over days: movement rate by force size, foraging, going without food, forced marches and fatigue
 * recovery. Readable rules; the engine's march kernel compiles the same day into tables and a test checks the
 * two agree trial by trial, and an exact Markov chain is built from `marchDay` itself (every die enumerated).
 *
 * Sources (docs/rules.md §8 quotes them):
 * - Movement rate: sheet l. 190–192; RC ch. 9 "Movement Rate" l. 11374–11378.
 * - Food and foraging: sheet l. 193–195; RC "Food" l. 11382–11384, l. 11412.
 * - Forced march: sheet l. 196–198 and table l. 230–241; RC "Forced Marches Table" l. 11386–11410, l. 11414.
 * - Fatigue recovery: sheet l. 180–181; RC "Fatigue" l. 11164.
 * - "Round all fractions up": RC l. 10904.
 */
import type { Fatigue } from './results.js';
import type { TroopClassName } from './forceRating.js';

/** What a force does on one day of a plan. */
export type MarchAction = 'march' | 'forage' | 'forage-slow' | 'forced-march' | 'rest';
export const MARCH_ACTIONS: readonly MarchAction[] = ['march', 'forage', 'forage-slow', 'forced-march', 'rest'];

/** A fatigue level a force can carry between days (the results table's '-' never reaches a march). */
export type MarchFatigue = Exclude<Fatigue, '-'>;
const LEVEL: Record<MarchFatigue, number> = { N: 0, M: 1, S: 2 };
const BY_LEVEL: readonly MarchFatigue[] = ['N', 'M', 'S'];

export function worse(a: MarchFatigue, b: MarchFatigue): MarchFatigue {
  return LEVEL[a] >= LEVEL[b] ? a : b;
}

/** Something that rolls dice: 1…sides, uniformly (the engine passes its generator; the exact chain a script). */
export interface Dice {
  die(sides: number): number;
}

// ---------------------------------------------------------------------------------------------------------
// Movement rate (sheet l. 190–192; RC l. 11374–11378)
// ---------------------------------------------------------------------------------------------------------

/**
 * A force's daily movement V′ from the slowest member's rate V: 50 or fewer troops move at V, 51–100 at
 * 2V/3, 101 or more at V/2; fractions rounded up (RC l. 10904).
 */
export function forceMovementRate(slowestRate: number, troops: number): number {
  if (troops <= 50) return slowestRate;
  if (troops <= 100) return Math.ceil((2 * slowestRate) / 3);
  return Math.ceil(slowestRate / 2);
}

/** The distance one day's action covers at V′ when the force can move (fractions up). */
export function actionDistance(action: MarchAction, rate: number, forcedMarchSucceeds: boolean): number {
  switch (action) {
    case 'march':
      return rate;
    case 'forage': // sheet l. 193: "Foraging at 2V′/3"
      return Math.ceil((2 * rate) / 3);
    case 'forage-slow': // "or V′/3"
      return Math.ceil(rate / 3);
    case 'forced-march': // sheet l. 196: "Move at 3V′/2 if successful"; RC: "add 50% to day's movement"
      return forcedMarchSucceeds ? Math.ceil((3 * rate) / 2) : rate;
    case 'rest':
      return 0;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Foraging (sheet l. 193–194; RC l. 11384)
// ---------------------------------------------------------------------------------------------------------

/**
 * Chance in six that a day's foraging finds enough food: 2 at 2V′/3, 4 at V′/3 (RC: "Terrain can modify the
 * chances by +1 or -1 at the DM's discretion": `terrain`, clamped to 0–6).
 */
export const FORAGE_IN_SIX: Record<'forage' | 'forage-slow', number> = { forage: 2, 'forage-slow': 4 };

export function forageChanceInSix(action: 'forage' | 'forage-slow', terrain: number): number {
  return Math.min(6, Math.max(0, FORAGE_IN_SIX[action] + terrain));
}

// ---------------------------------------------------------------------------------------------------------
// Hunger (sheet l. 194–195; RC l. 11412)
// ---------------------------------------------------------------------------------------------------------

/**
 * Fatigue from going without food: "a force can travel for one day without penalty. After a second day, the
 * force becomes moderately fatigued. After a third day, the force is seriously fatigued" (RC l. 11412). A day's
 * food removes it all — but not fatigue from combat or forced marches, which is kept apart (`exertion`).
 */
export function hungerFatigue(daysWithoutFood: number): MarchFatigue {
  if (daysWithoutFood >= 3) return 'S';
  if (daysWithoutFood >= 2) return 'M';
  return 'N';
}
/** Days without food past which nothing changes (the state keeps min(days, this)). */
export const HUNGER_CAP = 3;

// ---------------------------------------------------------------------------------------------------------
// Forced march table (sheet l. 230–241; RC l. 11386–11410)
// ---------------------------------------------------------------------------------------------------------

/**
 * One cell: F = the forced march succeeds (+50% movement); M = moderate fatigue (serious if already fatigued);
 * S = serious fatigue; N = no forced march, no fatigue (the sheet prints it as '—'). Cumulative: 'F+M'.
 */
export type ForcedMarchCell = 'F' | 'F+M' | 'F+S' | 'M' | 'N';

/** RC ch. 9 Forced Marches Table, l. 11388–11398 (the default reading). Columns: the 1d6 roll 1…6. */
export const FORCED_MARCH_BOOK: Record<TroopClassName, readonly ForcedMarchCell[]> = {
  Untrained: ['F', 'F+M', 'F+S', 'M', 'M', 'M'], // l. 11391
  Poor: ['F', 'F+M', 'F+S', 'N', 'N', 'M'], // l. 11392
  'Below average': ['F', 'F+M', 'F+M', 'F+S', 'M', 'M'], // l. 11393
  Fair: ['F', 'F+M', 'F+M', 'F+M', 'N', 'N'], // l. 11394
  Average: ['F', 'F', 'F+M', 'F+M', 'N', 'M'], // l. 11395
  Good: ['F', 'F', 'F+M', 'F+M', 'N', 'N'], // l. 11396
  Excellent: ['F', 'F', 'F', 'F', 'F+M', 'N'], // l. 11397
  Elite: ['F', 'F', 'F', 'F', 'F+M', 'F+M'], // l. 11398
};

/**
 * The sheet's table, l. 233–240 ('—' read as N). It differs from the book in two cells: Poor roll 5
 * (sheet M, book N) and Fair roll 6 (sheet M, book N). Policy `forcedMarchTable: sheet`.
 */
export const FORCED_MARCH_SHEET: Record<TroopClassName, readonly ForcedMarchCell[]> = {
  Untrained: ['F', 'F+M', 'F+S', 'M', 'M', 'M'], // l. 233
  Poor: ['F', 'F+M', 'F+S', 'N', 'M', 'M'], // l. 234
  'Below average': ['F', 'F+M', 'F+M', 'F+S', 'M', 'M'], // l. 235
  Fair: ['F', 'F+M', 'F+M', 'F+M', 'N', 'M'], // l. 236
  Average: ['F', 'F', 'F+M', 'F+M', 'N', 'M'], // l. 237
  Good: ['F', 'F', 'F+M', 'F+M', 'N', 'N'], // l. 238
  Excellent: ['F', 'F', 'F', 'F', 'F+M', 'N'], // l. 239
  Elite: ['F', 'F', 'F', 'F', 'F+M', 'F+M'], // l. 240
};

export type ForcedMarchTable = 'book' | 'sheet';

export function forcedMarchCell(table: ForcedMarchTable, troopClass: TroopClassName, roll: number): ForcedMarchCell {
  return (table === 'book' ? FORCED_MARCH_BOOK : FORCED_MARCH_SHEET)[troopClass][roll - 1];
}

/** A cell read as (succeeds, fatigue it causes before the "already fatigued" rule). */
export function readCell(cell: ForcedMarchCell): { succeeds: boolean; fatigue: MarchFatigue } {
  return { succeeds: cell[0] === 'F', fatigue: cell.endsWith('M') ? 'M' : cell.endsWith('S') ? 'S' : 'N' };
}

/**
 * Fatigue after a forced march result: "M: … (serious if already fatigued)" (sheet l. 197; RC l. 11408:
 * "If force is already moderately fatigued, it becomes seriously fatigued"). `current` is the force's fatigue
 * from any cause.
 */
export function fatigueAfterForcedMarch(current: MarchFatigue, caused: MarchFatigue): MarchFatigue {
  if (caused === 'M' && current !== 'N') return 'S';
  return worse(current, caused);
}

// ---------------------------------------------------------------------------------------------------------
// Recovery (sheet l. 180–181; RC l. 11164)
// ---------------------------------------------------------------------------------------------------------

/**
 * "Seriously fatigued force becomes moderately fatigued after 1d4 days; moderately fatigued force recovers
 * after 1d4 days" (sheet l. 180–181; RC l. 11164: "Troops will remain fatigued for 1d4 days"). A force that
 * becomes fatigued on day d rolls 1d4 = k at once and is fatigued on the mornings of days d+1 … d+k; at the
 * end of day d+k it eases one step (S → M, rolling 1d4 again; M → N).
 */
export interface Exertion {
  fatigue: MarchFatigue;
  /** Days left before the fatigue eases one step (0 when N). */
  daysLeft: number;
}

/** Set fatigue from a battle or forced march: a new 1d4 countdown when it gets worse (never better). */
export function setExertion(e: Exertion, fatigue: MarchFatigue, dice: Dice): Exertion {
  if (LEVEL[fatigue] <= LEVEL[e.fatigue]) return e;
  return { fatigue, daysLeft: dice.die(4) };
}

/** One day passes for fatigue already carried at the start of the day. */
export function recoverOneDay(e: Exertion, dice: Dice): Exertion {
  if (e.fatigue === 'N') return e;
  if (e.daysLeft > 1) return { fatigue: e.fatigue, daysLeft: e.daysLeft - 1 };
  return e.fatigue === 'S' ? { fatigue: 'M', daysLeft: dice.die(4) } : { fatigue: 'N', daysLeft: 0 };
}

// ---------------------------------------------------------------------------------------------------------
// One day of a march
// ---------------------------------------------------------------------------------------------------------

export interface MarchForce {
  /** V′: the daily movement of the whole force (`forceMovementRate`). */
  rate: number;
  troopClass: TroopClassName;
}

export interface MarchPolicies {
  forcedMarchTable: ForcedMarchTable;
  /** Terrain modifier to the foraging chance (−1, 0, +1; RC l. 11384). */
  forageTerrain: number;
  /**
   * A seriously fatigued force "cannot move" (sheet l. 192): may it still forage where it stands (no distance,
   * same chance)? Neither source says; default true, so a starving army can still feed itself.
   */
  forageInPlace: boolean;
}

export interface MarchState {
  /** Distance covered so far (same unit as the rate: miles, hexes…). */
  distance: number;
  /** Days of food carried. */
  food: number;
  /** Consecutive days without food, kept at most HUNGER_CAP. */
  daysWithoutFood: number;
  /** Fatigue from forced marches (and battles), which food does not cure. */
  exertion: Exertion;
}

/** The force's fatigue from every cause: the worse of hunger and exertion. */
export function fatigueOf(s: MarchState): MarchFatigue {
  return worse(hungerFatigue(s.daysWithoutFood), s.exertion.fatigue);
}

export interface MarchDay {
  state: MarchState;
  /** Distance moved today. */
  moved: number;
  /** Whether a forced march succeeded / food was found by foraging / the force went unfed. */
  forced: boolean;
  foraged: boolean;
  unfed: boolean;
}

/**
 * One day: the action (with its dice) at the morning's fatigue, then food, then recovery. Dice in this order:
 * the forced-march 1d6 or the foraging 1d6, then the 1d4 of a recovery step for fatigue carried from earlier
 * days, then the 1d4 of fatigue caused today.
 */
export function marchDay(
  s: MarchState,
  action: MarchAction,
  force: MarchForce,
  p: MarchPolicies,
  dice: Dice,
): MarchDay {
  const morning = fatigueOf(s);
  // "Cannot move if seriously fatigued" (sheet l. 192; RC l. 11412); "a force that is seriously fatigued cannot
  // attempt a forced march" (RC l. 11414).
  const canMove = morning !== 'S';
  let moved = 0;
  let forced = false;
  let foraged = false;
  let caused: MarchFatigue = 'N';
  if (action === 'forced-march' && canMove) {
    const { succeeds, fatigue } = readCell(forcedMarchCell(p.forcedMarchTable, force.troopClass, dice.die(6)));
    forced = succeeds;
    caused = fatigue;
    moved = actionDistance('forced-march', force.rate, succeeds);
  } else if ((action === 'forage' || action === 'forage-slow') && (canMove || p.forageInPlace)) {
    foraged = dice.die(6) <= forageChanceInSix(action, p.forageTerrain);
    moved = canMove ? actionDistance(action, force.rate, false) : 0;
  } else if (action === 'march' && canMove) {
    moved = force.rate;
  }
  // Food: what foraging finds feeds the force today and spares the stores; else eat a day's stores.
  let food = s.food;
  let daysWithoutFood = s.daysWithoutFood;
  let unfed = false;
  if (foraged) daysWithoutFood = 0;
  else if (food > 0) {
    food--;
    daysWithoutFood = 0;
  } else {
    unfed = true;
    daysWithoutFood = Math.min(HUNGER_CAP, daysWithoutFood + 1);
  }
  // Recovery counts for fatigue carried into today; fatigue caused today starts its own count.
  let exertion = recoverOneDay(s.exertion, dice);
  // "Already fatigued" is the morning's fatigue from any cause, hunger included.
  if (caused !== 'N') exertion = setExertion(exertion, fatigueAfterForcedMarch(morning, caused), dice);
  return { state: { distance: s.distance + moved, food, daysWithoutFood, exertion }, moved, forced, foraged, unfed };
}

export function fatigueLevel(f: MarchFatigue): number {
  return LEVEL[f];
}
export function fatigueOfLevel(level: number): MarchFatigue {
  return BY_LEVEL[level];
}

// ---------------------------------------------------------------------------------------------------------
// A plan of days
// ---------------------------------------------------------------------------------------------------------

export interface PlanOutcome {
  /** Day the force reached `target` (1-based), or 0 if it did not. */
  arrivedDay: number;
  /** State on arrival (distance capped at the target), or at the end of the plan. */
  state: MarchState;
  /** Fatigue at the end of each day while still on the road (days after arrival are not marched). */
  fatigueByDay: MarchFatigue[];
}

/**
 * Follow a plan day by day until the force covers `target` (null: march every day of the plan). A force that
 * arrives stops there: it has met the enemy (the battle, if any, is fought with its fatigue at that moment).
 */
export function followPlan(
  start: MarchState,
  actions: readonly MarchAction[],
  force: MarchForce,
  p: MarchPolicies,
  target: number | null,
  dice: Dice,
): PlanOutcome {
  let state = start;
  const fatigueByDay: MarchFatigue[] = [];
  for (let day = 1; day <= actions.length; day++) {
    state = marchDay(state, actions[day - 1], force, p, dice).state;
    if (target !== null && state.distance >= target)
      return { arrivedDay: day, state: { ...state, distance: target }, fatigueByDay };
    fatigueByDay.push(fatigueOf(state));
  }
  return { arrivedDay: 0, state, fatigueByDay };
}
