/**
 * A march compiled for the kernel and the exact chain: the day-by-day actions as codes, the distances each
 * action covers, and the forced-march table row for the force's troop class, all read from the readable rules
 * (src/rules/warMachine/march.ts). One accumulator layout serves both the Monte Carlo counts and the exact
 * probabilities, so one summary reads either.
 */
import {
  actionDistance,
  forageChanceInSix,
  forcedMarchCell,
  forceMovementRate,
  MARCH_ACTIONS,
  readCell,
  type MarchAction,
  type MarchPolicies,
  type MarchState,
} from '../../rules/warMachine/march.js';
import type { TroopClassName } from '../../rules/warMachine/forceRating.js';
import type { MarchScenario } from './schema.js';
import { marchTroopClass } from './troopClass.js';

export const ACTION_CODE: Record<MarchAction, number> = {
  march: 0,
  forage: 1,
  'forage-slow': 2,
  'forced-march': 3,
  rest: 4,
};

export interface MarchInput {
  actions: readonly MarchAction[];
  /** V′ (already adjusted for the force's size). */
  rate: number;
  troopClass: TroopClassName;
  food: number;
  /** Distance to cover; null: no destination (e.g. how long an unfed army lasts). */
  target: number | null;
  policies: MarchPolicies;
  /** Consecutive days without food before day 1 (default 0). */
  daysWithoutFood?: number;
}

export interface MarchPlan {
  kind: 'march';
  days: number;
  actions: Uint8Array;
  rate: number;
  /** Distance by action code when the force can move (forced march: the successful distance). */
  distance: Int32Array;
  /** Forced-march cells by roll − 1: succeeds × 4 + fatigue caused (0 N, 1 M, 2 S). */
  forcedCells: Uint8Array;
  /** Foraging chance in six by action code (forage, forage-slow). */
  forageChance: Uint8Array;
  forageInPlace: boolean;
  food: number;
  daysWithoutFood: number;
  /** −1: no destination. */
  target: number;
  /** Largest distance a trial can end with (capped at the target): the histogram's last bin. */
  maxDistance: number;
}

export function compileMarch(m: MarchInput): MarchPlan {
  const days = m.actions.length;
  const actions = Uint8Array.from(m.actions, (a) => ACTION_CODE[a]);
  const distance = Int32Array.from(MARCH_ACTIONS, (a) => actionDistance(a, m.rate, true));
  const forcedCells = new Uint8Array(6);
  for (let roll = 1; roll <= 6; roll++) {
    const { succeeds, fatigue } = readCell(forcedMarchCell(m.policies.forcedMarchTable, m.troopClass, roll));
    forcedCells[roll - 1] = (succeeds ? 4 : 0) + (fatigue === 'N' ? 0 : fatigue === 'M' ? 1 : 2);
  }
  const forageChance = new Uint8Array(5);
  forageChance[ACTION_CODE.forage] = forageChanceInSix('forage', m.policies.forageTerrain);
  forageChance[ACTION_CODE['forage-slow']] = forageChanceInSix('forage-slow', m.policies.forageTerrain);
  let reach = 0;
  for (const a of actions) reach += distance[a];
  return {
    kind: 'march',
    days,
    actions,
    rate: m.rate,
    distance,
    forcedCells,
    forageChance,
    forageInPlace: m.policies.forageInPlace,
    food: m.food,
    daysWithoutFood: Math.min(3, m.daysWithoutFood ?? 0),
    target: m.target ?? -1,
    maxDistance: m.target === null ? reach : Math.min(reach, m.target),
  };
}

export function startState(plan: MarchPlan): MarchState {
  return {
    distance: 0,
    food: plan.food,
    daysWithoutFood: plan.daysWithoutFood,
    exertion: { fatigue: 'N', daysLeft: 0 },
  };
}

/**
 * Accumulator layout (counts, or probabilities for the exact chain):
 * - `arrival[d − 1]` arrived on day d; `arrival[days]` never arrived (always, without a destination);
 * - `arrivalFatigue[(d − 1) × 3 + f]` fatigue f (0 N, 1 M, 2 S) on arriving on day d; row `days`: at the end;
 * - `perDay[(d − 1) × 4 + k]` at the end of day d: k = 0 N, 1 M, 2 S still on the road, 3 arrived;
 * - `distance[x]` distance covered at the end (capped at the destination), 0 … maxDistance.
 */
export function marchLayout(plan: Pick<MarchPlan, 'days' | 'maxDistance'>) {
  const arrival = 0;
  const arrivalFatigue = arrival + plan.days + 1;
  const perDay = arrivalFatigue + 3 * (plan.days + 1);
  const distance = perDay + 4 * plan.days;
  const length = distance + plan.maxDistance + 1;
  return { arrival, arrivalFatigue, perDay, distance, length };
}

/** A march scenario's plan, with the troop class and movement rate it was compiled for (the analysis, the roll, the page). */
export function marchPlanOf(s: MarchScenario): { plan: MarchPlan; troopClass: TroopClassName; rate: number } {
  const troopClass = marchTroopClass(s);
  const rate = forceMovementRate(s.force.movement, s.force.troops);
  const plan = compileMarch({
    actions: s.force.actions,
    rate,
    troopClass,
    food: s.force.food,
    target: s.distance ?? null,
    policies: s.marchPolicies,
    daysWithoutFood: s.force.daysWithoutFood,
  });
  return { plan, troopClass, rate };
}
