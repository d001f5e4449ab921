/** `warcast siege <castle.yaml>`: parse, call `siege`, show its document. */
import { siege, type SiegeResult } from '../kinds/siege/analysis.js';
import { scenarioArg } from './scenarioArg.js';
import { fmtCount } from '../text/format.js';
import { ENDING_WORDS, presentSiege } from '../kinds/siege/present.js';
import { renderText } from '../present/text.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import { runOptions, type RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';

export async function siegeCommand(file: string, flags: RunFlags & ReportFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const result = await withRun(io, flags, async (o) => siege(await scenarioArg(file, o.signal), o));
  emitResult(io, flags, result, () => presentSiege(result, { requestedThreads: runOptions(flags).threads }));
  await saveCommandReport({ kind: 'siege', result }, file, flags.report, flags, io);
  return exitCodeAfter(io, result.interrupted, `the first ${fmtCount(result.trials)} sieges`);
}

export { ENDING_WORDS };

export function formatSiege(r: SiegeResult, requestedThreads?: number): string {
  return renderText(presentSiege(r, { requestedThreads }));
}
