/** Random small marches for the kernel and chain tests, and the readable rules' counts for a chunk. */
import { compileMarch, marchLayout, startState, type MarchInput } from '../../src/kinds/march/plan.js';
import { Stream, Xoshiro128 } from '../../src/rng/index.js';
import { TROOP_CLASSES } from '../../src/rules/warMachine/forceRating.js';
import { fatigueLevel, fatigueOf, followPlan, type MarchAction } from '../../src/rules/warMachine/march.js';

export function randomMarch(g: Xoshiro128): MarchInput {
  const days = 1 + g.below(12);
  const weights: MarchAction[] = ['march', 'forage', 'forage-slow', 'forced-march', 'forced-march', 'rest'];
  const actions = Array.from({ length: days }, () => weights[g.below(weights.length)]);
  const rate = 1 + g.below(30);
  return {
    actions,
    rate,
    troopClass: TROOP_CLASSES[g.below(8)].name,
    food: g.below(5),
    target: g.below(4) === 0 ? null : 1 + g.below(rate * days),
    daysWithoutFood: g.below(3),
    policies: {
      forcedMarchTable: g.coin() ? 'book' : 'sheet',
      forageTerrain: g.below(3) - 1,
      forageInPlace: g.coin() === 1,
    },
  };
}

/** The accumulator built from the readable rules, trial by trial. */
export function readableCounts(m: MarchInput, seed: number, chunk: number, trials: number): Float64Array {
  const plan = compileMarch(m);
  const L = marchLayout(plan);
  const acc = new Float64Array(L.length);
  const rng = Xoshiro128.forChunk(seed, Stream.march, chunk);
  for (let t = 0; t < trials; t++) {
    const o = followPlan(
      startState(plan),
      m.actions,
      { rate: m.rate, troopClass: m.troopClass },
      m.policies,
      m.target,
      rng,
    );
    o.fatigueByDay.forEach((f, d) => acc[L.perDay + 4 * d + fatigueLevel(f)]++);
    const row = o.arrivedDay === 0 ? plan.days : o.arrivedDay - 1;
    if (o.arrivedDay > 0) for (let d = o.arrivedDay - 1; d < plan.days; d++) acc[L.perDay + 4 * d + 3]++;
    acc[L.arrival + row]++;
    acc[L.arrivalFatigue + 3 * row + fatigueLevel(fatigueOf(o.state))]++;
    acc[L.distance + o.state.distance]++;
  }
  return acc;
}
