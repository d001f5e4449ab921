/** `warcast seek <scenario> --vary PATH --target EXPR [--from X --to Y --step S --largest]`: parse, call `seek`, format. */
import { seek } from './registeredToolkit.js';
import { presentSeek } from '../toolkit/seekPresent.js';
import { UsageError } from '../errors.js';
import type { FamilyMethod } from '../stats/family.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import type { RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';
import { parseNumber } from './sweep.js';
import { scenarioArg } from './scenarioArg.js';

export interface SeekFlags extends RunFlags {
  vary?: string;
  target?: string;
  from?: string;
  to?: string;
  step?: string;
  largest?: boolean;
  /** Sieges and cascades: holm (default) or bh (src/stats/family.ts). */
  family?: FamilyMethod;
}

export async function seekCommand(file: string, flags: SeekFlags & ReportFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  if (flags.vary === undefined) throw new UsageError("--vary: required (e.g. --vary 'sides[0].troops')");
  if (flags.target === undefined) throw new UsageError("--target: required (e.g. --target 'win[0] >= 0.9')");
  const from = flags.from === undefined ? undefined : parseNumber('--from', flags.from);
  const to = flags.to === undefined ? undefined : parseNumber('--to', flags.to);
  const step = flags.step === undefined ? undefined : parseNumber('--step', flags.step);
  const { vary, target } = flags;
  const r = await withRun(io, flags, async (o) =>
    seek(await scenarioArg(file, o.signal), {
      ...o,
      // Not given: a siege's or cascade's values stop by the default precision (src/toolkit/staging.ts).
      trials: flags.trials === undefined ? undefined : o.trials,
      maxTrials: flags.maxTrials === undefined ? undefined : o.maxTrials,
      vary,
      target,
      from,
      to,
      step,
      largest: flags.largest,
      family: flags.family,
    }),
  );
  emitResult(io, flags, r, () => presentSeek(r));
  await saveCommandReport({ kind: 'seek', result: r }, file, flags.report, flags, io);
  return exitCodeAfter(io, r.interrupted, 'only the values already run');
}
