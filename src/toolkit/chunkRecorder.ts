/**
 * An engine layer (src/engine/engine.ts) that keeps every chunk's accumulator of the runs made through it, so a
 * difference between two runs made with the same seed can be paired chunk by chunk (src/stats/batches.ts). It runs
 * each chunk as its own run on the inner engine: chunk c still draws from (seed, stream, c) alone, so the summed
 * answer is the bytes a whole run gives (the determinism contract). The price: a run it records goes a chunk at a
 * time, so it gains little from a pool; the toolkit uses it only where a paired interval is reported, on this
 * process's engine, checkpointed or not (`Engine.chunkwise`). An engine that cannot be cut but `keepsChunks` (a shard,
 * whose part keeps its chunks' sums; a merge's replay of such parts; a cluster, a job per chunk) is asked for each
 * chunk's sums in one run instead, so a sharded or clustered sweep pairs as a local one does.
 */
import type { Engine, EngineRun, RunResult } from '../engine/engine.js';
import type { Kernel } from '../engine/kernel.js';
import { localEngine } from '../engine/local.js';
import { joinTraces } from '../engine/merge.js';
import type { ChunkSums } from '../stats/batches.js';

/**
 * A chunk's accumulator kept sparse — its entries that are not 0, at their indices: a siege's 15,000 sums hold about
 * 1,000 such in a chunk of 5,000 sieges, so a sweep's points kept side by side take a tenth of the memory.
 */
interface Kept {
  length: number;
  at: Uint32Array;
  values: Float64Array;
  trials: number;
  trace?: Float64Array;
}

function keep(acc: Float64Array, trials: number, trace?: Float64Array): Kept {
  let n = 0;
  for (let j = 0; j < acc.length; j++) if (acc[j] !== 0) n++;
  const at = new Uint32Array(n);
  const values = new Float64Array(n);
  for (let j = 0, k = 0; j < acc.length; j++)
    if (acc[j] !== 0) {
      at[k] = j;
      values[k++] = acc[j];
    }
  return { length: acc.length, at, values, trials, ...(trace ? { trace } : {}) };
}

/** Adds a kept chunk into `acc` (of its length). */
function addKept(acc: Float64Array, x: Kept): void {
  for (let k = 0; k < x.at.length; k++) acc[x.at[k]] += x.values[k];
}

export class ChunkRecorder implements Engine {
  /** Chunk index → its accumulator (sparse) and trials (a last chunk cut short holds fewer than the chunk size). */
  private readonly chunks = new Map<number, Kept>();
  /**
   * The kernel and seed of the runs recorded. A run of them asking for a whole chunk already run gets it back
   * without running it again: a sweep's point analysed again at its next stage (src/toolkit/sweepSim.ts) computes
   * only its new chunks — the same numbers, since chunk c draws from (seed, stream, c) alone.
   */
  private runOf: { kernel: string; seed: number } | null = null;

  constructor(readonly inner: Engine = localEngine) {}

  get refusesPrecision(): string | null {
    return this.inner.refusesPrecision;
  }

  get chunkwise(): boolean {
    return this.inner.chunkwise === true;
  }

  get keepsChunks(): boolean {
    return this.inner.keepsChunks === true;
  }

  poolFrom(kernel: Kernel<unknown>): number {
    return this.inner.poolFrom(kernel);
  }

