/**
 * The exact answer for a march: a Markov chain over (distance, food, days without food, exertion fatigue, days
 * before it eases), stepped one day at a time. Each day's transitions come from the readable rule itself
 * (`marchDay`) run once per combination of dice, so the chain and the rules cannot drift apart. The state space
 * is small (food and distance are the only counters that grow), so every reachable state is kept.
 * Output: probabilities in the kernel's accumulator layout (plan.ts), so one summary reads both.
 */
import {
  fatigueLevel,
  fatigueOf,
  MARCH_ACTIONS,
  marchDay,
  type Dice,
  type MarchFatigue,
  type MarchPolicies,
  type MarchState,
} from '../../rules/warMachine/march.js';
import type { TroopClassName } from '../../rules/warMachine/forceRating.js';
import { marchLayout, startState, type MarchPlan } from './plan.js';

/** Thrown by the enumerating dice when a run needs one more die than its script holds. */
class NeedDie {
  constructor(readonly sides: number) {}
}

/**
 * Every outcome of `fn` over all its dice, with its probability: `fn` is run once per sequence of rolls
 * (depth first), each sequence weighted 1/sides per die. `fn` must be pure apart from the dice.
 */
export function enumerateDice<T>(fn: (dice: Dice) => T): { probability: number; value: T }[] {
  const out: { probability: number; value: T }[] = [];
  const walk = (rolls: number[], probability: number): void => {
    let i = 0;
    const dice: Dice = {
      die(sides) {
        if (i < rolls.length) return rolls[i++];
        throw new NeedDie(sides);
      },
    };
    let value: T;
    try {
      value = fn(dice);
    } catch (e) {
      if (!(e instanceof NeedDie)) throw e;
      for (let r = 1; r <= e.sides; r++) walk([...rolls, r], probability / e.sides);
      return;
    }
    out.push({ probability, value });
  };
  walk([], 1);
  return out;
}

/** A state without its distance (the day's rule does not depend on how far the force has come). */
function restKey(s: MarchState): number {
  return ((s.food * 4 + s.daysWithoutFood) * 3 + fatigueLevel(s.exertion.fatigue)) * 5 + s.exertion.daysLeft;
}

export interface ChainOptions {
  /** Stop with an error if the chain holds more states than this on any day (the caller falls back to Monte Carlo). */
  maxStates?: number;
}

export class ChainTooLarge extends Error {}

/** Exact probabilities of the march in the kernel's accumulator layout. */
export function exactMarch(
  plan: MarchPlan,
  troopClass: TroopClassName,
  policies: MarchPolicies,
  o: ChainOptions = {},
): Float64Array {
  const L = marchLayout(plan);
  const acc = new Float64Array(L.length);
  const maxStates = o.maxStates ?? 2_000_000;
  const force = { rate: plan.rate, troopClass };
  // The day's transitions, by action and state-without-distance: [probability, moved, next state].
  const cache = new Map<string, { probability: number; moved: number; next: MarchState }[]>();
  const transitions = (s: MarchState, actionCode: number) => {
    const key = `${actionCode}:${restKey(s)}`;
    let t = cache.get(key);
    if (!t) {
      const base: MarchState = { ...s, distance: 0 };
      t = enumerateDice((dice) => marchDay(base, MARCH_ACTIONS[actionCode], force, policies, dice)).map(
        ({ probability, value }) => ({
          probability,
          moved: value.moved,
          next: value.state,
        }),
      );
      cache.set(key, t);
    }
    return t;
  };

  let states = new Map<string, { state: MarchState; p: number }>();
  const start = startState(plan);
  states.set(stateKey(start), { state: start, p: 1 });
  for (let d = 0; d < plan.days; d++) {
    const next = new Map<string, { state: MarchState; p: number }>();
    for (const { state, p } of states.values()) {
      for (const t of transitions(state, plan.actions[d])) {
        const q = p * t.probability;
        const distance = state.distance + t.moved;
        const s: MarchState = { ...t.next, distance };
        const fat = fatigueLevel(fatigueOf(s));
        if (plan.target >= 0 && distance >= plan.target) {
          acc[L.arrival + d] += q;
          acc[L.arrivalFatigue + 3 * d + fat] += q;
          acc[L.distance + plan.target] += q;
          for (let e = d; e < plan.days; e++) acc[L.perDay + 4 * e + 3] += q;
          continue;
        }
        acc[L.perDay + 4 * d + fat] += q;
        const k = stateKey(s);
        const have = next.get(k);
        if (have) have.p += q;
        else next.set(k, { state: s, p: q });
      }
    }
    if (next.size > maxStates)
      throw new ChainTooLarge(`the exact chain needs more than ${maxStates} states on day ${d + 1}`);
    states = next;
  }
  for (const { state, p } of states.values()) {
    acc[L.arrival + plan.days] += p;
    acc[L.arrivalFatigue + 3 * plan.days + fatigueLevel(fatigueOf(state))] += p;
    acc[L.distance + state.distance] += p;
  }
  return acc;
}

function stateKey(s: MarchState): string {
  return `${s.distance}:${restKey(s)}`;
}

export type { MarchFatigue };
