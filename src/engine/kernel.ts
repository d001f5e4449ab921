/**
 * What the runner needs of a kind's kernel. A kernel runs whole chunks: chunk i of a run always holds trials
 * [i × chunkTrials, (i + 1) × chunkTrials) and draws from the generator of (seed, stream, i) alone, so any split
 * of chunks over tasks and threads gives the same counts (docs/architecture.md, Determinism). Kernels are
 * registered by kind in src/kinds/index.ts; the engine itself knows no kind.
 */
export interface Kernel<Plan> {
  /** The registry name (src/kinds/index.ts): a pool task carries it so the worker can load the same kernel. */
  readonly name: string;
  /**
   * A kernel outside the registry (a library user's kind, the tests' fake kind): the URL of an ES module whose
   * export `kernel` is this kernel, so a pool worker can import it. Registered kernels leave it out. Not carried
   * to cluster nodes, which run only what their registry holds (a queue must not name code for them to load).
   */
  readonly module?: string;
  /** Trials per chunk (the unit of seeding; part of the determinism contract). */
  readonly chunkTrials: number;
  /** Chunks per pool task at most: tasks of 20–100 ms amortise the ~0.5 ms per-task overhead. */
  readonly maxChunksPerTask: number;
  /** Below this many trials a run stays on the main thread: a pool costs ~100 ms to start. */
  readonly minPoolTrials: number;
  accLength(plan: Plan): number;
  /** The most any accumulator slot may gain in one trial (default 1: counts). Bounds the chunks of a task so
   * its sums stay below 2^53, exact; tasks are then merged exactly whatever their grouping. */
  maxPerTrial?(plan: Plan): number;
  /** Worst-case nanoseconds a trial of `plan` may take (default: cheap). A chunk cannot be stopped part-way, so
   * a plan whose chunk may take longer than ~0.1 s runs on the pool, where Ctrl-C ends the task at once. */
  worstNsPerTrial?(plan: Plan): number;
  run(plan: Plan, seed: number, firstChunk: number, chunkCount: number, totalTrials: number, acc: Float64Array): void;
  /**
   * A few running totals read off an accumulator after each chunk (e.g. wins per side), so an analysis can
   * show how the estimate converged without running anything twice. Optional; `traceLength` numbers.
   */
  readonly traceLength?: number;
  trace?(plan: Plan, acc: Float64Array, out: Float64Array, offset: number): void;
  /** Tiny plans for warming the JIT up when a worker loads (docs/benchmarks.md, JIT trap): between them they
   * should take every branch of the loop, or the first real plan deoptimises it. The worker also warms up on
   * the first real plan it receives, so a kind whose plans need its schema to build leaves this out (building
   * one in each worker would load zod and yaml there: ~0.2 s of CPU per worker). */
  warmUpPlans?(): Plan[];
  /** Trials per warm-up call (default 2,000): keep a warm-up to a few milliseconds. */
  readonly warmUpTrials?: number;
}

/**
 * Run a kernel's warm-up plans and the first real plan a few times on tiny inputs, so V8 has type feedback for
 * every branch (the code after the trial loop included) before it optimises. Returns the calls made.
 */
export function warmUp<P>(k: Kernel<P>, real?: P): number {
  const plans = [...(k.warmUpPlans?.() ?? []), ...(real === undefined ? [] : [real])];
  const trials = Math.min(k.chunkTrials, k.warmUpTrials ?? 2000);
  for (let i = 0; i < 20; i++) {
    for (const plan of plans) k.run(plan, i, 0, 1, trials, new Float64Array(k.accLength(plan)));
  }
  return 20 * plans.length;
}
