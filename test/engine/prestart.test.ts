/**
 * Workers started before the scenario is read (engine/pool.ts prestartPool, src/cli/prestart.ts): used by the
 * run that follows (same counts as one thread), or closed at once by a run that stays on one thread.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closePool, poolState, prestartPool } from '../../src/engine/pool.js';
import { runTrials } from '../../src/engine/run.js';
import { prestartThreads } from '../../src/cli/prestart.js';
import { loadKernel } from '../../src/kinds/index.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import { loadFile } from '../helpers/load.js';
import { pooledEngine } from '../../src/engine/testing.js';

beforeAll(closePool); // whatever ran before in this process
afterEach(closePool);

describe('starting workers ahead of a run', () => {
  const { plan } = compileWarMachine(loadFile('examples/orcs-vs-men.yaml').scenario);

  it('a run that stays on one thread closes the early pool at once', async () => {
    prestartPool(1, { preload: 'war-machine' });
    expect(poolState()).toBe('speculative');
    const r = await runTrials({ kernel: await loadKernel('war-machine'), plan, seed: 3, trials: 200_000, threads: 2 });
    expect(r.threadsUsed).toBe(1);
    expect(poolState()).toBe('none');
  });

  it('a run on the pool uses the early workers, same counts as one thread', async () => {
    const kernel = await loadKernel('war-machine');
    prestartPool(1, { preload: 'war-machine' });
    const two = await runTrials({
      kernel,
      plan,
      seed: 3,
      trials: 700_000,
      threads: 2,
      engine: pooledEngine({ mainThreadChunks: 2 }),
    });
    expect(poolState()).toBe('in use');
    const one = await runTrials({ kernel, plan, seed: 3, trials: 700_000, threads: 1 });
    expect(two.threadsUsed).toBe(2);
    expect([...two.acc]).toEqual([...one.acc]);
  });

  it("the options decide: two threads and at least the kernel's pool threshold, not exact", async () => {
    await prestartThreads('war-machine', { trials: 1_000_000, threads: 2 });
    expect(poolState()).toBe('none');
    await prestartThreads('war-machine', { trials: 1e8, threads: 1 });
    expect(poolState()).toBe('none');
    await prestartThreads('war-machine', { trials: 1e8, threads: 2, exact: true });
    expect(poolState()).toBe('none');
    await prestartThreads('war-machine', { trials: 0, threads: 2 }); // bad options: the command reports them
    expect(poolState()).toBe('none');
    await prestartThreads('siege', { trials: 2e6, threads: 2 });
    expect(poolState()).toBe('speculative');
  });
});
