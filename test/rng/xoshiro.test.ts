import { describe, expect, it } from 'vitest';
import { chunkState, Stream, Xoshiro128 } from '../../src/rng/index.js';

describe('xoshiro128**', () => {
  it('matches the reference implementation from state (1, 2, 3, 4)', () => {
    // First outputs of xoshiro128starstar.c (Blackman & Vigna) seeded with s = {1, 2, 3, 4}.
    const g = new Xoshiro128([1, 2, 3, 4]);
    const out = Array.from({ length: 6 }, () => g.next());
    expect(out).toEqual([11520, 0, 5927040, 70819200, 2031721883, 1637235492]);
  });

  it('derives chunk states from (seed, stream, chunk) only, and different chunks differ', () => {
    const a = chunkState(42, Stream.warMachine, 7, new Uint32Array(4));
    const b = chunkState(42, Stream.warMachine, 7, new Uint32Array(4));
    const c = chunkState(42, Stream.warMachine, 8, new Uint32Array(4));
    const d = chunkState(43, Stream.warMachine, 7, new Uint32Array(4));
    expect([...a]).toEqual([...b]);
    expect([...a]).not.toEqual([...c]);
    expect([...a]).not.toEqual([...d]);
  });

  it('gives unbiased dice: d6 frequencies within 4.5 standard errors of 1/6', () => {
    const g = Xoshiro128.forChunk(1, 99, 0);
    const n = 600_000;
    const counts = new Array(7).fill(0);
    for (let i = 0; i < n; i++) counts[g.die(6)]++;
    const se = Math.sqrt(((1 / 6) * (5 / 6)) / n);
    for (let f = 1; f <= 6; f++) expect(Math.abs(counts[f] / n - 1 / 6)).toBeLessThan(4.5 * se);
    expect(counts[0]).toBe(0);
  });
});
