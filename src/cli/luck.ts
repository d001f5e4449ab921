/** `warcast luck <scenario|log> [--observed …]` and `warcast infer <scenario|file> …`: parse, call, show the document. */
import { infer, parsePrior, type InferResult } from '../questions/infer.js';
import { luck, type LuckResult } from '../questions/luck.js';
import { presentInfer, presentLuck } from '../questions/luckPresent.js';
import { ExitCode, UsageError } from '../errors.js';
import { emitResult } from './emit.js';
import type { Io } from './io.js';
import { checkReportOption, saveCommandReport, type BuiltReport, type ReportFlags } from './reportOption.js';
import { scenarioArg } from './scenarioArg.js';
import { parseNumber } from './sweep.js';

interface OutputFlags extends ReportFlags {
  markdown?: boolean;
}

export interface LuckFlags extends OutputFlags {
  observed?: string[];
  side?: string;
}

export async function luckCommand(file: string, flags: LuckFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const r = await luck(await scenarioArg(file, io.signal), {
    observed: flags.observed,
    side: flags.side,
    signal: io.signal,
  });
  emitResult(io, flags, r, () => presentLuck(r));
  await saveCommandReport(
    { kind: 'luck', result: r as { interrupted?: boolean }, build: () => luckReport(r, file) },
    file,
    flags.report,
    flags,
    io,
  );
  return ExitCode.ok;
}

export interface InferFlags extends OutputFlags {
  observed?: string[];
  unknown?: string;
  from?: string;
  to?: string;
  step?: string;
  prior?: string;
  level?: string;
}

export async function inferCommand(file: string, flags: InferFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const level = flags.level === undefined ? undefined : parseNumber('--level', flags.level);
  if (level !== undefined && !(level > 0 && level < 1))
    throw new UsageError(`--level: expected a probability between 0 and 1 (e.g. 0.9), got ${flags.level}`);
  const r = await infer(await scenarioArg(file, io.signal), {
    observed: flags.observed,
    unknown: flags.unknown,
    from: flags.from === undefined ? undefined : parseNumber('--from', flags.from),
    to: flags.to === undefined ? undefined : parseNumber('--to', flags.to),
    step: flags.step === undefined ? undefined : parseNumber('--step', flags.step),
    prior: flags.prior === undefined ? undefined : parsePrior(flags.prior),
    level,
    signal: io.signal,
  });
  emitResult(io, flags, r, () => presentInfer(r));
  await saveCommandReport(
    { kind: 'infer', result: r as { interrupted?: boolean }, build: () => inferReport(r, file) },
    file,
    flags.report,
    flags,
    io,
  );
  return ExitCode.ok;
}

const luckReport = async (r: LuckResult, file: string) => (await import('../../reports/luck.js')).luckReport(r, file);
const inferReport = async (r: InferResult, file: string) =>
  (await import('../../reports/luck.js')).inferReport(r, file);

/**
 * `warcast report` given a luck log or an infer file: what `warcast luck` / `warcast infer` prints, charted by
 * the same report builder as their --report (a question about a kind is answered by its own command's code).
 */
export const QUESTION_REPORTS: Readonly<Record<string, (file: string, signal?: AbortSignal) => Promise<BuiltReport>>> =
  {
    luck: async (file, signal) => {
      const r = await luck(file, { signal });
      return { kind: 'luck', result: r as { interrupted?: boolean }, build: () => luckReport(r, file) };
    },
    infer: async (file, signal) => {
      const r = await infer(file, { signal });
      return { kind: 'infer', result: r as { interrupted?: boolean }, build: () => inferReport(r, file) };
    },
  };
