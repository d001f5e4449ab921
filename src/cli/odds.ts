/** `warcast odds <scenario>`: who wins, how often, at what cost — parse, call `odds`, format. */
import { odds } from '../kinds/warMachine/odds.js';
import { scenarioArg } from './scenarioArg.js';
import { fmtCount } from '../text/format.js';
import { formatOdds } from './format/odds.js';
import { presentOdds } from '../kinds/warMachine/present.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import { runOptions, type RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';

export async function oddsCommand(file: string, flags: RunFlags & ReportFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const result = await withRun(io, flags, async (o) => odds(await scenarioArg(file, o.signal), o));
  emitResult(io, flags, result, () => presentOdds(result, { requestedThreads: runOptions(flags).threads }));
  await saveCommandReport({ kind: 'odds', result }, file, flags.report, flags, io);
  const pursuit =
    result.engagement && result.engagement.trials < result.trials
      ? ` (the pursuit: the first ${fmtCount(result.engagement.trials)} engagements)`
      : '';
  return exitCodeAfter(io, result.interrupted, `the first ${fmtCount(result.trials)} battles${pursuit}`);
}

export { formatOdds };
