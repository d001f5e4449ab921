/** `warcast tournament <forces.yaml>`: parse, call `tournament`, show its document. */
import { tournament, type TournamentResult } from '../questions/tournament.js';
import type { FamilyMethod } from '../stats/family.js';
import { presentTournament } from '../questions/tournamentPresent.js';
import { renderText } from '../present/text.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import type { RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';
import { scenarioArg } from './scenarioArg.js';

export async function tournamentCommand(
  file: string,
  flags: RunFlags & ReportFlags & { race?: boolean; family?: FamilyMethod },
  io: Io,
): Promise<number> {
  await checkReportOption(flags.report);
  const r = await withRun(io, flags, async (o) =>
    tournament(await scenarioArg(file, o.signal), {
      ...o,
      trials: flags.trials === undefined ? undefined : o.trials,
      race: flags.race === true,
      family: flags.family,
    }),
  );
  emitResult(io, flags, r, () => presentTournament(r));
  await saveCommandReport({ kind: 'tournament', result: r }, file, flags.report, flags, io);
  return exitCodeAfter(io, r.interrupted, 'only the battles already fought');
}

export function formatTournament(r: TournamentResult): string {
  return renderText(presentTournament(r));
}
