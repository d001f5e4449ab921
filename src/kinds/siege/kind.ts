/** The Siege Machine (and simple sieges): week by week until the fortress falls or the siege ends (docs/siege.md). */
import { UsageError } from '../../errors.js';
import type { KindDefinition } from '../definition.js';
import type { SiegePlan } from './plan.js';
import type { SiegeScenario } from './schema.js';

export const siegeKind: KindDefinition<SiegeScenario, SiegePlan> = {
  name: 'siege',
  title: 'Siege Machine siege',
  scenarioKind: 'siege',
  command: 'siege',
  unit: 'sieges',
  called: 'a siege',
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
    {
      name: 'lost(side)',
      meaning: 'troops the attacker or the defender loses, dead and wounded (mean)',
      method: 'monte-carlo',
      type: 'mean',
      seek: false,
    },
  ],
  options: [
    {
      flag: '--week <n>',
      key: 'week',
      description:
        'a siege: the week N of P(fallen by N) / P(held through N) (default: the median week to fall, else the week limit)',
      commands: ['worth'],
      parse(text) {
        const week = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
        if (!Number.isInteger(week)) throw new UsageError(`--week: expected a whole week, got '${text}'`);
        return week;
      },
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
