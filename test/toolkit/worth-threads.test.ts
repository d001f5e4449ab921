/**
 * `warcast worth` on a siege and a cascade runs its paired trials on the pool (src/engine/paired.ts), and the
 * answer does not depend on it: the same seed gives the same bytes of text and of `--json` (but for the run's own
 * `threads` and `elapsedMs`) on 1, 2 and 3 threads, staged runs included. Small runs: two stages of 200 and 400;
 * the siege through the library with two of its items (the command line has no --groups), the cascade whole.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { WorthResult } from '../../src/toolkit/worth.js';
import { worth } from '../../src/cli/registeredToolkit.js';
import { memoryIo } from '../../src/cli/io.js';
import { formatWorth } from '../../src/cli/worth.js';
import { runCli } from '../../src/cli/program.js';
import { closePool } from '../../src/engine/pool.js';

afterAll(() => closePool());

const STAGED = ['--trials', '200', '--precision', '0.01', '--max-trials', '400', '--seed', '5'];

/** `warcast worth args --json`: the document without the run's own threads and elapsedMs, and its text. */
async function run(args: string[]): Promise<{ text: string; json: string }> {
  const json = memoryIo();
  expect(await runCli(['worth', ...args, '--json'], json), json.stderr).toBe(0);
  const result = JSON.parse(json.stdout) as WorthResult;
  const { threads: _t, elapsedMs: _e, ...rest } = result;
  return { text: formatWorth(result), json: JSON.stringify(rest) };
}

describe('worth: the same bytes on any thread count', () => {
  it('a siege (castle, the size items): text and JSON on 1, 2 and 3 threads', async () => {
    const o = { trials: 200, precision: 0.01, maxTrials: 400, seed: 5, groups: ['size'] };
    const bytes = async (threads: number) => {
      const { threads: _t, elapsedMs: _e, ...rest } = await worth('examples/castle-siege.yaml', { ...o, threads });
      return { text: formatWorth({ ...rest, threads: 1, elapsedMs: 0 }), json: JSON.stringify(rest) };
    };
    const one = await bytes(1);
    expect(one.json).toMatch(/"stages":\[\{"trials":200/);
    for (const threads of [2, 3]) expect(await bytes(threads), `${threads} threads`).toEqual(one);
  }, 120_000);

  it('a cascade (the command line): text and --json on 1, 2 and 3 threads', async () => {
    const file = 'examples/cascade-bob-john.yaml';
    const one = await run([file, ...STAGED, '--threads', '1']);
    expect(one.json).toMatch(/"stages":\[\{"trials":200/);
    // The text the command prints is its document's (so on 2 and 3 threads it is read off their --json).
    const text = memoryIo();
    expect(await runCli(['worth', file, ...STAGED, '--threads', '1'], text), text.stderr).toBe(0);
    expect(text.stdout).toBe(one.text);
    for (const threads of ['2', '3']) expect(await run([file, ...STAGED, '--threads', threads]), threads).toEqual(one);
  }, 120_000);
});

// What paired runs refuse (--shard) and how they keep a checkpoint: test/toolkit/worth-checkpoint.test.ts.
