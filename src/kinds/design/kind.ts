/** A design: the best purchase for a budget against a thinking enemy, and balanced prices (docs/design.md). */
import type { KindDefinition } from '../definition.js';
import type { WarMachinePlan } from '../warMachine/plan.js';
import type { DesignFile } from './schema.js';

export const designKind: KindDefinition<DesignFile, WarMachinePlan> = {
  name: 'design',
  title: 'army design',
  scenarioKind: 'design',
  command: 'design',
  unit: 'battles',
  called: 'a design',
  commands: ['design', 'price', 'report'],
  metrics: [
    {
      name: 'win(purchase)',
      meaning: "a purchase's P(win) against the enemy's best reply (the worst enemy of a list)",
      method: 'exact',
      seek: false,
    },
    {
      name: 'price(type)',
      meaning: 'the price at which equal-cost forces of a type and of the reference are even',
      method: 'exact',
      seek: false,
    },
  ],
  fields: ['budget.gold', 'budget.weeks'],
  page: null,
  docs: 'docs/design.md',
  // Its battles are War Machine battles (answered exactly): the battle suite times that kernel.
  benchSuites: ['war-machine battle'],
  reports: ['reports/design.ts'],
  parse: async () => (await import('./schema.js')).parseDesign,
  schema: async () => (await import('./schema.js')).designSchema,
  kernel: async () => (await import('./kernelEntry.js')).designKernel,
};
