/**
 * What an analysis runs its trials on: an Engine takes one run (a kernel, a plan, a seed, a range of trials) and
 * returns its summed accumulators. The engines are layers, each handed the one below explicitly:
 *
 * - `LocalEngine` (engine/local.ts): this process, the main thread and the piscina pool (executors), the
 *   scheduler cutting chunks into tasks, the ordered exact merge. The default.
 * - `ClusterEngine` (engine/local.ts): the same scheduler and merge over a cluster executor (Redis, `--redis`).
 * - `ShardEngine` (engine/shard.ts): one shard of every run's chunks on an inner engine, recorded for a part
 *   file (`--shard i/n`).
 * - `ReplayEngine` (engine/replay.ts): no running at all: the merged parts' sums handed back (`warcast merge`).
 * - a checkpoint's engine (engine/checkpoint.ts, `Checkpoint.engine`): an inner engine's runs recorded and
 *   resumed (`--checkpoint`, `--resume`).
 *
 * An analysis takes `engine` in its options and passes it to every `runTrials` it makes; the command line
 * builds the layers from its flags (src/cli/run.ts, distributed.ts, checkpoint.ts).
 *
 * Paired runs (worth on a siege or a cascade, a siege design: common random numbers, trial by trial) are the
 * other task shape on the same scheduler and executors: `Engine.paired` hands an analysis a runner of paired jobs,
 * which the layers serve — this process's threads and the cluster (engine/local.ts, engine/paired.ts), recorded
 * and resumed by a checkpoint. A shard and a merge's replay have none: a paired analysis decides which jobs to run
 * from the values of earlier ones, which one shard does not have, and says so in one line.
 */
import type { Kernel } from './kernel.js';
import type { Task, TaskResult, TrialProbe } from './task.js';

export type { TrialProbe } from './task.js';

export interface RunOptions<Plan = unknown> {
  kernel: Kernel<Plan>;
  plan: Plan;
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
  /** Record the kernel's trace (running totals) after every chunk: `RunResult.trace`. */
  trace?: boolean;
  /**
   * Hand back each chunk's own accumulator too (`RunResult.chunks`), on an engine that `keepsChunks` (the others
   * ignore it): what the toolkit's ChunkRecorder asks of an engine it cannot cut into chunks.
   */
  chunks?: boolean;
  /**
   * Where to run on this process: `pool` whenever there are two threads or more (runMany, running many plans at
   * once, decides for them all), `main` never on the pool; `auto` (default) by the kernel's threshold.
   */
  placement?: 'auto' | 'pool' | 'main';
  /** Where the run computes (default: this process, engine/local.ts). */
  engine?: Engine;
}

/** What one engine layer hands the next: a run, and the layers' own hook. */
export interface EngineRun<Plan = unknown> extends RunOptions<Plan> {
  /** Called with every task as it finishes, in any order (a checkpoint records them). */
  onTask?: (task: Task, result: TaskResult) => void;
}

export interface RunResult {
  acc: Float64Array;
  trials: number;
  threadsUsed: number;
  interrupted: boolean;
  /**
   * With `trace`: after each whole chunk of this run, in chunk order, the kernel's `traceLength` running totals
   * (cumulative from the run's first chunk); chunk c's totals at [c × traceLength, (c + 1) × traceLength).
   */
  trace?: Float64Array;
  /** Chunks the calling thread ran (the rest ran on workers or a cluster). */
  mainThreadChunks?: number;
  /** Entries of `acc` past 2^53, exact (decimal), for a shard's part file: `acc` holds them rounded. */
  exact?: Record<string, string>;
  /** Under a precision (`runUntil`): whether `done` held when the run stopped (false: stopped at `maxTrials`). */
  precisionReached?: boolean;
  /**
   * With `chunks`, on an engine that `keepsChunks`: every chunk of the run in order, its trials and its own sums
   * (their total is `acc`). Absent when the engine has no chunks to give (a merge of parts that kept none).
   */
  chunks?: ChunkAcc[];
}

/** One chunk's own sums (chunk `chunk` of its run, `trials` of them; a last chunk may be cut short). */
export interface ChunkAcc {
  chunk: number;
  trials: number;
  acc: Float64Array;
}

/** A paired job: trials [from, to) of one plan, trial t playing the dice of (seed, t) alone (engine/paired.ts). */
export interface PairedJob<Plan = unknown> {
  kernel: Kernel<Plan>;
  plan: Plan;
  probe: TrialProbe;
  seed: number;
  from: number;
  to: number;
}

/** Where an analysis sends its paired jobs, as many at once as it likes. */
export interface PairedRunner {
  /** The job's probe outputs, outputs × trials in trial order; null once stopped (nothing partial). */
  run<P>(job: PairedJob<P>): Promise<Float64Array | null>;
  /** Trials done so far over every job (those a checkpoint handed back included). */
  readonly trialsDone: number;
  readonly stopped: boolean;
}

export interface PairedSettings {
  /** The calling thread and threads − 1 workers. */
  threads: number;
  signal?: AbortSignal;
  /** Called with the trials done so far over every job (monotone). */
  onTrials?: (trials: number) => void;
}

export interface Engine {
  run<P>(o: EngineRun<P>): Promise<RunResult>;
  /** A runner of paired jobs on this engine; absent: it cannot pair trials one by one (a shard, a replay). */
  paired?(settings: PairedSettings): PairedRunner;
  /** Why a run whose size depends on its own counts (runUntil, `--precision`) cannot run here; null when it can. */
  readonly refusesPrecision: string | null;
  /** Trials, over all its plans, from which runMany runs the plans at once on the pool (else one after another). */
  poolFrom(kernel: Kernel<unknown>): number;
  /**
   * True when a run of any range of trials answers that range's own sums here (this process and its pool, or a
   * checkpoint over them): a caller may cut a run into chunks and keep each chunk's sums, as the toolkit's
   * ChunkRecorder does to pair differences chunk by chunk, and get the same bytes as without the layer. Absent: a
   * shard or a replay (a part holds a call's sums, not its chunks') or a cluster (each cut would be a job).
   */
  readonly chunkwise?: boolean;
  /**
   * True when a run asked for `chunks` hands back each chunk's own sums in one call: a shard (its part keeps them),
   * a merge's replay of such parts, a cluster (a job per chunk). The ChunkRecorder asks so of an engine that is not `chunkwise`, so a sharded
   * run pairs its differences as a local one does, with the same bytes.
   */
  readonly keepsChunks?: boolean;
}
