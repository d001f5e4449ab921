/** `warcast cascade <round.yaml>`: parse, call `cascade`, show its document (the trace and the Monte Carlo). */
import { cascade, type CascadeResult } from '../kinds/cascade/analysis.js';
import { scenarioArg } from './scenarioArg.js';
import type { LocationTrace } from '../rules/dune/cascade.js';
import { fmtCount } from '../text/format.js';
import { locationLines, presentCascade } from '../kinds/cascade/present.js';
import { renderText } from '../present/text.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import { parseCount, runOptions, type RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';

export interface CascadeFlags extends RunFlags {
  /** commander's --no-npc: false when given. */
  npc?: boolean;
  rounds?: string;
  lenient?: boolean;
}

export async function cascadeCommand(file: string, flags: CascadeFlags & ReportFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const rounds = flags.rounds === undefined ? null : parseCount('--rounds', flags.rounds, 1, 1000);
  const result = await withRun(io, flags, async (o) =>
    cascade(await scenarioArg(file, o.signal), {
      ...o,
      trials: flags.trials === undefined ? undefined : o.trials,
      npc: flags.npc !== false,
      rounds,
      lenient: flags.lenient === true,
    }),
  );
  emitResult(io, flags, result, () => presentCascade(result, { requestedThreads: runOptions(flags).threads }));
  await saveCommandReport({ kind: 'cascade', result }, file, flags.report, flags, io);
  return exitCodeAfter(io, result.interrupted, `the first ${fmtCount(result.trials)} trials`);
}

/** One location's attacks, step by step (`warcast roll` on a cascade prints them too). */
export function formatLocation(loc: LocationTrace): string[] {
  return locationLines(loc);
}

export function formatCascade(r: CascadeResult, requestedThreads?: number): string {
  return renderText(presentCascade(r, { requestedThreads }));
}
