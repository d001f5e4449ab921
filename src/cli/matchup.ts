/** `warcast matchup <scenario>`: parse, call `matchup`, show its document (the tables and the solved game). */
import { matchup, parseObjective, type MatchupResult } from '../kinds/warMachine/matchup.js';
import { scenarioArg } from './scenarioArg.js';
import { presentMatchup } from '../kinds/warMachine/matchupPresent.js';
import { renderText } from '../present/text.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import type { RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';

export interface MatchupFlags extends RunFlags {
  objective?: string;
  monteCarlo?: boolean;
}

export async function matchupCommand(file: string, flags: MatchupFlags & ReportFlags, io: Io): Promise<number> {
  const objective = parseObjective(flags.objective); // usage errors before the scenario is read
  await checkReportOption(flags.report);
  const r = await withRun(io, flags, async (o) =>
    matchup(await scenarioArg(file, o.signal), { ...o, objective, monteCarlo: flags.monteCarlo }),
  );
  emitResult(io, flags, r, () => presentMatchup(r));
  await saveCommandReport({ kind: 'matchup', result: r }, file, flags.report, flags, io);
  return exitCodeAfter(
    io,
    r.interrupted,
    r.monteCarlo
      ? 'only the battles already fought (Monte Carlo cells)'
      : 'the exact table only (no simulated battle finished)',
  );
}

export function formatMatchup(r: MatchupResult): string {
  return renderText(presentMatchup(r));
}
