/**
 * Divided forces: several forces a side, paired off in the book's order, each pairing a War Machine battle
 * (docs/rules.md §9). The battles are independent and solved exactly; the kernel is the battle's (kernelEntry.ts).
 */
import type { KindDefinition } from '../definition.js';
import type { WarMachinePlan } from '../warMachine/plan.js';
import type { DividedScenario } from './schema.js';

export const dividedKind: KindDefinition<DividedScenario, WarMachinePlan> = {
  name: 'divided',
  title: 'divided forces',
  scenarioKind: 'divided',
  unit: 'battles',
  commands: ['divided'],
  docs: 'docs/rules.md',
  benchSuites: [],
  reports: ['reports/campaign.ts'],
  parse: async () => (await import('./schema.js')).parseDivided,
  kernel: async () => (await import('./kernelEntry.js')).dividedKernel,
  roll: async () => (await import('./roll.js')).dividedRoll,
};
