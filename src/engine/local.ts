/**
 * Engines that run chunks (engine/engine.ts): `LocalEngine` on this process (the main thread and the piscina
 * pool) and `ClusterEngine` on a cluster executor. Both cut chunks into tasks with the scheduler and sum the
 * results with the ordered exact merge; they differ in their executors and in how big a task is.
 */
import { WarcastError } from '../errors.js';
import type { ChunkAcc, Engine, EngineRun, PairedRunner, PairedSettings, RunResult } from './engine.js';
import { ExactSum } from './exactSum.js';
import { mainThreadExecutor, type ClusterExecutor, type Executor } from './executor.js';
import type { Kernel } from './kernel.js';
import { OrderedMerge } from './merge.js';
import { PairedTrials } from './paired.js';
import { closeSpeculativePool, poolExecutor } from './pool.js';
import { ChunkWork, runWork, type Lane } from './scheduler.js';
import { atMost, fixedJobs, guidedShare, minimumTaskTime, noLessThan, oneAtATime } from './sizing.js';
import { WARM_UP_MIN_CHUNKS, type Task, type TaskResult, type TrialTask } from './task.js';
import { mark, processMs, threadCpuMs, TIMINGS } from './timings.js';

/** A chunk that may take longer than this runs on the pool, where it can be abandoned on Ctrl-C. */
export const SLOW_CHUNK_MS = 100;
/** A pool task's target time when the main thread has timed its units: long enough to pay for its messages. */
const TASK_MS = 50;
/**
 * A chunk task on the calling thread: chunks of about this long together (one chunk of the War Machine kernel is
 * ~0.4 ms, and each task costs a turn of the event loop, an accumulator and a merge), short enough that Ctrl-C and
 * pool results get a turn. Never more chunks than a pool task may hold (exact sums).
 */
const MAIN_TASK_MS = 10;
/**
 * A paired block on the calling thread: short, because this thread also answers the worker. A worker's finished
 * block is read, and its next one posted, only between this thread's blocks; at 15 ms the worker waited for it most
 * of the time in the equivalents' searches, whose jobs (2,000–4,000 trials, a few ms) are shorter than that
 * (docs/benchmarks.md, "What the designer and the page wait for").
 */
const MAIN_BLOCK_MS = 4;
/** A paired block on the pool: at least about this long (by the calling thread's timing). */
const POOL_BLOCK_MS = 16;
/**
 * Paired tasks handed to the pool at once, per worker. piscina never queues a task with a signal (all of ours) in a
 * busy worker: the others wait in its queue on this thread, and the one at its head is posted from the handler of
 * the finished task's message, before this thread's own continuations (a search's next value, its compile) run.
 * Four a worker also reserve the worker its share of a stage's many small jobs before this thread takes one.
 */
const PAIRED_TASKS_PER_WORKER = 4;
/** Trials of a paired block before any trial is timed. */
const FIRST_BLOCK = 16;

/**
 * How a LocalEngine decides, beyond the kernel's own numbers. The defaults are what users get; tests build
 * engines with other values through src/engine/testing.ts.
 */
export interface LocalTuning {
  /** Trials from which a run of two threads or more uses the pool (default: the kernel's `minPoolTrials`). */
  poolFrom?: number;
  /** At most this many chunks on the calling thread when it is one of the threads (default: no limit). */
  mainThreadChunks?: number;
}

/**
 * A run asked for each chunk's own sums (`RunOptions.chunks`): its tasks are one chunk each (the engine's job), and
 * each finished task's sums are kept as its chunk's; the result then lists the merged prefix's chunks in order.
 */
