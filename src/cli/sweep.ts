/** `warcast sweep <scenario> --vary PATH --from X --to Y [--step S]`: parse, call `sweep`, format. */
import { sweep, type SweepResult } from '../analysis/sweep.js';
import { scenarioArg } from './scenarioArg.js';
import { UsageError } from '../errors.js';
import { fmtCount, num, pct, pctCi, table, threadsText } from '../text/format.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import { runOptions, type RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';
import { parseCount } from './options.js';
import { formatSimSweep } from './format/sweep.js';

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
      vary,
      from,
      to,
      step,
      race,
      rounds,
      ...second,
    }),
  );
  if ('axes' in r) {
    emitResult(io, flags, r, () => formatSimSweep(r, runOptions(flags).threads));
    await saveCommandReport({ kind: 'sweep-sim', result: r }, file, flags.report, flags, io);
    return exitCodeAfter(io, r.interrupted, 'only the points already run');
  }
  emitResult(io, flags, r, (width) => formatSweep(r, runOptions(flags).threads, width));
  await saveCommandReport({ kind: 'sweep', result: r }, file, flags.report, flags, io);
  return exitCodeAfter(io, r.interrupted, 'only the battles already fought (simulated figures)');
}

export function formatSweep(r: SweepResult, requestedThreads?: number, width = Infinity): string {
  const [a, b] = r.sides;
  const out: string[] = [];
  out.push(`${r.title ? r.title + ': ' : ''}${a} (A) vs ${b} (B)`);
  out.push(`sweep of ${r.vary} from ${r.from} to ${r.to} step ${r.step} (${r.points.length} values)`);
  if (r.method === 'exact') out.push('exact odds only (all 10,000 pairs of d100 rolls per value)');
  else {
    const total = r.points.reduce((t, p) => t + p.trials, 0);
    out.push(
      `${fmtCount(r.trialsPerPoint)} battles per value (${fmtCount(total)} in all), seed ${r.seed}, ${threadsText(r.threads, 'battles', requestedThreads)}, ${(r.elapsedMs / 1000).toFixed(2)} s`,
    );
    out.push(
      'common random numbers: every value is run with the same seed, so the same chunk seeds and dice; neighbouring points differ by the parameter, not by noise',
    );
  }
  out.push('');
  const mc = r.method === 'monte-carlo';
  const rows = r.points.map((p) => {
    return [
      String(p.value),
      `${p.modifiedBattleRating[0]} / ${p.modifiedBattleRating[1]}`,
      ...(mc ? [pctCi(p.win[0], p.winCi95?.[0])] : []),
      pct(p.exactWin[0]),
      ...(mc ? [pctCi(p.win[1], p.winCi95?.[1])] : []),
      pct(p.exactWin[1]),
      `${num(p.casualties[0])} / ${num(p.casualties[1])}`,
    ];
  });
  const header = [
    r.vary,
    'modified BR A / B',
    ...(mc ? ['A wins (95%)'] : []),
    'A exact',
    ...(mc ? ['B wins (95%)'] : []),
    'B exact',
    'mean casualties A / B',
  ];
  out.push(table(rows, header, width));
  return out.join('\n');
}
