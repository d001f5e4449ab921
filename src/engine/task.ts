/**
 * A task: whole chunks [firstChunk, firstChunk + chunkCount) of one run, the unit an executor runs (on the main
 * thread, in a worker, as a cluster job). A chunk draws from the generator of (seed, stream, chunk) alone, so a
 * task's counts do not depend on where it ran (docs/architecture.md, Determinism).
 */
import { isMainThread, threadId } from 'node:worker_threads';
import { warmUp, type Kernel } from './kernel.js';
import { mark, threadCpuMs, TIMINGS } from './timings.js';

export interface Task {
  /** The kernel's registry name (a worker or a cluster node loads it by name). */
  kind: string;
  plan: unknown;
  trace: boolean;
  seed: number;
  firstChunk: number;
  chunkCount: number;
  /** Trials of the whole run (its last chunk may be cut short). */
  totalTrials: number;
}

export interface TaskResult {
  acc: Float64Array;
  /** With `Task.trace`: the kernel's running totals after each chunk, cumulative from the task's first chunk. */
  trace: Float64Array | null;
}

/** One task's chunks into a fresh accumulator; with a trace, chunk by chunk (chunks are independent, so the counts are the same). */
export function runChunks<P>(k: Kernel<P>, t: Task): TaskResult {
  const plan = t.plan as P;
  const acc = new Float64Array(k.accLength(plan));
  if (!t.trace || !k.trace || !k.traceLength) {
    k.run(plan, t.seed, t.firstChunk, t.chunkCount, t.totalTrials, acc);
    return { acc, trace: null };
  }
  const trace = new Float64Array(t.chunkCount * k.traceLength);
  for (let c = 0; c < t.chunkCount; c++) {
    k.run(plan, t.seed, t.firstChunk + c, 1, t.totalTrials, acc);
    k.trace(plan, acc, trace, c * k.traceLength);
  }
  return { acc, trace };
}

const warmed = new Set<Kernel<unknown>>();

/** Runs of at least this many chunks on the main thread alone warm the kernel up before the first real chunk. */
export const WARM_UP_MIN_CHUNKS = 4;

/**
 * Warm a kernel up once per thread (engine/kernel.ts warmUp): many tiny calls on the plan, so V8 has type
 * feedback for the whole function, including the code after the trial loop, before it optimises it. Without
 * it the first real call is one long loop: the function is compiled on stack (OSR) with no feedback for its
 * end, deoptimised when the chunk ends, and compiled again (3–4 compiles of the 22 kB siege kernel).
 */
export function warmOnce<P>(k: Kernel<P>, plan: P): void {
  if (warmed.has(k as Kernel<unknown>)) return;
  const t0 = TIMINGS ? performance.now() : 0;
  const cpu0 = TIMINGS ? threadCpuMs() : 0;
  const calls = warmUp(k, plan);
  warmed.add(k as Kernel<unknown>);
  if (TIMINGS)
    mark(
      `warmed up (${k.name}, ${isMainThread ? 'main thread' : `thread ${threadId}`})`,
      `${calls} calls, ${(performance.now() - t0).toFixed(0)} ms, ${threadCpuMs() - cpu0} ms CPU`,
    );
}

/**
 * Worker side: run one task with its kernel (warmed up on first use) and hand its accumulator back. The worker
 * entry (workers/worker.ts) finds the kernel by `t.kind` in the registry.
 */
export function runTask(k: Kernel<unknown>, t: Task): TaskResult {
  warmOnce(k, t.plan);
  // A plain object is copied back (structured clone): accumulators are a few kB, far below a task's cost.
  return runChunks(k, t);
}
