/**
 * The normal quantile (src/stats/normal.ts, Wichura's AS 241) against published values, and the one it replaced
 * (simple-statistics' `probit`) shown too coarse for them.
 */
import { probit } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { normalQuantile } from '../../src/stats/normal.js';
import { bonferroniZ, spendingZ } from '../../src/stats/sequential.js';
import { Z95 } from '../../src/stats/index.js';

/**
 * Φ⁻¹(p) at the exact double p, to 20 significant digits (written as text: a number literal keeps 17): Φ inverted with mpmath 1.3.0 at 50 digits (ncdf and
 * findroot). In the tails these differ from the quantile of the decimal p (0.99999 is not a double), so the
 * decimal values published to 6 places are checked apart: Abramowitz & Stegun, Handbook of Mathematical
 * Functions (1964), Table 26.5.
 */
const EXACT: [number, number][] = (
  [
    [0.5, '0'],
    [0.6, '0.25334710313579974132'],
    [0.9, '1.2815515655446005935'],
    [0.95, '1.6448536269514722843'],
    [0.975, '1.9599639845400538556'],
    [0.9875, '2.2414027276049467475'],
    [0.995, '2.5758293035489004539'],
    [0.9995, '3.2905267314919257787'],
    [0.9999, '3.7190164854557083867'],
    [0.99999, '4.2648907939238407699'],
    [0.999999, '4.7534243088170877657'],
    [1e-10, '-6.3613409024040561991'],
    [1e-300, '-37.047096299361199237'],
  ] as const
).map(([p, z]) => [p, Number(z)]);
const ABRAMOWITZ_STEGUN: [number, number][] = [
  [0.975, 1.959964],
  [0.995, 2.575829],
  [0.9995, 3.290527],
  [0.9999, 3.719016],
  [0.99999, 4.264891],
  [0.999999, 4.753424],
];

describe('normalQuantile (AS 241)', () => {
  it('matches the quantiles to 1e-15 (relative: a few ulps), in both tails and the centre, and the printed table to 6 places', () => {
    for (const [p, z] of EXACT) {
      const got = normalQuantile(p);
      expect(Math.abs(got - z), `Φ⁻¹(${p})`).toBeLessThanOrEqual(1e-15 * Math.max(1, Math.abs(z)));
    }
    for (const [p, z] of ABRAMOWITZ_STEGUN) expect(Math.abs(normalQuantile(p) - z), `Φ⁻¹(${p})`).toBeLessThan(5e-7);
    // Z95, the constant every interval uses, is Φ⁻¹(0.975) within two ulps.
    expect(Math.abs(normalQuantile(0.975) - Z95)).toBeLessThanOrEqual(5e-16);
  });

  it('ends and bad input: ±∞ at 0 and 1, NaN outside', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(-0.1)).toBeNaN();
    expect(normalQuantile(1.1)).toBeNaN();
    expect(normalQuantile(NaN)).toBeNaN();
  });

  it('simple-statistics probit, which it replaced, misses the same values by 0.1–0.7% (so a check would catch it)', () => {
    for (const [p, z] of EXACT.filter(([p]) => p >= 0.975 && p < 1)) {
      expect(Math.abs(probit(p) - z) / z, `probit(${p})`).toBeGreaterThan(1e-3);
      expect(Math.abs(normalQuantile(p) - z) / z).toBeLessThan(1e-15);
    }
  });

  it('the sequential tests take their z from it: look k at α / 2^k, Bonferroni at α / decisions', () => {
    expect(spendingZ(1)).toBe(normalQuantile(1 - 0.05 / 2 / 2));
    expect(spendingZ(1)).toBeCloseTo(Number('2.2414027276049467475'), 14); // Φ⁻¹(0.9875), mpmath as above
    expect(bonferroniZ(1)).toBe(normalQuantile(0.975));
    expect(bonferroniZ(40)).toBeCloseTo(Number('3.2272184259631625471'), 14); // Φ⁻¹(1 − 0.05 / 80), mpmath as above
  });
});
