/**
 * Determinism contract: the same seed gives byte-identical JSON whatever the thread count, with a real
 * piscina pool (needs the compiled worker: `npm test` builds first). Every kind's kernel, 1 thread against 2:
 * test/contracts/kernel-contracts.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { odds } from '../../src/kinds/warMachine/odds.js';
import { loadKernel } from '../../src/kinds/index.js';
import { closePool } from '../../src/engine/pool.js';
import { runTrials } from '../../src/engine/run.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import { loadFile } from '../helpers/load.js';
import { pooledEngine } from '../../src/engine/testing.js';

afterAll(closePool);

const strip = (r: object) => JSON.stringify({ ...r, threads: undefined, elapsedMs: undefined });

describe('thread-count invariance', () => {
  it('odds JSON: 1 thread on the main thread = 2 pool threads = 3 pool threads', async () => {
    const flags = { trials: 1234567, seed: 99 };
    const one = await odds('examples/orcs-vs-men.yaml', { ...flags, threads: 1 });
    const two = await odds('examples/orcs-vs-men.yaml', { ...flags, threads: 2, engine: pooledEngine() });
    const three = await odds('examples/orcs-vs-men.yaml', { ...flags, threads: 3, engine: pooledEngine() });
    expect(one.threads).toBe(1);
    expect(two.threads).toBe(2);
    expect(three.threads).toBe(3);
    expect(two.trials).toBe(1234567);
    expect(strip(two)).toBe(strip(one));
    expect(strip(three)).toBe(strip(one));
  });

  it('the calling thread as one of the threads: any split of the chunks between it and the workers, same counts', async () => {
    const { scenario } = loadFile('examples/orcs-vs-men.yaml');
    const { plan } = compileWarMachine(scenario);
    const kernel = await loadKernel('war-machine');
    const trials = 1_234_567; // 13 chunks, the last one partial
    const one = await runTrials({ kernel, plan, seed: 5, trials, threads: 1 });
    // The calling thread takes none, at most 3 or as many as it gets (a test limit): the workers take the rest.
    // (The workers' first tasks go out before the calling thread warms up, so it may get fewer than 3.)
    for (const mainThreadChunks of [0, 3, Infinity]) {
      const r = await runTrials({
        kernel,
        plan,
        seed: 5,
        trials,
        threads: 3,
        engine: pooledEngine({ mainThreadChunks }),
      });
      expect(r.mainThreadChunks).toBeLessThanOrEqual(mainThreadChunks);
      expect(r.trials).toBe(trials);
      expect([...r.acc]).toEqual([...one.acc]);
    }
  });
});
