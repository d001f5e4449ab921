/**
 * Tasks, the units executors run, in two shapes. A chunk task: whole chunks [firstChunk, firstChunk + chunkCount)
 * of one run, the unit an executor runs (on the main thread, in a worker, as a cluster job). A chunk draws from the
 * generator of (seed, stream, chunk) alone, so a task's counts do not depend on where it ran (docs/architecture.md,
 * Determinism). A trial task (TrialTask): a block of a paired job's trials, each read alone, so a trial's numbers
 * do not depend on where it ran either.
 *
 * Running a task on this thread: whole chunks into a fresh accumulator, or a paired block trial by trial. Pure (no
 * Node built-ins), so the what-if page's Web Worker runs the same code as a pool worker (./inline.ts).
 */
import type { Kernel } from './kernel.js';

export interface Task {
  /** The kernel's registry name (a worker or a cluster node loads it by name). */
  kind: string;
  /** A kernel outside the registry: the module a pool worker imports it from (Kernel.module). */
  module?: string;
  plan: unknown;
  trace: boolean;
  seed: number;
  firstChunk: number;
  chunkCount: number;
  /** Trials of the whole run (its last chunk may be cut short). */
  totalTrials: number;
}

/**
 * Numbers read off the accumulator after one trial: output o = constants[o] + Σ_j weights[o × slots + j] × the
 * trial's gain in slot j. Plain arrays, so a task carries it to a worker and a checkpoint identifies it.
 */
export interface TrialProbe {
  slots: number[];
  constants: number[];
  /** outputs × slots.length, row by output. */
  weights: number[];
}

/**
 * The other task shape: trials [firstTrial, firstTrial + trials) of one paired job (engine/paired.ts), each the
 * kernel's chunk t cut to one trial, read one by one by a probe (a worker tells it from a chunk task by `paired`).
 */
export interface TrialTask {
  paired: true;
  kind: string;
  /** As Task.module. */
  module?: string;
  plan: unknown;
  probe: TrialProbe;
  seed: number;
  firstTrial: number;
  trials: number;
}

/** The probe's outputs, trial by trial: outputs × trials, row by trial. */
export interface TrialTaskResult {
  values: Float64Array;
  /** Under WARCAST_TIMINGS=1 only: as TaskResult.busy (engine/paired.ts prints each thread's share at exit). */
  busy?: Float64Array;
}

/** Either shape, and its result. */
export type EngineTask = Task | TrialTask;
export type ResultOf<T extends EngineTask> = T extends TrialTask ? TrialTaskResult : TaskResult;

export interface TaskResult {
  acc: Float64Array;
  /** With `Task.trace`: the kernel's running totals after each chunk, cumulative from the task's first chunk. */
  trace: Float64Array | null;
  /**
   * Under WARCAST_TIMINGS=1 only: [thread id (0: the main thread), start, end (ms since the process started),
   * the thread's CPU ms during the task], for the per-thread busy times of the run (engine/local.ts).
   */
  busy?: Float64Array;
}

/** One task's chunks into a fresh accumulator; with a trace, chunk by chunk (chunks are independent, so the counts are the same). */
export function runChunks<P>(k: Kernel<P>, t: Task): TaskResult {
  const plan = t.plan as P;
  const acc = new Float64Array(k.accLength(plan));
  if (!t.trace || !k.trace || !k.traceLength) {
    k.run(plan, t.seed, t.firstChunk, t.chunkCount, t.totalTrials, acc);
    return { acc, trace: null };
  }
  const trace = new Float64Array(t.chunkCount * k.traceLength);
  for (let c = 0; c < t.chunkCount; c++) {
    k.run(plan, t.seed, t.firstChunk + c, 1, t.totalTrials, acc);
    k.trace(plan, acc, trace, c * k.traceLength);
  }
  return { acc, trace };
}

/**
 * The accumulator a block of trials runs into, kept from block to block on this thread (by length): a siege's is
 * 15,375 numbers (123 kB), and a fresh one each block was allocated, zeroed and collected ~1,500 times a `worth`.
 */
let scratch = new Float64Array(0);

/**
 * Run a block of trials one by one into one accumulator, reading the probe's slots after each and zeroing them, so
 * each trial's numbers are its own (the kernel only adds to its slots). The same function on every thread. The
 * accumulator is this thread's scratch one: only the probe's slots are read, and they are zeroed first, so what
 * other slots hold from earlier blocks (the kernel only adds to them) is never seen.
 */
export function runTrialBlock<P>(k: Kernel<P>, t: Omit<TrialTask, 'paired' | 'kind'>): Float64Array {
  const plan = t.plan as P;
  const { slots, constants, weights } = t.probe;
  const outputs = constants.length;
  const width = slots.length;
  const length = k.accLength(plan);
  if (scratch.length !== length) scratch = new Float64Array(length);
  const acc = scratch;
  for (let j = 0; j < width; j++) acc[slots[j]] = 0;
  const values = new Float64Array(outputs * t.trials);
  // Typed copies, slot by slot (the weights of slot j for each output side by side): a trial gains in a few of the
  // slots a probe reads (one ending, a few sums), so only those are read into the outputs. Skipping a slot that
  // gained 0 leaves every output the same number: the terms skipped are ±0, added in the same order to a sum that
  // starts at a constant ≥ +0 (never −0).
  const at = Int32Array.from(slots);
  const w = new Float64Array(width * outputs);
  for (let j = 0; j < width; j++) for (let o = 0; o < outputs; o++) w[j * outputs + o] = weights[o * width + j];
  const out = Float64Array.from(constants);
  const chunk = k.chunkTrials;
  for (let i = 0; i < t.trials; i++) {
    const trial = t.firstTrial + i;
    k.run(plan, t.seed, trial, 1, trial * chunk + 1, acc);
    for (let o = 0; o < outputs; o++) out[o] = constants[o];
    for (let j = 0; j < width; j++) {
      const g = acc[at[j]];
      if (g === 0) continue;
      acc[at[j]] = 0;
      for (let o = 0; o < outputs; o++) out[o] += w[j * outputs + o] * g;
    }
    for (let o = 0; o < outputs; o++) values[i * outputs + o] = out[o];
  }
  return values;
}
