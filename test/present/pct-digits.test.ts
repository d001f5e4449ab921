/**
 * A point estimate never prints as zero (or 100%) when it is not: `pct` keeps two significant digits of its
 * distance from 0 or 1 when the fixed decimals would round it away, and every percentage goes through it.
 */
import { describe, expect, it } from 'vitest';
import { pct, pctCi, signedPct } from '../../src/present/format.js';
import { formatWorth } from '../../src/cli/worth.js';
import type { WorthResult } from '../../src/toolkit/worth.js';

describe('percentages with the digits they need', () => {
  it('a tiny estimate beside an interval that excludes zero is not "0.00%"', () => {
    expect(pctCi(0.000015, [0.0000027, 0.000036])).toBe('0.0015% [0.00027%, 0.0036%]');
    expect(pct(0.0000027)).toBe('0.00027%');
    expect(pct(0.99999973)).toBe('99.999973%');
    expect(pct(0.00004999)).toBe('0.0050%');
    // The bounds to the estimate's decimals: one precision in one cell (was "0.0041% [0.003%, 0.01%]").
    expect(pctCi(0.000041, [0.00003, 0.0001])).toBe('0.0041% [0.0030%, 0.0100%]');
  });

  it('zero, one and ordinary values as before', () => {
    expect(pct(0)).toBe('0.00%');
    expect(pct(1)).toBe('100.00%');
    expect(pct(0.3601)).toBe('36.01%');
    expect(pct(0.00005)).toBe('0.01%');
    expect(pctCi(0, [0, 0.0000038])).toBe('0.00% [0%, 0.00038%]');
    // every siege fell: the interval's lower end is not 100% and must not print as it (was "[100%, 100%]")
    expect(pctCi(1, [0.99996, 1])).toBe('100.00% [99.9960%, 100%]');
    expect(signedPct(0.0907)).toBe('+9.07%');
    expect(signedPct(-0.0000031)).toBe('-0.00031%');
    expect(signedPct(0)).toBe('0.00%');
  });

  it("worth's change column uses the same formatter", () => {
    const item = {
      name: 'x',
      group: 'size',
      rule: 'r',
      win: 0.3601031,
      winDelta: 0.0000031,
      casualtiesDelta: [0, 0] as [number, number],
      brEquivalent: 0,
      brEquivalentWin: null,
      troopsEquivalent: 0,
      troopsEquivalentWin: null,
    };
    const r = {
      kind: 'war-machine',
      title: null,
      side: 0,
      sideName: 'A',
      method: 'exact',
      win: 0.36,
      casualties: [0, 0],
      items: [item],
      words: { heading: 'h', measureColumn: 'win', equivalents: 'e', unit: 'troops', losses: 'l' },
      elapsedMs: 0,
    } as unknown as WorthResult;
    // A change of a probability, in percentage points, with pct's digits: "+0.00031 pt".
    expect(formatWorth(r)).toContain('+0.00031 pt');
  });
});