function chunkKeeper<P>(o: EngineRun<P>): { run: EngineRun<P>; withChunks: (r: RunResult) => RunResult } {
  const kept = new Map<number, ChunkAcc>();
  const size = o.kernel.chunkTrials;
  const start = o.startTrial ?? 0;
  const end = start + o.trials;
  const run: EngineRun<P> = {
    ...o,
    onTask: (t, r) => {
      const trials = Math.min(end, (t.firstChunk + 1) * size) - t.firstChunk * size;
      kept.set(t.firstChunk, { chunk: t.firstChunk, trials, acc: r.acc });
      o.onTask?.(t, r);
    },
  };
  const withChunks = (r: RunResult): RunResult => {
    const chunks: ChunkAcc[] = [];
    for (let c = start / size, n = 0; n < r.trials && kept.has(c); c++) {
      chunks.push(kept.get(c)!);
      n += kept.get(c)!.trials;
    }
    return { ...r, chunks };
  };
  return { run, withChunks };
}

/** One run as the scheduler and the merge see it: its chunks, its tasks, its merge, what ran where. */
class RunState<P> {
  readonly k: Kernel<P>;
  readonly traceLength: number;
  readonly start: number;
  readonly end: number;
  readonly firstChunk: number;
  readonly lastChunk: number;
  readonly merge: OrderedMerge;
  readonly work: ChunkWork;
  readonly chunksOn = { main: 0, other: 0, otherTasks: 0 };
  private done = 0;
  /** WARCAST_TIMINGS=1: per thread id, [tasks, chunks, busy ms, CPU ms, first start, last end]; the merge's ms. */
  private readonly threadBusy = new Map<number, number[]>();
  private mergeMs = 0;

  constructor(readonly o: EngineRun<P>) {
    const k = (this.k = o.kernel);
    this.traceLength = o.trace ? (k.traceLength ?? 0) : 0;
    this.start = o.startTrial ?? 0;
    if (this.start % k.chunkTrials !== 0) throw new Error('startTrial must be a whole number of chunks');
    this.end = this.start + o.trials;
    this.firstChunk = this.start / k.chunkTrials;
    this.lastChunk = Math.ceil(this.end / k.chunkTrials); // exclusive
    const range = {
      firstChunk: this.firstChunk,
      lastChunk: this.lastChunk,
      chunkTrials: k.chunkTrials,
      startTrial: this.start,
      endTrial: this.end,
      traceLength: this.traceLength,
    };
    this.merge = new OrderedMerge(range, new ExactSum(k.accLength(o.plan)));
    const task = (firstChunk: number, chunkCount: number): Task => ({
      kind: k.name,
      ...(k.module === undefined ? {} : { module: k.module }),
      plan: o.plan,
      trace: this.traceLength > 0,
      seed: o.seed,
      firstChunk,
      chunkCount,
      totalTrials: this.end,
    });
    this.work = new ChunkWork(this.firstChunk, this.lastChunk, task, this.finished);
  }

  get chunks(): number {
    return this.lastChunk - this.firstChunk;
  }

  /** Most chunks a task may hold with its sums exact: 2^53 / (chunk × largest gain a trial), at least one (whose
   * sums are then rounded the same way whatever the grouping). */
  get byExactness(): number {
    return Math.max(
      1,
      Math.floor(2 ** 53 / (this.k.chunkTrials * Math.max(1, this.k.maxPerTrial?.(this.o.plan) ?? 1))),
    );
  }

  /** A finished task: into the merge, the counts, the layers' hook and the progress. */
  readonly finished = (t: Task, r: TaskResult, on: Executor<Task>): void => {
    if (TIMINGS) this.timeTask(t, r);
    const m0 = TIMINGS ? performance.now() : 0;
    this.merge.add(t, r);
    if (TIMINGS) this.mergeMs += performance.now() - m0;
    if (on.onThisThread) this.chunksOn.main += t.chunkCount;
    else {
      this.chunksOn.other += t.chunkCount;
      this.chunksOn.otherTasks++;
    }
    this.o.onTask?.(t, r);
    this.done +=
      Math.min(this.end, (t.firstChunk + t.chunkCount) * this.k.chunkTrials) - t.firstChunk * this.k.chunkTrials;
    this.o.onProgress?.(this.done, this.o.trials);
  };

