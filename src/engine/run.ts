/**
 * Running a kernel over a number of trials, on the main thread or on the pool, chunk-ordered and
 * deterministic. The accumulators are sums of integers held in doubles (exact below 2^53), so summing task
 * results in any order gives the same bytes; we still merge in chunk order.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { warmUp, type Kernel } from './kernel.js';
import { getPool, POOL_DEFAULTS } from './pool.js';
import { engineMode, shardRange, type RemoteMode, type ReplayMode, type ShardMode, type TaskResult } from './mode.js';
import { digest, toWire } from './wire.js';

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


export interface Task {
  /** The kernel's registry name (the worker loads it by name). */
  kind: string;
  plan: unknown;
  trace: boolean;
  seed: number;
  firstChunk: number;
  chunkCount: number;
  totalTrials: number;
}

/**
 * Run `trials` trials starting at `startTrial` (a multiple of the chunk size): on this process, on a Redis
 * cluster, as one shard of the chunks, or from merged shards, by the engine mode of the calling analysis
 * (engine/mode.ts).
 */
export function runTrials<P>(o: RunOptions<P>): Promise<RunResult> {
  const mode = engineMode();
  // Both record or consume calls by position, so they must run before any await (runMany starts calls together).
  if (mode?.type === 'shard') return shardTrials(o, mode);
  if (mode?.type === 'replay') return Promise.resolve(replayTrials(o, mode));
  return localTrials(o, mode?.type === 'remote' ? mode : null);
}

/** What identifies a call across processes: the kernel, a digest of its plan, seed and trial range. */
function callKey<P>(o: RunOptions<P>) {
  return { kind: o.kernel.name, planHash: digest(toWire(o.plan)), seed: o.seed, startTrial: o.startTrial ?? 0, trials: o.trials };
}

/** Shard mode: run only this shard's chunks of the call and record them; the analysis's own result is discarded. */
async function shardTrials<P>(o: RunOptions<P>, mode: ShardMode): Promise<RunResult> {
  const k = o.kernel;
  const key = callKey(o);
  const firstChunk = key.startTrial / k.chunkTrials;
  const lastChunk = Math.ceil((key.startTrial + key.trials) / k.chunkTrials);
  const [a, b] = shardRange(firstChunk, lastChunk, mode.index, mode.count);
  const traceLength = o.trace ? (k.traceLength ?? 0) : 0;
  const record = { ...key, chunkTrials: k.chunkTrials, firstChunk, lastChunk, shardFirst: a, shardLast: b, traceLength, acc: [] as number[], trace: null as number[] | null };
  mode.calls.push(record);
  const end = Math.min(key.startTrial + key.trials, b * k.chunkTrials);
  const r = await localTrials({ ...o, startTrial: a * k.chunkTrials, trials: Math.max(0, end - a * k.chunkTrials) }, null);
  if (r.interrupted) mode.interrupted = true;
  record.acc = Array.from(r.acc);
  record.trace = r.trace ? Array.from(r.trace) : null;
  // The analysis goes on with this shard's counts but the whole call's size, so its later calls are the same in every shard.
  return { acc: r.acc, trials: key.trials, threadsUsed: r.threadsUsed, interrupted: r.interrupted, ...(traceLength > 0 ? { trace: new Float64Array((lastChunk - firstChunk) * traceLength) } : {}) };
}

/** Merge mode: hand back the next call's merged accumulators, after checking it is the call the shards ran. */
function replayTrials<P>(o: RunOptions<P>, mode: ReplayMode): RunResult {
  const key = callKey(o);
  const call = mode.calls[mode.next++];
  if (!call || call.kind !== key.kind || call.planHash !== key.planHash || call.seed !== key.seed || call.startTrial !== key.startTrial || call.trials !== key.trials) {
    throw new Error(`merge: run ${mode.next} of this analysis is not the one the shards ran (its plan or size depends on earlier results, which shards cannot split; use --redis)`);
  }
  return { acc: Float64Array.from(call.acc), trials: call.trials, threadsUsed: 1, interrupted: false, ...(o.trace && call.trace ? { trace: Float64Array.from(call.trace) } : {}) };
}

async function localTrials<P>(o: RunOptions<P>, remote: RemoteMode | null): Promise<RunResult> {
  const k = o.kernel;
  const traceLength = o.trace ? (k.traceLength ?? 0) : 0;
  const start = o.startTrial ?? 0;
  if (start % k.chunkTrials !== 0) throw new Error('startTrial must be a whole number of chunks');
  const end = start + o.trials;
  const firstChunk = start / k.chunkTrials;
  const lastChunk = Math.ceil(end / k.chunkTrials); // exclusive
  const acc = new Float64Array(k.accLength(o.plan));
  const usePool = remote !== null || (o.threads > 1 && o.trials >= (o.minPoolTrials ?? k.minPoolTrials));

  // Task boundaries: at least 4 tasks per thread, at most maxChunksPerTask chunks each (on a cluster: jobs).
  const chunks = lastChunk - firstChunk;
  const threads = usePool ? o.threads : 1;
  const perTask = remote ? remote.chunksPerJob(chunks, k as Kernel<unknown>) : Math.max(1, Math.min(k.maxChunksPerTask, Math.ceil(chunks / (threads * POOL_DEFAULTS.tasksPerThread))));
  const tasks: Task[] = [];
  for (let c = firstChunk; c < lastChunk; c += perTask) {
    tasks.push({ kind: k.name, plan: o.plan, trace: traceLength > 0, seed: o.seed, firstChunk: c, chunkCount: Math.min(perTask, lastChunk - c), totalTrials: end });
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
    return result(done, 1, completed);
  }

  const pool = remote ? null : getPool(o.threads);
  const execute = (t: Task): Promise<TaskResult> => (remote ? remote.run(t) : (pool!.run(t) as Promise<TaskResult>));
  const results: (TaskResult | null)[] = new Array(tasks.length).fill(null);
  let next = 0;
  let failure: unknown = null;
  const inFlight = remote ? remote.inFlight : o.threads * POOL_DEFAULTS.tasksPerThread;
  const worker = async () => {
    while (next < tasks.length && !o.signal?.aborted && failure === null) {
      const i = next++;
      try {
        results[i] = await execute(tasks[i]);
      } catch (err) {
        failure ??= err;
        return;
      }
      done += trialsOf(tasks[i]);
      o.onProgress?.(done, o.trials);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, tasks.length) }, worker));
  if (failure !== null) throw failure;
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
  return result(trials, remote ? remote.threads() : o.threads, completed);
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

const warmed = new Set<Kernel<unknown>>();

/**
 * Worker side: run one task with its kernel (warmed up on first use) and hand its accumulator back. The worker entry (workers/worker.ts) finds the kernel by `t.kind` in the registry.
 */
export function runTask(k: Kernel<unknown>, t: Task): unknown {
  if (!warmed.has(k)) {
    warmUp(k);
    warmed.add(k);
  }
  // A plain object is copied back (structured clone): accumulators are a few kB, far below a task's cost.
  return runChunks(k, t);
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
  // Where to stop depends on the counts so far, which one shard does not have.
  if (engineMode()?.type === 'shard') throw new Error('--precision cannot be split into shards (use --redis)');
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
