/**
 * Thread-count invariance of the cascade Monte Carlo: the same seed gives identical counts on the main thread
 * and on a real two-thread pool (chunk-seeded). The pool loads the compiled worker: run `npx tsc -p .` first
 * (`npm test` builds in pretest).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { compileCascade } from '../../src/kinds/cascade/plan.js';
import { loadFile } from '../helpers/load.js';
import { CASCADE_CHUNK } from '../../src/kinds/cascade/kernel.js';
import { closePool } from '../../src/engine/pool.js';
import { loadKernel } from '../../src/kinds/index.js';
import { runTrials } from '../../src/engine/run.js';
import { pooledEngine } from '../../src/engine/testing.js';

afterAll(closePool);

describe('cascade Monte Carlo', () => {
  for (const [file, rounds] of [['examples/cascade-bob-john-jane.yaml', null], ['examples/cascade-bob-john-jane.yaml', 3], ['examples/cascade-kanly-three-rounds.yaml', 3]] as const) {
    it(`gives the same counts on 1 and 2 threads (${file}, ${rounds === null ? 'one round' : `${rounds} rounds`})`, async () => {
      const { scenario } = loadFile(file);
      const plan = compileCascade(scenario, { npc: true, rounds });
      const trials = 2 * CASCADE_CHUNK + 1234;
      const one = await runTrials({ kernel: await loadKernel('cascade'), plan, seed: 99, trials, threads: 1 });
      const two = await runTrials({ kernel: await loadKernel('cascade'), plan, seed: 99, trials, threads: 2, engine: pooledEngine() });
      expect(two.threadsUsed).toBe(2);
      expect(two.trials).toBe(trials);
      expect(Array.from(two.acc)).toEqual(Array.from(one.acc));
      const other = await runTrials({ kernel: await loadKernel('cascade'), plan, seed: 100, trials, threads: 1 });
      expect(Array.from(other.acc)).not.toEqual(Array.from(one.acc));
    });
  }
});
