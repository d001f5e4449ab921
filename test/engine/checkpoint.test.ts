/**
 * `--checkpoint FILE` and `--resume FILE` (docs/reliability.md): a run stopped by Ctrl-C, or killed
 * (the last checkpoint on disk is all that is left), and resumed ends with the bytes of an uninterrupted run,
 * whatever the thread count on either side; another run's checkpoint is refused in one line naming what differs.
 * In process (runCli): Ctrl-C is the signal aborted; a kill is a copy of the file taken mid-run. The real
 * signals in a child process are in test/cli/checkpoint-signals.test.ts.
 */
import { copyFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bigKernel } from '../helpers/bigKernel.js';
import { cli, progress, runWatched } from '../helpers/checkpointRun.js';
import { closePool } from '../../src/engine/pool.js';
import { Checkpoint, type CheckpointFile } from '../../src/engine/checkpoint.js';
import type { Engine } from '../../src/engine/engine.js';
import { localEngine } from '../../src/engine/local.js';
import { runTrials } from '../../src/engine/run.js';
import { withoutTiming } from '../distributed/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-checkpoint-'));
afterAll(() => closePool());

describe('--checkpoint and --resume', () => {
  it('siege stopped by Ctrl-C on 1 thread, resumed on 2: the bytes of an uninterrupted run', async () => {
    const args = ['siege', 'examples/simple-siege.yaml', '--trials', '20000', '--seed', '3', '--json'];
    const whole = await cli([...args, '--threads', '1']);
    expect(whole.code).toBe(0);
    const file = join(dir, 'siege.json');
    const ac = new AbortController();
    const stopped = await runWatched([...args, '--threads', '1'], file, () => ac.abort(), ac.signal);
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stderr).toContain(`continue with --resume ${file}`);
    const saved = progress(file).trialsDone;
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThan(20000);
    expect(saved % 5000).toBe(0); // whole chunks
    const resumed = await cli([...args, '--threads', '2', '--resume', file]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`resuming from ${file}: ${saved / 1000}k trials already done`);
    expect(withoutTiming(resumed.stdout)).toBe(withoutTiming(whole.stdout));
    // The finished run's checkpoint is whole: resuming it again prints the same without simulating.
    expect(progress(file)).toMatchObject({ trialsDone: 20000, callsComplete: 1, calls: 1 });
    const again = await cli([...args, '--threads', '1', '--resume', file]);
    expect(withoutTiming(again.stdout)).toBe(withoutTiming(whole.stdout));
  });

  it('odds (a trace, then the pursuit run) killed mid-run on 1 thread, resumed on 2; and as text', async () => {
    const args = ['odds', 'examples/orcs-vs-men.yaml', '--trials', '600000', '--seed', '9'];
    const whole = await cli([...args, '--threads', '2', '--json']);
    const file = join(dir, 'odds.json');
    const kept = join(dir, 'odds-killed.json');
    const ran = await runWatched([...args, '--threads', '1', '--json'], file, (f) => copyFileSync(f, kept));
    expect(ran.code).toBe(0);
    expect(withoutTiming(ran.stdout)).toBe(withoutTiming(whole.stdout)); // checkpointing changes nothing
    expect(progress(kept).trialsDone).toBeLessThan(600000);
    const resumed = await cli([...args, '--threads', '2', '--json', '--resume', kept]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(withoutTiming(resumed.stdout)).toBe(withoutTiming(whole.stdout));
    // A real check: a checkpoint of another seed's chunks, relabelled, would give other numbers.
    const text = (await cli([...args, '--threads', '1'])).stdout;
    const resumedText = (await cli([...args, '--threads', '1', '--resume', kept])).stdout;
    const noTime = (t: string) => t.replace(/[0-9.]+ s\b/g, '-').replace(/[0-9]+ threads?/g, '-');
    expect(noTime(resumedText)).toBe(noTime(text));
  });

  it('sweep (several runs at once, on the pool) stopped on 2 threads, resumed on 1', async () => {
    const args = [
      'sweep',
      'examples/orcs-vs-men.yaml',
      '--vary',
      'sides[1].bonus',
      '--from',
      '-10',
      '--to',
      '10',
      '--step',
      '10',
      '--trials',
      '400000',
      '--seed',
      '4',
      '--json',
    ];
    const whole = await cli([...args, '--threads', '1']);
    const file = join(dir, 'sweep.json');
    const ac = new AbortController();
    const stopped = await runWatched([...args, '--threads', '2'], file, () => ac.abort(), ac.signal);
    expect(stopped.code).toBe(130);
    expect(progress(file).trialsDone).toBeLessThan(3 * 400000);
    const resumed = await cli([...args, '--threads', '1', '--resume', file]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(withoutTiming(resumed.stdout)).toBe(withoutTiming(whole.stdout));
  });

  it("refuses another run's checkpoint in one line naming what differs (exit 2), and a cut-off or foreign file", async () => {
    const args = ['siege', 'examples/simple-siege.yaml', '--trials', '5000', '--seed', '3', '--threads', '1'];
    const file = join(dir, 'simple.json');
    expect((await cli([...args, '--checkpoint', file])).code).toBe(0);
    const refused = async (extra: string[], base = args) => {
      const r = await cli([...base, ...extra, '--resume', file]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      return r.stderr;
    };
    expect(await refused(['--seed', '4'])).toMatch(/different seed \(3 in the checkpoint, 4 here\)/);
    expect(await refused(['--trials', '20000'])).toMatch(
      /different options: trials 5000 in the checkpoint, 20000 here/,
    );
    expect(await refused(['--precision', '0.01'])).toMatch(
      /different options: precision null in the checkpoint, 0.01 here/,
    );
    const edited = join(dir, 'simple-edited.yaml');
    writeFileSync(edited, readFileSync('examples/simple-siege.yaml', 'utf8') + '\n# edited\n');
    expect(await refused([], ['siege', edited, '--trials', '5000', '--seed', '3'])).toMatch(
      /different scenario: .*simple-edited.yaml is not the text examples\/simple-siege.yaml had/,
    );
    expect(await refused([], ['odds', 'examples/orcs-vs-men.yaml', '--trials', '5000', '--seed', '3'])).toMatch(
      /written by warcast siege, not odds/,
    );
    // The same run with another thread count or output format is the same run.
    expect((await cli([...args.slice(0, -2), '--threads', '2', '--markdown', '--resume', file])).code).toBe(0);
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 100));
    expect(await refused([])).toMatch(/not a complete checkpoint \(corrupt JSON, 100 bytes\)/);
    writeFileSync(file, '{"hello": 1}');
    expect(await refused([])).toMatch(/not a warcast checkpoint/);
    const none = await cli([...args, '--resume', join(dir, 'none.json')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/none.json: cannot read \(ENOENT/);
  });

  it('a checkpoint that cannot be written is refused before the run (exit 2, one line)', async () => {
    const args = ['siege', 'examples/simple-siege.yaml', '--trials', '5000', '--threads', '1'];
    for (const [path, why] of [
      ['/dev/full', 'exists and is not a regular file \\(a FIFO, device or socket\\); refusing to write to it'],
      [join(dir, 'no-such-folder', 'cp.json'), 'cannot write there \\(ENOENT.*nothing was run'],
      [dir, 'is a folder; expected a file name'],
    ]) {
      const r = await cli([...args, '--checkpoint', path]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(new RegExp(`^warcast: --checkpoint ${path}: ${why}[^\\n]*\\n$`));
    }
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true); // not renamed over
    const usage = await cli([...args, '--checkpoint', join(dir, 'x.json'), '--checkpoint-every', 'soon']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--checkpoint-every: expected seconds/);
  });
});

describe('checkpoint sums past 2^53', () => {
  const big = bigKernel; // sums past 2^53 (test/helpers/bigKernel.ts)
  const header = { version: 'test', command: 'test', scenarios: [], seed: 1, options: {} };
  const run = (signal?: AbortSignal, onProgress?: (d: number) => void, engine?: Engine) =>
    runTrials({ kernel: big, plan: { n: 1 }, seed: 1, trials: 40, threads: 1, signal, onProgress, engine });

  it('a resumed run adds the rest to the exact saved prefix (rounding the prefix first would differ)', async () => {
    const whole = (await run()).acc[0];
    const cp = new Checkpoint({ path: join(dir, 'big.json'), header, everyMs: 0, warn: () => {} });
    const ac = new AbortController();
    const stopped = await run(ac.signal, (d) => d >= 13 && ac.abort(), cp.engine(localEngine));
    expect(stopped.trials).toBe(13);
    const saved = JSON.parse(JSON.stringify(cp.snapshot())) as CheckpointFile;
    expect(saved.calls[0].exact?.['0']).toBe(
      String(Array.from({ length: 13 }, (_, c) => 2n ** 52n + BigInt(2 * c + 1)).reduce((a, b) => a + b)),
    );
    const resumed = await run(
      undefined,
      undefined,
      new Checkpoint({ path: join(dir, 'big.json'), header, everyMs: 1e9, warn: () => {}, resumed: saved }).engine(
        localEngine,
      ),
    );
    expect(resumed.trials).toBe(40);
    expect(resumed.acc[0]).toBe(whole);
    // The test can fail: the prefix rounded to a double, then the rest added exactly, rounds differently.
    const rest =
      Array.from({ length: 27 }, (_, i) => 2n ** 52n + BigInt(2 * (13 + i) + 1)).reduce((a, b) => a + b) + 17n;
    expect(Number(BigInt(saved.calls[0].acc[0]) + rest)).not.toBe(whole);
  });
});
