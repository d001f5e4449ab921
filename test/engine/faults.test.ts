/**
 * Interrupts and faults (docs/reliability.md): Ctrl-C and SIGTERM stop a run at once (tasks in flight are abandoned),
 * a worker that throws or dies fails the command with one line and exit 1, never a partial result, never a
 * hang; Ctrl-C while a report renders leaves the earlier report whole.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { WarcastError } from '../../src/errors.js';
import { closePool, getPool } from '../../src/engine/pool.js';
import { runTrials } from '../../src/engine/run.js';
import { loadKernel } from '../../src/kinds/index.js';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import { SIEGE_CHUNK } from '../../src/kinds/siege/kernel.js';
import type { SiegeScenario } from '../../src/kinds/siege/schema.js';
import { loadText } from '../helpers/load.js';
import { scratch } from '../reports/helpers.js';
import { pooledEngine, mainThreadEngine } from '../../src/engine/testing.js';

/** A siege that lasts its 150 weeks: a chunk of 5,000 takes ~0.2–1 s (load), far too long to wait for on Ctrl-C. */
const SLOW = `kind: siege
attacker: {name: A, troops: 1000000000, battleRating: 50}
defender: {name: D, troops: 1000000000, battleRating: 50}
fortifications:
  - { structure: castleWall, lengthFeet: 10000000 }
equipment:
  attacker:
    trebuchet: { count: 100, crew: 0 }
foodWeeks: 10000
weekLimit: 150
strategy:
  attacker: {bombard: 0.9, harass: 0.1}
`;
const slowPlan = () => compileSiege(loadText(SLOW).scenario as SiegeScenario).plan;

afterAll(() => closePool());

