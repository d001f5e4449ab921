/** A tournament: a round robin of N War Machine forces, rated by Bradley–Terry (docs/design.md, "tournament"). */
import type { KindDefinition } from '../definition.js';
import type { WarMachinePlan } from '../warMachine/plan.js';
import type { TournamentFile } from './schema.js';

export const tournamentKind: KindDefinition<TournamentFile, WarMachinePlan> = {
  name: 'tournament',
  title: 'tournament of forces',
  scenarioKind: 'tournament',
  command: 'tournament',
  unit: 'battles',
  called: 'a tournament',
  commands: ['tournament', 'report'],
  metrics: [
    { name: 'win[i][j]', meaning: 'P(force i wins attacking force j)', method: 'monte-carlo', seek: false },
    { name: 'rating(f)', meaning: "force f's Bradley–Terry rating (Elo scale)", method: 'monte-carlo', seek: false },
  ],
  fields: ['forces[0].troops', 'forces[1].troops'],
  page: null,
  docs: 'docs/design.md',
  // Its trials are War Machine battles, run by the battle kernel under this kind's name: that suite times them.
  benchSuites: ['war-machine battle'],
  reports: ['reports/toolkit.ts'],
  parse: async () => (await import('./schema.js')).parseTournament,
  schema: async () => (await import('./schema.js')).tournamentSchema,
  kernel: async () => (await import('./kernelEntry.js')).tournamentKernel,
};
