/** War Machine battles with mixed tactics (a tactic pairing drawn per battle): the kernel on one thread. */
import { compileWarMachine } from '../../src/engine/warMachine/plan.js';
import type { WarMachineScenario } from '../../src/scenario/warMachine.js';
import type { BenchSuite } from '../harness.js';
import { benchScenario, kernelSample } from './common.js';

export const tacticMixBattle: BenchSuite = {
  name: 'tactic-mix battle',
  description: 'War Machine kernel, one thread, tactic mixes {envelop 0.6, trap 0.4} vs {hold 0.7, attack 0.3}',
  unit: 'battles',
  batch: 2_000_000,
  reference: { kind: 'loop', threads: 1, iterations: 1 << 23 },
  samples: { full: 21, quick: 9 },
  warmUp: 3,
  setup(ctx) {
    const { plan } = compileWarMachine(benchScenario<WarMachineScenario>(ctx, 'tactic-mix.yaml'));
    return kernelSample(ctx, 'war-machine', plan, this.batch);
  },
};
