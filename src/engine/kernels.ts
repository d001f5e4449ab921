/**
 * Every kernel the runner and the worker know, by scenario kind. A kernel runs whole chunks: chunk i of a
 * run always holds trials [i × chunkTrials, (i + 1) × chunkTrials) and draws from the generator of
 * (seed, stream, i) alone, so any split of chunks over tasks and threads gives the same counts.
 */
import { runWarMachineChunks, WAR_MACHINE_CHUNK, warMachineAccLength } from './warMachine/kernel.js';
import type { WarMachinePlan } from './warMachine/plan.js';
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
  /** A tiny plan for warming the JIT up when a worker loads (PERFORMANCE.md, JIT trap). */
  warmUpPlan?(): Plan;
}

export const warMachineKernel: Kernel<WarMachinePlan> = {
  chunkTrials: WAR_MACHINE_CHUNK,
  maxChunksPerTask: 100,
  minPoolTrials: 20_000_000,
  accLength: warMachineAccLength,
  run: runWarMachineChunks,
  warmUpPlan: () => {
    const codeTable = new Uint8Array(10_000);
    for (let i = 0; i < codeTable.length; i++) codeTable[i] = 4 + (i % 26);
    return { kind: 'war-machine', pairCount: 1, pairThresholds: new Float64Array([4294967296]), codeTable };
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
  const plan = k.warmUpPlan?.();
  if (plan === undefined) return;
  const acc = new Float64Array(k.accLength(plan));
  for (let i = 0; i < 20; i++) k.run(plan, i, 0, 1, Math.min(k.chunkTrials, 2000), acc);
}
