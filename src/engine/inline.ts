/**
 * A run on the calling thread, synchronously, in steps of whole chunks: the engine's own tasks, chunk runner
 * (./chunks.ts) and ordered exact merge (./merge.ts) without its scheduler, pool or files. The what-if page's Web
 * Worker runs its Monte Carlo through this (src/app/monteCarlo.ts), so the page and `warcast --json` share one
 * chunk loop and one merge, and give the same bytes for the same seed and trials. Pure: no Node built-ins.
 */
import { runChunks, type Task } from './chunks.js';
import { ExactSum } from './exactSum.js';
import type { Kernel } from './kernel.js';
import { OrderedMerge } from './merge.js';

export interface InlineRun<P> {
  plan: P;
  seed: number;
  trials: number;
  /** Keep the kernel's running totals after each chunk (its `trace`). */
  trace?: boolean;
  /** Chunks per step between progress reports (default: about 200,000 trials' worth). */
  chunksPerStep?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface InlineResult {
  acc: Float64Array;
  trials: number;
  /** With `trace`: the running totals after each chunk, cumulative from the run's start. */
  trace: Float64Array | null;
}

export function runInline<P>(k: Kernel<P>, o: InlineRun<P>): InlineResult {
  const lastChunk = Math.ceil(o.trials / k.chunkTrials);
  const traceLength = o.trace && k.trace && k.traceLength ? k.traceLength : 0;
  const merge = new OrderedMerge(
    { firstChunk: 0, lastChunk, chunkTrials: k.chunkTrials, startTrial: 0, endTrial: o.trials, traceLength },
    new ExactSum(k.accLength(o.plan)),
  );
  const step = o.chunksPerStep ?? Math.max(1, Math.round(200_000 / k.chunkTrials));
  for (let first = 0; first < lastChunk; first += step) {
    const task: Task = {
      kind: k.name,
      plan: o.plan,
      trace: traceLength > 0,
      seed: o.seed,
      firstChunk: first,
      chunkCount: Math.min(step, lastChunk - first),
      totalTrials: o.trials,
    };
    merge.add(task, runChunks(k, task));
    o.onProgress?.(merge.trials, o.trials);
  }
  return {
    acc: merge.sum.rounded(),
    trials: merge.trials,
    trace: traceLength > 0 ? Float64Array.from(merge.trace) : null,
  };
}
