/** The Siege Machine (and simple sieges): week by week until the fortress falls or the siege ends (docs/siege.md). */
import type { KindDefinition } from '../definition.js';
import type { SiegePlan } from './plan.js';
import type { SiegeScenario } from './schema.js';

export const siegeKind: KindDefinition<SiegeScenario, SiegePlan> = {
  name: 'siege',
  title: 'Siege Machine siege',
  scenarioKind: 'siege',
  command: 'siege',
  unit: 'sieges',
  commands: ['siege', 'roll', 'sweep', 'seek', 'worth', 'compare', 'report', 'app'],
  metrics: [
    {
      name: 'fallenBy(w)',
      meaning: 'P(the fortress has fallen by the end of week w)',
      method: 'monte-carlo',
      seek: true,
      example: 'fallenBy(12) >= 0.5',
    },
    {
      name: 'heldThrough(w)',
      meaning: 'P(the fortress is held through week w) = 1 − fallenBy(w)',
      method: 'monte-carlo',
      seek: false,
    },
  ],
  fields: ['defender.troops', 'attacker.troops', 'foodWeeks', 'weekLimit'],
  page: 'siege',
  docs: 'docs/siege.md',
  benchSuites: ['siege week'],
  reports: ['reports/siege.ts'],
  parse: async () => (await import('./schema.js')).parseSiege,
  schema: async () => (await import('./schema.js')).siegeSchema,
  kernel: async () => (await import('./kernelEntry.js')).siegeKernel,
  roll: async () => (await import('./roll.js')).siegeRoll,
};
