/**
 * The "at most / at least" views in the results: odds casualties, siege casualties and survival,
 * cascade legions lost. Each curve agrees with the numbers reported beside it: the quantiles are where P(≤ x)
 * first reaches 5/50/95%, the survival curve is 1 − P(fallen by week w), and the curves are the distributions'
 * running sums.
 */
import { describe, expect, it } from 'vitest';
import { odds } from '../../src/kinds/warMachine/odds.js';
import { siege } from '../../src/kinds/siege/analysis.js';
import { cascade } from '../../src/kinds/cascade/analysis.js';
import type { Cumulative } from '../../src/stats/index.js';

/** The smallest value whose P(≤ x) reaches p (the quantile rule of src/stats). */
const quantile = (c: Cumulative, p: number) => c.values[c.atMost.findIndex((q) => q >= p - 1e-12)];

function wellFormed(c: Cumulative) {
  expect(c.atMost.length).toBe(c.values.length);
  for (let k = 1; k < c.values.length; k++) {
    expect(c.values[k]).toBeGreaterThan(c.values[k - 1]);
    expect(c.atMost[k]).toBeGreaterThan(c.atMost[k - 1]);
    expect(c.atMost[k - 1] + c.atLeast[k]).toBeCloseTo(1, 12);
  }
  expect(c.atMost[c.atMost.length - 1]).toBe(1);
  expect(c.atLeast[0]).toBe(1);
}

describe('at most / at least', () => {
  it('odds: P(losses ≤ x) per side, exact and Monte Carlo, matches the distributions and quantiles', async () => {
    for (const r of [
      await odds('examples/orcs-vs-men.yaml', { exact: true }),
      await odds('examples/orcs-vs-men.yaml', { trials: 100_000, threads: 1 }),
    ]) {
      for (const s of [0, 1] as const) {
        for (const m of ['total', 'dead', 'wounded'] as const) {
          const c = r.casualtyCumulative[s][m];
          const d = r.casualtyDistributions[s][m];
          wellFormed(c);
          expect(c.values).toEqual(d.values);
          let sum = 0;
          d.weights.forEach((w, k) => {
            sum += w;
            expect(c.atMost[k]).toBeCloseTo(sum, 12);
          });
        }
        const c = r.casualtyCumulative[s].total;
        expect(quantile(c, 0.05)).toBe(r.casualties[s].p05);
        expect(quantile(c, 0.5)).toBe(r.casualties[s].p50);
        expect(quantile(c, 0.95)).toBe(r.casualties[s].p95);
      }
    }
  });

  it('siege: survival = 1 − fallen by week; casualty curves agree with the quantiles', async () => {
    const r = await siege('examples/castle-siege.yaml', { trials: 2000, threads: 1 });
    expect(r.standingAfterWeek.length).toBe(r.fallenByWeek.length);
    r.standingAfterWeek.forEach((w, k) => {
      expect(w.week).toBe(r.fallenByWeek[k].week);
      expect(w.probability).toBeCloseTo(1 - r.fallenByWeek[k].probability, 14);
      expect(w.ci95[0]).toBeCloseTo(1 - r.fallenByWeek[k].ci95[1], 14);
      if (k > 0) expect(w.probability).toBeLessThanOrEqual(r.standingAfterWeek[k - 1].probability);
    });
    for (const side of ['attacker', 'defender'] as const) {
      for (const m of ['dead', 'wounded'] as const) {
        const c = r.casualtyCumulative[side][m];
        const s = r.casualties[side][m];
        wellFormed(c);
        expect([quantile(c, 0.05), quantile(c, 0.25), quantile(c, 0.5), quantile(c, 0.75), quantile(c, 0.95)]).toEqual([
          s.p05,
          s.p25,
          s.p50,
          s.p75,
          s.p95,
        ]);
      }
    }
  });

  it('cascade: P(legions lost ≤ x) per player is the running sum of the distribution', async () => {
    const r = await cascade('examples/cascade-bob-john-jane.yaml', { trials: 2000, threads: 1 });
    for (const [player, l] of Object.entries(r.legionsLost!)) {
      const counts = Object.keys(l.distribution);
      expect(Object.keys(l.atMost)).toEqual(counts);
      let sum = 0;
      for (const k of counts) {
        sum += l.distribution[k];
        expect(l.atMost[k], player).toBeCloseTo(sum, 12);
        expect(l.atLeast[k], player).toBeCloseTo(1 - sum + l.distribution[k], 12);
      }
      expect(l.atMost[counts[counts.length - 1]]).toBe(1);
    }
  });
});
