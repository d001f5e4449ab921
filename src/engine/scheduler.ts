/**
 * The scheduler: one for every task shape. It holds a queue of works — a run's chunks (engine/local.ts), a paired
 * job's trials (engine/paired.ts) — and lanes, each one task at a time on one executor (engine/executor.ts): a
 * pool of w workers is w × tasksPerThread lanes, the main thread one, a cluster its jobs in flight. A lane that
 * asks is handed the next units of the oldest work with units left, cut in order, as many as its size policy says
 * (engine/sizing.ts); with none left it waits for the next work. It knows nothing of where tasks run and merges
 * nothing: each finished task goes back to its work (the ordered merge, a job's values, a checkpoint), in any
 * order. One abort path: the signal, or the first failure, stops every lane, ends the tasks in flight where their
 * executor can (a pool task at once; a main-thread task finishes and still counts), and settles every work.
 */
import { setMaxListeners } from 'node:events';
import type { Executor } from './executor.js';
import type { SizePolicy } from './sizing.js';
import type { EngineTask, ResultOf, Task, TaskResult } from './task.js';

export interface Lane<T extends EngineTask = EngineTask> {
  executor: Executor<T>;
  /** How many units it asks for (the scheduler gives at least 1 and at most what is left). */
  policy: SizePolicy;
  /** Stops asking after this many units (default: never). */
  maxUnits?: number;
}

/** What a lane's tasks are cut from: units (chunks, trials) in order. */
export interface Work<T extends EngineTask = EngineTask> {
  /** Units not yet handed out. */
  readonly left: number;
  /** The task of the next `units` units (1 ≤ units ≤ left). */
  cut(units: number): T;
  /** A task of it done (any order; also after a stop, for a task that finished anyway). */
  finished(task: T, result: ResultOf<T>, on: Executor<T>): void;
}

interface Pending<T extends EngineTask> {
  work: Work<T>;
  inFlight: number;
  resolve(): void;
  reject(err: unknown): void;
}

export class Scheduler<T extends EngineTask = EngineTask> {
  /** Milliseconds per unit of the tasks timed on this thread (0: none yet); a smoothed minimum. */
  msPerUnitSeen = 0;
  private readonly queue: Pending<T>[] = [];
  private readonly stop = new AbortController();
  private failure: { err: unknown } | null = null;
  private parked: (() => void)[] = [];
  private started = false;
  private closed = false;
  private readonly onAbort = () => this.halt();

  constructor(
    private readonly lanes: readonly Lane<T>[],
    private readonly signal?: AbortSignal,
  ) {
    // Every task in flight on the pool listens to `stop` (at most one a lane).
    setMaxListeners(lanes.length + 10, this.stop.signal);
  }

  /** Stopped by the signal or a failure: works submitted now settle at once. */
  get stopped(): boolean {
    return this.stop.signal.aborted;
  }

  /**
   * Run a work's units: resolves once every task of it is done, or once stopped with none of its tasks in flight
   * (the work then holds what finished); rejects with the first failure of any task.
   */
  submit(work: Work<T>): Promise<void> {
    if (this.signal?.aborted) this.halt();
    return new Promise<void>((resolve, reject) => {
      const p: Pending<T> = { work, inFlight: 0, resolve, reject };
      // The caller's signal is listened to while a work is pending (a paired runner makes many, one after another).
      if (this.queue.length === 0 && !this.stopped)
        this.signal?.addEventListener('abort', this.onAbort, { once: true });
      this.queue.push(p);
      if (this.settle(p)) return;
      if (!this.started) {
        this.started = true;
        for (const l of this.lanes) void this.lane(l);
      } else this.wake();
    });
  }

  /** No more works will come: lanes waiting for one end. */
  close(): void {
    this.closed = true;
    this.wake();
  }

  private wake(): void {
    for (const w of this.parked.splice(0)) w();
  }

  private halt(): void {
    if (!this.stopped) this.stop.abort();
    this.wake();
    for (const p of [...this.queue]) this.settle(p);
  }

  private fail(err: unknown): void {
    if (this.stopped) return; // a task abandoned on Ctrl-C or after another failed
    this.failure = { err };
    this.halt();
  }

  /** Settle a work that is done (or stopped) with nothing in flight; true when it was. */
  private settle(p: Pending<T>): boolean {
    if (p.inFlight > 0 || (p.work.left > 0 && !this.stopped)) return false;
    const at = this.queue.indexOf(p);
    if (at < 0) return true;
    this.queue.splice(at, 1);
    if (this.queue.length === 0) this.signal?.removeEventListener('abort', this.onAbort);
    if (this.failure) p.reject(this.failure.err);
    else p.resolve();
    return true;
  }

  private next(): Pending<T> | undefined {
    return this.queue.find((p) => p.work.left > 0);
  }

  private async lane(l: Lane<T>): Promise<void> {
    let first = true;
    let units = 0;
    while (!this.stopped && !this.closed && units < (l.maxUnits ?? Infinity)) {
      if (this.next() === undefined) {
        await new Promise<void>((r) => this.parked.push(r));
        continue;
      }
      try {
        await l.executor.ready?.();
      } catch (err) {
        return this.fail(err);
      }
      const p = this.next(); // another lane may have taken the last units meanwhile
      if (this.stopped || p === undefined) continue;
      const n = Math.max(
        1,
        Math.min(l.policy.size({ first, left: p.work.left, msPerUnit: this.msPerUnitSeen }), p.work.left),
      );
      const task = p.work.cut(n);
      first = false;
      p.inFlight++;
      let r: ResultOf<T>;
      try {
        l.executor.warm?.(task);
        // An executor on this thread does its work before `run` returns its promise: that is the time taken.
        const t0 = l.executor.onThisThread ? performance.now() : 0;
        const pending = l.executor.run(task, this.stop.signal);
        if (l.executor.onThisThread) this.timed((performance.now() - t0) / n);
        r = await pending;
      } catch (err) {
        p.inFlight--;
        this.fail(err);
        this.settle(p);
        return;
      }
      p.inFlight--;
      units += n;
      p.work.finished(task, r, l.executor);
      this.settle(p);
    }
  }

  private timed(ms: number): void {
    this.msPerUnitSeen = this.msPerUnitSeen === 0 ? ms : Math.min(ms, (this.msPerUnitSeen + ms) / 2);
  }
}

/** A run's chunks [firstChunk, lastChunk) as a work: `task(first, count)` makes a task, `finished` takes it back. */
export class ChunkWork implements Work<Task> {
  private cursor: number;
  constructor(
    readonly firstChunk: number,
    readonly lastChunk: number,
    private readonly task: (firstChunk: number, chunkCount: number) => Task,
    readonly finished: (t: Task, r: TaskResult, on: Executor<Task>) => void,
  ) {
    this.cursor = firstChunk;
  }
  get left(): number {
    return this.lastChunk - this.cursor;
  }
  cut(units: number): Task {
    const t = this.task(this.cursor, units);
    this.cursor += units;
    return t;
  }
}

/** Run one work on `lanes` until done, stopped or failed (then thrown), and let the lanes go. */
export async function runWork<T extends EngineTask>(
  lanes: readonly Lane<T>[],
  work: Work<T>,
  signal: AbortSignal | undefined,
): Promise<Scheduler<T>> {
  const s = new Scheduler(lanes, signal);
  try {
    await s.submit(work);
  } finally {
    s.close();
  }
  return s;
}
