/**
 * Executors: what runs a task, of either shape (engine/task.ts: whole chunks, or a block of a paired job's
 * trials). The scheduler (engine/scheduler.ts) cuts works into tasks and hands them to executors; it does not know
 * where they run. Three kinds: the main thread (this file), the piscina pool of worker threads (engine/pool.ts,
 * poolExecutor) and a Redis cluster (src/distributed/redis.ts).
 */
import type { Kernel } from './kernel.js';
import { runEither, warmOnce, type EngineTask, type ResultOf } from './task.js';

/** One turn of the event loop (node:timers/promises' setImmediate without loading that module at start-up). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface Executor<T extends EngineTask = EngineTask> {
  /** Where its tasks run, in words (timings). */
  readonly where: string;
  /** Tasks it runs at once. */
  readonly lanes: number;
  /** Resolves when it can take a task (a pool whose workers are starting); rejects when it never will. */
  ready?(): Promise<void>;
  /** Before a task is run and timed (the calling thread warms its kernel up on its first task). */
  warm?(task: T): void;
  /**
   * Run one task. `signal` ends it early where the executor can: a pool task at once (its worker is ended), a
   * main-thread task never (a chunk cannot be stopped part-way), a cluster job never (it is merged like any other).
   */
  run(task: T, signal: AbortSignal): Promise<ResultOf<T>>;
  /** Whether its tasks run on this thread (the scheduler times them to size the other executors' tasks). */
  readonly onThisThread?: boolean;
}

/** An executor on a cluster: it also says how big its jobs should be and how many threads it counts as. */
export interface ClusterExecutor extends Executor {
  /** Chunks per job for a run of `chunks` chunks. */
  chunksPerTask(chunks: number, kernel: Kernel<unknown>): number;
  /** Trials per job of a paired job (a job's values are read trial by trial, so any size gives the same bytes). */
  trialsPerTask(): number;
  /** What a run on the cluster reports as its threads. */
  threads(): number;
}

/**
 * The calling thread, one task at a time, yielding to the event loop after each so Ctrl-C, progress and pool
 * results get a turn. `kernelOf(task)`: the kernel that runs it. `warm`: warm the kernel up (once per thread)
 * before its first task; with `yieldFirst` the event loop first turns once, so workers' first tasks go out before
 * this thread spends time warming up or running.
 */
export function mainThreadExecutor<T extends EngineTask>(
  kernelOf: (task: T) => Kernel<unknown>,
  o: { warm: boolean; yieldFirst: boolean },
): Executor<T> {
  let started = false;
  return {
    where: 'the main thread',
    lanes: 1,
    onThisThread: true,
    async ready() {
      if (started) return;
      started = true;
      if (o.yieldFirst) await yieldToEventLoop();
    },
    warm(task) {
      if (o.warm) warmOnce(kernelOf(task), task.plan);
    },
    async run(task) {
      const r = runEither(kernelOf(task), task);
      await yieldToEventLoop();
      return r;
    },
  };
}