  private timeTask(t: Task, r: TaskResult): void {
    if (!r.busy) return;
    const [thread, start, end, cpu] = r.busy;
    const b = this.threadBusy.get(thread) ?? [0, 0, 0, 0, start, end];
    b[0]++;
    b[1] += t.chunkCount;
    b[2] += end - start;
    b[3] += cpu;
    b[4] = Math.min(b[4], start);
    b[5] = Math.max(b[5], end);
    this.threadBusy.set(thread, b);
  }

  /**
   * WARCAST_TIMINGS=1: each thread's share of the run (docs/benchmarks.md, "The second core"): its tasks, busy
   * time (wall, inside the kernel) and CPU, when it started and ended its first and last task, and how long it then
   * waited for the run's end (the tail); the main thread's time merging results.
   */
  private markThreads(): void {
    const end = processMs();
    const ms = (x: number) => x.toFixed(0);
    const parts = [...this.threadBusy.entries()]
      .sort(([a], [b]) => a - b)
      .map(
        ([thread, [tasks, chunks, busy, cpu, first, last]]) =>
          `${thread === 0 ? 'main' : `thread ${thread}`}: ${chunks} chunks in ${tasks} tasks, busy ${ms(busy)} ms ` +
          `(${ms(first)}–${ms(last)}), ${ms(cpu)} ms CPU, tail ${ms(end - last)} ms`,
      );
    mark('threads', `${parts.join('; ')}; merge ${this.mergeMs.toFixed(1)} ms on the main thread`);
  }

  /** The merged prefix as the run's result. */
  result(threadsUsed: number): RunResult {
    const m = this.merge;
    const exact = m.sum.exact();
    return {
      acc: m.sum.rounded(),
      ...(exact ? { exact } : {}),
      trials: m.trials,
      threadsUsed,
      interrupted: m.trials < this.o.trials,
      ...(this.traceLength > 0 ? { trace: Float64Array.from(m.trace) } : {}),
      mainThreadChunks: this.chunksOn.main,
    };
  }

  /** Run the lanes; a failure off this thread is one line (exit 1), never a partial result printed as whole. */
  async runLanes(lanes: Lane<Task>[], where: string): Promise<void> {
    try {
      await runWork(lanes, this.work, this.o.signal);
    } catch (failure) {
      // A cluster's errors are already such a line (lost Redis, a failed job).
      if (failure instanceof WarcastError) throw failure;
      throw new WarcastError(
        `a worker thread failed: ${failure instanceof Error ? failure.message.split('\n')[0] : String(failure)}`,
      );
    } finally {
      if (TIMINGS) this.markThreads();
      if (TIMINGS)
        mark(
          'run',
          `${this.k.name}: ${this.chunksOn.main} chunks on the main thread, ${this.chunksOn.other} in ${this.chunksOn.otherTasks} tasks on ${where}; main thread ${threadCpuMs()} ms CPU`,
        );
    }
  }
}

/** This process: the main thread alone, or the pool with the main thread as one of the threads. */
export class LocalEngine implements Engine {
  readonly refusesPrecision = null;
  readonly chunkwise = true;
  readonly keepsChunks = true;
  constructor(private readonly tuning: LocalTuning = {}) {}

  poolFrom(kernel: Kernel<unknown>): number {
    return this.tuning.poolFrom ?? kernel.minPoolTrials;
  }

