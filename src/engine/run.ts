/**
 * Running a kernel over a number of trials, on the main thread or on the pool, chunk-ordered and
 * deterministic. The accumulators are sums of integers held in doubles (exact below 2^53), so summing task
 * results in any order gives the same bytes; we still merge in chunk order.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { threadId } from 'node:worker_threads';
import { warmUp, type Kernel } from './kernel.js';
import { getPool, POOL_DEFAULTS } from './pool.js';
import { mark, processMs, threadCpuMs, TIMINGS } from './timings.js';

export interface RunOptions<Plan = unknown> {
  kernel: Kernel<Plan>;
  plan: Plan;
  seed: number;
  trials: number;
  threads: number;
  /** Trials already done before this call (precision mode continues a run): chunk numbering starts here. */
  startTrial?: number;
  /** Called with trials done so far (monotone). */
  onProgress?: (done: number, total: number) => void;
  /** Stops the run after the chunks in flight; the result then covers a prefix of whole chunks. */
  signal?: AbortSignal;
  /** Override the kernel's threshold for starting a pool (tests force a real pool with 0). */
  minPoolTrials?: number;
  /** Record the kernel's trace (running totals) after every chunk: `RunResult.trace`. */
  trace?: boolean;
}

export interface RunResult {
  acc: Float64Array;
  trials: number;
  threadsUsed: number;
  interrupted: boolean;
  /**
   * With `trace`: after each whole chunk of this run, in chunk order, the kernel's `traceLength` running totals
   * (cumulative from the run's first chunk); chunk c's totals at [c × traceLength, (c + 1) × traceLength).
   */
  trace?: Float64Array;
}

/** What a pool task returns: the task's accumulator, and its per-chunk trace when asked for. */
interface TaskResult {
  acc: Float64Array;
  trace: Float64Array | null;
  /** Under WARCAST_TIMINGS=1: where the worker spent the task (src/engine/timings.ts). */
  timing?: TaskTiming;
}

interface TaskTiming {
  thread: number;
  startMs: number;
  endMs: number;
  warmUpMs: number;
  cpuMs: number;
}

export interface Task {
  /** The kernel's registry name (the worker loads it by name). */
  kind: string;
  plan: unknown;
  trace: boolean;
  seed: number;
  firstChunk: number;
  chunkCount: number;
  totalTrials: number;
  timings?: boolean;
}

