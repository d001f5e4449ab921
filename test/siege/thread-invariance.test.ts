/** Same seed, same counts, whatever the threads (a real pool: needs `npx tsc -p .` first, as `npm test` does). */
import { afterAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import { loadKernel } from '../../src/kinds/index.js';
import { runTrials } from '../../src/engine/run.js';
import { closePool } from '../../src/engine/pool.js';
import { loadFile } from '../helpers/load.js';
import type { SiegeScenario } from '../../src/kinds/siege/schema.js';
import { pooledEngine } from '../../src/engine/testing.js';

afterAll(() => closePool());

describe('siege kernel', () => {
  for (const example of ['castle-siege.yaml', 'simple-siege.yaml']) {
    it(`gives identical accumulators on 1 and 2 threads (${example})`, async () => {
      const file = fileURLToPath(new URL(`../../examples/${example}`, import.meta.url));
      const { plan } = compileSiege((loadFile(file) as { scenario: SiegeScenario }).scenario);
      const trials = 12_345; // not a whole number of chunks
      const one = await runTrials({ kernel: await loadKernel('siege'), plan, seed: 99, trials, threads: 1 });
      const two = await runTrials({ kernel: await loadKernel('siege'), plan, seed: 99, trials, threads: 2, engine: pooledEngine() });
      expect(two.threadsUsed).toBe(2);
      expect(two.trials).toBe(trials);
      expect([...two.acc]).toEqual([...one.acc]);
    });
  }
});
