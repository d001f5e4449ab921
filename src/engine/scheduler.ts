/**
 * The scheduler: cuts a run's chunks into tasks, in chunk order, as lanes ask for them, and hands each task to
 * its lane's executor (engine/executor.ts). It knows nothing of where tasks run and merges nothing: each
 * finished task goes to `onTask` (the ordered merge, progress, a checkpoint). A lane is one task at a time on
 * one executor: a pool of w workers is w × tasksPerThread lanes, the main thread one, a cluster its jobs in
 * flight. How big a lane's tasks are is the lane's policy (`size`), read when it asks, so a pool can take a
 * share of what is left (guided) and a cluster fixed jobs.
 */
import type { Executor } from './executor.js';
import type { SizingPolicy } from './sizing.js';
import type { Task, TaskResult } from './task.js';

/** A lane: an executor and its sizing policy (engine/sizing.ts), in chunks. */
export interface Lane extends SizingPolicy {
  executor: Executor;
  /** Chunks it asks for next (`first`: its first task); the scheduler gives at least 1 and at most what is left. */
  size(first: boolean): number;
  /** Stops asking after this many chunks (default: until none is left). */
  maxChunks?: number;
}

export class Scheduler {
  private cursor: number;
  /** Milliseconds per chunk of the tasks timed on this thread (0: none yet); a smoothed minimum. */
  chunkMsSeen = 0;

  /** Chunks [firstChunk, lastChunk); `task(first, count)` makes the task of `count` chunks from `first`. */
  constructor(
    readonly firstChunk: number,
    readonly lastChunk: number,
    private readonly task: (firstChunk: number, chunkCount: number) => Task,
  ) {
    this.cursor = firstChunk;
  }

  /** Chunks not yet handed out. */
  get left(): number {
    return this.lastChunk - this.cursor;
  }

  /** The next task, of at least 1 and at most `most` chunks, or null when every chunk is handed out. */
  cut(most: number): Task | null {
    if (this.cursor >= this.lastChunk) return null;
    const n = Math.max(1, Math.min(most, this.lastChunk - this.cursor));
    const t = this.task(this.cursor, n);
    this.cursor += n;
    return t;
  }

  /**
   * Run the lanes until every chunk is handed out and done, `signal` fires (tasks in flight are ended where
   * their executor can, the rest finish and still count), or a task fails: then the others are ended the same
   * way and the first failure is thrown. Every finished task goes to `onTask`, in any order.
   */
  async run(
    lanes: readonly Lane[],
    signal: AbortSignal | undefined,
    onTask: (t: Task, r: TaskResult, on: Executor) => void,
  ): Promise<void> {
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) stop.abort();
    let failed = false;
    let failure: unknown = null;
    const fail = (err: unknown) => {
      if (stop.signal.aborted) return; // abandoned on Ctrl-C or after another task failed
      failed = true;
      failure = err;
      stop.abort();
    };
    const lane = async (l: Lane) => {
      let first = true;
      let chunks = 0;
      while (!stop.signal.aborted && chunks < (l.maxChunks ?? Infinity)) {
        try {
          await l.executor.ready?.();
        } catch (err) {
          return fail(err);
        }
        if (stop.signal.aborted) return;
        const t = this.cut(l.size(first));
        if (t === null) return;
        first = false;
        let r: TaskResult;
        try {
          // An executor on this thread does its work before `run` returns its promise: that is the time taken.
          const t0 = l.executor.onThisThread ? performance.now() : 0;
          const pending = l.executor.run(t, stop.signal);
          if (l.executor.onThisThread) this.timed((performance.now() - t0) / t.chunkCount);
          r = await pending;
        } catch (err) {
          return fail(err);
        }
        chunks += t.chunkCount;
        onTask(t, r, l.executor);
      }
    };
    try {
      await Promise.all(lanes.map(lane));
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    if (failed) throw failure;
  }

  private timed(ms: number): void {
    this.chunkMsSeen = this.chunkMsSeen === 0 ? ms : Math.min(ms, (this.chunkMsSeen + ms) / 2);
  }
}
