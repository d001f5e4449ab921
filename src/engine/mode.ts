/**
 * Where a run's chunks are computed, beyond this process's pool: a shard of them (for batch schedulers), the
 * recorded accumulators of shards (merging), or a Redis queue of workers (cluster mode). The mode is scoped to
 * one analysis call with AsyncLocalStorage, so every analysis (odds, siege, cascade, matchup, sweep) gets it
 * without threading an option through each `runTrials` call site (docs/distributed.md).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kernel } from './kernel.js';
import type { Task } from './run.js';

/** One `runTrials` call of an analysis, as a shard ran part of it (a part file holds a list of these). */
export interface ShardCall {
  /** Kernel registry name. */
  kind: string;
  /** Digest of the plan (a later call whose plan depends on earlier results would differ between shards). */
  planHash: string;
  seed: number;
  /** The whole call: trials [startTrial, startTrial + trials), chunks [firstChunk, lastChunk). */
  startTrial: number;
  trials: number;
  chunkTrials: number;
  firstChunk: number;
  lastChunk: number;
  /** The chunks this shard ran: [shardFirst, shardLast). */
  shardFirst: number;
  shardLast: number;
  /** Numbers per chunk in `trace` (0 without one). */
  traceLength: number;
  /** Their accumulator sums, and with a trace the running totals after each of their chunks (from shardFirst). */
  acc: number[];
  /** Accumulator entries past 2^53, exact (decimal); acc holds them rounded. Absent when there are none. */
  exact?: Record<string, string>;
  trace: number[] | null;
}

export interface ShardMode {
  type: 'shard';
  /** 1-based, as typed: `--shard 2/3` is index 2 of count 3. */
  index: number;
  count: number;
  calls: ShardCall[];
  interrupted: boolean;
}

/** One call's merged accumulators, to hand back to the analysis in place of running it. */
export interface ReplayCall {
  kind: string;
  planHash: string;
  seed: number;
  startTrial: number;
  trials: number;
  acc: Float64Array;
  trace: Float64Array | null;
}

export interface ReplayMode {
  type: 'replay';
  calls: ReplayCall[];
  next: number;
  /** Check call `index`'s recorded sums against the kernel and plan the analysis gives it (merge: a part's sums fit them). */
  verify?(index: number, kernel: Kernel<unknown>, plan: unknown): void;
}

export interface TaskResult {
  acc: Float64Array;
  trace: Float64Array | null;
}

export interface RemoteMode {
  type: 'remote';
  /** Run one chunk-range job somewhere and return its accumulator. */
  run(task: Task): Promise<TaskResult>;
  /** Chunks per job for a call of `chunks` chunks. */
  chunksPerJob(chunks: number, kernel: Kernel<unknown>): number;
  /** Jobs queued at once per call. */
  inFlight: number;
  /** What `threads` reports for a run on the cluster. */
  threads(): number;
}

export type EngineMode = ShardMode | ReplayMode | RemoteMode;

const store = new AsyncLocalStorage<EngineMode>();

/** Run `f` with every `runTrials` inside it in `mode`. */
export function withEngineMode<T>(mode: EngineMode, f: () => Promise<T>): Promise<T> {
  return store.run(mode, f);
}

export function engineMode(): EngineMode | undefined {
  return store.getStore();
}

/** Shard i (1-based) of n of chunks [first, last): contiguous, as even as whole chunks allow. */
export function shardRange(first: number, last: number, index: number, count: number): [number, number] {
  const n = last - first;
  return [first + Math.floor(((index - 1) * n) / count), first + Math.floor((index * n) / count)];
}
