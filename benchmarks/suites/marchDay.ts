/** Marches day by day: the march kernel alone on one thread (benchmarks/scenarios/march.yaml, 6 days). */
import { marchPlanOf } from '../../src/kinds/march/analysis.js';
import { marchKernel } from '../../src/kinds/march/kernelEntry.js';
import type * as KernelModule from '../../src/kinds/march/kernel.js';
import type { MarchScenario } from '../../src/kinds/march/schema.js';
import { freshModule, type BenchSuite } from '../harness.js';
import { benchScenario, kernelSample } from './common.js';

export const marchDay: BenchSuite = {
  name: 'march',
  description:
    'march kernel, one thread, benchmarks/scenarios/march.yaml (a 6-day forced march; most stop on arrival at day 4–6)',
  unit: 'marches',
  batch: 200_000,
  reference: { kind: 'loop', threads: 1, iterations: 1 << 23 },
  copies: { full: 12, quick: 6 },
  samples: { full: 5, quick: 3 },
  warmUp: 1,
  async setup(ctx) {
    const { plan } = marchPlanOf(await benchScenario<MarchScenario>(ctx, 'march.yaml'));
    const m = await freshModule<typeof KernelModule>(
      new URL('../../src/kinds/march/kernel.js', import.meta.url),
      ctx.copy,
    );
    return kernelSample(ctx, { ...marchKernel, run: m.runMarchChunks }, plan, this.batch);
  },
};
