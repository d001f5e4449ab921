/** War Machine battles, one tactic pairing: the kernel alone on one thread. */
import { compileWarMachine } from '../../src/engine/warMachine/plan.js';
import type { WarMachineScenario } from '../../src/scenario/warMachine.js';
import type { BenchSuite } from '../harness.js';
import { benchScenario, kernelSample } from './common.js';

export const warMachineBattle: BenchSuite = {
  name: 'war-machine battle',
  description: 'War Machine kernel, one thread, one tactic pairing (benchmarks/scenarios/battle.yaml)',
  unit: 'battles',
  batch: 2_000_000,
  reference: { kind: 'loop', threads: 1, iterations: 1 << 23 },
  samples: { full: 21, quick: 9 },
  warmUp: 3,
  setup(ctx) {
    const { plan } = compileWarMachine(benchScenario<WarMachineScenario>(ctx, 'battle.yaml'));
    return kernelSample(ctx, 'war-machine', plan, this.batch);
  },
};
