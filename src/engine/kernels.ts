/**
 * Every kernel the runner and the worker know, by scenario kind. A kernel runs whole chunks: chunk i of a
 * run always holds trials [i × chunkTrials, (i + 1) × chunkTrials) and draws from the generator of
 * (seed, stream, i) alone, so any split of chunks over tasks and threads gives the same counts.
 */
export interface Kernel<Plan> {
  /** Trials per chunk (the unit of seeding; part of the determinism contract). */
  readonly chunkTrials: number;
  /** Chunks per pool task at most: tasks of 20–100 ms amortise the ~0.5 ms per-task overhead. */
  readonly maxChunksPerTask: number;
  /** Below this many trials a run stays on the main thread: a pool costs ~100 ms to start. */
  readonly minPoolTrials: number;
  accLength(plan: Plan): number;
  run(plan: Plan, seed: number, firstChunk: number, chunkCount: number, totalTrials: number, acc: Float64Array): void;
  /** Tiny plans for warming the JIT up when a worker loads (PERFORMANCE.md, JIT trap): between them they
   * should take every branch of the loop, or the first real plan deoptimises it. */
  warmUpPlans?(): Plan[];
  /** Trials per warm-up call (default 2,000): keep a warm-up to a few milliseconds. */
  readonly warmUpTrials?: number;
}

/**
 * Kernels load on first use, so a worker (and the command line) only pays for the kinds it runs: a siege
 * kernel's module graph (schemas, rules) took ~0.1 s to import and its warm-up ~0.2 s in every worker.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const LOADERS: Record<string, () => Promise<Kernel<any>>> = {
  'war-machine': async () => (await import('../kinds/warMachine/kernelEntry.js')).warMachineKernel,
  cascade: async () => (await import('../kinds/cascade/kernelEntry.js')).cascadeKernel,
  siege: async () => (await import('../kinds/siege/kernelEntry.js')).siegeKernel,
  'war-machine-engagement': async () => (await import('../kinds/pursuit/engagement.js')).engagementKernel,
  march: async () => (await import('../kinds/march/kernel.js')).marchKernel,
};

const loaded = new Map<string, Kernel<unknown>>();

export async function loadKernel(kind: string): Promise<Kernel<unknown>> {
  let k = loaded.get(kind);
  if (k) return k;
  const loader = LOADERS[kind];
  if (!loader) throw new Error(`no kernel for kind '${kind}'`);
  k = await loader();
  loaded.set(kind, k);
  return k;
}

/** Run a kernel's warm-up plans a few times on tiny inputs so V8 tiers it up before the real work. */
export function warmUp(k: Kernel<unknown>): void {
  const plans = k.warmUpPlans?.() ?? [];
  const trials = Math.min(k.chunkTrials, k.warmUpTrials ?? 2000);
  for (let i = 0; i < 20; i++) {
    for (const plan of plans) k.run(plan, i, 0, 1, trials, new Float64Array(k.accLength(plan)));
  }
}
