/** War Machine battles with mixed tactics (a tactic pairing drawn per battle): the kernel on one thread. */
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';
import type { BenchSuite } from '../harness.js';
import { benchScenario, kernelSample } from './common.js';
import { freshWarMachineKernel } from './warMachineBattle.js';

export const tacticMixBattle: BenchSuite = {
  name: 'tactic-mix battle',
  description: 'War Machine kernel, one thread, tactic mixes {envelop 0.6, trap 0.4} vs {hold 0.7, attack 0.3}',
  unit: 'battles',
  batch: 700_000,
  reference: { kind: 'loop', threads: 1, iterations: 1 << 23 },
  copies: { full: 24, quick: 12 },
  samples: { full: 5, quick: 3 },
  warmUp: 1,
  async setup(ctx) {
    const { plan } = compileWarMachine(await benchScenario<WarMachineScenario>(ctx, 'tactic-mix.yaml'));
    // Copies 1000+: not the ones the one-pairing suite compiled.
    return kernelSample(ctx, await freshWarMachineKernel({ ...ctx, copy: ctx.copy + 1000 }), plan, this.batch);
  },
};
