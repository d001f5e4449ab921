/**
 * Running a kernel over a number of trials, on the main thread or on the pool, chunk-ordered and
 * deterministic. The accumulators are sums of integers held in doubles (exact below 2^53), so summing task
 * results in any order gives the same bytes; we still merge in chunk order.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Piscina } from 'piscina';
import { WarcastError } from '../errors.js';
import { loadKernel, warmUp, type Kernel } from './kernels.js';
import { getPool, POOL_DEFAULTS } from './pool.js';

export interface RunOptions {
  kind: string;
  plan: unknown;
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
}

export interface RunResult {
  acc: Float64Array;
  trials: number;
  threadsUsed: number;
  interrupted: boolean;
}

/** A chunk that may take longer than this runs on the pool, where it can be abandoned on Ctrl-C. */
export const SLOW_CHUNK_MS = 100;

export interface Task {
  kind: string;
  plan: unknown;
  seed: number;
  firstChunk: number;
  chunkCount: number;
  totalTrials: number;
}

/** Run `trials` trials starting at `startTrial` (a multiple of the chunk size). */
export async function runTrials(o: RunOptions): Promise<RunResult> {
  const k = await loadKernel(o.kind);
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
  const usePool = (o.threads > 1 && o.trials >= (o.minPoolTrials ?? k.minPoolTrials)) || (slow && o.minPoolTrials !== Infinity);

  // Task boundaries: on the pool at least 4 tasks per thread, at most maxChunksPerTask chunks (and ~0.1 s)
  // each; on the main thread one chunk a task, so Ctrl-C waits for one chunk at most.
  const chunks = lastChunk - firstChunk;
  const threads = usePool ? o.threads : 1;
  const byTime = Math.max(1, Math.floor(SLOW_CHUNK_MS / Math.max(chunkMs, 1e-9)));
  // Sums exact within a task: at most 2^53 / (chunk × largest gain a trial) chunks (at least one, whose sums
  // are then rounded the same way whatever the grouping).
  const byExactness = Math.max(1, Math.floor(2 ** 53 / (k.chunkTrials * Math.max(1, k.maxPerTrial?.(o.plan) ?? 1))));
  const perTask = usePool ? Math.max(1, Math.min(k.maxChunksPerTask, byTime, byExactness, Math.ceil(chunks / (threads * POOL_DEFAULTS.tasksPerThread)))) : 1;
  const tasks: Task[] = [];
  for (let c = firstChunk; c < lastChunk; c += perTask) {
    tasks.push({ kind: o.kind, plan: o.plan, seed: o.seed, firstChunk: c, chunkCount: Math.min(perTask, lastChunk - c), totalTrials: end });
  }
  const trialsOf = (t: Task) => Math.min(end, (t.firstChunk + t.chunkCount) * k.chunkTrials) - t.firstChunk * k.chunkTrials;

  let done = 0;
  if (!usePool) {
    // Main thread, task by task, yielding between tasks so Ctrl-C and progress get a turn.
    let completed = 0;
    const sum = new ExactSum(acc.length);
    const scratch = new Float64Array(acc.length);
    for (const t of tasks) {
      if (o.signal?.aborted) break;
      scratch.fill(0);
      k.run(o.plan, o.seed, t.firstChunk, t.chunkCount, end, scratch);
      sum.add(scratch);
      done += trialsOf(t);
      completed++;
      o.onProgress?.(done, o.trials);
      if (tasks.length > 1) await yieldToEventLoop();
    }
    sum.into(acc);
    return { acc, trials: done, threadsUsed: 1, interrupted: completed < tasks.length };
  }

  const pool = getPool(o.threads);
  // Ends the tasks in flight on Ctrl-C, or when one task fails (the others' work would be thrown away).
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  o.signal?.addEventListener('abort', onAbort, { once: true });
  if (o.signal?.aborted) stop.abort();
  const results: (Float64Array | null)[] = new Array(tasks.length).fill(null);
  let next = 0;
  let failure: unknown = null;
  const inFlight = o.threads * POOL_DEFAULTS.tasksPerThread;
  const worker = async () => {
    while (next < tasks.length && !stop.signal.aborted) {
      const i = next++;
      try {
        results[i] = (await pool.run(tasks[i], { signal: stop.signal })) as Float64Array;
      } catch (err) {
        if (stop.signal.aborted) return; // abandoned on Ctrl-C or after another task failed
        failure ??= err;
        stop.abort();
        return;
      }
      done += trialsOf(tasks[i]);
      o.onProgress?.(done, o.trials);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, tasks.length) }, worker));
  o.signal?.removeEventListener('abort', onAbort);
  // A worker that threw or died: one line, exit 1, and no partial result printed as whole.
  if (failure !== null) throw new WarcastError(`a worker thread failed: ${failure instanceof Error ? failure.message.split('\n')[0] : String(failure)}`);
  // Merge the completed prefix in chunk order.
  let trials = 0;
  let completed = 0;
  const sum = new ExactSum(acc.length);
  for (let i = 0; i < tasks.length; i++) {
    const r = results[i];
    if (r === null) break;
    sum.add(r);
    trials += trialsOf(tasks[i]);
    completed++;
  }
  sum.into(acc);
  return { acc, trials, threadsUsed: o.threads, interrupted: completed < tasks.length };
}