  /**
   * Paired jobs on the calling thread and threads − 1 workers of the pool (engine/paired.ts), the same scheduler
   * as chunk runs: the calling thread takes blocks of about MAIN_BLOCK_MS, the workers a guided share of the job's
   * trials left of about TASK_MS.
   */
  paired(settings: PairedSettings): PairedTrials {
    const kernels = new Map<string, Kernel<unknown>>();
    const threads = settings.threads;
    const lanes: Lane<TrialTask>[] = [];
    if (threads > 1) {
      const pool = poolExecutor<TrialTask>(threads - 1);
      // Guided, but never below POOL_BLOCK_MS: many jobs run at once (a stage's items, the equivalents' searches),
      // so a job's last trials need not be cut small for the threads to finish together; measured on examples/
      // castle-siege.yaml, the worker's blocks 701–726 → 537–563 and its share of the trials 28% → 32–35%
      // (8 ms; 16 ms with the settings above: its share 36–38% → 59–68%, six runs each, load 15–17).
      const policy = noLessThan(
        POOL_BLOCK_MS,
        guidedShare(threads, minimumTaskTime(TASK_MS, { untilTimed: FIRST_BLOCK, atLeast: FIRST_BLOCK })),
      );
      // Pool lanes first: the calling thread then starts its own block after the tasks are posted.
      for (let i = 0; i < (threads - 1) * PAIRED_TASKS_PER_WORKER; i++) lanes.push({ executor: pool, policy });
    }
    lanes.push({
      executor: mainThreadExecutor<TrialTask>((t) => kernels.get(t.kind)!, { warm: true, yieldFirst: true }),
      policy: minimumTaskTime(MAIN_BLOCK_MS, { untilTimed: FIRST_BLOCK }),
    });
    return new PairedTrials(lanes, settings.signal, settings.onTrials, kernels);
  }

  async run<P>(o: EngineRun<P>): Promise<RunResult> {
    // Asked for each chunk's sums: tasks of one chunk, on the pool as any run's.
    const kept = o.chunks ? chunkKeeper(o) : null;
    const s = new RunState(kept ? kept.run : o);
    const k = o.kernel;
    const most = kept ? 1 : Math.min(k.maxChunksPerTask, s.byExactness);
    const poolFrom =
      o.placement === 'pool' ? 0 : o.placement === 'main' ? Infinity : this.poolFrom(k as Kernel<unknown>);
    // A chunk cannot be stopped part-way: when one may take longer than SLOW_CHUNK_MS, run on the pool (even
    // with one thread), where Ctrl-C ends the tasks in flight at once.
    const chunkMs = ((k.worstNsPerTrial?.(o.plan) ?? 0) * k.chunkTrials) / 1e6;
    const slow = chunkMs > SLOW_CHUNK_MS && o.trials > k.chunkTrials / 10;
    const usePool = (o.threads > 1 && o.trials >= poolFrom) || (slow && poolFrom !== Infinity);
    if (!usePool) {
      // Workers started ahead of this run by the command line (pool.ts, prestartPool) that it will not use: end them now.
      closeSpeculativePool();
      // One chunk, then tasks of ~MAIN_TASK_MS (one chunk when a chunk takes longer), so Ctrl-C waits that long at
      // most; a run of several chunks warms the kernel up first. A task a chunk cost 15–30% more CPU on a War
      // Machine run of 0.4 ms chunks (an event-loop turn, a merge and an accumulator each; docs/benchmarks.md).
      const main = mainThreadExecutor<Task>(() => k as Kernel<unknown>, {
        warm: s.chunks >= WARM_UP_MIN_CHUNKS,
        yieldFirst: false,
      });
      const policy = atMost(most, minimumTaskTime(MAIN_TASK_MS, { untilTimed: 1 }));
      await runWork([{ executor: main, policy }], s.work, o.signal);
      return kept ? kept.withChunks(s.result(1)) : s.result(1);
    }
    // The calling thread is one of the `threads` (when its chunks are short enough to stop between on Ctrl-C):
    // it starts on the chunks at once while threads − 1 workers start, and takes one chunk at a time from the
    // same cursor as the workers, so both finish together; whatever the split, the merge is in chunk order.
    const mainTakes = o.threads > 1 && !slow;
    const workers = mainTakes ? o.threads - 1 : o.threads;
    const pool = poolExecutor<Task>(workers);
    // A pool task: at most maxChunksPerTask chunks, exact sums, and ~0.1 s by the kernel's worst case per trial
    // until the main thread has timed real chunks, then ~TASK_MS by that (the worst case is far above the usual:
    // one-chunk siege tasks spent a fifth of their time on messages). Cut when a worker asks: a share of what is
    // left (guided), so the last tasks are small and the threads finish together; a worker's first task is one
    // chunk, so chunks are not set aside for a worker that is still starting.
    const byTime = Math.max(1, Math.floor(SLOW_CHUNK_MS / Math.max(chunkMs, 1e-9)));
    const policy = guidedShare(o.threads, atMost(most, minimumTaskTime(TASK_MS, { untilTimed: byTime })), 1);
    const lanes: Lane<Task>[] = Array.from({ length: pool.lanes }, () => ({ executor: pool, policy }));
    // The workers' first tasks go out before this thread warms up (yieldFirst): a worker already started
    // (pool.ts, prestartPool) then warms up alongside this thread.
    if (mainTakes)
      lanes.push({
        executor: mainThreadExecutor<Task>(() => k as Kernel<unknown>, { warm: true, yieldFirst: true }),
        // one chunk until one is timed, then ~MAIN_TASK_MS of chunks, a guided share near the end (as the workers')
        policy:
          this.tuning.mainThreadChunks === undefined
            ? guidedShare(o.threads, atMost(most, minimumTaskTime(MAIN_TASK_MS, { untilTimed: 1 })))
            : oneAtATime,
        maxUnits: this.tuning.mainThreadChunks,
      });
    await s.runLanes(lanes, pool.where);
    return kept ? kept.withChunks(s.result(o.threads)) : s.result(o.threads);
  }
}

