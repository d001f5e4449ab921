/**
 * worth's paired trials on 2 threads (src/engine/paired.ts on the engine's scheduler): sieges played one by one and read by a probe, four
 * variants' jobs at once as a stage of `worth` runs them, on the calling thread and one worker. Its reference runs
 * on 2 worker threads at once, as the pool suite's does; the siege kernel suite (one thread, whole chunks) shows
 * what one thread does without the pairing.
 */
import { probeOf, type PairedModel } from '../../src/toolkit/worthPaired.js';
import { localEngine } from '../../src/engine/local.js';
import { closePool } from '../../src/engine/pool.js';
import { siegeAccumulator } from '../../src/kinds/siege/accumulator.js';
import { siegeLayout, SUM } from '../../src/kinds/siege/kernel.js';
import { siegeKernel } from '../../src/kinds/siege/kernelEntry.js';
import { compileSiege, type SiegePlan } from '../../src/kinds/siege/plan.js';
import type { SiegeScenario } from '../../src/kinds/siege/schema.js';
import type { BenchSuite } from '../harness.js';
import { benchScenario } from './common.js';

const THREADS = 2;
const JOBS = 4;

export const worthPairedSieges: BenchSuite = {
  name: 'worth paired sieges, 2 threads',
  description:
    "worth's paired trials (engine/paired.ts): benchmarks/scenarios/siege.yaml played siege by siege, 4 jobs at once, on this thread and 1 worker",
  unit: 'sieges',
  batch: 20_000,
  reference: { kind: 'loop', threads: THREADS, iterations: 1 << 24 },
  copies: { full: 4, quick: 2 },
  samples: { full: 3, quick: 2 },
  warmUp: 1,
  async setup(ctx) {
    const plan = compileSiege(await benchScenario<SiegeScenario>(ctx, 'siege.yaml')).plan;
    const read = siegeAccumulator(plan);
    const sums = siegeLayout(plan).sums;
    const model: PairedModel<SiegePlan> = {
      kernel: siegeKernel,
      plan,
      read: {
        hits: (acc) => read.fallenBy(acc, 8),
        lost(acc, out) {
          out[0] = acc[sums + SUM.attackerDead] + acc[sums + SUM.attackerWounded];
          out[1] = acc[sums + SUM.defenderDead] + acc[sums + SUM.defenderWounded];
        },
      },
    };
    const probe = probeOf(model as PairedModel<unknown>);
    const extra = Math.round(this.batch * ctx.slowdown);
    const batch = this.batch;
    await closePool(); // each copy a new pool (new worker, freshly compiled kernel)
    const play = async (seed: number, trials: number) => {
      const runner = localEngine.paired({ threads: THREADS });
      const per = Math.ceil(trials / JOBS);
      await Promise.all(
        Array.from({ length: JOBS }, (_, j) =>
          runner.run({ kernel: siegeKernel, plan, probe, seed, from: j * per, to: (j + 1) * per }),
        ),
      );
    };
    await play(1, 4_000);
    return {
      async run(sample) {
        await play(1000 + sample, batch);
        if (extra > 0) await play(2000 + sample, extra);
      },
      teardown: () => closePool(),
    };
  },
};
