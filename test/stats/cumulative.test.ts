/** The "at most / at least" view of a distribution: P(X ≤ x) and P(X ≥ x) at each value, ends exactly 1. */
import { describe, expect, it } from 'vitest';
import { cumulativeOf, discrete } from '../../src/stats/index.js';

describe('cumulativeOf', () => {
  it('prefix and suffix sums over the total, in value order', () => {
    const c = cumulativeOf(
      discrete([
        [30, 2],
        [10, 1],
        [20, 5],
        [40, 2],
      ]),
    );
    expect(c.values).toEqual([10, 20, 30, 40]);
    expect(c.atMost).toEqual([0.1, 0.6, 0.8, 1]);
    expect(c.atLeast.map((p) => Math.round(p * 1e12) / 1e12)).toEqual([1, 0.9, 0.4, 0.2]);
    // P(X ≤ x_k) + P(X ≥ x_{k+1}) = 1.
    for (let k = 0; k + 1 < c.values.length; k++) expect(c.atMost[k] + c.atLeast[k + 1]).toBeCloseTo(1, 14);
  });
  it('an empty distribution has no points', () => {
    expect(cumulativeOf({ values: [], weights: [] })).toEqual({ values: [], atMost: [], atLeast: [] });
  });
});
