/**
 * A march's Monte Carlo agrees with the exact Markov chain of the same plan: every probability in the
 * accumulator (arrival day, fatigue on arrival, state per day, distance) within 4.5 standard errors of the
 * exact value (plus one count), over random small plans with fixed seeds; and a wrong answer would fail.
 */
import { describe, expect, it } from 'vitest';
import { exactMarch } from '../../src/kinds/march/chain.js';
import { compileMarch, marchLayout, type MarchInput } from '../../src/kinds/march/plan.js';
import { runTrials } from '../../src/engine/run.js';
import { marchKernel } from '../../src/kinds/march/kernelEntry.js';
import { Xoshiro128 } from '../../src/rng/index.js';
import { proportionStandardError } from '../../src/stats/index.js';
import { randomMarch } from '../helpers/randomMarch.js';

const TRIALS = 200_000;
const K = 4.5;
const close = (observed: number, exact: number, n: number) =>
  Math.abs(observed - exact) <= K * proportionStandardError(exact, n) + 1 / n;

async function both(m: MarchInput, seed: number) {
  const plan = compileMarch(m);
  const exact = exactMarch(plan, m.troopClass, m.policies);
  const run = await runTrials({ kernel: marchKernel, plan, seed, trials: TRIALS, threads: 1 });
  return { plan, exact, mc: Array.from(run.acc, (c) => c / TRIALS) };
}

describe('march: Monte Carlo vs the exact chain', () => {
  it('25 random plans × 200,000 marches, every bin', async () => {
    const g = Xoshiro128.forChunk(5, 55, 3);
    let checks = 0;
    for (let i = 0; i < 25; i++) {
      const m = randomMarch(g);
      const { plan, exact, mc } = await both(m, 70 + i);
      const L = marchLayout(plan);
      // The chain's probabilities are a distribution in each block.
      const sum = (from: number, to: number) => exact.slice(from, to).reduce((t, x) => t + x, 0);
      expect(sum(L.arrival, L.arrivalFatigue)).toBeCloseTo(1, 12);
      expect(sum(L.distance, L.length)).toBeCloseTo(1, 12);
      for (let j = 0; j < exact.length; j++) {
        expect(
          close(mc[j], exact[j], TRIALS),
          `plan ${i} slot ${j}: ${mc[j]} vs ${exact[j]} (${JSON.stringify(m)})`,
        ).toBe(true);
        checks++;
      }
    }
    expect(checks).toBeGreaterThan(1000);
  });

  it('a mismatch would be caught: the chain of the other forced-march table fails on the cell that differs', async () => {
    // Fair troops forcing the march every day: the book's roll 6 is N, the sheet's is M (1 in 6 each day).
    const m: MarchInput = {
      actions: Array(4).fill('forced-march'),
      rate: 12,
      troopClass: 'Fair',
      food: 9,
      target: null,
      policies: { forcedMarchTable: 'book', forageTerrain: 0, forageInPlace: true },
    };
    const { plan, mc } = await both(m, 9);
    const sheet = exactMarch(compileMarch({ ...m, policies: { ...m.policies, forcedMarchTable: 'sheet' } }), 'Fair', {
      ...m.policies,
      forcedMarchTable: 'sheet',
    });
    const L = marchLayout(plan);
    const slot = L.perDay + 0 * 4 + 0; // not fatigued after day 1: book rolls 1, 5, 6 (1/2), sheet rolls 1, 5 (1/3)
    expect(sheet[slot]).toBeCloseTo(1 / 3, 12);
    expect(close(mc[slot], sheet[slot], TRIALS)).toBe(false);
  });
});