  async run<P>(o: EngineRun<P>): Promise<RunResult> {
    // A trace needs each chunk run alone (its running totals are the chunk's own): cut, where the engine allows.
    if (this.keepsChunks && !(o.trace && this.chunkwise)) return this.runKeeping(o);
    const size = o.kernel.chunkTrials;
    const start = o.startTrial ?? 0;
    const end = start + o.trials;
    const acc = new Float64Array(o.kernel.accLength(o.plan));
    const traces: Float64Array[] = [];
    let trials = 0;
    let threadsUsed = 1;
    this.runOf ??= { kernel: o.kernel.name, seed: o.seed };
    const same = this.runOf.kernel === o.kernel.name && this.runOf.seed === o.seed;
    for (let at = start; at < end;) {
      const chunk = Math.floor(at / size);
      const piece = Math.min(end, (chunk + 1) * size) - at;
      const kept = this.chunks.get(chunk);
      if (same && kept && at === chunk * size && kept.trials === piece && (!o.trace || kept.trace)) {
        addKept(acc, kept);
        if (kept.trace) traces.push(kept.trace);
        trials += piece;
        at += piece;
        o.onProgress?.(trials, o.trials);
        continue;
      }
      const r = await this.inner.run({
        ...o,
        startTrial: at,
        trials: piece,
        onProgress: (d) => o.onProgress?.(trials + d, o.trials),
      });
      for (let j = 0; j < acc.length; j++) acc[j] += r.acc[j];
      if (r.trace) traces.push(r.trace);
      threadsUsed = Math.max(threadsUsed, r.threadsUsed);
      if (r.trials > 0) {
        // A chunk run again from its start (a shorter piece of it kept) replaces what was kept; a piece after its
        // start adds to it.
        const before = at === chunk * size ? undefined : this.chunks.get(chunk);
        if (before) {
          const sum = Float64Array.from(r.acc);
          addKept(sum, before);
          this.chunks.set(chunk, keep(sum, before.trials + r.trials));
        } else this.chunks.set(chunk, keep(r.acc, r.trials, at === chunk * size ? r.trace : undefined));
      }
      trials += r.trials;
      at += r.trials;
      if (r.interrupted || r.trials < piece) {
        return {
          acc,
          trials,
          threadsUsed,
          interrupted: true,
          ...(o.trace ? { trace: joinTraces(traces, o.kernel.traceLength ?? 0) } : {}),
        };
      }
    }
    return {
      acc,
      trials,
      threadsUsed,
      interrupted: false,
      ...(o.trace ? { trace: joinTraces(traces, o.kernel.traceLength ?? 0) } : {}),
    };
  }

  /**
   * On an engine that keeps chunks: the chunks already kept from the run's start handed back, the rest in one run
   * of the engine (on its pool, its shard, its cluster), each chunk's sums kept from what it hands back. A run with
   * a trace is never answered from kept chunks (they keep no trace here).
   */
  private async runKeeping<P>(o: EngineRun<P>): Promise<RunResult> {
    const size = o.kernel.chunkTrials;
    const start = o.startTrial ?? 0;
    const end = start + o.trials;
    this.runOf ??= { kernel: o.kernel.name, seed: o.seed };
    const same = this.runOf.kernel === o.kernel.name && this.runOf.seed === o.seed;
    const acc = new Float64Array(o.kernel.accLength(o.plan));
    let at = start;
    for (;;) {
      const chunk = at / size;
      const piece = Math.min(end, (chunk + 1) * size) - at;
      const kept = this.chunks.get(chunk);
      if (at >= end || o.trace || !same || !kept || kept.trials !== piece) break;
      addKept(acc, kept);
      at += piece;
    }
    if (at > start) o.onProgress?.(at - start, o.trials);
    if (at === end) return { acc, trials: o.trials, threadsUsed: 1, interrupted: false };
    const done = at - start;
    const r = await this.inner.run({
      ...o,
      startTrial: at,
      trials: end - at,
      chunks: true,
      onProgress: (d) => o.onProgress?.(done + d, o.trials),
    });
    for (const c of r.chunks ?? []) this.chunks.set(c.chunk, keep(c.acc, c.trials));
    if (done === 0) return r;
    for (let j = 0; j < acc.length; j++) acc[j] += r.acc[j];
    return { acc, trials: done + r.trials, threadsUsed: r.threadsUsed, interrupted: r.interrupted };
  }

  /** The recorded chunks from chunk 0 while they are consecutive, each read to one number by `read`. */
  sums(read: (acc: Float64Array, trials: number) => number): ChunkSums {
    const trials: number[] = [];
    const sums: number[] = [];
    let acc: Float64Array | null = null;
    for (let c = 0; this.chunks.has(c); c++) {
      const x = this.chunks.get(c)!;
      if (acc === null || acc.length !== x.length) acc = new Float64Array(x.length);
      else acc.fill(0);
      addKept(acc, x);
      trials.push(x.trials);
      sums.push(read(acc, x.trials));
    }
    return { trials, sums };
  }
}
