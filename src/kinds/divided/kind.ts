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
  command: 'divided',
  unit: 'battles',
  called: 'a divided battle',
  commands: ['divided', 'roll', 'report', 'app'],
  metrics: [
    { name: 'winsTheDay[i]', meaning: 'P(side i wins the day: more pairings won)', method: 'exact', seek: false },
  ],
  fields: ['sides[0].force.troops', 'sides[0].force.battleRating'],
  page: 'divided',
  docs: 'docs/rules.md',
  // Its trials are War Machine battles, run by the battle kernel under this kind's name: that suite times them.
  benchSuites: ['war-machine battle'],
  reports: ['reports/campaign.ts'],
  parse: async () => (await import('./schema.js')).parseDivided,
  schema: async () => (await import('./schema.js')).dividedSchema,
  kernel: async () => (await import('./kernelEntry.js')).dividedKernel,
  roll: async () => (await import('./roll.js')).dividedRoll,
};
