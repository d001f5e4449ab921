/** War Machine battles, one tactic pairing: the kernel alone on one thread. */
import { warMachineKernel } from '../../src/kinds/warMachine/kernelEntry.js';
import type * as KernelModule from '../../src/kinds/warMachine/kernel.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';
import { freshModule, type BenchSuite, type SuiteContext } from '../harness.js';
import { benchScenario, kernelSample } from './common.js';

/** The War Machine kernel with `run` from a fresh copy of its module (see harness.ts, copies). */
export async function freshWarMachineKernel(ctx: SuiteContext): Promise<typeof warMachineKernel> {
  const m = await freshModule<typeof KernelModule>(
    new URL('../../src/kinds/warMachine/kernel.js', import.meta.url),
    ctx.copy,
  );
  return { ...warMachineKernel, run: m.runWarMachineChunks };
}

export const warMachineBattle: BenchSuite = {
  name: 'war-machine battle',
  description: 'War Machine kernel, one thread, one tactic pairing (benchmarks/scenarios/battle.yaml)',
  unit: 'battles',
  batch: 2_000_000,
  reference: { kind: 'loop', threads: 1, iterations: 1 << 23 },
  copies: { full: 24, quick: 12 },
  samples: { full: 5, quick: 3 },
  warmUp: 1,
  async setup(ctx) {
    const { plan } = compileWarMachine(await benchScenario<WarMachineScenario>(ctx, 'battle.yaml'));
    return kernelSample(ctx, await freshWarMachineKernel(ctx), plan, this.batch);
  },
};
