/** Dune seizure cascades: one round's raids, seizures and house raids, with NPC attacks (docs/cascade.md). */
import type { CascadeModel } from '../../rules/dune/model.js';
import type { KindDefinition } from '../definition.js';
import type { CascadeScenario } from './schema.js';

export const cascadeKind: KindDefinition<CascadeScenario, CascadeModel> = {
  name: 'cascade',
  title: 'Dune seizure cascade',
  scenarioKind: 'cascade',
  unit: 'rounds',
  commands: ['cascade', 'report'],
  docs: 'docs/cascade.md',
  benchSuites: ['cascade round'],
  reports: ['reports/cascade.ts'],
  parse: async () => (await import('./schema.js')).parseCascade,
  kernel: async () => (await import('./kernelEntry.js')).cascadeKernel,
  roll: async () => (await import('./roll.js')).cascadeRoll,
};
