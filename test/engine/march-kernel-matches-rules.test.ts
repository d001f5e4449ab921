/**
 * The march kernel against the readable rules on the same dice: for random plans, `followPlan` (the readable
 * day, src/rules/warMachine/march.ts) run trial by trial on the kernel's generator gives every count the
 * kernel gives.
 */
import { describe, expect, it } from 'vitest';
import { compileMarch, type MarchInput } from '../../src/kinds/march/plan.js';
import { randomMarch, readableCounts } from '../helpers/randomMarch.js';
import { marchAccLength, runMarchChunks } from '../../src/kinds/march/kernel.js';
import { Xoshiro128 } from '../../src/rng/index.js';
import { MARCH_ACTIONS } from '../../src/rules/warMachine/march.js';

describe('march kernel = readable rules, same dice', () => {
  it('60 random plans × 3,000 trials, every count equal', () => {
    const g = Xoshiro128.forChunk(11, 99, 0);
    for (let i = 0; i < 60; i++) {
      const m = randomMarch(g);
      const plan = compileMarch(m);
      const kernel = new Float64Array(marchAccLength(plan));
      runMarchChunks(plan, 500 + i, 0, 1, 3000, kernel);
      expect(Array.from(kernel), `plan ${i}: ${JSON.stringify(m)}`).toEqual(
        Array.from(readableCounts(m, 500 + i, 0, 3000)),
      );
    }
  });
  it('every action is exercised, and a one-cell change in the table is seen', () => {
    expect(MARCH_ACTIONS).toHaveLength(5);
    const m: MarchInput = {
      actions: Array(6).fill('forced-march'),
      rate: 12,
      troopClass: 'Fair',
      food: 9,
      target: null,
      policies: { forcedMarchTable: 'book', forageTerrain: 0, forageInPlace: true },
    };
    const book = new Float64Array(marchAccLength(compileMarch(m)));
    runMarchChunks(compileMarch(m), 3, 0, 1, 3000, book);
    const sheet = readableCounts({ ...m, policies: { ...m.policies, forcedMarchTable: 'sheet' } }, 3, 0, 3000);
    expect(Array.from(book)).not.toEqual(Array.from(sheet));
  });
});
