/** Siege Machine sieges, week by week until each ends: the siege kernel alone on one thread. */
import { siegeKernel } from '../../src/kinds/siege/kernelEntry.js';
import type * as KernelModule from '../../src/kinds/siege/kernel.js';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import type { SiegeScenario } from '../../src/kinds/siege/schema.js';
import { freshModule, type BenchSuite } from '../harness.js';
import { benchScenario, kernelSample } from './common.js';

/** The siege kernel alone on one thread, over one of benchmarks/scenarios/. */
export function siegeKernelSuite(name: string, description: string, scenarioFile: string): BenchSuite {
  return {
    name,
    description,
    unit: 'sieges',
    batch: 50_000,
    reference: { kind: 'loop', threads: 1, iterations: 1 << 23 },
    copies: { full: 12, quick: 6 },
    samples: { full: 5, quick: 3 },
    warmUp: 1,
    async setup(ctx) {
      const { plan } = compileSiege(await benchScenario<SiegeScenario>(ctx, scenarioFile));
      const m = await freshModule<typeof KernelModule>(
        new URL('../../src/kinds/siege/kernel.js', import.meta.url),
        ctx.copy,
      );
      return kernelSample(ctx, { ...siegeKernel, run: m.runSiegeChunks }, plan, this.batch);
    },
  };
}

export const siegeWeek = siegeKernelSuite(
  'siege week',
  'siege kernel, one thread, benchmarks/scenarios/siege.yaml (≈ 8.9 weeks per siege; weeks/s ≈ 8.9 × sieges/s)',
  'siege.yaml',
);
