/**
 * `--report DIR [--interactive]` on the analysis commands (matchup, sweep, siege, cascade): one check before
 * the run and one call after it. The renderers (vega, resvg) are loaded only when a report is asked for.
 */
import type { Io } from '../src/cli/io.js';
import type { CascadeResult } from '../src/analysis/cascade.js';
import type { MatchupResult } from '../src/analysis/matchup.js';
import type { SiegeResult } from '../src/analysis/siege.js';
import type { SweepResult } from '../src/analysis/sweep.js';
import { assertReplaceable } from './write.js';

export interface ReportFlags {
  report?: string;
  interactive?: boolean;
  json?: boolean;
}

/** Before the run: a folder that may not be replaced is a usage error now, not after a long run. */
export function checkReportOption(flags: ReportFlags, option = '--report'): void {
  if (flags.report !== undefined) assertReplaceable(flags.report, option);
}

export type CommandResult =
  | { kind: 'siege'; result: SiegeResult }
  | { kind: 'cascade'; result: CascadeResult }
  | { kind: 'matchup'; result: MatchupResult }
  | { kind: 'sweep'; result: SweepResult };

/**
 * After the run: write the report of `r` to `flags.report` (if given). `file` is the scenario as the user
 * named it. Returns the index.html path, or null when no report was asked for or the run was interrupted.
 */
export async function saveCommandReport(r: CommandResult, file: string, flags: ReportFlags, io: Io, option = '--report'): Promise<string | null> {
  if (flags.report === undefined) return null;
  const save = { dir: flags.report, option, interactive: flags.interactive, json: flags.json, io };
  const { saveReport } = await import('./save.js');
  switch (r.kind) {
    case 'siege':
      return saveReport(r.result.interrupted ? null : (await import('./siege.js')).siegeReport(r.result, file), save);
    case 'cascade':
      return saveReport(r.result.interrupted ? null : (await import('./cascade.js')).cascadeReport(r.result, file), save);
    case 'matchup':
      return saveReport(r.result.monteCarlo?.interrupted ? null : (await import('./matchup.js')).matchupReport(r.result, file), save);
    case 'sweep':
      return saveReport(r.result.interrupted ? null : (await import('./sweep.js')).sweepReport(r.result, file), save);
  }
}
