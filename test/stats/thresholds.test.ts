/** Cumulative 32-bit thresholds (src/stats/thresholds.ts): the choice by one draw that plans hand their kernels. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cumulativeThresholds } from '../../src/stats/thresholds.js';

const TWO_POW_32 = 4294967296;

describe('cumulativeThresholds', () => {
  it('one outcome takes every draw; ½ ½ splits at 2³¹; ⅓ ⅓ ⅓ at the rounded thirds', () => {
    expect([...cumulativeThresholds([1])]).toEqual([TWO_POW_32]);
    expect([...cumulativeThresholds([0.5, 0.5])]).toEqual([2 ** 31, TWO_POW_32]);
    expect([...cumulativeThresholds([1 / 3, 1 / 3, 1 / 3])]).toEqual([
      Math.round(TWO_POW_32 / 3),
      Math.round((2 / 3) * TWO_POW_32),
      TWO_POW_32,
    ]);
  });

  it('non-decreasing whole numbers, the last exactly 2³² (every draw chooses), each gap within 1 of p × 2³²', () => {
    const probabilities = fc
      .array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 36 })
      .filter((w) => w.some((x) => x > 0))
      .map((w) => {
        const sum = w.reduce((a, b) => a + b, 0);
        return w.map((x) => x / sum);
      });
    fc.assert(
      fc.property(probabilities, (p) => {
        const t = cumulativeThresholds(p);
        expect(t.length).toBe(p.length);
        expect(t[t.length - 1]).toBe(TWO_POW_32);
        for (let i = 0; i < t.length; i++) {
          expect(Number.isInteger(t[i])).toBe(true);
          const gap = t[i] - (i === 0 ? 0 : t[i - 1]);
          expect(gap).toBeGreaterThanOrEqual(0);
          // Two roundings of ½ each, plus the float error of the running sum (n ε × 2³²).
          expect(Math.abs(gap - p[i] * TWO_POW_32)).toBeLessThanOrEqual(1 + p.length * Number.EPSILON * TWO_POW_32);
        }
      }),
      { seed: 32, numRuns: 200 },
    );
  });
});
