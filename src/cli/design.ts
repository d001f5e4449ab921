/** `warcast design <file>` and `warcast price <file>`: parse, call the analysis, show its document (and report). */
import { design } from '../questions/design.js';
import { price } from '../questions/price.js';
import { UsageError, ExitCode } from '../errors.js';
import { presentDesign, presentPrice } from '../questions/designPresent.js';
import { emitResult, exitCodeAfter } from './emit.js';
import { warnIdleDice } from './ignored.js';
import type { Io } from './io.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { scenarioArg } from './scenarioArg.js';
import type { CheckpointFlags } from './checkpoint.js';
import type { Engine } from '../engine/engine.js';

export interface DesignFlags extends ReportFlags, CheckpointFlags {
  markdown?: boolean;
  top?: string;
  target?: string;
  /** A siege design's Monte Carlo (commander has parsed them to numbers). */
  seed?: number;
  trials?: number;
  precision?: number;
  maxTrials?: number;
  threads?: number;
}

/** A number option: a finite number or a usage error naming the option. */
function numberOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v)) throw new UsageError(`${name}: expected a number, got '${text}'`);
  return v;
}

export async function designCommand(file: string, flags: DesignFlags, io: Io): Promise<number> {
  const top = numberOption('--top', flags.top);
  const target = numberOption('--target', flags.target);
  await checkReportOption(flags.report);
  const { seed, trials, precision, maxTrials, threads } = flags;
  if (trials !== undefined && (precision !== undefined || maxTrials !== undefined))
    throw new UsageError('--trials: a fixed count of sieges for every purchase; drop --precision and --max-trials');
  const input = await scenarioArg(file, io.signal);
  const run = (engine?: Engine) =>
    design(input, { top, target, seed, trials, precision, maxTrials, threads, signal: io.signal, engine });
  // A siege design's paired sieges are kept in the checkpoint and resumed from it (src/engine/checkpoint.ts).
  const r =
    flags.checkpoint === undefined && flags.resume === undefined
      ? await run()
      : await (await import('./checkpoint.js')).withCheckpointFlags(io, flags, run);
  // A battle's design is exact; a siege's sieges run on --threads threads (the same answer for any).
  if (r.method === 'exact')
    warnIdleDice(io, flags as unknown as Record<string, unknown>, 'warcast design on a battle (always exact)');
  emitResult(io, flags, r, () => presentDesign(r));
  const build = async () => (await import('../../reports/design.js')).designReport(r, file);
  await saveCommandReport({ kind: 'design', result: r, build }, file, flags.report, flags, io);
  return r.method === 'monte-carlo' ? exitCodeAfter(io, r.interrupted, 'the stages finished') : ExitCode.ok;
}

export async function priceCommand(file: string, flags: ReportFlags & { markdown?: boolean }, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const r = await price(await scenarioArg(file, io.signal));
  emitResult(io, flags, r, () => presentPrice(r));
  const build = async () => (await import('../../reports/design.js')).priceReport(r, file);
  await saveCommandReport({ kind: 'design', result: r, build }, file, flags.report, flags, io);
  return ExitCode.ok;
}
