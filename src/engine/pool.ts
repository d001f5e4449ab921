/** The piscina pool: one per process, started on first use, sized to the requested threads less the calling thread (which runs tasks too: src/engine/run.ts). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// piscina loads with the first pool: runs that stay on one thread (exact odds, small runs) never pay for it.
import type { Piscina } from 'piscina';

/** Pool defaults in one place (docs/benchmarks.md: fixed size, long idle timeout). */
export const POOL_DEFAULTS = {
  idleTimeout: 60_000,
  /** In-flight tasks per thread: enough to keep a thread busy between results. */
  tasksPerThread: 4,
  /** Tasks per thread when splitting a run (at least): small enough that a late-starting worker still gets a share. */
  tasksPerThreadSplit: 8,
  /** Tasks posted to a worker at once: the next one waits in the worker while the main thread is busy running its own task. */
  concurrentTasksPerWorker: 2,
} as const;

let pool: Promise<Piscina> | null = null;
let poolThreads = 0;

/** The compiled worker: next to this file's build, or under dist/ when running from TypeScript sources. */
export function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const candidates = here.endsWith('.ts')
    ? [fileURLToPath(new URL('../../dist/workers/worker.js', import.meta.url))]
    : [fileURLToPath(new URL('../../workers/worker.js', import.meta.url))];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`worker not built: expected ${candidates[0]} (run npm run build)`);
  return found;
}

export function getPool(threads: number): Promise<Piscina> {
  if (pool && poolThreads === threads) return pool;
  if (pool) void pool.then((p) => p.destroy());
  pool = import('piscina').then(
    ({ Piscina }) =>
      new Piscina({
        filename: workerFile(),
        minThreads: threads,
        maxThreads: threads,
        idleTimeout: POOL_DEFAULTS.idleTimeout,
        concurrentTasksPerWorker: POOL_DEFAULTS.concurrentTasksPerWorker,
      }),
  );
  poolThreads = threads;
  return pool;
}

export async function closePool(): Promise<void> {
  const p = pool;
  pool = null;
  poolThreads = 0;
  if (p) await (await p).destroy();
}
