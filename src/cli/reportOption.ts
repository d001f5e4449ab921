/**
 * `--report DIR [--interactive]` on the analysis commands, and `warcast report --out DIR`: one check before the
 * run and one call after it. Reports are built from the result alone; the renderers (vega, resvg) load only
 * when a report is asked for.
 */
import { relative } from 'node:path';
import type { CascadeResult } from '../kinds/cascade/analysis.js';
import type { DividedResult } from '../kinds/divided/analysis.js';
import type { MarchResult } from '../kinds/march/analysis.js';
import type { MatchupResult } from '../kinds/warMachine/matchup.js';
import type { OddsResult } from '../kinds/warMachine/odds.js';
import type { SiegeResult } from '../kinds/siege/analysis.js';
import type { SweepResult } from '../toolkit/sweep.js';
import type { GridSweepResult } from '../toolkit/sweepSim.js';
import type { SeekResult } from '../toolkit/seek.js';
import { behaviourOf, kindSources } from './registeredToolkit.js';
import type { WorthResult } from '../toolkit/worth.js';
import type { TournamentResult } from '../questions/tournament.js';
import type { Io } from './io.js';
import type { AnalysisResult, KindBehaviour } from '../behaviours/index.js';
import { KINDS, kindAnsweredBy } from '../kinds/index.js';

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
  reserved = true;
  (await import('../../reports/write.js')).reserveReportFolder(dir, option);
}

let reserved = false;

/** After the command, whatever happened: release the folders checkReportOption locked (the writer loads only if one was). */
export async function releaseReportFolders(): Promise<void> {
  if (!reserved) return;
  reserved = false;
  (await import('../../reports/write.js')).releaseReservations();
}

/** A result whose report is built by the given function (`warcast report`: the kind's own builder). */
export interface BuiltReport {
  kind: string;
  result: AnalysisResult;
  build: () => Promise<ReportContent>;
}

/** What a report builder returns (the report's content), named through the kind interface: results flow one way. */
type ReportContent = Awaited<ReturnType<KindBehaviour<unknown>['report']>>;

export type CommandResult =
  | { kind: 'odds'; result: OddsResult }
  | { kind: 'siege'; result: SiegeResult }
  | { kind: 'cascade'; result: CascadeResult }
  | { kind: 'matchup'; result: MatchupResult }
  | { kind: 'sweep'; result: SweepResult }
  | { kind: 'sweep-sim'; result: GridSweepResult }
  | { kind: 'march'; result: MarchResult }
  | { kind: 'divided'; result: DividedResult }
  | { kind: 'seek'; result: SeekResult }
  | { kind: 'worth'; result: WorthResult }
  | { kind: 'tournament'; result: TournamentResult };

/**
 * After the run: write the report of `r` to `dir` (if given) and print where it is. `file` is the scenario as
 * the user named it. Returns the index.html path, or null when no report was asked for or the run was interrupted.
 */
export async function saveCommandReport(
  r: CommandResult | BuiltReport,
  file: string,
  dir: string | undefined,
  flags: ReportFlags,
  io: Io,
  option = '--report',
): Promise<string | null> {
  if (dir === undefined) return null;
  const interrupted = r.result.interrupted === true;
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

/** The report builders of the toolkit's own results; a kind's own analysis is charted by its kind's builder (src/behaviours/<kind>.ts). */
const TOOLKIT_REPORTS: Record<string, ((r: never, file: string) => Promise<ReportContent>) | undefined> = {
  matchup: async (r: MatchupResult, file) => (await import('../../reports/matchup.js')).matchupReport(r, file),
  sweep: async (r: SweepResult, file) => (await import('../../reports/sweep.js')).sweepReport(r, file),
  'sweep-sim': async (r: GridSweepResult, file) => (await import('../../reports/sweepSim.js')).simSweepReport(r, file),
  seek: async (r: SeekResult, file) =>
    (await import('../../reports/toolkit.js')).seekReport(r, file, await kindSources(r.kind)),
  worth: async (r: WorthResult, file) => (await import('../../reports/toolkit.js')).worthReport(r, file),
};

async function reportContent(r: CommandResult | BuiltReport, file: string): Promise<ReportContent> {
  if ('build' in r) return r.build();
  const kind = kindAnsweredBy(r.kind);
  if (kind !== undefined) return (await behaviourOf(KINDS[kind].name)).report(r.result, file);
  return TOOLKIT_REPORTS[r.kind]!(r.result as never, file);
}
