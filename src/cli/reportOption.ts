/**
 * `--report DIR [--interactive]` on the analysis commands, and `warcast report --out DIR`: one check before the
 * run and one call after it. Reports are built from the result alone; the renderers (vega, resvg) load only
 * when a report is asked for.
 */
import { relative } from 'node:path';
import type { CascadeResult } from '../analysis/cascade.js';
import type { DividedResult } from '../analysis/divided.js';
import type { MarchResult } from '../analysis/march.js';
import type { MatchupResult } from '../analysis/matchup.js';
import type { OddsResult } from '../analysis/odds.js';
import type { SiegeResult } from '../analysis/siege.js';
import type { SweepResult } from '../analysis/sweep.js';
import type { SimSweepResult } from '../analysis/sweepSim.js';
import type { SeekResult } from '../analysis/seek.js';
import type { WorthResult } from '../analysis/worth.js';
import type { TournamentResult } from '../analysis/tournament.js';
import type { Io } from './io.js';
import { atCommandEnd } from './commandEnd.js';

export interface ReportFlags {
  report?: string;
  interactive?: boolean;
  json?: boolean;
}

/**
 * Before the run: a folder that may not be replaced, a name that cannot be written, or a folder another warcast
 * is writing now is a usage error now, not after a long run; the folder stays locked for this run.
 */
export async function checkReportOption(dir: string | undefined, option = '--report'): Promise<void> {
  // Like the renderers, the report writer loads only when a report is asked for.
  if (dir === undefined) return;
  const { reserveReportFolder, releaseReservations } = await import('../../reports/write.js');
  atCommandEnd(releaseReservations); // a run that fails or is stopped before its report gives the lock up
  reserveReportFolder(dir, option);
}

export type CommandResult =
  | { kind: 'odds'; result: OddsResult }
  | { kind: 'siege'; result: SiegeResult }
  | { kind: 'cascade'; result: CascadeResult }
  | { kind: 'matchup'; result: MatchupResult }
  | { kind: 'sweep'; result: SweepResult }
  | { kind: 'sweep-sim'; result: SimSweepResult }
  | { kind: 'march'; result: MarchResult }
  | { kind: 'divided'; result: DividedResult }
  | { kind: 'seek'; result: SeekResult }
  | { kind: 'worth'; result: WorthResult }
  | { kind: 'tournament'; result: TournamentResult };

/**
 * After the run: write the report of `r` to `dir` (if given) and print where it is. `file` is the scenario as
 * the user named it. Returns the index.html path, or null when no report was asked for or the run was interrupted.
 */
export async function saveCommandReport(r: CommandResult, file: string, dir: string | undefined, flags: ReportFlags, io: Io, option = '--report'): Promise<string | null> {
  if (dir === undefined) return null;
  const interrupted = r.kind === 'worth' ? r.result.interrupted === true : r.result.interrupted;
  if (interrupted || io.signal?.aborted) {
    (await import('../../reports/write.js')).releaseReservations();
    io.err(`report not written: the run was interrupted (${option} ${dir} left as it was)\n`);
    return null;
  }
  const { saveReport } = await import('../../reports/save.js');
  let index: string | null;
  try {
    const content = await reportContent(r, file);
    index = await saveReport(content, { dir, option, interactive: flags.interactive, signal: io.signal });
  } finally {
    (await import('../../reports/write.js')).releaseReservations(); // the folder's lock, taken before the run
  }
  if (index === null) {
    io.err(`report not written: interrupted while rendering (${option} ${dir} left as it was)\n`);
    return null;
  }
  const shown = relative(process.cwd(), index) || index;
  (flags.json ? io.err : io.out).call(io, `report: ${shown.startsWith('..') ? index : shown}\n`);
  return index;
}

async function reportContent(r: CommandResult, file: string) {
  switch (r.kind) {
    case 'odds':
      return (await import('../../reports/warMachine.js')).oddsReport(r.result, file);
    case 'siege':
      return (await import('../../reports/siege.js')).siegeReport(r.result, file);
    case 'cascade':
      return (await import('../../reports/cascade.js')).cascadeReport(r.result, file);
    case 'matchup':
      return (await import('../../reports/matchup.js')).matchupReport(r.result, file);
    case 'sweep':
      return (await import('../../reports/sweep.js')).sweepReport(r.result, file);
    case 'sweep-sim':
      return (await import('../../reports/sweepSim.js')).simSweepReport(r.result, file);
    case 'march':
      return (await import('../../reports/campaign.js')).marchReport(r.result, file);
    case 'divided':
      return (await import('../../reports/campaign.js')).dividedReport(r.result, file);
    case 'seek':
      return (await import('../../reports/toolkit.js')).seekReport(r.result, file);
    case 'worth':
      return (await import('../../reports/toolkit.js')).worthReport(r.result, file);
    case 'tournament':
      return (await import('../../reports/toolkit.js')).tournamentReport(r.result, file);
  }
}
