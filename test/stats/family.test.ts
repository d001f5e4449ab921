/**
 * The family error of many claims (src/stats/family.ts): Holm's and Benjamini–Hochberg's decisions on hand cases,
 * and by simulation over many seeded runs of claims that are all null, the share of runs with any false finding
 * stays at or below α within its own noise — while judging each claim at 95% alone, the check fails.
 */
import { describe, expect, it } from 'vitest';
import { uniforms } from '../helpers/uniforms.js';
import { familyDecisions, judgeDifferences, tToZ, zToT } from '../../src/stats/family.js';
import type { Difference } from '../../src/stats/batches.js';
import { normalQuantile } from '../../src/stats/normal.js';
import { pairedProportionZ } from '../../src/stats/paired.js';

describe('familyDecisions: Holm and Benjamini–Hochberg on hand cases', () => {
  // Thresholds for m = 3 at α = 0.05: Φ⁻¹(1 − 0.05/6) = 2.394, Φ⁻¹(1 − 0.05/4) = 2.241, Φ⁻¹(0.975) = 1.960.
  it('Holm steps down: the largest at α/3, the next at α/2, the last at α, stopping at the first within noise', () => {
    expect(familyDecisions([2.0, -3, 2.3]).map((d) => d.beyond)).toEqual([true, true, true]);
    expect(familyDecisions([2.0, 3, 2.2]).map((d) => d.beyond)).toEqual([false, true, false]);
    const d = familyDecisions([2.0, 3, 2.2]);
    expect(d[1].z).toBeCloseTo(normalQuantile(1 - 0.05 / 6), 12);
    // Stopped at the second step: the rest are judged at its level, so their intervals contain 0.
    expect(d[0].level).toBeCloseTo(0.025, 12);
    expect(d[2].level).toBeCloseTo(0.025, 12);
    expect(familyDecisions([1.9, 1.9, 1.9]).every((x) => !x.beyond)).toBe(true);
    // One claim: plain 95%.
    expect(familyDecisions([1.97])[0]).toMatchObject({ beyond: true, level: 0.05 });
  });

  it('BH steps up: the largest k whose k-th largest passes α·k/m, all k beyond', () => {
    // 2.0 > 1.96 (k = 3 at α): all three, where Holm stops after the first.
    expect(familyDecisions([2.0, 3, 2.2], 0.05, 'bh').map((d) => d.beyond)).toEqual([true, true, true]);
    expect(familyDecisions([1.5, 3, 1.9], 0.05, 'bh').map((d) => d.beyond)).toEqual([false, true, false]);
    expect(familyDecisions([1.5, 1.9], 0.05, 'bh').every((d) => !d.beyond)).toBe(true);
  });
});

describe('the family error by simulation: every claim null', () => {
  // Each run: m claims, each a paired difference over n trials whose discordant pairs fall either way with the same
  // chance (no change at all), judged as worth judges its items.
  const runs = 2000;
  const m = 20;
  const n = 400;
  const discordant = 0.1;
  const alpha = 0.05;
  // The share of runs with any false finding, with its standard error under the bound.
  const bound = alpha + 3 * Math.sqrt((alpha * (1 - alpha)) / runs);

  function anyFalse(judge: (zs: number[]) => boolean[], seed: number): number {
    const u = uniforms(seed);
    let runsWithOne = 0;
    for (let r = 0; r < runs; r++) {
      const zs: number[] = [];
      for (let c = 0; c < m; c++) {
        let baseOnly = 0;
        let variantOnly = 0;
        for (let t = 0; t < n; t++) {
          const x = u();
          if (x < discordant / 2) baseOnly++;
          else if (x < discordant) variantOnly++;
        }
        zs.push(pairedProportionZ(baseOnly, variantOnly, n).z);
      }
      if (judge(zs).some(Boolean)) runsWithOne++;
    }
    return runsWithOne / runs;
  }

  it(`Holm and BH: any false finding in at most ${alpha} of runs (+ 3 standard errors); 95% each fails`, () => {
    const holm = anyFalse((zs) => familyDecisions(zs, alpha, 'holm').map((d) => d.beyond), 11);
    const bh = anyFalse((zs) => familyDecisions(zs, alpha, 'bh').map((d) => d.beyond), 12);
    const each = anyFalse((zs) => zs.map((z) => Math.abs(z) > normalQuantile(0.975)), 13);
    expect(holm).toBeLessThanOrEqual(bound);
    expect(bh).toBeLessThanOrEqual(bound);
    // The check has power: claims judged one by one at 95% find something in most runs (1 − 0.95^20 ≈ 64%).
    expect(each).toBeGreaterThan(0.4);
  });

  it('a real change among nulls is still found (power): a 10-point shift over 400 trials', () => {
    const u = uniforms(21);
    let found = 0;
    for (let r = 0; r < 200; r++) {
      const zs = Array.from({ length: m }, (_, c) => {
        let b = 0;
        let v = 0;
        for (let t = 0; t < n; t++) {
          const x = u();
          if (c === 0 ? x < 0.02 : x < discordant / 2) b++;
          else if (c === 0 ? x < 0.12 : x < discordant) v++;
        }
        return pairedProportionZ(b, v, n).z;
      });
      if (familyDecisions(zs)[0].beyond) found++;
    }
    expect(found / 200).toBeGreaterThan(0.9);
  });
});

describe('t as z and back (Wallace), and paired differences judged in a family', () => {
  it('t quantiles at a family’s levels within 0.5% of the exact ones', () => {
    // Exact Student's t quantiles (R: qt(p, df)).
    const cases: [number, number, number][] = [
      [0.9975, 9, 3.689662],
      [0.9975, 15, 3.286039],
      [0.975, 29, 2.04523],
      [0.999, 19, 3.5794],
    ];
    for (const [p, df, t] of cases) {
      expect(Math.abs(zToT(normalQuantile(p), df) / t - 1)).toBeLessThan(0.005);
      expect(tToZ(zToT(2.5, df), df)).toBeCloseTo(2.5, 12);
    }
  });

  it('judgeDifferences: decisions agree with each interval at its level; a bound scales its own sides', () => {
    const paired = (d: number, half: number, chunks: number): Difference => ({
      difference: d,
      ci95: [d - half, d + half],
      withinNoise: Math.abs(d) <= half,
      method: 'paired',
      chunks,
    });
    // Two beyond 95% alone (|t| = 2.4 and 1.3 · 2.262 = 2.94 on 9 df), one not: Holm keeps only the second.
    const ds = [paired(0.024, 0.01 * 2.262157, 10), paired(0.013, 0.01, 10), paired(0.001, 0.01, 10)];
    const { judged, error } = judgeDifferences(ds);
    expect(error).toMatchObject({ method: 'holm', claims: 3, findings: 1 });
    expect(judged.map((j) => j.withinNoise)).toEqual([true, false, true]);
    for (const j of judged) expect(j.withinNoise).toBe(j.ciFamily[0] <= 0 && j.ciFamily[1] >= 0);
    const bound: Difference = { difference: 0.02, ci95: [0.005, 0.05], withinNoise: false, method: 'bound', chunks: 3 };
    const one = judgeDifferences([bound]).judged[0];
    expect(one.ciFamily[0]).toBeCloseTo(0.005, 12);
    expect(one.ciFamily[1]).toBeCloseTo(0.05, 12);
  });
});
