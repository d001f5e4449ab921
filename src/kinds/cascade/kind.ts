/** Dune seizure cascades: one round's raids, seizures and house raids, with NPC attacks (docs/cascade.md). */
import type { CascadeModel } from '../../rules/dune/model.js';
import type { KindDefinition } from '../definition.js';
import type { CascadeScenario } from './schema.js';

export const cascadeKind: KindDefinition<CascadeScenario, CascadeModel> = {
  name: 'cascade',
  title: 'Dune seizure cascade',
  scenarioKind: 'cascade',
  command: 'cascade',
  unit: 'rounds',
  commands: ['cascade', 'roll', 'sweep', 'seek', 'worth', 'compare', 'report', 'app'],
  metrics: [
    {
      name: 'held(r, "L")',
      meaning: 'P(location L is still held by its owner after round r; L defaults to the first location)',
      method: 'monte-carlo',
      seek: true,
      example: 'held(1) >= 0.5',
    },
    { name: 'legionsLost(p)', meaning: 'legions player p loses (mean)', method: 'monte-carlo', seek: false },
  ],
  fields: ['locations[0].militia', 'locations[0].income', 'players[0].combat'],
  page: 'cascade',
  docs: 'docs/cascade.md',
  benchSuites: ['cascade round'],
  reports: ['reports/cascade.ts'],
  parse: async () => (await import('./schema.js')).parseCascade,
  schema: async () => (await import('./schema.js')).cascadeSchema,
  kernel: async () => (await import('./kernelEntry.js')).cascadeKernel,
  roll: async () => (await import('./roll.js')).cascadeRoll,
};
