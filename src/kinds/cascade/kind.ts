/** Dune seizure cascades: one round's raids, seizures and house raids, with NPC attacks (docs/cascade.md). */
import type { CascadeModel } from '../../rules/dune/model.js';
import type { KindDefinition } from '../definition.js';
import { wholeNumber } from '../optionText.js';
import type { CascadeScenario } from './schema.js';

export const cascadeKind: KindDefinition<CascadeScenario, CascadeModel> = {
  name: 'cascade',
  title: 'Dune seizure cascade',
  scenarioKind: 'cascade',
  command: 'cascade',
  unit: 'rounds',
  called: 'a cascade',
  commands: ['cascade', 'roll', 'sweep', 'seek', 'worth', 'compare', 'report', 'app'],
  metrics: [
    {
      name: 'held(r, "L")',
      meaning: 'P(location L is still held by its owner after round r; L defaults to the first location)',
      method: 'monte-carlo',
      seek: true,
      example: 'held(1) >= 0.5',
    },
    {
      name: 'legionsLost(p)',
      meaning: 'legions player p loses (mean)',
      method: 'monte-carlo',
      type: 'mean',
      seek: false,
    },
    {
      name: 'owner(L) = "P"',
      meaning: 'P(location L is owned by player P at the end)',
      method: 'monte-carlo',
      seek: false,
    },
  ],
  options: [
    {
      flag: '--player <name>',
      key: 'player',
      description:
        "a cascade: the player to value (default: the first ordering a seizure, else the first location's owner)",
      commands: ['worth'],
    },
    {
      flag: '--location <name>',
      key: 'location',
      description:
        "a cascade: the location whose final owner is measured (default: the player's first seizure, else its first location that is not its homeworld)",
      commands: ['worth'],
    },
    {
      flag: '--rounds <n>',
      key: 'rounds',
      description: 'a cascade: plan over R rounds, as cascade --rounds (default: this round)',
      commands: ['worth'],
      parse: (text) => wholeNumber('--rounds', text, 1, 1000),
    },
    {
      flag: '--no-npc',
      key: 'npc',
      description: 'a cascade: no random NPC attacks, as cascade --no-npc',
      commands: ['worth'],
    },
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
