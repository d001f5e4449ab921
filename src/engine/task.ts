/**
 * Tasks, the units executors run, in two shapes. A chunk task: whole chunks [firstChunk, firstChunk + chunkCount) of one run, the unit an executor runs (on the main
 * thread, in a worker, as a cluster job). A chunk draws from the generator of (seed, stream, chunk) alone, so a
 * task's counts do not depend on where it ran (docs/architecture.md, Determinism). A trial task (TrialTask): a
 * block of a paired job's trials, each read alone, so a trial's numbers do not depend on where it ran either.
 */
import { warmUp, type Kernel } from './kernel.js';
import { mark, processMs, threadCpuMs, TIMINGS } from './timings.js';
import {
  runChunks,
  runTrialBlock,
  type EngineTask,
  type ResultOf,
  type TaskResult,
  type TrialTaskResult,
} from './chunks.js';

export { runChunks, runTrialBlock };
export type { EngineTask, ResultOf, Task, TaskResult, TrialProbe, TrialTask, TrialTaskResult } from './chunks.js';

/** This thread in words (timings only: node:worker_threads is not loaded at start-up for it). */
function threadName(): string {
  const { isMainThread, threadId } = process.getBuiltinModule('node:worker_threads');
  return isMainThread ? 'main thread' : `thread ${threadId}`;
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
      `warmed up (${k.name}, ${threadName()})`,
      `${calls} calls, ${(performance.now() - t0).toFixed(0)} ms, ${threadCpuMs() - cpu0} ms CPU`,
    );
}

/**
 * Worker side: run one task with its kernel (warmed up on first use) and hand its accumulator back. The worker
 * entry (workers/worker.ts) finds the kernel by `t.kind` in the registry.
 */
export function runTask<T extends EngineTask>(k: Kernel<unknown>, t: T): ResultOf<T> {
  warmOnce(k, t.plan);
  // A plain object is copied back (structured clone): accumulators are a few kB, far below a task's cost.
  return runEither(k, t);
}

/** Either shape of task, on this thread. */
export function runEither<T extends EngineTask>(k: Kernel<unknown>, t: T): ResultOf<T> {
  if (!TIMINGS) return ('paired' in t ? { values: runTrialBlock(k, t) } : runChunks(k, t)) as ResultOf<T>;
  const start = processMs();
  const cpu0 = threadCpuMs();
  const r: TaskResult | TrialTaskResult = 'paired' in t ? { values: runTrialBlock(k, t) } : runChunks(k, t);
  r.busy = Float64Array.of(threadNumber(), start, processMs(), threadCpuMs() - cpu0);
  return r as ResultOf<T>;
}

/** This thread's id (0 on the main thread; timings only). */
function threadNumber(): number {
  return process.getBuiltinModule('node:worker_threads').threadId;
}
