/**
 * Paired runs through the engine's layers (src/engine/engine.ts `paired`): worth on a siege and a cascade, and a
 * siege design, keep a checkpoint of their finished paired jobs and resume from it, and the resumed answer is the
 * uninterrupted one, byte for byte (but for the run's own `threads` and `elapsedMs`), whatever the thread count on
 * either side. Engines that cannot pair trials one by one (a shard) refuse in one line.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { design } from '../../src/questions/design.js';
import { type WorthOptions } from '../../src/toolkit/worth.js';
import { worth } from '../../src/cli/registeredToolkit.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { Checkpoint, type CheckpointFile } from '../../src/engine/checkpoint.js';
import { localEngine } from '../../src/engine/local.js';
import { closePool } from '../../src/engine/pool.js';

afterAll(() => closePool());

const HEADER = { version: 'test', command: 'worth', scenarios: [], seed: 5, options: {} };

/** The result without what may differ between runs of the same answer. */
const bytes = (r: object) => {
  const { threads: _t, elapsedMs: _e, ...rest } = r as Record<string, unknown>;
  return JSON.stringify(rest);
};

function checkpoint(resumed: CheckpointFile | null = null): Checkpoint {
  // Written nowhere: the test reads snapshot() (a path is needed only by write()).
  return new Checkpoint({ path: '/nonexistent/x', header: HEADER, everyMs: 1e12, resumed, warn: () => {} });
}

describe('worth: checkpointed paired runs resume to the same bytes', () => {
  for (const [file, options] of [
    ['examples/castle-siege.yaml', { groups: ['size', 'engine'] }],
    ['examples/cascade-bob-john.yaml', {}],
  ] as const) {
    it(`${file}: stopped part-way on 1 thread, resumed on 2 (and whole on 1, resumed from a whole checkpoint)`, async () => {
      const o: WorthOptions = { trials: 200, precision: 0.01, maxTrials: 800, seed: 5, ...options };
      const whole = await worth(file, { ...o, threads: 1 });
      expect(whole.interrupted).toBe(false);

      // Stopped half-way through the first stage: the checkpoint holds the jobs finished by then.
      const total = (await (async () => {
        const cp = checkpoint();
        await worth(file, { ...o, threads: 1, engine: cp.engine(localEngine) });
        return cp.snapshot();
      })()) as CheckpointFile;
      expect(total.paired!.length).toBeGreaterThan(2);

      const stop = new AbortController();
      const first = checkpoint();
      const cut = await worth(file, {
        ...o,
        threads: 1,
        signal: stop.signal,
        onProgress: (done, planned) => done >= planned / 2 && stop.abort(),
        engine: first.engine(localEngine),
      });
      expect(cut.interrupted).toBe(true);
      const saved = JSON.parse(JSON.stringify(first.snapshot())) as CheckpointFile;
      expect(saved.paired!.length).toBeGreaterThan(0);
      expect(saved.paired!.length).toBeLessThan(total.paired!.length);

      const resumed = checkpoint(saved);
      expect(resumed.trialsDone).toBe(saved.progress.trialsDone);
      const again = await worth(file, { ...o, threads: 2, engine: resumed.engine(localEngine) });
      expect(again.interrupted).toBe(false);
      expect(bytes(again)).toBe(bytes(whole));

      // From a whole checkpoint: every job handed back, the same answer.
      const fromWhole = await worth(file, { ...o, threads: 1, engine: checkpoint(total).engine(localEngine) });
      expect(bytes(fromWhole)).toBe(bytes(whole));
    }, 120_000);
  }

  it('a changed job (another seed) is not taken from the checkpoint: its answer is its own', async () => {
    const o: WorthOptions = { trials: 200, seed: 5, groups: ['size'], threads: 1 };
    const cp = checkpoint();
    await worth('examples/simple-siege.yaml', { ...o, engine: cp.engine(localEngine) });
    const other = await worth('examples/simple-siege.yaml', { ...o, seed: 6 });
    const fromOther = await worth('examples/simple-siege.yaml', {
      ...o,
      seed: 6,
      engine: checkpoint(cp.snapshot()).engine(localEngine),
    });
    expect(bytes(fromOther)).toBe(bytes(other));
  }, 60_000);
});

describe('design (a siege): checkpointed paired runs resume to the same bytes', () => {
  it('examples/design-siege.yaml: stopped in its last stage on 1 thread, resumed on 2', async () => {
    const o = { precision: 0.01, maxTrials: 8000, seed: 9 };
    const all = checkpoint();
    const whole = await design('examples/design-siege.yaml', { ...o, threads: 1, engine: all.engine(localEngine) });
    const jobsInAll = all.snapshot().paired!.length;
    const stop = new AbortController();
    const first = checkpoint();
    let jobs = 0;
    const engine = first.engine(localEngine);
    // Stopped before its last job (each purchase's stage is a paired job; 62 purchases are judged in the first).
    const counting = {
      ...engine,
      paired: (settings: Parameters<NonNullable<typeof engine.paired>>[0]) => {
        const inner = engine.paired!(settings);
        return {
          get trialsDone() {
            return inner.trialsDone;
          },
          get stopped() {
            return inner.stopped;
          },
          run: async <P>(job: Parameters<typeof inner.run<P>>[0]) => {
            const values = await inner.run(job);
            if (++jobs === jobsInAll - 1) stop.abort();
            return values;
          },
        };
      },
    };
    const cut = await design('examples/design-siege.yaml', { ...o, threads: 1, signal: stop.signal, engine: counting });
    expect((cut as { interrupted: boolean }).interrupted).toBe(true);
    const saved = JSON.parse(JSON.stringify(first.snapshot())) as CheckpointFile;
    expect(saved.paired!.length).toBe(jobsInAll - 1);
    const again = await design('examples/design-siege.yaml', {
      ...o,
      threads: 2,
      engine: checkpoint(saved).engine(localEngine),
    });
    expect(bytes(again)).toBe(bytes(whole));
  }, 60_000);
});

describe('worth --checkpoint / --resume on the command line', () => {
  it('a siege: the checkpoint is written, --resume prints the same answer and says what it took from it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'worth-ckpt-'));
    const ckpt = join(dir, 'run.ckpt');
    const args = ['worth', 'examples/simple-siege.yaml', '--trials', '40', '--seed', '3', '--threads', '1'];
    const first = memoryIo();
    expect(await runCli([...args, '--checkpoint', ckpt], first), first.stderr).toBe(0);
    expect(existsSync(ckpt)).toBe(true);
    const file = JSON.parse(readFileSync(ckpt, 'utf8')) as CheckpointFile;
    expect(file.paired!.length).toBeGreaterThan(0);
    const again = memoryIo();
    expect(await runCli([...args, '--resume', ckpt], again), again.stderr).toBe(0);
    expect(again.stderr).toMatch(/resuming from .*run\.ckpt: [\d,.]+[kM]? trials already done/);
    const strip = (t: string) => t.replace(/\d+(\.\d+)? s\b/g, '· s');
    expect(strip(again.stdout)).toBe(strip(first.stdout));
  }, 60_000);

  it('--shard: refused in one line, exit 2, no part written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'worth-shard-'));
    const io = memoryIo();
    const code = await runCli(
      ['worth', 'examples/simple-siege.yaml', '--trials', '100', '--shard', '1/2', '--out', join(dir, 'part.json')],
      io,
    );
    expect(code).toBe(2);
    expect(io.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(dir, 'part.json'))).toBe(false);
  });
});
