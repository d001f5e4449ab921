/**
 * Trial-by-trial runs on the pool, for analyses that pair trials across variants (worth on sieges and cascades,
 * src/analysis/worthPaired.ts). Trial t of a plan is the kernel's chunk t cut to one trial, so it plays the dice of
 * (seed, t) alone; a task runs trials [firstTrial, firstTrial + trials) and hands back, for each, a few numbers
 * read off the accumulator by a probe: a fixed set of slots, each read and zeroed after the trial, combined
 * linearly. A trial's numbers therefore do not depend on which task, thread or process ran it, and the caller
 * folds them in trial order: any split gives the same bytes (docs/architecture.md, Determinism).
 *
 * `PairedTrials` runs many such jobs at once (one per variant of a stage): the calling thread and `threads − 1`
 * workers take blocks of trials from the oldest job with trials left, so the pool stays busy across jobs and a
 * job's last blocks are small. The blocks are sized by the chunk scheduler's policies (engine/sizing.ts: guided,
 * by time) and run on its executors (the pool's, engine/pool.ts); what is its own is the cursor over many jobs
 * that arrive while others run, and the retake of a late block. Analyses reach it through their engine
 * (`Engine.paired`, engine/engine.ts), so a checkpoint layer serves paired jobs too.
 */
import { setMaxListeners } from 'node:events';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { WarcastError } from '../errors.js';
import type { PairedJob, PairedRunner, TrialProbe } from './engine.js';
import type { Kernel } from './kernel.js';
import type { Executor } from './executor.js';
import { poolExecutor, POOL_DEFAULTS } from './pool.js';
import { guided, unitsInTime } from './sizing.js';
import { warmOnce } from './task.js';

export type { PairedJob, TrialProbe } from './engine.js';

/** A pool task of trials one by one (workers/worker.ts tells it from a chunk task by `paired`). */
export interface PairedTask {
  paired: true;
  kind: string;
  plan: unknown;
  probe: TrialProbe;
  seed: number;
  firstTrial: number;
  trials: number;
}

/** The probe's outputs, trial by trial: outputs × trials, row by trial. */
export interface PairedTaskResult {
  values: Float64Array;
}

/**
 * Run trials one by one into one accumulator, reading the probe's slots after each and zeroing them, so each
 * trial's numbers are its own (the kernel only adds to its slots). The same function on every thread.
 */
export function runPairedTrials<P>(
  k: Kernel<P>,
  plan: P,
  probe: TrialProbe,
  seed: number,
  firstTrial: number,
  trials: number,
): Float64Array {
  const { slots, constants, weights } = probe;
  const outputs = constants.length;
  const width = slots.length;
  const acc = new Float64Array(k.accLength(plan));
  const values = new Float64Array(outputs * trials);
  const gain = new Float64Array(width);
  const chunk = k.chunkTrials;
  for (let i = 0; i < trials; i++) {
    const t = firstTrial + i;
    k.run(plan, seed, t, 1, t * chunk + 1, acc);
    for (let j = 0; j < width; j++) {
      gain[j] = acc[slots[j]];
      acc[slots[j]] = 0;
    }
    for (let o = 0; o < outputs; o++) {
      let v = constants[o];
      for (let j = 0; j < width; j++) v += weights[o * width + j] * gain[j];
      values[i * outputs + o] = v;
    }
  }
  return values;
}

/** Worker side: one paired task (the kernel warmed up on first use, as for chunk tasks). */
export function runPairedTask(k: Kernel<unknown>, t: PairedTask): PairedTaskResult {
  warmOnce(k, t.plan);
  return { values: runPairedTrials(k, t.plan, t.probe, t.seed, t.firstTrial, t.trials) };
}

interface Pending<P> {
  job: PairedJob<P>;
  cursor: number;
  left: number;
  /** Blocks handed to a worker and not back yet (first trial → trials, when sent), and those the calling thread also took. */
  onWorkers: Map<number, { count: number; sent: number }>;
  retaken: Set<number>;
  /** Blocks whose values are in (by first trial). */
  stored: Set<number>;
  values: Float64Array;
  outputs: number;
  resolve(v: Float64Array | null): void;
  reject(e: unknown): void;
}

interface Lane {
  main: boolean;
}

