/**
 * `--shard i/n`: every run of the analysis computes only shard i of its chunks, on an inner engine, and is
 * recorded (a part file holds the records, src/distributed/parts.ts; `warcast merge` adds the shards up and hands
 * them back through a ReplayEngine, engine/replay.ts).
 */
import type { ChunkAcc, Engine, EngineRun, RunResult } from './engine.js';
import type { Kernel } from './kernel.js';
import { localEngine } from './local.js';
import { packNumbers, type PackedNumbers } from './packed.js';
import { digest, toWire } from './wire.js';

/** One run of an analysis, as a shard ran part of it (a part file holds a list of these). */
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
  /**
   * Asked for `chunks` (a sweep or compare pairing its changes chunk by chunk): each chunk's own sums, chunk after
   * chunk from shardFirst, (shardLast − shardFirst) × acc.length numbers, packed. Absent otherwise.
   */
  chunks?: PackedNumbers;
}

/** What identifies a run across processes: the kernel, a digest of its plan, seed and trial range. */
export function callKey<P>(o: EngineRun<P>): {
  kind: string;
  planHash: string;
  seed: number;
  startTrial: number;
  trials: number;
} {
  return {
    kind: o.kernel.name,
    planHash: digest(toWire(o.plan)),
    seed: o.seed,
    startTrial: o.startTrial ?? 0,
    trials: o.trials,
  };
}

/** Shard i (1-based) of n of chunks [first, last): contiguous, as even as whole chunks allow. */
export function shardRange(first: number, last: number, index: number, count: number): [number, number] {
  const n = last - first;
  return [first + Math.floor(((index - 1) * n) / count), first + Math.floor((index * n) / count)];
}

export class ShardEngine implements Engine {
  /** The runs so far, in the order the analysis made them. */
  readonly calls: ShardCall[] = [];
  /** Whether a run was stopped (Ctrl-C): the part would not hold its whole range. */
  interrupted = false;
  // Where to stop depends on the counts so far, which one shard does not have.
  readonly refusesPrecision = '--precision cannot be split into shards (use --redis)';
  /** Its part keeps each chunk's sums when its inner engine hands them back (this process's: engine/local.ts). */
  get keepsChunks(): boolean {
    return this.inner.keepsChunks === true;
  }

  /** Shard `index` (1-based, as typed: `--shard 2/3` is index 2 of count 3) of `count`. */
  constructor(
    readonly index: number,
    readonly count: number,
    private readonly inner: Engine = localEngine,
  ) {}

  poolFrom(kernel: Kernel<unknown>): number {
    return this.inner.poolFrom(kernel);
  }

  /** Run this shard's chunks of the run and record them; the analysis's own result is discarded. */
  async run<P>(o: EngineRun<P>): Promise<RunResult> {
    // Recorded by position before any await: runMany starts its runs together, in plan order.
    const k = o.kernel;
    const key = callKey(o);
    const firstChunk = key.startTrial / k.chunkTrials;
    const lastChunk = Math.ceil((key.startTrial + key.trials) / k.chunkTrials);
    const [a, b] = shardRange(firstChunk, lastChunk, this.index, this.count);
    const traceLength = o.trace ? (k.traceLength ?? 0) : 0;
    const record: ShardCall = {
      ...key,
      chunkTrials: k.chunkTrials,
      firstChunk,
      lastChunk,
      shardFirst: a,
      shardLast: b,
      traceLength,
      acc: [],
      trace: null,
    };
    this.calls.push(record);
    const from = a * k.chunkTrials;
    const end = Math.min(key.startTrial + key.trials, b * k.chunkTrials);
    const r =
      o.chunks && this.keepsChunks
        ? await this.runByChunk(o, a, b, end, record)
        : await this.inner.run({ ...o, startTrial: from, trials: Math.max(0, end - from) });
    if (r.interrupted) this.interrupted = true;
    record.acc = Array.from(r.acc);
    if (r.exact) record.exact = r.exact;
    record.trace = r.trace ? Array.from(r.trace) : null;
    // The analysis goes on with this shard's counts but the whole call's size, so its later calls are the same in every shard.
    return {
      acc: r.acc,
      trials: key.trials,
      threadsUsed: r.threadsUsed,
      interrupted: r.interrupted,
      ...(traceLength > 0 ? { trace: new Float64Array((lastChunk - firstChunk) * traceLength) } : {}),
      ...(o.chunks && this.keepsChunks ? { chunks: this.chunksOf(o, firstChunk, lastChunk, a, r.chunks ?? []) } : {}),
    };
  }

  /**
   * This shard's chunks [a, b) with each chunk's sums, handed back by the inner engine (this process's pool, a task
   * a chunk) and kept in the record.
   */
  private async runByChunk<P>(o: EngineRun<P>, a: number, b: number, end: number, record: ShardCall) {
    const size = o.kernel.chunkTrials;
    const length = o.kernel.accLength(o.plan);
    const r = await this.inner.run({ ...o, chunks: true, startTrial: a * size, trials: Math.max(0, end - a * size) });
    // An interrupted shard writes no part (the CLI refuses it), so its chunks need not all be there.
    const kept = new Float64Array((b - a) * length);
    for (const x of r.chunks ?? []) kept.set(x.acc, (x.chunk - a) * length);
    record.chunks = packNumbers(kept);
    return r;
  }

  /** Every chunk of the call in order: this shard's own, the others' as none run (the shard's answer is discarded). */
  private chunksOf<P>(o: EngineRun<P>, first: number, last: number, a: number, own: ChunkAcc[]): ChunkAcc[] {
    const none = new Float64Array(o.kernel.accLength(o.plan));
    const size = o.kernel.chunkTrials;
    const end = (o.startTrial ?? 0) + o.trials;
    const out: ChunkAcc[] = [];
    for (let c = first; c < last; c++)
      out.push(own[c - a] ?? { chunk: c, trials: Math.min(end, (c + 1) * size) - c * size, acc: none });
    return out;
  }
}
