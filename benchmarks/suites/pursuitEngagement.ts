/** War Machine pursuit: engagements of up to 5 battles, the pursuit kernel alone on one thread. */
import type * as EngagementModule from '../../src/kinds/pursuit/engagement.js';
import { compileEngagement, engagementKernel, engagementSides } from '../../src/kinds/pursuit/engagement.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';
import { freshModule, type BenchSuite } from '../harness.js';
import { benchScenario, kernelSample } from './common.js';

export const pursuitEngagement: BenchSuite = {
  name: 'pursuit engagement',
  description: 'pursuit kernel, one thread, up to 5 battles per engagement (benchmarks/scenarios/pursuit.yaml)',
  unit: 'engagements',
  batch: 200_000,
  reference: { kind: 'loop', threads: 1, iterations: 1 << 23 },
  copies: { full: 12, quick: 6 },
  samples: { full: 5, quick: 3 },
  warmUp: 1,
  async setup(ctx) {
    const scenario = await benchScenario<WarMachineScenario>(ctx, 'pursuit.yaml');
    const c = compileWarMachine(scenario);
    const plan = compileEngagement(
      c,
      engagementSides(c, [scenario.sides[0].adjustments.fatigue, scenario.sides[1].adjustments.fatigue]),
      scenario.policies.ratioRounding,
      scenario.engagement!.maxDays,
    );
    const m = await freshModule<typeof EngagementModule>(
      new URL('../../src/kinds/pursuit/engagement.js', import.meta.url),
      ctx.copy,
    );
    return kernelSample(ctx, { ...engagementKernel, run: m.runEngagementChunks }, plan, this.batch);
  },
};