/** A block on the calling thread: short, so pool results and Ctrl-C get a turn between blocks. */
const MAIN_BLOCK_MS = 15;
/** A pool task's target time once the calling thread has timed trials: long enough to pay for its messages. */
const TASK_MS = 50;
/** A worker's block is run again on the calling thread once it is out this many times this thread's time for it. */
const RETAKE_AFTER = 1.5;
/** Trials of a lane's block before any trial is timed. */
const FIRST_BLOCK = 16;

/**
 * Paired jobs on `threads` threads: the calling thread alone (threads = 1) or with `threads − 1` workers of the
 * process's pool. Jobs are served oldest first, block by block; `run` resolves with the job's values (in trial
 * order), or null once `signal` fires (tasks in flight on the pool are ended, nothing partial is returned).
 */
export class PairedTrials implements PairedRunner {
  private readonly jobs: Pending<unknown>[] = [];
  private readonly idle: Lane[] = [];
  private readonly stop = new AbortController();
  private failure: unknown = null;
  private retakeTimer: ReturnType<typeof setTimeout> | null = null;
  /** Milliseconds per trial seen on the calling thread (0: none timed yet); a smoothed minimum. */
  private msPerTrial = 0;
  private readonly workers: number;
  /** Trials run so far over every job, and of them on the workers. */
  trialsDone = 0;
  trialsOnWorkers = 0;
  /** Blocks posted to the pool (some may come back after the calling thread has run them: retake). */
  tasksPosted = 0;
  private readonly onAbort = () => this.halt();

  constructor(
    readonly threads: number,
    private readonly signal?: AbortSignal,
    private readonly onTrials?: (trials: number) => void,
  ) {
    this.workers = threads > 1 ? threads - 1 : 0;
    this.idle.push({ main: true });
    const poolLanes = this.workers * POOL_DEFAULTS.tasksPerThread;
    for (let i = 0; i < poolLanes; i++) this.idle.push({ main: false });
    // Every task in flight on the pool listens to `stop` (not a leak: at most one a lane).
    setMaxListeners(poolLanes + 10, this.stop.signal);
    if (signal?.aborted) this.stop.abort();
  }

  get stopped(): boolean {
    return this.stop.signal.aborted;
  }

  run<P>(job: PairedJob<P>): Promise<Float64Array | null> {
    const outputs = job.probe.constants.length;
    const n = job.to - job.from;
    if (this.signal?.aborted) this.halt(); // fired while no job was pending
    if (this.stopped) return Promise.resolve(null);
    if (n <= 0) return Promise.resolve(new Float64Array(0));
    // The caller's signal is listened to while a job is pending (a run makes many jobs, one after another).
    if (this.jobs.length === 0) this.signal?.addEventListener('abort', this.onAbort, { once: true });
    return new Promise((resolve, reject) => {
      this.jobs.push({
        job: job as PairedJob<unknown>,
        cursor: job.from,
        left: n,
        onWorkers: new Map(),
        retaken: new Set(),
        stored: new Set(),
        values: new Float64Array(outputs * n),
        outputs,
        resolve,
        reject,
      });
      this.pump();
    });
  }

  /** Stop: every job not finished resolves null. */
  private halt(): void {
    if (!this.stop.signal.aborted) this.stop.abort();
    this.clearRetakeTimer();
    this.signal?.removeEventListener('abort', this.onAbort);
    for (const p of this.jobs.splice(0)) p.resolve(null);
  }

