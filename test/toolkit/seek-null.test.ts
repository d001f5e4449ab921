/**
 * seek's family error, end to end: over many seeds of a search whose every value sits exactly on the target's
 * threshold, the share of runs that call any value surely on one side stays at or below the stated rate, within its
 * own noise — each value's sequential test staged at α ÷ the values the search may visit, stopping once settled or
 * within ± precision, the values visited judged as one family (src/toolkit/seek.ts; test/toolkit/seek-family.test.ts
 * checks the procedure alone on simulated looks).
 *
 * Every value is the same duel, P(wins) = ½, on dice of its own (test/fixtures/fake-kind/salted.ts), against the
 * target `wins >= 0.5`: any value called surely holding or surely failing is a false finding.
 */
import { describe, expect, it } from 'vitest';
import { seek } from '../../src/toolkit/seek.js';
import { UsageError } from '../../src/errors.js';
import { EVEN_DUEL, nullValues } from '../fixtures/fake-kind/salted.js';

/** 16 values; first look 1,000 duels, doubling to 8,000; a value stops settled or at ± 2 points (4,000 duels). */
const SEEK = {
  vary: 'challenger.skill',
  from: 1,
  to: 16,
  target: 'wins >= 0.5',
  trials: 1_000,
  firstLook: 1_000,
  precision: 0.02,
  maxTrials: 8_000,
};

describe('seek: the family error by simulation, every value on the threshold', () => {
  // N seeds; the stated rate is Holm's, P(any value settled on the wrong side) ≤ α = 5%. The share over N runs has
  // standard error √(α(1 − α)/N) = 2.0 points at N = 120: the bound is α + 3 of them = 11.0%. Each value's last
  // interval read at 95% alone excludes the threshold somewhere in far more runs (asserted on the same runs).
  const N = 120;
  const alpha = 0.05;
  const bound = alpha + 3 * Math.sqrt((alpha * (1 - alpha)) / N);
  it(`Holm: any value settled in at most ${(bound * 100).toFixed(1)}% of ${N} seeds; 95% alone fails it`, async () => {
    let runs = 0;
    let any = 0;
    let anyAt95 = 0;
    for (let seed = 1; seed <= N; seed++) {
      let r;
      try {
        r = await seek(nullValues, EVEN_DUEL, { ...SEEK, seed, threads: 1 });
      } catch (e) {
        // No value sampled reached ½ (each does with chance ½; all nine miss about once in 500 runs): no answer.
        if (e instanceof UsageError && /reaches/.test(e.message)) continue;
        throw e;
      }
      runs++;
      expect(r.familyError).toMatchObject({ method: 'holm', alpha, claims: r.evaluated.length });
      expect(r.familyError!.findings).toBe(r.evaluated.filter((p) => p.sure).length);
      if (r.evaluated.some((p) => p.sure)) any++;
      if (r.evaluated.some((p) => p.ci95![0] > 0.5 || p.ci95![1] < 0.5)) anyAt95++;
    }
    expect(runs).toBeGreaterThanOrEqual(N - 3);
    expect(any / runs).toBeLessThanOrEqual(bound);
    expect(anyAt95 / runs).toBeGreaterThan(bound);
  }, 60_000);
});
