/**
 * Text numbers are written without toLocaleString (its first call starts ICU: 35–130 ms of a command's start-up,
 * src/text/format.ts), so they must be exactly what toLocaleString('en-US') writes: checked here on numbers of
 * every size and sign, exact rounding ties among them.
 */
import { describe, expect, it } from 'vitest';
import { fixedGrouped, grouped } from '../../src/text/format.js';
import { Xoshiro128 } from '../../src/rng/index.js';

function samples(): number[] {
  const g = Xoshiro128.forChunk(31, 0, 0);
  const out = [
    0,
    -0,
    0.5,
    -0.5,
    1.0625,
    -1.0625,
    2.5,
    1e21 - 1e6,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 60,
    123456789.0005,
    0.0005,
    999.9995,
    -999.9995,
    NaN,
    Infinity,
    -Infinity,
    1e21,
    5e-324,
  ];
  for (let i = 0; i < 4_000; i++) {
    const magnitude = 10 ** (g.below(25) - 6); // 1e-6 … 1e18
    const x = (g.next() / 2 ** 32) * magnitude * (g.below(2) === 0 ? 1 : -1);
    out.push(x);
    // Exact ties at 0–3 decimals: k + 1/2 × 10^-d for d with an exactly representable half (…5, …25, …125, …0625).
    out.push(Math.round(x) + [0.5, 0.25, 0.125, 0.0625, 0.375][g.below(5)]);
  }
  return out;
}

/** The samples where f differs from Intl's en-US format with these digits (empty: all agree). */
function mismatches(f: (x: number) => string, options: Intl.NumberFormatOptions, xs: number[]): string[] {
  const intl = new Intl.NumberFormat('en-US', options);
  return xs.filter((x) => f(x) !== intl.format(x)).map((x) => `${x}: ${f(x)} ≠ ${intl.format(x)}`);
}

describe('numbers as toLocaleString(en-US) writes them, without it', () => {
  const xs = samples();
  it('grouped: separators and at most three decimals', () => {
    expect(mismatches(grouped, {}, xs)).toEqual([]);
    expect(grouped(1234567.8915)).toBe((1234567.8915).toLocaleString('en-US'));
  });
  it('fixedGrouped: fixed and bounded decimals', () => {
    for (const [min, max] of [
      [0, 0],
      [1, 1],
      [2, 2],
      [0, 2],
      [3, 3],
    ]) {
      expect(
        mismatches((x) => fixedGrouped(x, min, max), { minimumFractionDigits: min, maximumFractionDigits: max }, xs),
        `${min}–${max}`,
      ).toEqual([]);
    }
  });
  it('the samples tell roundings apart: toFixed (the exact binary value) differs from Intl on some', () => {
    const viaToFixed = (x: number) =>
      (x < 0 ? '-' : '') +
      Math.abs(x)
        .toFixed(3)
        .replace(/(\.\d*?)0+$/, '$1')
        .replace(/\.$/, '')
        .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const wrong = mismatches(
      viaToFixed,
      {},
      xs.filter((x) => Number.isFinite(x) && Math.abs(x) < 1e21),
    );
    expect(viaToFixed(1234.5)).toBe('1,234.5'); // the alternative itself is sound where it agrees
    expect(wrong.length).toBeGreaterThan(0);
  });
});
