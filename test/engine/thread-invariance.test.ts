/**
 * Determinism contract: the same seed gives byte-identical JSON whatever the thread count, with a real
 * piscina pool (needs the compiled worker: `npm test` builds first).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { computeOdds } from '../../src/analysis/odds.js';
import { closePool } from '../../src/engine/pool.js';
import { runTrials } from '../../src/engine/run.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import { loadWarMachine } from '../../src/scenario/index.js';

afterAll(closePool);

const strip = (r: object) => JSON.stringify({ ...r, threads: undefined, elapsedMs: undefined });

describe('thread-count invariance', () => {
  it('odds JSON: 1 thread on the main thread = 2 pool threads = 3 pool threads', async () => {
    const flags = { trials: '1234567', seed: '99', json: true };
    const one = await computeOdds('examples/orcs-vs-men.yaml', { ...flags, threads: '1' });
    const two = await computeOdds('examples/orcs-vs-men.yaml', { ...flags, threads: '2' }, undefined, 0);
    const three = await computeOdds('examples/orcs-vs-men.yaml', { ...flags, threads: '3' }, undefined, 0);
    expect(one.result.threads).toBe(1);
    expect(two.result.threads).toBe(2);
    expect(three.result.threads).toBe(3);
    expect(two.result.trials).toBe(1234567);
    expect(strip(two.result)).toBe(strip(one.result));
    expect(strip(three.result)).toBe(strip(one.result));
  });

  it('with tactic mixes and a pursuit engagement: 1 thread = 2 pool threads', async () => {
    const flags = { trials: '2500000', seed: '7', json: true };
    const one = await computeOdds('examples/elven-pursuit.yaml', { ...flags, threads: '1' });
    const two = await computeOdds('examples/elven-pursuit.yaml', { ...flags, threads: '2' }, undefined, 0);
    expect(two.result.threads).toBe(2);
    expect(one.result.engagement).not.toBeNull();
    expect(strip(two.result)).toBe(strip(one.result));
  });

  it('a different seed gives different counts (the seed is really used)', async () => {
    const { scenario } = loadWarMachine('examples/orcs-vs-men.yaml');
    const c = compileWarMachine(scenario);
    const a = await runTrials({ kind: 'war-machine', plan: c.plan, seed: 1, trials: 300_000, threads: 2, minPoolTrials: 0 });
    const b = await runTrials({ kind: 'war-machine', plan: c.plan, seed: 2, trials: 300_000, threads: 2, minPoolTrials: 0 });
    expect([...a.acc]).not.toEqual([...b.acc]);
  });
});