/** The default engine: this process, with the kernels' own thresholds. */
export const localEngine = new LocalEngine();

/** A cluster: fixed jobs, cut in chunk order, as many in flight as the executor takes; nothing on this thread. */
export class ClusterEngine implements Engine {
  readonly refusesPrecision = null;
  readonly keepsChunks = true;
  constructor(private readonly executor: ClusterExecutor) {}

  poolFrom(kernel: Kernel<unknown>): number {
    return kernel.minPoolTrials;
  }

  /**
   * Paired jobs on the cluster: fixed blocks of trials as jobs (the values folded here, in trial order, so the
   * answer is the bytes of a local run); nothing on this thread.
   */
  paired(settings: PairedSettings): PairedRunner {
    closeSpeculativePool();
    const e = this.executor as Executor<TrialTask>;
    const lane: Lane<TrialTask> = { executor: e, policy: fixedJobs(this.executor.trialsPerTask()) };
    return new PairedTrials(
      Array.from({ length: this.executor.lanes }, () => lane),
      settings.signal,
      settings.onTrials,
    );
  }

  async run<P>(o: EngineRun<P>): Promise<RunResult> {
    closeSpeculativePool();
    // Asked for each chunk's sums (the toolkit's ChunkRecorder pairing a sweep): a job per chunk, each job's sums
    // kept as its chunk's; the jobs still run side by side on the cluster.
    const kept = o.chunks ? chunkKeeper(o) : null;
    const s = new RunState(kept ? kept.run : o);
    // Jobs as the executor wants them, still no bigger than exact sums allow.
    const perTask = kept
      ? 1
      : Math.max(1, Math.min(s.byExactness, this.executor.chunksPerTask(s.chunks, o.kernel as Kernel<unknown>)));
    const lane: Lane<Task> = { executor: this.executor as Executor<Task>, policy: fixedJobs(perTask) };
    await s.runLanes(
      Array.from({ length: Math.min(this.executor.lanes, Math.ceil(s.chunks / perTask)) }, () => lane),
      this.executor.where,
    );
    const r = s.result(this.executor.threads());
    return kept ? kept.withChunks(r) : r;
  }
}
