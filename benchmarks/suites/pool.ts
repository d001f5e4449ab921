/**
 * End to end on the worker pool: runTrials with 2 threads on 10^8 battles (task split, piscina, merge), on a
 * warm pool. Its reference runs on 2 worker threads at once, so both sides of the ratio share the cores alike.
 * Each copy is a new pool (new worker threads, freshly compiled kernels); the pool start is not timed.
 */
import { closePool } from '../../src/engine/pool.js';
import { warMachineKind } from '../../src/kinds/warMachine/kind.js';
import { runTrials } from '../../src/engine/run.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';
import type { BenchSuite } from '../harness.js';
import { benchScenario } from './common.js';

const THREADS = 2;

export const poolBattles: BenchSuite = {
  name: 'pool 1e8 battles, 2 threads',
  description: 'runTrials, War Machine, 10^8 battles on 2 worker threads (warm pool), chunk-ordered merge',
  unit: 'battles',
  batch: 100_000_000,
  reference: { kind: 'loop', threads: THREADS, iterations: 1 << 28 },
  copies: { full: 8, quick: 4 },
  samples: { full: 1, quick: 1 },
  warmUp: 0,
  async setup(ctx) {
    const kernel = await warMachineKind.kernel();
    const { plan } = compileWarMachine(await benchScenario<WarMachineScenario>(ctx, 'battle.yaml'));
    const extra = Math.round(this.batch * ctx.slowdown);
    const batch = this.batch;
    await closePool();
    // Tiny tasks on the real plan first, on both workers (see warmUpOnPlan in common.ts: the JIT trap).
    for (let i = 0; i < 150; i++) {
      await Promise.all(
        [0, 1].map((j) =>
          runTrials({ kernel, plan, seed: i * 2 + j, trials: 64, threads: THREADS, placement: 'pool' }),
        ),
      );
    }
    await runTrials({ kernel, plan, seed: 1, trials: 10_000_000, threads: THREADS, placement: 'pool' });
    return {
      async run(sample) {
        const seed = 1000 + sample;
        await runTrials({ kernel, plan, seed, trials: batch, threads: THREADS, placement: 'pool' });
        if (extra > 0)
          await runTrials({ kernel, plan, seed: seed + 1, trials: extra, threads: THREADS, placement: 'pool' });
      },
      teardown: () => closePool(),
    };
  },
};
