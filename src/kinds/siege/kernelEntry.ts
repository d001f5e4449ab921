/** The siege kernel, registered in src/kinds/index.ts. */
import type { Kernel } from '../../engine/kernel.js';
import { compileSiege, type SiegePlan } from './plan.js';
import { runSiegeChunks, siegeAccLength, SIEGE_CHUNK } from './kernel.js';
import { siegeSchema } from './schema.js';

export const siegeKernel: Kernel<SiegePlan> = {
  name: 'siege',
  chunkTrials: SIEGE_CHUNK,
  // 5,000 sieges of ~10 weeks take ~1–5 ms: up to 40 chunks make a 20–100 ms task (docs/benchmarks.md).
  maxChunksPerTask: 40,
  minPoolTrials: 200_000,
  warmUpTrials: 200,
  accLength: siegeAccLength,
  // Casualty and damage sums: troops, hit points and feet of breach a siege.
  maxPerTrial: (plan) => plan.troops[0] + plan.troops[1] + plan.totalHitPoints + plan.wallLengthFeet + plan.weekLimit,
  // Measured on a loaded 2-core machine: ~0.4 µs a week, ~0.05 µs a damage die (docs/reliability.md).
  worstNsPerTrial: (plan) => 400 * plan.weekLimit + 50 * (plan.damageDice.length / 4),
  run: runSiegeChunks,
  warmUpPlans: () => [
    compileSiege(
      siegeSchema.parse({
        kind: 'siege',
        attacker: { name: 'a', troops: 500, battleRating: 80, tactic: 'attack' },
        defender: { name: 'd', troops: 100, battleRating: 60, tactic: 'hold' },
        fortifications: [{ structure: 'castleWall', lengthFeet: 400 }, { structure: 'gatehouse', count: 1 }],
        equipment: { attacker: { trebuchet: { count: 2 }, ballista: { count: 2 }, ram: { count: 1 } }, defender: { ballista: { count: 2 } } },
        foodWeeks: 2,
        weekLimit: 3,
        strategy: { attacker: [{ tactic: 'bombard', weeks: 2 }, { tactic: { harass: 0.5, assault: 0.5 } }], defender: [{ tactic: 'stay', weeks: 3 }, { tactic: 'sally' }] },
      }),
    ).plan,
  ],
};
