/** The siege kernel on a siege whose attacker builds engines in the field that join mid-siege (several arsenals). */
import { siegeKernel } from '../../src/kinds/siege/kernelEntry.js';
import type * as KernelModule from '../../src/kinds/siege/kernel.js';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import type { SiegeScenario } from '../../src/kinds/siege/schema.js';
import { freshModule, type BenchSuite } from '../harness.js';
import { benchScenario, kernelSample } from './common.js';

export const siegeWeekConstruction: BenchSuite = {
  name: 'siege week, construction',
  description: 'siege kernel, one thread, benchmarks/scenarios/siege-construction.yaml (siege.yaml + 2 trebuchets and a ram built, joining in week 4; ≈ 7.5 weeks per siege, siege.yaml 8.9)',
  unit: 'sieges',
  batch: 50_000,
  reference: { kind: 'loop', threads: 1, iterations: 1 << 23 },
  copies: { full: 12, quick: 6 },
  samples: { full: 5, quick: 3 },
  warmUp: 1,
  async setup(ctx) {
    const { plan } = compileSiege(await benchScenario<SiegeScenario>(ctx, 'siege-construction.yaml'));
    const m = await freshModule<typeof KernelModule>(new URL('../../src/kinds/siege/kernel.js', import.meta.url), ctx.copy);
    return kernelSample(ctx, { ...siegeKernel, run: m.runSiegeChunks }, plan, this.batch);
  },
};
