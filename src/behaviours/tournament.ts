/** What a tournament does in the toolkit (src/kinds/definition.ts): the round robin and its report. */
import { tournament, type TournamentResult } from '../questions/tournament.js';
import { editedAs } from '../toolkit/vary.js';
import type { KindBehaviour } from './behaviour.js';
import { parseTournament, type TournamentFile } from '../kinds/tournament/schema.js';

export const tournamentCommands: KindBehaviour<TournamentFile, TournamentResult> = {
  analyse: (file, options) => tournament(file, options),
  report: async (r, file) => (await import('../../reports/toolkit.js')).tournamentReport(r, file),
  edit: (scenario, source, path, value) => editedAs(scenario, source, path, value, parseTournament),
};
