/**
 * Every kernel the runner and the worker know, by scenario kind. A kernel runs whole chunks: chunk i of a
 * run always holds trials [i × chunkTrials, (i + 1) × chunkTrials) and draws from the generator of
 * (seed, stream, i) alone, so any split of chunks over tasks and threads gives the same counts.
 */
import { runWarMachineChunks, WAR_MACHINE_CHUNK, warMachineAccLength } from './warMachine/kernel.js';
import { CODE_COUNT, CODE_REROLL, ROLL_PAIRS, type WarMachinePlan } from './warMachine/plan.js';
import { cascadeKernel } from './cascade/kernelSpec.js';
import { siegeKernel } from './siege/kernelEntry.js';

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
}

export const warMachineKernel: Kernel<WarMachinePlan> = {
  chunkTrials: WAR_MACHINE_CHUNK,
  maxChunksPerTask: 100,
  minPoolTrials: 20_000_000,
  accLength: warMachineAccLength,
  run: runWarMachineChunks,
  // One pairing, and two pairings with some tied rolls: every branch of the loop gets type feedback before V8
  // optimises it (a warm-up that skipped a branch was deoptimised by the first real plan taking it).
  warmUpPlans: () => {
    const plan = (pairCount: number): WarMachinePlan => {
      const codeTable = new Uint8Array(pairCount * ROLL_PAIRS);
      for (let i = 0; i < codeTable.length; i++) codeTable[i] = i % 97 === 0 ? CODE_REROLL : i % CODE_COUNT;
      const pairThresholds = new Float64Array(pairCount).map((_, p) => Math.round(((p + 1) / pairCount) * 4294967296));
      return { kind: 'war-machine', pairCount, pairThresholds, codeTable };
    };
    return [plan(1), plan(2)];
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const KERNELS: Record<string, Kernel<any>> = {
  'war-machine': warMachineKernel,
  cascade: cascadeKernel,
  siege: siegeKernel,
};

export function kernelFor(kind: string): Kernel<unknown> {
  const k = KERNELS[kind];
  if (!k) throw new Error(`no kernel for kind '${kind}'`);
  return k;
}

/** Run a kernel's warm-up plan a few times on tiny inputs so V8 tiers it up before the real work. */
export function warmUp(kind: string): void {
  const k = kernelFor(kind);
  const plans = k.warmUpPlans?.() ?? [];
  for (let i = 0; i < 20; i++) {
    for (const plan of plans) k.run(plan, i, 0, 1, Math.min(k.chunkTrials, 2000), new Float64Array(k.accLength(plan)));
  }
}
