/** The War Machine kernel as the runner and the worker see it (registered in ../kernels.ts). */
import type { Kernel } from '../../engine/kernels.js';
import { runWarMachineChunks, WAR_MACHINE_CHUNK, warMachineAccLength } from './kernel.js';
import { CODE_COUNT, CODE_REROLL, ROLL_PAIRS, type WarMachinePlan } from './plan.js';

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
