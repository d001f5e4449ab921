/**
 * The ordered exact merge: task results, arriving in any order, summed in chunk order over the completed prefix
 * of a run's chunks. Accumulators are sums of integers held in doubles, exact below 2^53 and past it in BigInt
 * (ExactSum), so the bytes do not depend on how chunks were grouped into tasks; the trace (running totals after
 * each chunk) is built by the same additions in the same order whatever the grouping. A local run, a cluster
 * run and a checkpoint (engine/checkpoint.ts) all merge through this.
 */
import { ExactSum } from './exactSum.js';
import type { Task, TaskResult } from './chunks.js';

export interface MergeRange {
  /** Chunks [firstChunk, lastChunk) of chunkTrials trials; trials [startTrial, endTrial). */
  firstChunk: number;
  lastChunk: number;
  chunkTrials: number;
  startTrial: number;
  endTrial: number;
  /** Numbers per chunk in a task's trace (0: no trace). */
  traceLength: number;
}

export class OrderedMerge {
  /** The first chunk not yet merged: chunks [firstChunk, done) are in `sum`. */
  done: number;
  private readonly pending = new Map<number, { chunkCount: number; r: TaskResult }>();

  /** A new merge, or one resumed from a saved prefix (its sum, its trace, the first chunk past it). */
  constructor(
    readonly range: MergeRange,
    readonly sum: ExactSum,
    readonly trace: number[] = [],
    done?: number,
  ) {
    this.done = done ?? range.firstChunk;
  }

  get complete(): boolean {
    return this.done >= this.range.lastChunk;
  }

  /** Trials in the merged prefix. */
  get trials(): number {
    return Math.min(this.range.endTrial, this.done * this.range.chunkTrials) - this.range.startTrial;
  }

  /** Take a finished task; merge it and whatever waited for it once the chunks before it are in. */
  add(t: Task, r: TaskResult): void {
    this.pending.set(t.firstChunk, { chunkCount: t.chunkCount, r });
    const L = this.range.traceLength;
    for (let next = this.pending.get(this.done); next; next = this.pending.get(this.done)) {
      this.pending.delete(this.done);
      this.sum.add(next.r.acc);
      // Running totals after each chunk, cumulative from the run's first chunk.
      if (L > 0 && next.r.trace) {
        const at = this.trace.length;
        for (let j = 0; j < next.r.trace.length; j++)
          this.trace.push(next.r.trace[j] + (at > 0 ? this.trace[at - L + (j % L)] : 0));
      }
      this.done += next.chunkCount;
    }
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
