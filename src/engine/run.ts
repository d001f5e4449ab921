/**
 * Running a kernel over a number of trials, on the main thread or on the pool, chunk-ordered and
 * deterministic. The accumulators are sums of integers held in doubles (exact below 2^53), so summing task
 * results in any order gives the same bytes; we still merge in chunk order.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Piscina } from 'piscina';
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
  /** Stops the run after the chunks in flight; the result then covers a prefix of whole chunks. */
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
  const usePool = o.threads > 1 && o.trials >= (o.minPoolTrials ?? k.minPoolTrials);

  // Task boundaries: at least 4 tasks per thread, at most maxChunksPerTask chunks each.
  const chunks = lastChunk - firstChunk;
  const threads = usePool ? o.threads : 1;
  const perTask = Math.max(1, Math.min(k.maxChunksPerTask, Math.ceil(chunks / (threads * POOL_DEFAULTS.tasksPerThread))));
  const tasks: Task[] = [];
  for (let c = firstChunk; c < lastChunk; c += perTask) {
    tasks.push({ kind: o.kind, plan: o.plan, seed: o.seed, firstChunk: c, chunkCount: Math.min(perTask, lastChunk - c), totalTrials: end });
  }
  const trialsOf = (t: Task) => Math.min(end, (t.firstChunk + t.chunkCount) * k.chunkTrials) - t.firstChunk * k.chunkTrials;

  let done = 0;
  if (!usePool) {
    // Main thread, task by task, yielding between tasks so Ctrl-C and progress get a turn.
    let completed = 0;
    for (const t of tasks) {
      if (o.signal?.aborted) break;
      k.run(o.plan, o.seed, t.firstChunk, t.chunkCount, end, acc);
      done += trialsOf(t);
      completed++;
      o.onProgress?.(done, o.trials);
      if (tasks.length > 1) await yieldToEventLoop();
    }
    return { acc, trials: done, threadsUsed: 1, interrupted: completed < tasks.length };
  }

  const pool = getPool(o.threads);
  const results: (Float64Array | null)[] = new Array(tasks.length).fill(null);
  let next = 0;
  let failure: unknown = null;
  const inFlight = o.threads * POOL_DEFAULTS.tasksPerThread;
  const worker = async () => {
    while (next < tasks.length && !o.signal?.aborted && failure === null) {
      const i = next++;
      try {
        results[i] = (await pool.run(tasks[i])) as Float64Array;
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
    for (let j = 0; j < acc.length; j++) acc[j] += r[j];
    trials += trialsOf(tasks[i]);
    completed++;
  }
  return { acc, trials, threadsUsed: o.threads, interrupted: completed < tasks.length };
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
