/** A march over days: movement, food, forced marches, fatigue, and the battle on arrival (docs/rules.md §8). */
import type { KindDefinition } from '../definition.js';
import type { MarchPlan } from './plan.js';
import type { MarchScenario } from './schema.js';

export const marchKind: KindDefinition<MarchScenario, MarchPlan> = {
  name: 'march',
  title: 'march',
  scenarioKind: 'march',
  unit: 'marches',
  commands: ['march'],
  docs: 'docs/rules.md',
  benchSuites: ['march'],
  reports: ['reports/campaign.ts'],
  parse: async () => (await import('./schema.js')).parseMarch,
  kernel: async () => (await import('./kernelEntry.js')).marchKernel,
  roll: async () => (await import('./roll.js')).marchRoll,
};
