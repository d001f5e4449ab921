/**
 * Running a kernel over a number of trials, on the main thread or on the pool, chunk-ordered and
 * deterministic. The accumulators are sums of integers held in doubles (exact below 2^53), so summing task
 * results in any order gives the same bytes; we still merge in chunk order.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { isMainThread, threadId } from 'node:worker_threads';
import { ExitCode, UsageError, WarcastError } from '../errors.js';
import { warmUp, type Kernel } from './kernel.js';
import { closeSpeculativePool, getPool, POOL_DEFAULTS } from './pool.js';
import { engineMode, shardRange, type RemoteMode, type ReplayMode, type ShardCall, type ShardMode, type TaskResult } from './mode.js';
import { digest, toWire } from './wire.js';
import { activeCheckpoint } from './checkpoint.js';
import { ExactSum } from './exactSum.js';
import { mark, threadCpuMs, TIMINGS } from './timings.js';

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
  /** Stops the run: tasks in flight on the pool are abandoned (their workers ended), so the result covers
   * the prefix of whole tasks done before the signal. */
  signal?: AbortSignal;
  /** Override the kernel's threshold for starting a pool (tests force a real pool with 0). */
  minPoolTrials?: number;
  /** Record the kernel's trace (running totals) after every chunk: `RunResult.trace`. */
  trace?: boolean;
  /** Called with every task as it finishes, in any order (checkpoints: engine/checkpoint.ts). */
  onTask?: (task: Task, result: TaskResult) => void;
  /** At most this many chunks on the calling thread when it is one of the threads (tests force a split). */
  mainThreadChunks?: number;
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
  /** Chunks the calling thread ran (the rest ran on workers or a cluster). */
  mainThreadChunks?: number;
  /** Entries of `acc` past 2^53, exact (decimal), for a shard's part file: `acc` holds them rounded. */
  exact?: Record<string, string>;
  /** Under a precision (`runUntil`): whether `done` held when the run stopped (false: stopped at `maxTrials`). */
  precisionReached?: boolean;
}


/** A chunk that may take longer than this runs on the pool, where it can be abandoned on Ctrl-C. */
export const SLOW_CHUNK_MS = 100;
/** A pool task's target time when the main thread has timed the chunks: long enough to pay for its messages. */
const TASK_MS = 50;

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
  const checkpoint = activeCheckpoint();
  if (checkpoint && !mode) return checkpoint.run(o, (p) => localTrials(p, null));
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
  const record: ShardCall = { ...key, chunkTrials: k.chunkTrials, firstChunk, lastChunk, shardFirst: a, shardLast: b, traceLength, acc: [], trace: null };
  mode.calls.push(record);
  const end = Math.min(key.startTrial + key.trials, b * k.chunkTrials);
  const r = await localTrials({ ...o, startTrial: a * k.chunkTrials, trials: Math.max(0, end - a * k.chunkTrials) }, null);
  if (r.interrupted) mode.interrupted = true;
  record.acc = Array.from(r.acc);
  if (r.exact) record.exact = r.exact;
  record.trace = r.trace ? Array.from(r.trace) : null;
  // The analysis goes on with this shard's counts but the whole call's size, so its later calls are the same in every shard.
  return { acc: r.acc, trials: key.trials, threadsUsed: r.threadsUsed, interrupted: r.interrupted, ...(traceLength > 0 ? { trace: new Float64Array((lastChunk - firstChunk) * traceLength) } : {}) };
}