/** Run `trials` trials starting at `startTrial` (a multiple of the chunk size). */
export async function runTrials<P>(o: RunOptions<P>): Promise<RunResult> {
  const k = o.kernel;
  const traceLength = o.trace ? (k.traceLength ?? 0) : 0;
  const start = o.startTrial ?? 0;
  if (start % k.chunkTrials !== 0) throw new Error('startTrial must be a whole number of chunks');
  const end = start + o.trials;
  const firstChunk = start / k.chunkTrials;
  const lastChunk = Math.ceil(end / k.chunkTrials); // exclusive
  const acc = new Float64Array(k.accLength(o.plan));
  const usePool = o.threads > 1 && o.trials >= (o.minPoolTrials ?? k.minPoolTrials);

  // Task boundaries: at least 8 tasks per thread (the threads start at different times: the main thread at once, workers after start-up), at most maxChunksPerTask chunks each.
  const chunks = lastChunk - firstChunk;
  const threads = usePool ? o.threads : 1;
  const perTask = Math.max(1, Math.min(k.maxChunksPerTask, Math.ceil(chunks / (threads * POOL_DEFAULTS.tasksPerThreadSplit))));
  const tasks: Task[] = [];
  for (let c = firstChunk; c < lastChunk; c += perTask) {
    tasks.push({ kind: k.name, plan: o.plan, trace: traceLength > 0, seed: o.seed, firstChunk: c, chunkCount: Math.min(perTask, lastChunk - c), totalTrials: end, ...(TIMINGS ? { timings: true } : {}) });
  }
  const trialsOf = (t: Task) => Math.min(end, (t.firstChunk + t.chunkCount) * k.chunkTrials) - t.firstChunk * k.chunkTrials;

  const trace = traceLength > 0 ? new Float64Array(chunks * traceLength) : null;
  // Add a finished task's trace (running totals within the task) after everything before it, in chunk order.
  const addTrace = (t: Task, r: TaskResult) => {
    if (!trace || !r.trace) return;
    const at = (t.firstChunk - firstChunk) * traceLength;
    for (let j = 0; j < r.trace.length; j++) trace[at + j] = r.trace[j] + (at > 0 ? trace[at - traceLength + (j % traceLength)] : 0);
  };
  const result = (trials: number, threadsUsed: number, completed: number): RunResult => ({
    acc,
    trials,
    threadsUsed,
    interrupted: completed < tasks.length,
    ...(trace ? { trace: trace.subarray(0, Math.ceil(trials / k.chunkTrials) * traceLength) } : {}),
  });

  let done = 0;
  if (!usePool) {
    // Main thread, task by task, yielding between tasks so Ctrl-C and progress get a turn.
    mark('run start', `${k.name}: ${o.trials} trials, ${tasks.length} tasks of ${perTask} chunks, main thread`);
    const cpu0 = TIMINGS ? threadCpuMs() : 0;
    let completed = 0;
    for (const t of tasks) {
      if (o.signal?.aborted) break;
      const r = runChunks(k, t);
      for (let j = 0; j < acc.length; j++) acc[j] += r.acc[j];
      addTrace(t, r);
      done += trialsOf(t);
      completed++;
      o.onProgress?.(done, o.trials);
      if (tasks.length > 1) await yieldToEventLoop();
    }
    mark('run done', `main thread, ${TIMINGS ? threadCpuMs() - cpu0 : 0} ms CPU`);
    return result(done, 1, completed);
  }

  // The calling thread is one of the `threads`: it runs tasks itself while the pool's threads - 1 workers start
  // and tier their kernels up (~0.1 s to start a worker, up to ~1 s of JIT for the siege kernel under load), so
  // a pool run is never much slower than one thread and the pool's start-up is overlapped with real work.
  mark('run start', `${k.name}: ${o.trials} trials, ${tasks.length} tasks of ${perTask} chunks, main thread + ${o.threads - 1} workers`);
  // Wait for the pool object (piscina loads lazily) so its workers start now, while this thread works.
  const pool = await getPool(o.threads - 1);
  const results: (TaskResult | null)[] = new Array(tasks.length).fill(null);
  let next = 0;
  let failure: unknown = null;
  const claim = () => (next < tasks.length && !o.signal?.aborted && failure === null ? next++ : -1);
  const finished = (i: number) => {
    done += trialsOf(tasks[i]);
    o.onProgress?.(done, o.trials);
  };
  const inFlight = (o.threads - 1) * POOL_DEFAULTS.tasksPerThread;
  const viaPool = async () => {
    for (let i = claim(); i >= 0; i = claim()) {
      try {
        results[i] = (await pool.run(tasks[i])) as TaskResult;
      } catch (err) {
        failure ??= err;
        return;
      }
      finished(i);
    }
  };
  const cpu0 = TIMINGS ? threadCpuMs() : 0;
  let onMain = 0;
  const onMainThread = async () => {
    // Yield first so the pool's tasks are posted before this thread gets busy, and between tasks so results,
    // progress and Ctrl-C get a turn.
    for (await yieldToEventLoop(); ; await yieldToEventLoop()) {
      const i = claim();
      if (i < 0) return;
      results[i] = runChunks(k, tasks[i]);
      onMain++;
      finished(i);
    }
  };
  await Promise.all([onMainThread(), ...Array.from({ length: Math.min(inFlight, tasks.length) }, viaPool)]);
  mark('main thread', `${onMain} tasks, ${TIMINGS ? threadCpuMs() - cpu0 : 0} ms CPU`);
  if (failure !== null) throw failure;
  if (TIMINGS) logTaskTimings(results);
  // Merge the completed prefix in chunk order.
  let trials = 0;
  let completed = 0;
  for (let i = 0; i < tasks.length; i++) {
    const r = results[i];
    if (r === null) break;
    for (let j = 0; j < acc.length; j++) acc[j] += r.acc[j];
    addTrace(tasks[i], r);
    trials += trialsOf(tasks[i]);
    completed++;
  }
  return result(trials, o.threads, completed);
}

