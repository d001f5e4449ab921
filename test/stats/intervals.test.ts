/** Wilson intervals and discrete quantiles against known values. */
import { describe, expect, it } from 'vitest';
import { discrete, discreteMean, discreteQuantile, wilsonInterval, Z95 } from '../../src/stats/index.js';

describe('wilsonInterval', () => {
  it('matches published values', () => {
    // Newcombe (1998), Statistics in Medicine 17:857, Table I: 81/263 → 0.2553–0.3662; 0/10 → 0–0.2775
    const [lo, hi] = wilsonInterval(81, 263);
    expect(lo).toBeCloseTo(0.2553, 4);
    expect(hi).toBeCloseTo(0.3662, 4);
    const [lo0, hi0] = wilsonInterval(0, 10);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(0.2775, 4);
    expect(Z95).toBeCloseTo(1.959964, 6);
  });

  it('is exactly 0 or 1 at the ends, for any n', () => {
    for (const n of [1, 7, 1000, 1e6, 123_456_789]) {
      expect(wilsonInterval(0, n)[0]).toBe(0);
      expect(wilsonInterval(n, n)[1]).toBe(1);
    }
  });
});

describe('discrete quantiles', () => {
  it('inverse empirical CDF of weighted values', () => {
    const d = discrete([
      [10, 1],
      [0, 2],
      [5, 1],
      [0, 1],
    ]); // 0×3, 5×1, 10×1
    expect(d).toEqual({ values: [0, 5, 10], weights: [3, 1, 1] });
    expect(discreteQuantile(d, 0.05)).toBe(0);
    expect(discreteQuantile(d, 0.6)).toBe(0);
    expect(discreteQuantile(d, 0.61)).toBe(5);
    expect(discreteQuantile(d, 0.95)).toBe(10);
    expect(discreteMean(d)).toBe(3);
  });
});
