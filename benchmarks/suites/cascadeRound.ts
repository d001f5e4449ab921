/** Dune cascade rounds with NPC attacks and coin flips: the cascade kernel alone on one thread. */
import { cascadeKernel } from '../../src/kinds/cascade/kernelEntry.js';
import type * as KernelModule from '../../src/kinds/cascade/kernel.js';
import { compileCascade } from '../../src/kinds/cascade/plan.js';
import type { CascadeScenario } from '../../src/kinds/cascade/schema.js';
import { freshModule, type BenchSuite } from '../harness.js';
import { benchScenario, kernelSample } from './common.js';

export const cascadeRound: BenchSuite = {
  name: 'cascade round',
  description: 'cascade kernel, one thread, benchmarks/scenarios/cascade.yaml (the seed example with NPC attacks on)',
  unit: 'rounds',
  batch: 20_000,
  reference: { kind: 'loop', threads: 1, iterations: 1 << 23 },
  copies: { full: 12, quick: 6 },
  samples: { full: 5, quick: 3 },
  warmUp: 1,
  async setup(ctx) {
    const model = compileCascade(await benchScenario<CascadeScenario>(ctx, 'cascade.yaml'));
    const m = await freshModule<typeof KernelModule>(
      new URL('../../src/kinds/cascade/kernel.js', import.meta.url),
      ctx.copy,
    );
    return kernelSample(ctx, { ...cascadeKernel, run: m.runCascadeChunks }, model, this.batch);
  },
};
