/** `--precision ε` adds battles until every win probability's 95% half-width is at most ε. */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

async function odds(args: string[]) {
  const io = memoryIo();
  expect(await runCli(['odds', 'examples/orcs-vs-men.yaml', '--json', '--threads', '1', ...args], io)).toBe(0);
  return JSON.parse(io.stdout);
}

describe('--precision', () => {
  it('stops once both half-widths are ≤ ε, and not a doubling earlier', async () => {
    const eps = 0.0015;
    const r = await odds(['--precision', String(eps), '--trials', '100000']);
    const half = (i: number) => (r.winCi95[i][1] - r.winCi95[i][0]) / 2;
    expect(half(0)).toBeLessThanOrEqual(eps);
    expect(half(1)).toBeLessThanOrEqual(eps);
    // p ≈ 0.36 needs n ≈ 1.96² · 0.36 · 0.64 / ε² ≈ 393,000: the doubling schedule 100k, 200k, 400k stops at 400k
    expect(r.trials).toBe(400_000);
    expect(r.precision).toBe(eps);
  });

  it('respects --max-trials', async () => {
    const r = await odds(['--precision', '0.0001', '--trials', '100000', '--max-trials', '300000']);
    expect(r.trials).toBe(300_000);
  });

  it('never runs more than --max-trials when it is not a whole number of chunks', async () => {
    const capped = await odds(['--precision', '0.0001', '--trials', '100000', '--max-trials', '150000']);
    expect(capped.trials).toBe(150_000);
    // the same battles as a plain run of that many
    const plain = await odds(['--trials', '150000']);
    expect(capped.win).toEqual(plain.win);
    const small = await odds(['--precision', '0.0001', '--trials', '10', '--max-trials', '7']);
    expect(small.trials).toBe(7);
  });
});
