/**
 * Matchup and sweep Monte Carlo runs are a pure function of (scenario, seed, trials): the same numbers on the
 * main thread and on a 2-thread pool running all cells at once (the pool is forced by a test engine, src/engine/testing.ts).
 * Needs the compiled worker (npm test builds it first).
 */
import { describe, expect, it } from 'vitest';
import { matchup } from '../../src/kinds/warMachine/matchup.js';
import { sweep as sweepOdds } from '../../src/cli/registeredToolkit.js';
import { closePool } from '../../src/engine/pool.js';
import { pooledEngine } from '../../src/engine/testing.js';

describe('thread invariance of matchup and sweep', () => {
  it('same cells and points for 1 thread and a 2-thread pool', async () => {
    try {
      const scenario = 'examples/matchup-twin-hills.yaml';
      const flags = { monteCarlo: true, trials: 100_000, seed: 17 };
      const one = await matchup(scenario, { ...flags, threads: 1 });
      const two = await matchup(scenario, { ...flags, threads: 2, engine: pooledEngine() });
      expect(one.monteCarlo!.threads).toBe(1);
      expect(two.monteCarlo!.threads).toBe(2);
      const strip = (m: typeof one.monteCarlo) => JSON.stringify({ ...m, threads: 0, elapsedMs: 0 });
      expect(strip(two.monteCarlo)).toBe(strip(one.monteCarlo));

      const sweep = { vary: 'sides[1].bonus', from: -20, to: 20, step: 10, trials: 200_000, seed: 4 };
      const s1 = await sweepOdds('examples/matchup-twin-hills.yaml', { ...sweep, threads: 1 });
      const s2 = await sweepOdds('examples/matchup-twin-hills.yaml', { ...sweep, threads: 2, engine: pooledEngine() });
      expect(s2.threads).toBe(2);
      expect(JSON.stringify(s2.points)).toBe(JSON.stringify(s1.points));
    } finally {
      await closePool();
    }
  });
});
