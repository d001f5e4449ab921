/** `warcast sweep <scenario> --vary PATH --from X --to Y [--step S]`: parse, call `sweep`, format. */
import { sweep } from './registeredToolkit.js';
import type { FamilyMethod } from '../stats/family.js';
import { presentSweep } from '../toolkit/sweepPresent.js';
import { scenarioArg } from './scenarioArg.js';
import { UsageError } from '../errors.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import { runOptions, type RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';
import { parseCount } from './options.js';

export interface SweepFlags extends RunFlags {
  vary?: string;
  vary2?: string;
  from2?: string;
  to2?: string;
  step2?: string;
  rounds?: string;
  from?: string;
  to?: string;
  step?: string;
  race?: string;
  /** Sieges and cascades: holm (default) or bh (src/stats/family.ts). */
  family?: FamilyMethod;
}

export function parseNumber(option: string, text: string | undefined): number {
  const v = text === undefined ? NaN : Number(text.trim().replace(/_/g, ''));
  if (text === undefined || text.trim() === '' || !Number.isFinite(v))
    throw new UsageError(`${option}: expected a number, got '${text ?? ''}'`);
  return v;
}

export async function sweepCommand(file: string, flags: SweepFlags & ReportFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const from = parseNumber('--from', flags.from);
  const to = parseNumber('--to', flags.to);
  const step = flags.step === undefined ? 1 : parseNumber('--step', flags.step);
  if (flags.vary === undefined) throw new UsageError("--vary: required (e.g. --vary 'sides[0].battleRating')");
  const vary = flags.vary;
  const race = flags.race === undefined ? null : flags.race === '0' ? 0 : flags.race === '1' ? 1 : null;
  if (flags.race !== undefined && race === null)
    throw new UsageError(`--race: expected the side to maximise, 0 (A) or 1 (B), got '${flags.race}'`);
  const input = await scenarioArg(file, io.signal);
  const second =
    flags.vary2 === undefined
      ? {}
      : {
          vary2: flags.vary2,
          from2: parseNumber('--from2', flags.from2),
          to2: parseNumber('--to2', flags.to2),
          step2: flags.step2 === undefined ? 1 : parseNumber('--step2', flags.step2),
        };
  const rounds = flags.rounds === undefined ? undefined : parseCount('--rounds', flags.rounds, 1, 1000);
  // Every kind sweeps through the library's sweep (its kind's hooks); the trials default is the kind's own.
  const r = await withRun(io, flags, (o) =>
    sweep(input, {
      ...o,
      trials: flags.trials === undefined ? undefined : o.trials,
      maxTrials: flags.maxTrials === undefined ? undefined : o.maxTrials,
      vary,
      from,
      to,
      step,
      race,
      rounds,
      family: flags.family,
      ...second,
    }),
  );
  if ('axes' in r) {
    emitResult(io, flags, r, () => presentSweep(r, runOptions(flags).threads));
    await saveCommandReport({ kind: 'sweep-sim', result: r }, file, flags.report, flags, io);
    return exitCodeAfter(io, r.interrupted, 'only the points already run');
  }
  emitResult(io, flags, r, () => presentSweep(r, runOptions(flags).threads));
  await saveCommandReport({ kind: 'sweep', result: r }, file, flags.report, flags, io);
  return exitCodeAfter(io, r.interrupted, 'only the battles already fought (simulated figures)');
}
