/**
 * Pursuit: a War Machine engagement over several days (docs/rules.md §7). It has no scenario kind of its own:
 * a war-machine scenario with `engagement: { maxDays: N }` runs this kernel after the single battle.
 */
import type { KindDefinition } from '../definition.js';
import type { WarMachineScenario } from '../warMachine/schema.js';
import type { EngagementPlan } from './engagement.js';

export const pursuitKind: KindDefinition<WarMachineScenario, EngagementPlan> = {
  name: 'pursuit',
  title: 'War Machine pursuit over several days',
  scenarioKind: null,
  command: null,
  unit: 'engagements',
  called: 'a pursuit',
  commands: ['odds', 'report'],
  metrics: [
    {
      name: 'lastBattleWon[i]',
      meaning: "P(side i wins the pursuit's last battle)",
      method: 'monte-carlo',
      seek: false,
    },
  ],
  fields: [],
  page: null,
  docs: 'docs/rules.md',
  benchSuites: ['pursuit engagement'],
  reports: ['reports/warMachine.ts'],
  parse: null,
  schema: null,
  kernel: async () => (await import('./engagement.js')).engagementKernel,
};
