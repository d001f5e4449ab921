/** The `odds --json` contract (docs/cli.md): keys, shapes and the identities between them. */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

async function odds(args: string[]) {
  const io = memoryIo();
  const code = await runCli(['odds', 'examples/orcs-vs-men.yaml', '--json', ...args], io);
  expect(code).toBe(0);
  return JSON.parse(io.stdout);
}

const spread = { mean: expect.any(Number), p05: expect.any(Number), p50: expect.any(Number), p95: expect.any(Number) };

describe('odds --json', () => {
  it('has the contract keys with the right shapes', async () => {
    const r = await odds(['--trials', '200000', '--seed', '7']);
    expect(r).toMatchObject({
      seed: 7,
      trials: 200000,
      threads: expect.any(Number),
      sides: ['Orcs of the Broken Fang', 'Men of Kelvin'],
    });
    expect(r.win).toHaveLength(2);
    expect(r.winCi95).toHaveLength(2);
    // Each interval is the 95% Wilson interval of its estimate: close to p ± 1.96·√(p(1−p)/n) at this size, and
    // (at this fixed seed) it covers the exact odds, which a biased simulation or a too-narrow interval would not.
    for (const s of [0, 1]) {
      const [lo, hi] = r.winCi95[s];
      const p = r.win[s];
      const half = 1.959964 * Math.sqrt((p * (1 - p)) / r.trials);
      expect((hi - lo) / 2).toBeCloseTo(half, 5);
      expect(lo).toBeLessThan(r.exact.win[s]);
      expect(hi).toBeGreaterThan(r.exact.win[s]);
      // The negative control: a value two points off the exact odds lies outside.
      expect(r.exact.win[s] + (s === 0 ? 1 : -1) * 0.02 > hi || r.exact.win[s] + (s === 0 ? 1 : -1) * 0.02 < lo).toBe(
        true,
      );
    }
    expect(typeof r.tie).toBe('number');
    expect(typeof r.tieRoll).toBe('number');
    expect(r.rows).toHaveLength(2);
    expect(r.rows[0]).toHaveLength(13);
    expect(r.rows[1]).toHaveLength(13);
    for (const c of r.casualties) expect(c).toMatchObject({ ...spread, dead: spread, wounded: spread });
    expect(r.exact).toMatchObject({
      win: expect.any(Array),
      tie: expect.any(Number),
      tieRoll: expect.any(Number),
      rows: expect.any(Array),
    });
    expect(r.exact.winCi95).toBeUndefined();
  });

  it('win + no winner = 1, and each side’s rows add up to its win', async () => {
    const r = await odds(['--trials', '100000']);
    for (const x of [r, r.exact]) {
      expect(x.win[0] + x.win[1] + x.tie).toBeCloseTo(1, 12);
      for (const s of [0, 1]) expect(x.rows[s].reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(x.win[s], 12);
      for (const s of [0, 1])
        expect(x.casualties[s].mean).toBeCloseTo(x.casualties[s].dead.mean + x.casualties[s].wounded.mean, 9);
    }
  });

  it('--exact gives the exact odds at the top level and no intervals', async () => {
    const r = await odds(['--exact']);
    expect(r.method).toBe('exact');
    expect(r.trials).toBe(0);
    expect(r.winCi95).toBeNull();
    expect(r.win).toEqual(r.exact.win);
    // exact probabilities are multiples of 1/10,000 of the non-tied rolls: 9,915 here (85 ties rerolled)
    expect(Math.round(r.win[0] * 9915 * 1e6) / 1e6).toBe(Math.round(r.win[0] * 9915));
  });

  it('the same seed gives the same bytes; another seed does not', async () => {
    const a = await odds(['--trials', '300000', '--seed', '5']);
    const b = await odds(['--trials', '300000', '--seed', '5']);
    const c = await odds(['--trials', '300000', '--seed', '6']);
    const strip = (x: object) => JSON.stringify({ ...x, elapsedMs: 0 });
    expect(strip(a)).toBe(strip(b));
    expect(strip(a)).not.toBe(strip(c));
  });
});
