/** The cascade kernel's entry in the KERNELS registry (src/engine/kernels.ts). */
import type { CascadeModel } from '../../rules/dune/model.js';
import type { Kernel } from '../kernels.js';
import { CASCADE_CHUNK, cascadeAccLength, runCascadeChunks } from './kernel.js';

/**
 * A tiny round for warming the JIT up when a worker loads (PERFORMANCE.md, JIT trap): two players, a raid and
 * a seizure on a militia-guarded location, NPC attacks on. Written out by hand so workers need not load the
 * scenario parser.
 */
export function cascadeWarmUpModel(): CascadeModel {
  return {
    kind: 'cascade',
    round: 1,
    rounds: 2,
    playerAttacks: true,
    npc: true,
    policies: { unguarded: 0, ungarrisonedWeight: 1, militiaRegeneration: true },
    players: { names: ['A', 'B'], combat: [2, 3], intrigue: [1, 2], diplomacy: [0, 1], wealth: [5000, 5000], homeworld: [1, 2] },
    locations: {
      names: ['Mine', 'A Home', 'B Home'],
      owner: [0, 0, 1],
      income: [1000, 0, 0],
      damaged: [0, 0, 0],
      homeworld: [0, 1, 1],
      elector: [0, 0, 0],
      defenders: [[0, 1], [2], [5]],
      militia: [[0], [], []],
    },
    units: { names: ['m', 'a1', 'a2', 'b1', 'b2', 'b3'], type: [4, 0, 2, 0, 1, 3], owner: [0, 0, 0, 1, 1, 1] },
    heroes: { names: ['h'], owner: [1], bonus: [1], location: [-1] },
    attacks: { player: [1, 1], type: [0, 1], location: [0, 0], units: [[3], [4]], hero: [-1, 0] },
  };
}

export const cascadeKernel: Kernel<CascadeModel> = {
  chunkTrials: CASCADE_CHUNK,
  // A trial costs a few microseconds: ten chunks (10^5 trials) make a task of a few hundred ms at most.
  maxChunksPerTask: 10,
  minPoolTrials: 200_000,
  accLength: cascadeAccLength,
  run: runCascadeChunks,
  // no warmUpPlan: tiering this resolver up takes ~30k trials whatever their plan, so warming up only delays the start
};
