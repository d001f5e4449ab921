/** A march over days: movement, food, forced marches, fatigue, and the battle on arrival (docs/rules.md §8). */
import type { KindDefinition } from '../definition.js';
import type { MarchPlan } from './plan.js';
import type { MarchScenario } from './schema.js';

export const marchKind: KindDefinition<MarchScenario, MarchPlan> = {
  name: 'march',
  title: 'march',
  scenarioKind: 'march',
  command: 'march',
  unit: 'marches',
  called: 'a march',
  commands: ['march', 'roll', 'sweep', 'seek', 'report', 'app'],
  metrics: [
    {
      name: 'arrivedBy(d)',
      meaning: 'P(the army has arrived by day d) (exact chain; --monte-carlo simulates it)',
      method: 'exact',
      seek: true,
      example: 'arrivedBy(5) >= 0.5',
    },
    {
      name: 'win[i]',
      meaning: 'P(side i wins the battle on arrival), mixed over the fatigue on arrival',
      method: 'exact',
      seek: false,
    },
  ],
  fields: ['distance', 'force.troops', 'force.food', 'enemy.troops'],
  page: 'march',
  docs: 'docs/rules.md',
  benchSuites: ['march'],
  reports: ['reports/campaign.ts'],
  parse: async () => (await import('./schema.js')).parseMarch,
  schema: async () => (await import('./schema.js')).marchSchema,
  kernel: async () => (await import('./kernelEntry.js')).marchKernel,
  roll: async () => (await import('./roll.js')).marchRoll,
};
