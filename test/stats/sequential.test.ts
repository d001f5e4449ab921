/** The sequential tests of src/stats/sequential.ts: α spending over looks, Bonferroni, doubling stages, drops. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uniforms } from '../helpers/uniforms.js';
import { normalQuantile } from '../../src/stats/normal.js';
import {
  bonferroniZ,
  clearlyBelowBest,
  doublingStages,
  excludesThreshold,
  spendingZ,
} from '../../src/stats/sequential.js';

describe('spendingZ and excludesThreshold', () => {
  it('look k at α / 2^k: z grows with k; bad k refused', () => {
    // The values themselves are checked against published quantiles in test/stats/normal.test.ts.
    expect(spendingZ(1)).toBe(normalQuantile(1 - 0.025 / 2));
    expect(spendingZ(3)).toBe(normalQuantile(1 - 0.05 / 8 / 2));
    for (let k = 1; k < 30; k++) expect(spendingZ(k + 1)).toBeGreaterThan(spendingZ(k));
    expect(() => spendingZ(0)).toThrow(RangeError);
    expect(() => spendingZ(1.5)).toThrow(RangeError);
  });

  it('with p on the threshold, stopping at the first decisive of 6 doubling looks errs below α (400 seeded runs)', () => {
    // Each run: looks at 200 … 6,400 Bernoulli(½) trials, look j (from 1) at spendingZ(j + 1) as warcast seek does.
    // The error spent is Σ 0.05 / 2^(j+1) < 0.025; 400 runs at 0.025 have standard deviation 0.0078, so a rate
    // above 0.05 (3 standard deviations past the bound) means the spending is wrong.
    const unit = uniforms(12345);
    let wrong = 0;
    for (let run = 0; run < 400; run++) {
      let k = 0;
      let n = 0;
      for (let look = 1; look <= 6; look++) {
        for (const end = 100 * 2 ** look; n < end; n++) k += unit() < 0.5 ? 1 : 0;
        if (excludesThreshold(k, n, 0.5, spendingZ(look + 1))) {
          wrong++;
          break;
        }
      }
    }
    expect(wrong / 400).toBeLessThan(0.05);
    // And it can decide: 0.6 against 0.5 at 12,800 trials is ~24 standard errors away.
    expect(excludesThreshold(7680, 12_800, 0.5, spendingZ(8))).toBe(true);
    expect(excludesThreshold(6400, 12_800, 0.5, spendingZ(8))).toBe(false);
  });
});

describe('the race: Bonferroni z, doubling stages, clearly-below-best drops', () => {
  it('bonferroniZ splits α over the decisions', () => {
    expect(bonferroniZ(1)).toBe(normalQuantile(0.975));
    expect(bonferroniZ(40)).toBe(normalQuantile(1 - 0.05 / 80));
    expect(bonferroniZ(0)).toBe(bonferroniZ(1));
  });

  it('doublingStages: increasing whole chunks, at most `stages`, ending at final; halves before it', () => {
    expect(doublingStages(1_600_000, 100_000, 5)).toEqual([100_000, 200_000, 400_000, 800_000, 1_600_000]);
    expect(doublingStages(100_000, 100_000, 5)).toEqual([100_000]);
    expect(doublingStages(250_000, 100_000, 5)).toEqual([100_000, 200_000, 250_000]);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 8 }),
        (final, chunk, stages) => {
          const t = doublingStages(final, chunk, stages);
          expect(t[t.length - 1]).toBe(final);
          expect(t.length).toBeLessThanOrEqual(stages);
          for (let i = 1; i < t.length; i++) expect(t[i]).toBeGreaterThan(t[i - 1]);
          for (const x of t.slice(0, -1)) expect(x % chunk).toBe(0);
        },
      ),
      { seed: 3, numRuns: 300 },
    );
  });

  it('clearlyBelowBest: the intervals wholly under the best lower bound', () => {
    expect(
      clearlyBelowBest([
        [0.5, 0.6],
        [0.3, 0.49],
        [0.45, 0.55],
        [0.2, 0.5],
      ]),
    ).toEqual([1]);
    expect(clearlyBelowBest([[0.5, 0.6]])).toEqual([]);
  });
});
