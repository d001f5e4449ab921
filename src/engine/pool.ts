/** The piscina pool: one per process, started on first use, sized exactly to the requested threads. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// piscina loads with the first pool: runs that stay on one thread (exact odds, small runs) never pay for it.
import type { Piscina } from 'piscina';

/** Pool defaults in one place (docs/benchmarks.md: fixed size, long idle timeout). */
export const POOL_DEFAULTS = {
  idleTimeout: 60_000,
  /** In-flight tasks per worker, all posted to it at once (piscina's concurrentTasksPerWorker): the next one
   * is queued in the worker while it runs one, so it never waits for the main thread, which may be running a
   * chunk of its own (engine/run.ts). */
  tasksPerThread: 2,
} as const;

let pool: Piscina | null = null;
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

export async function getPool(threads: number): Promise<Piscina> {
  if (pool && poolThreads === threads) return pool;
  const { Piscina: PiscinaClass } = await import('piscina');
  if (pool && poolThreads === threads) return pool; // another run started it meanwhile
  if (pool) void pool.destroy();
  pool = new PiscinaClass({
    filename: workerFile(),
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: POOL_DEFAULTS.idleTimeout,
    concurrentTasksPerWorker: POOL_DEFAULTS.tasksPerThread,
  });
  // A worker ended on Ctrl-C or after another task failed may still report its error: the task's own
  // rejection already said what went wrong, and an unheard 'error' event would crash the process.
  pool.on('error', () => {});
  poolThreads = threads;
  return pool;
}

export async function closePool(): Promise<void> {
  const p = pool;
  pool = null;
  poolThreads = 0;
  if (p) await p.destroy();
}
