/**
 * Running a kernel over a number of trials: the entry point analyses call. The run goes to the engine in its
 * options (engine/engine.ts; default this process, engine/local.ts), which cuts its chunks into tasks, runs
 * them on its executors and merges them in chunk order, deterministic for any thread count or split.
 */
import { UsageError } from '../errors.js';
import type { Engine, RunOptions, RunResult } from './engine.js';
import { localEngine } from './local.js';
import { joinTraces } from './merge.js';

export type { Engine, RunOptions, RunResult } from './engine.js';
export type { Task, TaskResult } from './task.js';
export { ExactSum } from './exactSum.js';
export { joinTraces } from './merge.js';

/** Run `trials` trials starting at `startTrial` (a multiple of the chunk size) on the options' engine. */
export function runTrials<P>(o: RunOptions<P>): Promise<RunResult> {
  return (o.engine ?? localEngine).run(o);
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
  const engine: Engine = o.engine ?? localEngine;
  if (engine.refusesPrecision !== null) throw new UsageError(engine.refusesPrecision);
  const step = (n: number) => Math.ceil(n / k.chunkTrials) * k.chunkTrials;
  const total = new Float64Array(k.accLength(o.plan));
  let trials = 0;
  // Batches are whole chunks, so the next one starts on a chunk boundary; only the last batch, the one that
  // reaches maxTrials, may end inside a chunk (a chunk's first n trials are a prefix of it, so still deterministic).
  const nextBatch = (n: number) => Math.min(step(n), o.maxTrials - trials);
  let batch = nextBatch(Math.min(o.initialTrials, o.maxTrials));
  let threadsUsed = 1;
  const traces: Float64Array[] = [];
  const finish = (interrupted: boolean): RunResult => ({
    acc: total,
    trials,
    threadsUsed,
    interrupted,
    ...(o.trace ? { trace: joinTraces(traces, k.traceLength ?? 0) } : {}),
  });
  for (;;) {
    const r = await engine.run({
      ...o,
      trials: batch,
      startTrial: trials,
      onProgress: (d) => o.onProgress?.(trials + d, Math.max(trials + batch, o.maxTrials)),
    });
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
