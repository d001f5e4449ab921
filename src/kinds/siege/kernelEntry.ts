/** The siege kernel, registered in src/kinds/index.ts. */
import type { Kernel } from '../../engine/kernel.js';
import type { SiegePlan } from './plan.js';
import { runSiegeChunks, siegeAccLength, siegeMaxPerTrial, SIEGE_CHUNK } from './kernel.js';

export const siegeKernel: Kernel<SiegePlan> = {
  name: 'siege',
  chunkTrials: SIEGE_CHUNK,
  // 5,000 sieges of ~10 weeks take ~1–5 ms: up to 40 chunks make a 20–100 ms task (docs/benchmarks.md).
  maxChunksPerTask: 40,
  // Each worker pays its own JIT warm-up of this large kernel (~0.5 s of CPU on the 2-core machine, more under
  // load: docs/benchmarks.md, "Threads"); below a million trials a second thread did not pay for it.
  minPoolTrials: 1_000_000,
  warmUpTrials: 50,
  accLength: siegeAccLength,
  // Casualty and damage sums (troops, hit points and feet of breach a siege) and their squares.
  maxPerTrial: siegeMaxPerTrial,
  // Measured on a loaded 2-core machine: ~0.4 µs a week, ~0.05 µs a damage die (docs/reliability.md).
  // With field construction each siege also sums each arsenal's dice (~5 ns a die and arsenal).
  worstNsPerTrial: (plan) =>
    400 * plan.weekLimit +
    50 * (plan.damageDice.length / 4) +
    (plan.phases > 1 ? 5 * plan.phases * (plan.damageDice.length / 4) : 0),
  run: runSiegeChunks,
  // No warmUpPlans: building one needs the schema (zod, yaml) in every worker; the worker warms up on the first
  // real plan instead (src/engine/task.ts, runTask), which also gives V8 that plan's type feedback.
};
