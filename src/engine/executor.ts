/**
 * Executors: what runs a task. The scheduler (engine/scheduler.ts) cuts a run's chunks into tasks and hands
 * them to executors; it does not know where they run. Three kinds: the main thread (this file), the piscina
 * pool of worker threads (engine/pool.ts, poolExecutor) and a Redis cluster (src/distributed/redis.ts).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Kernel } from './kernel.js';
import { runChunks, warmOnce, type Task, type TaskResult } from './task.js';

/** Runs tasks of one shape: chunk tasks (the default), or paired blocks of trials (engine/paired.ts). */
export interface Executor<T = Task, R = TaskResult> {
  /** Where its tasks run, in words (timings). */
  readonly where: string;
  /** Tasks it runs at once. */
  readonly lanes: number;
  /** Resolves when it can take a task (a pool whose workers are starting); rejects when it never will. */
  ready?(): Promise<void>;
  /**
   * Run one task. `signal` ends it early where the executor can: a pool task at once (its worker is ended), a
   * main-thread task never (a chunk cannot be stopped part-way), a cluster job never (it is merged like any other).
   */
  run(task: T, signal: AbortSignal): Promise<R>;
  /** Whether its tasks run on this thread (the scheduler times them to size the other executors' tasks). */
  readonly onThisThread?: boolean;
}

/** An executor on a cluster: it also says how big its jobs should be and how many threads it counts as. */
export interface ClusterExecutor extends Executor {
  /** Chunks per job for a run of `chunks` chunks. */
  chunksPerTask(chunks: number, kernel: Kernel<unknown>): number;
  /** What a run on the cluster reports as its threads. */
  threads(): number;
}

/**
 * The calling thread, one task at a time, yielding to the event loop after each so Ctrl-C, progress and pool
 * results get a turn. `warm`: warm the kernel up (once per thread) before the first task; with `yieldFirst`
 * it first lets the event loop turn, so workers' first tasks go out before this thread spends time warming up.
 */
export function mainThreadExecutor<P>(kernel: Kernel<P>, plan: P, o: { warm: boolean; yieldFirst: boolean }): Executor {
  let started = false;
  return {
    where: 'the main thread',
    lanes: 1,
    onThisThread: true,
    async ready() {
      if (started) return;
      started = true;
      if (o.yieldFirst) await yieldToEventLoop();
      if (o.warm) warmOnce(kernel, plan);
    },
    async run(task) {
      const r = runChunks(kernel, task);
      await yieldToEventLoop();
      return r;
    },
  };
}
