/** The march kernel, registered in src/kinds/index.ts. */
import type { Kernel } from '../../engine/kernel.js';
import { MARCH_CHUNK, marchAccLength, runMarchChunks } from './kernel.js';
import type { MarchPlan } from './plan.js';

export const marchKernel: Kernel<MarchPlan> = {
  name: 'march',
  chunkTrials: MARCH_CHUNK,
  maxChunksPerTask: 20,
  minPoolTrials: 2_000_000,
  accLength: marchAccLength,
  run: runMarchChunks,
  warmUpPlans: () => {
    // Every action, fatigue on and off, a destination and none.
    const plan = (target: number): MarchPlan => ({
      kind: 'march',
      days: 10,
      actions: Uint8Array.from([3, 3, 3, 1, 2, 0, 4, 3, 1, 0]),
      rate: 6,
      distance: Int32Array.from([6, 4, 2, 9, 0]),
      forcedCells: Uint8Array.from([4, 5, 6, 1, 0, 1]),
      forageChance: Uint8Array.from([0, 2, 4, 0, 0]),
      forageInPlace: true,
      food: 2,
      daysWithoutFood: 0,
      target,
      maxDistance: target < 0 ? 90 : target,
    });
    return [plan(-1), plan(30)];
  },
};
