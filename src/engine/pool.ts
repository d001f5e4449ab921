/** The piscina pool: one per process, started on first use, sized exactly to the requested threads. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// piscina loads with the first pool: runs that stay on one thread (exact odds, small runs) never pay for it.
import type { Piscina } from 'piscina';
import type { Executor } from './executor.js';
import type { EngineTask, ResultOf } from './task.js';

const requireHere = createRequire(import.meta.url);

/** Pool defaults in one place (docs/benchmarks.md: fixed size, long idle timeout). */
export const POOL_DEFAULTS = {
  idleTimeout: 60_000,
  /** In-flight tasks per worker, all posted to it at once (piscina's concurrentTasksPerWorker): the next one
   * is queued in the worker while it runs one, so it never waits for the main thread, which may be running a
   * chunk of its own (engine/local.ts). */
  tasksPerThread: 2,
} as const;

// The pool being started or running (one per process), and its size.
let pool: Promise<Piscina> | null = null;
let poolThreads = 0;
/** Started ahead of a run that may not use it (prestartPool): closed at once by a run that stays on one thread. */
let speculative = false;

/**
 * The compiled worker: in the command line's bundle (dist/bundle/warcast.cjs), worker.mjs beside it (src/build/bundle.ts);
 * otherwise next to this file's build, or under dist/ when running from TypeScript sources.
 */
export function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const bundled = fileURLToPath(new URL('./worker.mjs', import.meta.url));
  if ((here.endsWith('.mjs') || here.endsWith('.cjs')) && existsSync(bundled)) return bundled;
  const candidates = here.endsWith('.ts')
    ? [fileURLToPath(new URL('../../dist/workers/worker.js', import.meta.url))]
    : [fileURLToPath(new URL('../../workers/worker.js', import.meta.url))];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`worker not built: expected ${candidates[0]} (run npm run build)`);
  return found;
}

/**
 * The file piscina starts each worker with: a CommonJS loader that import()s `workerFile()` (workers/loader.cts:
 * a worker terminated while Node require()s an ES module graph aborts the whole process).
 */
export function workerLoaderFile(): string {
  const entry = workerFile();
  return entry.endsWith('.mjs') ? join(dirname(entry), 'worker-loader.cjs') : join(dirname(entry), 'loader.cjs');
}

/** What a worker may do while it waits for its first task (workers/worker.ts). */
export interface WorkerHints {
  /** A kernel's registry name: the worker imports it as it starts, before the first task arrives. */
  preload?: string;
  /** The worker's ES module, as a file URL, for the loader to import (set by the pool). */
  entry?: string;
}

/** The pool of `threads` workers: the running one, or a new one (replacing one of another size). */
export function getPool(threads: number): Promise<Piscina> {
  speculative = false;
  // Workers piscina starts from now on (replacing one ended on Ctrl-C or by a failure) have no kernel to
  // import ahead: a task brings its own, and a pool being closed must not wait for an import.
  delete workerHints.preload;
  return ensurePool(threads, {});
}

/**
 * The pool of `workers` threads as an executor (engine/executor.ts) of either task shape: started now (or the
 * running one), ready once its workers are, `tasksPerThread` lanes a worker; Ctrl-C or a failed task ends the
 * tasks in flight at once. The pool is asked for at each task: a run of another size in between (a slow plan's
 * run on all `--threads` workers) replaces it, and this executor's next task starts it again at its own size.
 */
export function poolExecutor<T extends EngineTask = EngineTask>(workers: number): Executor<T> {
  getPool(workers).catch(() => {}); // a pool that cannot start fails the run through the first lane that waits for it
  return {
    where: `${workers} worker${workers === 1 ? '' : 's'}`,
    lanes: workers * POOL_DEFAULTS.tasksPerThread,
    async ready() {
      await getPool(workers);
    },
    async run(task: T, signal: AbortSignal): Promise<ResultOf<T>> {
      return (await (await getPool(workers)).run(task, { signal })) as ResultOf<T>;
    },
  };
}

function ensurePool(threads: number, hints: WorkerHints): Promise<Piscina> {
  if (pool && poolThreads === threads) return pool;
  const old = pool;
  workerHints = { ...hints };
  const started = startPool(threads, workerHints);
  pool = started;
  poolThreads = threads;
  if (old)
    void old.then(
      (p) => p.destroy(),
      () => {},
    );
  return started;
}

async function startPool(threads: number, hints: WorkerHints): Promise<Piscina> {
  // require(), not import(): the workers start now. An import() resolves only once the main thread's event loop
  // turns, and a prestarted pool's main thread goes on reading and compiling the scenario, then runs chunks
  // yielding once a chunk: measured, the worker then started 250–400 ms late (docs/benchmarks.md, round 3).
  const { Piscina: PiscinaClass } = requireHere('piscina') as typeof import('piscina');
  hints.entry = pathToFileURL(workerFile()).href;
  const p = new PiscinaClass({
    filename: workerLoaderFile(),
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: POOL_DEFAULTS.idleTimeout,
    concurrentTasksPerWorker: POOL_DEFAULTS.tasksPerThread,
    workerData: hints,
  });
  // A worker ended on Ctrl-C or after another task failed may still report its error: the task's own
  // rejection already said what went wrong, and an unheard 'error' event would crash the process.
  p.on('error', () => {});
  return p;
}

// Piscina reads its options' workerData each time it starts a worker, so a change here reaches later workers only.
let workerHints: WorkerHints = {};

/**
 * Start the workers of a run that is about to come, before its scenario is read, validated and compiled, so
 * their start-up (Node's worker bootstrap, module loading, the kernel's import) overlaps the main thread's
 * (docs/benchmarks.md, "Whole processes and threads"). The caller decides from the options alone; a run that
 * then stays on one thread closes the pool at once (closeSpeculativePool). Never throws: a pool that cannot
 * start fails the run that needs it, in its own words.
 */
export function prestartPool(threads: number, hints: WorkerHints = {}): void {
  if (threads < 1 || pool) return;
  ensurePool(threads, hints).catch(() => {});
  speculative = true;
}

/** A run that will not use the pool: close one started by prestartPool and not yet used (no-op otherwise). */
export function closeSpeculativePool(): void {
  if (speculative) void closePool();
}

/** Whether a pool is started, and whether only ahead of a run (tests, timings). */
export function poolState(): 'none' | 'speculative' | 'in use' {
  return pool === null ? 'none' : speculative ? 'speculative' : 'in use';
}

export async function closePool(): Promise<void> {
  const p = pool;
  pool = null;
  poolThreads = 0;
  speculative = false;
  if (p) await (await p.catch(() => null))?.destroy();
}
