/** The page's siege Monte Carlo equals `warcast siege --json` for the same seed and trials (any thread count). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siege } from '../../src/kinds/siege/analysis.js';
import { siegeMonteCarlo } from '../../src/app/siege.js';
import { pooledEngine } from '../../src/engine/testing.js';

describe('app siege Monte Carlo', () => {
  for (const [file, seed, trials] of [
    ['examples/castle-siege.yaml', 7, 23_456],
    ['examples/simple-siege.yaml', 42, 50_000],
  ] as const) {
    it(`${file}, seed ${seed}, ${trials} trials`, async () => {
      const page = siegeMonteCarlo(readFileSync(file, 'utf8'), seed, trials);
      const {
        elapsedMs: _a,
        threads: _t,
        ...cli
      } = await siege(file, { seed, trials, threads: 2, engine: pooledEngine() });
      const { elapsedMs: _b, threads: _u, ...mine } = page;
      expect(mine).toEqual(cli);
      // A different seed gives different numbers (the comparison can fail).
      const other = siegeMonteCarlo(readFileSync(file, 'utf8'), seed + 1, trials);
      expect(other).not.toEqual(page);
    });
  }
});