  private fail(err: unknown): void {
    if (this.stopped) return; // a task abandoned on Ctrl-C or after another failed
    this.failure =
      err instanceof WarcastError
        ? err
        : new WarcastError(
            `a worker thread failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
          );
    this.stop.abort();
    this.clearRetakeTimer();
    this.signal?.removeEventListener('abort', this.onAbort);
    for (const p of this.jobs.splice(0)) p.reject(this.failure);
  }

  private clearRetakeTimer(): void {
    if (this.retakeTimer !== null) clearTimeout(this.retakeTimer);
    this.retakeTimer = null;
  }

  /**
   * Hand every idle lane a block of the oldest job with trials left. When none is left and the calling thread is
   * idle, it runs a block still out on a worker and late (the oldest job's first): the trials give the same numbers
   * wherever they run, so whichever copy ends first counts, and a worker descheduled on a busy machine does not
   * hold a job's end up (the other copy is ignored when it comes back).
   */
  private pump(): void {
    while (this.idle.length > 0 && !this.stopped) {
      const p = this.jobs.find((x) => x.cursor < x.job.to);
      if (p === undefined) return this.retake();
      // Pool lanes first: the calling thread then starts its own block after the tasks are posted.
      const at = this.idle.findIndex((l) => !l.main);
      const lane = this.idle.splice(at >= 0 ? at : 0, 1)[0];
      const from = p.cursor;
      const count = Math.min(this.blockSize(lane, p), p.job.to - from);
      p.cursor += count;
      if (!lane.main) p.onWorkers.set(from, { count, sent: performance.now() });
      void this.runBlock(lane, p, from, count);
    }
  }

  private retake(): void {
    const at = this.idle.findIndex((l) => l.main);
    if (at < 0) return;
    for (const p of this.jobs)
      for (const [from, { count, sent }] of p.onWorkers) {
        if (p.retaken.has(from)) continue;
        // Only a block late by half again the time this thread would take for it: a worker on time is not doubled.
        const late = sent + RETAKE_AFTER * count * this.msPerTrial - performance.now();
        if (late > 0) {
          if (this.retakeTimer === null)
            this.retakeTimer = setTimeout(() => {
              this.retakeTimer = null;
              this.pump();
            }, Math.ceil(late));
          return;
        }
        p.retaken.add(from);
        void this.runBlock(this.idle.splice(at, 1)[0], p, from, count);
        return;
      }
  }

  /** The sizing policies of engine/sizing.ts, in trials: the chunk scheduler's, timed by this thread. */
  private blockSize(lane: Lane, p: Pending<unknown>): number {
    const ms = this.msPerTrial;
    if (lane.main) return unitsInTime(MAIN_BLOCK_MS, ms, FIRST_BLOCK);
    // Guided: a share of the job's trials not yet handed out, so its last blocks are small.
    return guided({
      threads: this.threads,
      left: () => p.job.to - p.cursor,
      cap: () => Math.max(FIRST_BLOCK, unitsInTime(TASK_MS, ms, FIRST_BLOCK)),
      first: FIRST_BLOCK,
    }).size(false);
  }

  private async runBlock(lane: Lane, p: Pending<unknown>, from: number, count: number): Promise<void> {
    const { kernel, plan, probe, seed } = p.job;
    let values: Float64Array;
    try {
      if (lane.main) {
        await yieldToEventLoop();
        if (this.stopped) return;
        warmOnce(kernel, plan);
        const t0 = performance.now();
        values = runPairedTrials(kernel, plan, probe, seed, from, count);
        const ms = (performance.now() - t0) / count;
        this.msPerTrial = this.msPerTrial === 0 ? ms : Math.min(ms, (this.msPerTrial + ms) / 2);
      } else {
        const task: PairedTask = {
          paired: true,
          kind: kernel.name,
          plan,
          probe,
          seed,
          firstTrial: from,
          trials: count,
        };
        // The pool's executor, as the chunk scheduler's lanes use it (engine/pool.ts): the process's pool of this
        // size, asked for each block (a chunk run between two stages may have replaced it with another size).
        const pool: Executor<PairedTask, PairedTaskResult> = poolExecutor(this.workers);
        await pool.ready?.();
        if (this.stopped) return;
        this.tasksPosted++;
        values = (await pool.run(task, this.stop.signal)).values;
      }
    } catch (err) {
      return this.fail(err);
    }
    if (this.stopped) return;
    this.idle.push(lane);
    // A block run twice (retake): the first copy back counts.
    if (p.stored.has(from)) {
      this.pump();
      return;
    }
    p.stored.add(from);
    p.onWorkers.delete(from);
    p.values.set(values, (from - p.job.from) * p.outputs);
    p.left -= count;
    this.trialsDone += count;
    if (!lane.main) this.trialsOnWorkers += count;
    this.onTrials?.(this.trialsDone);
    if (p.left === 0) {
      this.jobs.splice(this.jobs.indexOf(p), 1);
      if (this.jobs.length === 0) this.signal?.removeEventListener('abort', this.onAbort);
      p.resolve(p.values);
    }
    this.pump();
  }
}