/** One task's chunks into a fresh accumulator; with a trace, chunk by chunk (chunks are independent, so the counts are the same). */
function runChunks<P>(k: Kernel<P>, t: Task): TaskResult {
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

function logTaskTimings(results: (TaskResult | null)[]): void {
  const byThread = new Map<number, TaskTiming[]>();
  for (const r of results) if (r?.timing) byThread.set(r.timing.thread, [...(byThread.get(r.timing.thread) ?? []), r.timing]);
  for (const [thread, ts] of byThread) {
    const run = ts.reduce((n, t) => n + t.endMs - t.startMs, 0);
    const cpu = ts.reduce((n, t) => n + t.cpuMs, 0);
    const warm = ts.reduce((n, t) => n + t.warmUpMs, 0);
    mark(`thread ${thread}`, `${ts.length} tasks, first started at ${ts[0].startMs.toFixed(1)} ms, last ended at ${ts[ts.length - 1].endMs.toFixed(1)} ms, ${run.toFixed(1)} ms in tasks (warm-up ${warm.toFixed(1)}), ${cpu} ms CPU`);
  }
  mark('pool run done');
}

const warmed = new Set<Kernel<unknown>>();

/**
 * Worker side: run one task with its kernel (warmed up on first use) and hand its accumulator back. The worker entry (workers/worker.ts) finds the kernel by `t.kind` in the registry.
 */
export function runTask(k: Kernel<unknown>, t: Task): unknown {
  const startMs = t.timings ? processMs() : 0;
  const cpu0 = t.timings ? threadCpuMs() : 0;
  let warmUpMs = 0;
  if (!warmed.has(k)) {
    warmUp(k, t.plan);
    warmed.add(k);
    warmUpMs = t.timings ? processMs() - startMs : 0;
  }
  // A plain object is copied back (structured clone): accumulators are a few kB, far below a task's cost.
  const r = runChunks(k, t);
  if (t.timings) r.timing = { thread: threadId, startMs, endMs: processMs(), warmUpMs, cpuMs: threadCpuMs() - cpu0 };
  return r;
}

export interface PrecisionOptions<P = unknown> extends Omit<RunOptions<P>, 'trials' | 'startTrial'> {
  /** First batch size; the total then doubles until `done` says so or `maxTrials` is reached. */
  initialTrials: number;
  maxTrials: number;
  done(acc: Float64Array, trials: number): boolean;
}

/**
 * Add chunks until `done(acc, trials)` holds. Batch boundaries depend only on the schedule, never on
 * threads, so the stopping point (and the answer) is the same for every thread count.
 */
export async function runUntil<P>(o: PrecisionOptions<P>): Promise<RunResult> {
  const k = o.kernel;
  const step = (n: number) => Math.ceil(n / k.chunkTrials) * k.chunkTrials;
  const total = new Float64Array(k.accLength(o.plan));
  let trials = 0;
  // Batches are whole chunks, so the next one starts on a chunk boundary; only the last batch, the one that
  // reaches maxTrials, may end inside a chunk (a chunk's first n trials are a prefix of it, so still deterministic).
  const nextBatch = (n: number) => Math.min(step(n), o.maxTrials - trials);
  let batch = nextBatch(Math.min(o.initialTrials, o.maxTrials));
  let threadsUsed = 1;
  const traces: Float64Array[] = [];
  const finish = (interrupted: boolean): RunResult => ({ acc: total, trials, threadsUsed, interrupted, ...(o.trace ? { trace: joinTraces(traces, k.traceLength ?? 0) } : {}) });
  for (;;) {
    const r = await runTrials({ ...o, trials: batch, startTrial: trials, onProgress: (d) => o.onProgress?.(trials + d, Math.max(trials + batch, o.maxTrials)) });
    for (let j = 0; j < total.length; j++) total[j] += r.acc[j];
    if (r.trace) traces.push(r.trace);
    trials += r.trials;
    threadsUsed = Math.max(threadsUsed, r.threadsUsed);
    if (r.interrupted) return finish(true);
    if (o.done(total, trials) || trials >= o.maxTrials) return finish(false);
    batch = nextBatch(Math.min(trials, o.maxTrials - trials));
  }
}

/** Batches' traces, each cumulative from its own start, as one trace cumulative from the run's start. */
function joinTraces(traces: Float64Array[], traceLength: number): Float64Array {
  const out = new Float64Array(traces.reduce((n, t) => n + t.length, 0));
  let at = 0;
  for (const t of traces) {
    for (let j = 0; j < t.length; j++) out[at + j] = t[j] + (at > 0 ? out[at - traceLength + (j % traceLength)] : 0);
    at += t.length;
  }
  return out;
}
