/**
 * `warcast report <scenario> --out DIR`: run the analysis a scenario's kind calls for and write its report
 * folder (index.html, NAME.vl.json / .svg / .png per chart, result.json). Matchup and sweep reports come from
 * those commands' --report.
 */
import { ExitCode, UsageError } from '../errors.js';
import { scenarioArg } from './scenarioArg.js';
import { sourceOf } from '../kinds/load.js';
import { fmtCount } from '../text/format.js';
import type { Io } from './io.js';
import { runOptions, type RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type CommandResult } from './reportOption.js';
import { withRun } from './run.js';

export interface ReportFlags extends RunFlags {
  out?: string;
  interactive?: boolean;
}

/** Scenario kind → the analysis whose report it gets, and what its trials are called. */
const ANALYSES: Record<string, { unit: string; run: (file: string, o: Parameters<Parameters<typeof withRun>[2]>[0]) => Promise<CommandResult> }> = {
  'war-machine': { unit: 'battles', run: async (file, o) => ({ kind: 'odds', result: await (await import('../analysis/odds.js')).odds(file, o) }) },
  siege: { unit: 'sieges', run: async (file, o) => ({ kind: 'siege', result: await (await import('../analysis/siege.js')).siege(file, o) }) },
  cascade: { unit: 'trials', run: async (file, o) => ({ kind: 'cascade', result: await (await import('../analysis/cascade.js')).cascade(file, o) }) },
  march: { unit: 'marches', run: async (file, o) => ({ kind: 'march', result: await (await import('../analysis/march.js')).march(file, o) }) },
  divided: { unit: 'battles', run: async (file) => ({ kind: 'divided', result: await (await import('../analysis/divided.js')).divided(file) }) },
};

export async function reportCommand(file: string, flags: ReportFlags, io: Io): Promise<number> {
  if (flags.out === undefined) throw new UsageError('report: --out DIR is required (the folder to write the report to)');
  runOptions(flags); // option errors before any work
  await checkReportOption(flags.out, '--out');
  if (file === '-') throw new UsageError('report: give the scenario as a file (the report folder records its path)');
  await scenarioArg(file, io.signal); // a missing file is a usage error (exit 2)
  const kind = (sourceOf(file).data as { kind?: unknown } | null)?.kind;
  const analysis = typeof kind === 'string' ? ANALYSES[kind] : undefined;
  if (!analysis) throw new UsageError(`report: no report for kind '${String(kind)}' (reports exist for ${Object.keys(ANALYSES).join(', ')}; for this file run warcast ${String(kind)} … --report DIR)`);
  const r = await withRun(io, flags, (o) => analysis.run(file, o));
  if (flags.json) io.out(JSON.stringify(r.result, null, 2) + '\n');
  const index = await saveCommandReport(r, file, flags.out, flags, io, '--out');
  const interrupted = 'interrupted' in r.result && r.result.interrupted;
  if (interrupted) {
    io.err(`interrupted after ${fmtCount((r.result as { trials: number }).trials)} ${analysis.unit}\n`);
    return ExitCode.interrupted;
  }
  return index === null ? ExitCode.interrupted : ExitCode.ok;
}
