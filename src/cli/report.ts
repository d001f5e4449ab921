/**
 * `warcast report <scenario> --out DIR`: run the analysis a scenario's kind calls for and write its report
 * folder (index.html, NAME.vl.json / .svg / .png per chart, result.json). Matchup and sweep reports come from
 * those commands' --report.
 */
import { ExitCode, UsageError } from '../errors.js';
import { scenarioArg } from './scenarioArg.js';
import { definitionFor } from '../kinds/commands.js';
import { behaviourOf } from './registeredToolkit.js';
import { loadScenario, scenarioKind } from '../kinds/load.js';
import { QUESTION_REPORTS } from './luck.js';
import { fmtCount } from '../text/format.js';
import type { Io } from './io.js';
import { runOptions, type RunFlags } from './options.js';
import { checkReportOption, saveCommandReport } from './reportOption.js';
import { withRun } from './run.js';

export interface ReportFlags extends RunFlags {
  out?: string;
  interactive?: boolean;
}

export async function reportCommand(file: string, flags: ReportFlags, io: Io): Promise<number> {
  if (flags.out === undefined)
    throw new UsageError('report: --out DIR is required (the folder to write the report to)');
  runOptions(flags); // option errors before any work
  await checkReportOption(flags.out, '--out');
  if (file === '-') throw new UsageError('report: give the scenario as a file (the report folder records its path)');
  await scenarioArg(file, io.signal); // a missing file is a usage error (exit 2)
  // A luck log or an infer file: what its own command prints, charted as its --report charts it.
  const asked = QUESTION_REPORTS[scenarioKind(file) ?? ''];
  if (asked) {
    const r = await asked(file, io.signal);
    if (flags.json) io.out(JSON.stringify(r.result, null, 2) + '\n');
    return (await saveCommandReport(r, file, flags.out, flags, io, '--out')) === null
      ? ExitCode.interrupted
      : ExitCode.ok;
  }
  // Every kind whose commands include report: its own analysis, charted by its own report builder.
  const { definition } = definitionFor('report', file);
  if (!definition) await loadScenario(file); // an unknown or missing kind: the loader's one line (exit 3)
  const kind = definition!;
  const behaviour = await behaviourOf(kind.name);
  const result = await withRun(io, flags, (o) => behaviour.analyse(file, o));
  const r = { kind: kind.command!, result, build: () => behaviour.report(result, file) };
  if (flags.json) io.out(JSON.stringify(r.result, null, 2) + '\n');
  const index = await saveCommandReport(r, file, flags.out, flags, io, '--out');
  const interrupted = r.result.interrupted === true;
  if (interrupted) {
    io.err(`interrupted after ${fmtCount(r.result.trials ?? 0)} ${kind.unit}\n`);
    return ExitCode.interrupted;
  }
  return index === null ? ExitCode.interrupted : ExitCode.ok;
}
