/**
 * Paired trials, for analyses that pair trials across variants (worth on sieges and cascades, siege design:
 * src/toolkit/worthPaired.ts, designSiege.ts). Trial t of a plan is the kernel's chunk t cut to one trial, so it
 * plays the dice of (seed, t) alone; a job's trials are cut into trial tasks (engine/task.ts, `TrialTask`) by the
 * same scheduler, lanes and executors as chunk runs (engine/scheduler.ts), and each task hands back, for each
 * trial, a few numbers read off the accumulator by a probe. A trial's numbers therefore do not depend on which
 * task, thread, process or machine ran it, and the job's values are stored by trial: any split gives the same bytes
 * (docs/architecture.md, Determinism).
 *
 * `PairedTrials` runs many such jobs at once (one per variant of a stage) on one scheduler: its lanes take blocks
 * of trials from the oldest job with trials left, so the threads stay busy across jobs, a job's last blocks being
 * small (guided, engine/sizing.ts). The engines build it with their lanes (engine/local.ts).
 */
import { WarcastError } from '../errors.js';
import type { PairedJob, PairedRunner } from './engine.js';
import type { Executor } from './executor.js';
import type { Kernel } from './kernel.js';
import { Scheduler, type Lane, type Work } from './scheduler.js';
import { runTrialBlock, type TrialProbe, type TrialTask, type TrialTaskResult } from './task.js';
import { mark, processMs, TIMINGS } from './timings.js';

export type { PairedJob } from './engine.js';
export type { TrialProbe, TrialTask, TrialTaskResult } from './task.js';

/** Run trials [firstTrial, firstTrial + trials) of a plan one by one, read by the probe (any thread). */
export function runPairedTrials<P>(
  k: Kernel<P>,
  plan: P,
  probe: TrialProbe,
  seed: number,
  firstTrial: number,
  trials: number,
): Float64Array {
  return runTrialBlock(k, { plan, probe, seed, firstTrial, trials });
}

/** One job as a work of the scheduler: its trials cut in order, each block's values stored at its trials. */
export class TrialWork implements Work<TrialTask> {
  private cursor: number;
  /** Trials whose values are in. */
  done = 0;
  readonly outputs: number;
  readonly values: Float64Array;
  constructor(
    readonly job: PairedJob<unknown>,
    private readonly onBlock?: (from: number, count: number, values: Float64Array, on: Executor<TrialTask>) => void,
  ) {
    this.cursor = job.from;
    this.outputs = job.probe.constants.length;
    this.values = new Float64Array(this.outputs * (job.to - job.from));
  }
  get left(): number {
    return this.job.to - this.cursor;
  }
  get complete(): boolean {
    return this.done === this.job.to - this.job.from;
  }
  cut(units: number): TrialTask {
    const { kernel, plan, probe, seed } = this.job;
    const t: TrialTask = {
      paired: true,
      kind: kernel.name,
      ...(kernel.module === undefined ? {} : { module: kernel.module }),
      plan,
      probe,
      seed,
      firstTrial: this.cursor,
      trials: units,
    };
    this.cursor += units;
    return t;
  }
  finished(t: TrialTask, r: TrialTaskResult, on: Executor<TrialTask>): void {
    this.values.set(r.values, (t.firstTrial - this.job.from) * this.outputs);
    this.done += t.trials;
    if (TIMINGS && r.busy) timeBlock(t.trials, r.busy);
    this.onBlock?.(t.firstTrial, t.trials, r.values, on);
  }
}

/** WARCAST_TIMINGS=1: per thread id, [blocks, trials, busy ms, CPU ms, first start, last end] of every paired job. */
const blocksBy = new Map<number, number[]>();
function timeBlock(trials: number, [thread, start, end, cpu]: Float64Array): void {
  if (blocksBy.size === 0) process.once('exit', markPaired);
  const b = blocksBy.get(thread) ?? [0, 0, 0, 0, start, end];
  b[0]++;
  b[1] += trials;
  b[2] += end - start;
  b[3] += cpu;
  b[4] = Math.min(b[4], start);
  b[5] = Math.max(b[5], end);
  blocksBy.set(thread, b);
}

/**
 * Each thread's share of the paired trials (docs/benchmarks.md, "worth on a siege: where the time goes"): its
 * blocks and trials, busy time inside the kernel (wall) and CPU, and its busy share of the span from its first block
 * to its last (the rest: waiting for work, messages, folding, the event loop).
 */
function markPaired(): void {
  const ms = (x: number) => x.toFixed(0);
  const parts = [...blocksBy.entries()]
    .sort(([a], [b]) => a - b)
    .map(
      ([thread, [blocks, trials, busy, cpu, first, last]]) =>
        `${thread === 0 ? 'main' : `thread ${thread}`}: ${trials} trials in ${blocks} blocks, busy ${ms(busy)} ms ` +
        `(${ms(first)}–${ms(last)}, ${ms((100 * busy) / Math.max(1, last - first))}%), ${ms(cpu)} ms CPU`,
    );
  mark('paired threads', `${parts.join('; ')}; at ${ms(processMs())} ms`);
}

/**
 * Paired jobs on a set of lanes (the engine's: this process's threads, a cluster's jobs). `run` resolves with the
 * job's values (in trial order), or null once stopped (Ctrl-C: tasks in flight on the pool are ended, nothing
 * partial is returned); a failed task rejects every pending job with one line.
 */
export class PairedTrials implements PairedRunner {
  private readonly scheduler: Scheduler<TrialTask>;
  /** Trials run so far over every job, and of them off this thread. */
  trialsDone = 0;
  trialsOnWorkers = 0;
  /** Blocks handed to executors off this thread. */
  tasksPosted = 0;

  /** `kernels`: filled with each job's kernel by name, for executors on this thread (engine/local.ts). */
  constructor(
    lanes: readonly Lane<TrialTask>[],
    signal?: AbortSignal,
    private readonly onTrials?: (trials: number) => void,
    private readonly kernels?: Map<string, Kernel<unknown>>,
  ) {
    this.scheduler = new Scheduler(
      lanes.map((l) => ({
        ...l,
        executor: l.executor.onThisThread ? l.executor : this.counted(l.executor),
      })),
      signal,
    );
  }

  private counted(e: Executor<TrialTask>): Executor<TrialTask> {
    return {
      ...e,
      run: (t, signal) => {
        this.tasksPosted++;
        return e.run(t, signal);
      },
    };
  }

  get stopped(): boolean {
    return this.scheduler.stopped;
  }

  async run<P>(job: PairedJob<P>): Promise<Float64Array | null> {
    if (job.to <= job.from) return this.stopped ? null : new Float64Array(0);
    this.kernels?.set(job.kernel.name, job.kernel as Kernel<unknown>);
    const work = new TrialWork(job as PairedJob<unknown>, (_from, count, _values, on) => {
      this.trialsDone += count;
      if (!on.onThisThread) this.trialsOnWorkers += count;
      this.onTrials?.(this.trialsDone);
    });
    try {
      await this.scheduler.submit(work);
    } catch (failure) {
      if (failure instanceof WarcastError) throw failure;
      throw new WarcastError(
        `a worker thread failed: ${failure instanceof Error ? failure.message.split('\n')[0] : String(failure)}`,
      );
    }
    return work.complete ? work.values : null;
  }
}
