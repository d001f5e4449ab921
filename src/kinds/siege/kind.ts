/** The Siege Machine (and simple sieges): week by week until the fortress falls or the siege ends (docs/siege.md). */
import type { KindDefinition } from '../definition.js';
import type { SiegePlan } from './plan.js';
import type { SiegeScenario } from './schema.js';

export const siegeKind: KindDefinition<SiegeScenario, SiegePlan> = {
  name: 'siege',
  title: 'Siege Machine siege',
  scenarioKind: 'siege',
  unit: 'sieges',
  commands: ['siege', 'report'],
  docs: 'docs/siege.md',
  benchSuites: ['siege week'],
  reports: ['reports/siege.ts'],
  parse: async () => (await import('./schema.js')).parseSiege,
  kernel: async () => (await import('./kernelEntry.js')).siegeKernel,
  roll: async () => (await import('./roll.js')).siegeRoll,
};
