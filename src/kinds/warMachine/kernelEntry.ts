/** The War Machine kernel, registered in src/kinds/index.ts. */
import type { Kernel } from '../../engine/kernel.js';
import { runWarMachineChunks, WAR_MACHINE_CHUNK, warMachineAccLength } from './kernel.js';
import { CODE_COUNT, CODE_REROLL, decodeCode, ROLL_PAIRS, type WarMachinePlan } from './plan.js';

/** The winning side of each outcome code (−1: no winner), for the trace. */
const WINNER_OF_CODE = Int8Array.from({ length: CODE_COUNT }, (_, code) => decodeCode(code)?.winner ?? -1);

export const warMachineKernel: Kernel<WarMachinePlan> = {
  name: 'war-machine',
  chunkTrials: WAR_MACHINE_CHUNK,
  maxChunksPerTask: 100,
  minPoolTrials: 20_000_000,
  accLength: warMachineAccLength,
  run: runWarMachineChunks,
  // Battles won by A and by B so far: the convergence of the win odds, read after every chunk (docs/reports.md).
  traceLength: 2,
  trace(plan, acc, out, at) {
    let a = 0;
    let b = 0;
    for (let p = 0; p < plan.pairCount; p++) {
      for (let code = 0; code < CODE_COUNT; code++) {
        const w = WINNER_OF_CODE[code];
        if (w === 0) a += acc[p * CODE_COUNT + code];
        else if (w === 1) b += acc[p * CODE_COUNT + code];
      }
    }
    out[at] = a;
    out[at + 1] = b;
  },
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
