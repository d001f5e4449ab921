/** `warcast divided <scenario>`: call `divided`, format (docs/scenarios.md, "divided"). */
import { divided, type DividedResult } from '../kinds/divided/analysis.js';
import { presentDivided } from '../kinds/divided/present.js';
import { renderText } from '../present/text.js';
import { emitResult } from './emit.js';
import type { Io } from './io.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { ExitCode } from '../errors.js';
import { scenarioArg } from './scenarioArg.js';

export async function dividedCommand(
  file: string,
  flags: ReportFlags & { markdown?: boolean },
  io: Io,
): Promise<number> {
  await checkReportOption(flags.report);
  const result = await divided(await scenarioArg(file, io.signal));
  emitResult(io, flags, result, () => presentDivided(result));
  await saveCommandReport({ kind: 'divided', result }, file, flags.report, flags, io);
  return ExitCode.ok;
}

export function formatDivided(r: DividedResult): string {
  return renderText(presentDivided(r));
}