/**
 * Sums of task accumulators, exact: in doubles while the total stays a safe integer, in BigInt past 2^53
 * (rare: huge troop counts or wealth over many trials), rounded once at the end. Any grouping of chunks into
 * tasks then gives the same bytes.
 */
export class ExactSum {
  private readonly low: Float64Array;
  private big: Map<number, bigint> | null = null;
  constructor(length: number) {
    this.low = new Float64Array(length);
  }
  add(r: Float64Array): void {
    const low = this.low;
    for (let j = 0; j < low.length; j++) {
      const v = r[j];
      if (v === 0) continue;
      const s = low[j] + v;
      if (s <= Number.MAX_SAFE_INTEGER && s >= -Number.MAX_SAFE_INTEGER) low[j] = s;
      else if (Number.isInteger(v) && Number.isInteger(low[j])) {
        this.big ??= new Map();
        this.big.set(j, (this.big.get(j) ?? 0n) + BigInt(low[j]) + BigInt(v));
        low[j] = 0;
      } else low[j] = s; // not a count: no exactness to keep
    }
  }
  into(acc: Float64Array): void {
    for (let j = 0; j < acc.length; j++) {
      const b = this.big?.get(j);
      acc[j] = b === undefined ? this.low[j] : Number(b + BigInt(this.low[j]));
    }
  }
}

const warmed = new Set<Kernel<unknown>>();

/** Worker side: run one task (warming its kernel up on first use) and hand its accumulator back without copying. */
export async function runTask(t: Task): Promise<unknown> {
  const k = await loadKernel(t.kind);
  if (!warmed.has(k)) {
    warmUp(k);
    warmed.add(k);
  }
  const acc = new Float64Array(k.accLength(t.plan));
  k.run(t.plan, t.seed, t.firstChunk, t.chunkCount, t.totalTrials, acc);
  return Piscina.move(acc);
}

export interface PrecisionOptions extends Omit<RunOptions, 'trials' | 'startTrial'> {
  /** First batch size; the total then doubles until `done` says so or `maxTrials` is reached. */
  initialTrials: number;
  maxTrials: number;
  done(acc: Float64Array, trials: number): boolean;
}

/**
 * Add chunks until `done(acc, trials)` holds. Batch boundaries depend only on the schedule, never on
 * threads, so the stopping point (and the answer) is the same for every thread count.
 */
export async function runUntil(o: PrecisionOptions): Promise<RunResult> {
  const k = await loadKernel(o.kind);
  const step = (n: number) => Math.ceil(n / k.chunkTrials) * k.chunkTrials;
  const total = new Float64Array(k.accLength(o.plan));
  let trials = 0;
  // Batches are whole chunks, so the next one starts on a chunk boundary; only the last batch, the one that
  // reaches maxTrials, may end inside a chunk (a chunk's first n trials are a prefix of it, so still deterministic).
  const nextBatch = (n: number) => Math.min(step(n), o.maxTrials - trials);
  let batch = nextBatch(Math.min(o.initialTrials, o.maxTrials));
  let threadsUsed = 1;
  for (;;) {
    const r = await runTrials({ ...o, trials: batch, startTrial: trials, onProgress: (d) => o.onProgress?.(trials + d, Math.max(trials + batch, o.maxTrials)) });
    for (let j = 0; j < total.length; j++) total[j] += r.acc[j];
    trials += r.trials;
    threadsUsed = Math.max(threadsUsed, r.threadsUsed);
    if (r.interrupted) return { acc: total, trials, threadsUsed, interrupted: true };
    if (o.done(total, trials) || trials >= o.maxTrials) return { acc: total, trials, threadsUsed, interrupted: false };
    batch = nextBatch(Math.min(trials, o.maxTrials - trials));
  }
}
