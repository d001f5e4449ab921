/** The cascade kernel, registered in src/kinds/index.ts. */
import type { CascadeModel } from '../../rules/dune/model.js';
import type { Kernel } from '../../engine/kernel.js';
import { CASCADE_CHUNK, cascadeAccLength, runCascadeChunks } from './kernel.js';

export const cascadeKernel: Kernel<CascadeModel> = {
  name: 'cascade',
  chunkTrials: CASCADE_CHUNK,
  // A trial costs a few microseconds: ten chunks (10^5 trials) make a task of a few hundred ms at most.
  maxChunksPerTask: 10,
  // Each worker pays its own JIT warm-up of this large kernel (~0.5 s of CPU on the 2-core machine, more under
  // load: docs/benchmarks.md, "Threads"); below a million trials a second thread did not pay for it.
  minPoolTrials: 1_000_000,
  accLength: cascadeAccLength,
  // Wealth and income lost a trial (house raids take a share of wealth; up to 1e12 MS a player), and their squares.
  maxPerTrial: (m) => {
    const most =
      m.rounds * (m.players.wealth.reduce((a, b) => a + b, 0) + m.locations.income.reduce((a, b) => a + b, 0)) +
      m.units.names.length +
      1;
    return most * most;
  },
  run: runCascadeChunks,
  // No warmUpPlans (they would need the schema in every worker): each thread warms up on tiny calls of the real
  // plan, enough for V8's type feedback; tiering this resolver up takes ~30k trials whatever the plan, so a
  // longer warm-up only delays the start (20 × 2,000 trials cost ~0.2 s of CPU per thread).
  warmUpTrials: 100,
};