describe('Ctrl-C stops within a fraction of a second', () => {
  it.each([2])(
    'a slow siege on %i threads: the tasks in flight are abandoned; the result is a prefix of whole chunks',
    async (threads) => {
      const plan = slowPlan();
      const ac = new AbortController();
      let abortedAt = 0;
      const run = runTrials({
        kernel: await loadKernel('siege'),
        plan,
        seed: 7,
        trials: 40 * SIEGE_CHUNK,
        threads,
        signal: ac.signal,
        onProgress: () => {
          if (!ac.signal.aborted) {
            abortedAt = performance.now();
            ac.abort();
          }
        },
      });
      const r = await run;
      const stopMs = performance.now() - abortedAt;
      expect(r.interrupted).toBe(true);
      expect(r.trials % SIEGE_CHUNK).toBe(0);
      if (threads === 1) expect(r.trials).toBeGreaterThan(0); // on 2 threads the first task back may not be task 0
      // Generous for a loaded shared machine; a chunk here takes 0.2–1 s, so waiting for one would fail it.
      expect(stopMs).toBeLessThan(400);
      if (threads === 1) {
        const again = await runTrials({
          kernel: await loadKernel('siege'),
          plan,
          seed: 7,
          trials: r.trials,
          threads: 1,
          engine: mainThreadEngine(),
        });
        expect([...again.acc]).toEqual([...r.acc]);
      }
    },
  );

  it('SIGTERM: the real command prints what finished and exits 143, promptly', async () => {
    const dir = scratch('warcast-term-');
    const file = join(dir, 'slow.yaml');
    writeFileSync(file, SLOW);
    // WARCAST_TIMINGS=1 only adds `[timings]` phase lines on stderr: they tell when the run has begun.
    const child = spawn(
      process.execPath,
      ['dist/bundle/cli.cjs', 'siege', file, '--trials', '1000000', '--threads', '1', '--json'],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, WARCAST_TIMINGS: '1' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    // Node must have started and installed its handlers (slow on a loaded machine; a fixed 4 s sleep raced that and
    // mostly idled): wait for the worker's warm-up line (the handlers are installed before the run starts), then
    // 200 ms, so the signal lands mid-run (0.2–1 s a chunk; the run is ~minutes long). A whole second here was
    // 0.8 s of the suite spent idle.
    let started: () => void = () => {};
    const warmedUp = new Promise<void>((r) => (started = r));
    child.stderr.on('data', (d) => {
      stderr += d;
      if (/\[timings\].*warmed up \(siege/.test(stderr)) started();
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    await Promise.race([warmedUp, exited]); // a child that ends early fails below, not by a hang
    await new Promise((r) => setTimeout(r, 200));
    const sent = performance.now();
    child.kill('SIGTERM');
    const code = await exited;
    const ms = performance.now() - sent;
    expect(code).toBe(143);
    expect(JSON.parse(stdout).interrupted).toBe(true);
    expect(stderr).toContain('interrupted');
    expect(ms).toBeLessThan(2000); // process exit included (pool teardown); the run itself stops in < 0.5 s
  });
});

describe('a worker that fails', () => {
  it('throws: one clear WarcastError (exit 1), no partial result; the pool still works after', async () => {
    const plan = { ...slowPlan(), stepStart: null }; // breaks only inside the kernel, in the worker
    const err = await runTrials({
      kernel: await loadKernel('siege'),
      plan,
      seed: 1,
      trials: 4 * SIEGE_CHUNK,
      threads: 2,
      engine: pooledEngine(),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WarcastError);
    expect((err as WarcastError).exitCode).toBe(1);
    expect((err as Error).message).toMatch(/^a worker thread failed: /);
    expect((err as Error).message).not.toContain('\n');
    const ok = await runTrials({
      kernel: await loadKernel('siege'),
      plan: compileSiege(loadText(SLOW.replace('weekLimit: 150', 'weekLimit: 2')).scenario as SiegeScenario).plan,
      seed: 1,
      trials: SIEGE_CHUNK,
      threads: 2,
      engine: pooledEngine(),
    });
    expect(ok.trials).toBe(SIEGE_CHUNK);
  });

  it('dies (its thread ends mid-task): one clear error, no hang', async () => {
    const plan = slowPlan();
    const pool: Piscina = await getPool(2);
    // Kill the threads as soon as the first task is back: the rest are then in flight or queued, whatever the
    // machine's speed (a timer raced a fast machine to the end of the run).
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      for (const t of pool.threads) void t.terminate();
    };
    const err = await runTrials({
      kernel: await loadKernel('siege'),
      plan,
      seed: 1,
      trials: 40 * SIEGE_CHUNK,
      threads: 2,
      engine: pooledEngine(),
      onProgress: kill,
    }).catch((e: unknown) => e);
    expect(killed).toBe(true);
    expect(err).toBeInstanceOf(WarcastError);
    expect((err as Error).message).toMatch(/^a worker thread failed: /);
  });

  it('the CLI prints one line and exits 1, nothing on stdout', async () => {
    // The pool's answer for one task is a failure (as a dying worker gives): the command must not print the rest.
    const spy = vi
      .spyOn(Piscina.prototype, 'run')
      .mockRejectedValueOnce(new Error('Terminating worker thread\n    at Worker.<anonymous> (x.js:1:1)'));
    const io = memoryIo();
    const code = await runCli(
      ['odds', 'examples/orcs-vs-men.yaml', '--trials', '40000000', '--threads', '2', '--json'],
      io,
    );
    spy.mockRestore();
    expect(code).toBe(1);
    expect(io.stdout).toBe('');
    // --json: the one line is a JSON document.
    expect(io.stderr).toBe('{"error":{"message":"a worker thread failed: Terminating worker thread"}}\n');
  });
});

describe('Ctrl-C while the report renders', () => {
  it('stops, writes nothing, keeps the earlier report whole, exits 130', async () => {
    const dir = scratch('warcast-render-');
    const out = join(dir, 'report');
    const first = memoryIo();
    expect(await runCli(['siege', 'examples/castle-siege.yaml', '--trials', '1000', '--report', out], first)).toBe(0);
    const before = readFileSync(join(out, 'result.json'), 'utf8');
    const ac = new AbortController();
    const io = memoryIo(ac.signal);
    const out0 = io.out.bind(io);
    io.out = (t: string) => {
      out0(t);
      ac.abort(); // the result is printed, then the report renders: Ctrl-C now
    };
    const code = await runCli(['siege', 'examples/castle-siege.yaml', '--trials', '2000', '--report', out], io);
    expect(code).toBe(130);
    expect(io.stderr).toContain('report not written');
    expect(readFileSync(join(out, 'result.json'), 'utf8')).toBe(before);
  });
});