/** Merge mode: hand back the next call's merged accumulators, after checking it is the call the shards ran. */
function replayTrials<P>(o: RunOptions<P>, mode: ReplayMode): RunResult {
  const key = callKey(o);
  const call = mode.calls[mode.next++];
  if (!call || call.kind !== key.kind || call.planHash !== key.planHash || call.seed !== key.seed || call.startTrial !== key.startTrial || call.trials !== key.trials) {
    // exit 3, as a part that cannot be used (docs/distributed.md)
    throw new WarcastError(`merge: run ${mode.next} of this analysis is not the one the shards ran (${call ? 'edited parts, or its plan or size depends on earlier results, which shards cannot split; use --redis' : `the parts hold ${mode.calls.length} simulation run${mode.calls.length === 1 ? '' : 's'}, the analysis makes more`})`, ExitCode.invalidScenario);
  }
  mode.verify?.(mode.next - 1, o.kernel as Kernel<unknown>, o.plan);
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
  // A chunk cannot be stopped part-way: when one may take longer than SLOW_CHUNK_MS, run on the pool (even
  // with one thread), where Ctrl-C ends the tasks in flight at once.
  const chunkMs = ((k.worstNsPerTrial?.(o.plan) ?? 0) * k.chunkTrials) / 1e6;
  const slow = chunkMs > SLOW_CHUNK_MS && o.trials > k.chunkTrials / 10;
  const usePool = remote !== null || (o.threads > 1 && o.trials >= (o.minPoolTrials ?? k.minPoolTrials)) || (slow && o.minPoolTrials !== Infinity);
  // Workers started ahead of this run by the command line (pool.ts, prestartPool) that it will not use: end them now.
  if (!usePool || remote) closeSpeculativePool();

  // Task boundaries: on this process's pool cut as threads ask (below), at most maxChunksPerTask chunks (and
  // ~0.1 s) each; on the main thread one chunk a task, so Ctrl-C waits for one chunk at most.
  const chunks = lastChunk - firstChunk;
  const byTime = Math.max(1, Math.floor(SLOW_CHUNK_MS / Math.max(chunkMs, 1e-9)));
  // Sums exact within a task: at most 2^53 / (chunk × largest gain a trial) chunks (at least one, whose sums
  // are then rounded the same way whatever the grouping).
  const byExactness = Math.max(1, Math.floor(2 ** 53 / (k.chunkTrials * Math.max(1, k.maxPerTrial?.(o.plan) ?? 1))));
  // On a cluster: jobs (engine/mode.ts), still no bigger than exact sums allow.
  const perTask = remote ? Math.max(1, Math.min(byExactness, remote.chunksPerJob(chunks, k as Kernel<unknown>))) : 1;
  const tasks: Task[] = [];
  for (let c = firstChunk; c < lastChunk && (remote || !usePool); c += perTask) {
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
  const chunksOn = { main: 0, pool: 0, poolTasks: 0 };
  const result = (trials: number, threadsUsed: number, sum: ExactSum): RunResult => ({
    acc,
    ...(sum.exact() ? { exact: sum.exact() } : {}),
    trials,
    threadsUsed,
    interrupted: trials < o.trials,
    ...(trace ? { trace: trace.subarray(0, Math.ceil(trials / k.chunkTrials) * traceLength) } : {}),
    mainThreadChunks: usePool ? chunksOn.main : Math.ceil(trials / k.chunkTrials),
  });

  let done = 0;
  if (!usePool) {
    // Main thread, task by task, yielding between tasks so Ctrl-C and progress get a turn. A run of several
    // chunks warms the kernel up first (see warmOnce).
    if (chunks >= WARM_UP_MIN_CHUNKS) warmOnce(k, o.plan);
    const sum = new ExactSum(acc.length);
    for (const t of tasks) {
      if (o.signal?.aborted) break;
      const r = runChunks(k, t);
      sum.add(r.acc);
      addTrace(t, r);
      o.onTask?.(t, r);
      done += trialsOf(t);
      o.onProgress?.(done, o.trials);
      if (tasks.length > 1) await yieldToEventLoop();
    }
    sum.into(acc);
    return result(done, 1, sum);
  }

  // The calling thread is one of the `threads` (when its chunks are short enough to stop between on Ctrl-C):
  // it starts on the chunks at once while threads − 1 workers start, and takes one chunk at a time from the
  // same cursor as the workers, so both finish together; whatever the split, the merge is in chunk order.
  const mainTakes = remote === null && o.threads > 1 && !slow;
  const workers = mainTakes ? o.threads - 1 : o.threads;
  const pool = remote ? null : getPool(workers);
  pool?.catch(() => {}); // a pool that cannot start fails the run through the first worker loop that awaits it
  // Ends the tasks in flight on Ctrl-C, or when one task fails (the others' work would be thrown away).
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  o.signal?.addEventListener('abort', onAbort, { once: true });
  if (o.signal?.aborted) stop.abort();
  const results: (TaskResult | null)[] = new Array(tasks.length).fill(null);
  let failure: unknown = null;
  const fail = (err: unknown) => {
    if (stop.signal.aborted) return; // abandoned on Ctrl-C or after another task failed
    failure ??= err;
    stop.abort();
  };
  // Locally, tasks are cut when a thread asks for one, in chunk order: a share of what is left (guided), so
  // the last tasks are small and the threads finish together; a worker's first task is one chunk, so chunks
  // are not set aside for a worker that is still starting. A cluster keeps the fixed tasks cut above.
  let next = 0;
  let cursor = firstChunk;
  // A task's time is bounded by the kernel's worst case per trial (byTime) until the main thread has timed
  // real chunks: then by that (the worst case is far above the usual: one-chunk siege tasks spent a fifth of
  // their time on messages).
  let chunkMsSeen = 0;
  const cap = () => Math.max(1, Math.min(k.maxChunksPerTask, byExactness, chunkMsSeen > 0 ? Math.floor(TASK_MS / chunkMsSeen) : byTime));
  const cut = (most: number): number => {
    if (remote) return next < tasks.length ? next++ : -1;
    if (cursor >= lastChunk) return -1;
    const n = Math.max(1, Math.min(most, lastChunk - cursor));
    tasks[next] = { kind: k.name, plan: o.plan, trace: traceLength > 0, seed: o.seed, firstChunk: cursor, chunkCount: n, totalTrials: end };
    results[next] = null;
    cursor += n;
    return next++;
  };
  const finished = (i: number, where: 'main' | 'pool') => {
    chunksOn[where] += tasks[i].chunkCount;
    if (where === 'pool') chunksOn.poolTasks++;
    o.onTask?.(tasks[i], results[i]!);
    done += trialsOf(tasks[i]);
    o.onProgress?.(done, o.trials);
  };
  const worker = async () => {
    let first = true;
    while (!stop.signal.aborted) {
      // A cluster job cannot be called back once queued; it finishes and is merged like any other.
      if (remote) {
        const i = cut(1);
        if (i < 0) return;
        try {
          results[i] = await remote.run(tasks[i]);
        } catch (err) {
          return fail(err);
        }
        finished(i, 'pool');
        continue;
      }
      let p: Awaited<typeof pool>;
      try {
        p = await pool!;
      } catch (err) {
        return fail(err);
      }
      if (stop.signal.aborted) return;
      const i = cut(first ? 1 : Math.min(cap(), Math.ceil((lastChunk - cursor) / (2 * o.threads))));
      if (i < 0) return;
      first = false;
      try {
        results[i] = (await p.run(tasks[i], { signal: stop.signal })) as TaskResult;
      } catch (err) {
        return fail(err);
      }
      finished(i, 'pool');
    }
  };
  const mainThread = async () => {
    // The workers' first tasks go out before this thread warms up: the worker loops below resume on the event
    // loop's next turn, and a worker already started (pool.ts, prestartPool) then warms up alongside this thread.
    await yieldToEventLoop();
    warmOnce(k, o.plan);
    while (!stop.signal.aborted && chunksOn.main < (o.mainThreadChunks ?? Infinity)) {
      const i = cut(1);
      if (i < 0) return;
      const t0 = performance.now();
      try {
        results[i] = runChunks(k, tasks[i]);
      } catch (err) {
        return fail(err);
      }
      const ms = performance.now() - t0;
      chunkMsSeen = chunkMsSeen === 0 ? ms : Math.min(ms, (chunkMsSeen + ms) / 2);
      finished(i, 'main');
      // Let pool results, progress and Ctrl-C in between chunks.
      await yieldToEventLoop();
    }
  };
  const inFlight = remote ? Math.min(remote.inFlight, tasks.length) : workers * POOL_DEFAULTS.tasksPerThread;
  await Promise.all([...Array.from({ length: inFlight }, worker), ...(mainTakes ? [mainThread()] : [])]);
  o.signal?.removeEventListener('abort', onAbort);
  if (TIMINGS) mark('run', `${k.name}: ${chunksOn.main} chunks on the main thread, ${chunksOn.pool} in ${chunksOn.poolTasks} tasks on ${remote ? 'the cluster' : `${workers} worker${workers === 1 ? '' : 's'}`}; main thread ${threadCpuMs()} ms CPU`);
  // A worker that threw or died: one line, exit 1, and no partial result printed as whole.
  // (A cluster's errors are already such a line: lost Redis, a failed job.)
  if (failure instanceof WarcastError) throw failure;
  if (failure !== null) throw new WarcastError(`a worker thread failed: ${failure instanceof Error ? failure.message.split('\n')[0] : String(failure)}`);
  // Merge the completed prefix in chunk order.
  let trials = 0;
  const sum = new ExactSum(acc.length);
  for (let i = 0; i < tasks.length; i++) {
    const r = results[i];
    if (r === null) break;
    sum.add(r.acc);
    addTrace(tasks[i], r);
    trials += trialsOf(tasks[i]);
  }
  sum.into(acc);
  return result(trials, remote ? remote.threads() : o.threads, sum);
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

/** Runs of at least this many chunks warm the kernel up on the main thread before the first real chunk. */
export const WARM_UP_MIN_CHUNKS = 4;

/**
 * Warm a kernel up once per thread (engine/kernel.ts warmUp): many tiny calls on the plan, so V8 has type
 * feedback for the whole function, including the code after the trial loop, before it optimises it. Without
 * it the first real call is one long loop: the function is compiled on stack (OSR) with no feedback for its
 * end, deoptimised when the chunk ends, and compiled again (3–4 compiles of the 22 kB siege kernel).
 */
function warmOnce<P>(k: Kernel<P>, plan: P): void {
  if (warmed.has(k as Kernel<unknown>)) return;
  const t0 = TIMINGS ? performance.now() : 0;
  const cpu0 = TIMINGS ? threadCpuMs() : 0;
  const calls = warmUp(k, plan);
  warmed.add(k as Kernel<unknown>);
  if (TIMINGS) mark(`warmed up (${k.name}, ${isMainThread ? 'main thread' : `thread ${threadId}`})`, `${calls} calls, ${(performance.now() - t0).toFixed(0)} ms, ${threadCpuMs() - cpu0} ms CPU`);
}

/**
 * Worker side: run one task with its kernel (warmed up on first use) and hand its accumulator back. The worker entry (workers/worker.ts) finds the kernel by `t.kind` in the registry.
 */
export function runTask(k: Kernel<unknown>, t: Task): unknown {
  warmOnce(k, t.plan);
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
  if (engineMode()?.type === 'shard') throw new UsageError('--precision cannot be split into shards (use --redis)');
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
    if (r.interrupted) return { ...finish(true), precisionReached: o.done(total, trials) };
    const reached = o.done(total, trials);
    if (reached || trials >= o.maxTrials) return { ...finish(false), precisionReached: reached };
    batch = nextBatch(Math.min(trials, o.maxTrials - trials));
  }
}

/**
 * Traces of consecutive parts of one run (precision batches, shards), each cumulative from its own start, as one
 * trace cumulative from the run's start.
 */
export function joinTraces(traces: ArrayLike<number>[], traceLength: number): Float64Array {
  const out = new Float64Array(traces.reduce((n, t) => n + t.length, 0));
  let at = 0;
  for (const t of traces) {
    for (let j = 0; j < t.length; j++) out[at + j] = t[j] + (at > 0 ? out[at - traceLength + (j % traceLength)] : 0);
    at += t.length;
  }
  return out;
}

export { ExactSum };
