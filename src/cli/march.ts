/** `warcast march <scenario>`: parse options, call `march`, show its document (docs/scenarios.md, "march"). */
import { march, type MarchResult } from '../kinds/march/analysis.js';
import { fmtCount } from '../text/format.js';
import { presentMarch } from '../kinds/march/present.js';
import { renderText } from '../present/text.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import { runOptions, type RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';
import { scenarioArg } from './scenarioArg.js';

export async function marchCommand(
  file: string,
  flags: RunFlags & ReportFlags & { monteCarlo?: boolean },
  io: Io,
): Promise<number> {
  await checkReportOption(flags.report);
  const result = await withRun(io, flags, async (o) =>
    march(await scenarioArg(file, o.signal), { ...o, method: flags.monteCarlo ? 'monte-carlo' : 'exact' }),
  );
  emitResult(io, flags, result, () => presentMarch(result, { requestedThreads: runOptions(flags).threads }));
  await saveCommandReport({ kind: 'march', result }, file, flags.report, flags, io);
  return exitCodeAfter(io, result.interrupted, `the first ${fmtCount(result.trials ?? 0)} marches`);
}

export function formatMarch(r: MarchResult, requestedThreads?: number): string {
  return renderText(presentMarch(r, { requestedThreads }));
}
