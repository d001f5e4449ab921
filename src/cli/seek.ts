/** `warcast seek <scenario> --vary PATH --target EXPR [--from X --to Y --step S --largest]`: parse, call `seek`, format. */
import { seek, type SeekPoint, type SeekResult } from '../analysis/seek.js';
import { UsageError } from '../errors.js';
import { fmtCount, pct } from '../text/format.js';
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
    seek(await scenarioArg(file, o.signal), { ...o, vary, target, from, to, step, largest: flags.largest }),
  );
  emitResult(io, flags, r, () => formatSeek(r));
  await saveCommandReport({ kind: 'seek', result: r }, file, flags.report, flags, io);
  return exitCodeAfter(io, r.interrupted, 'only the values already run');
}

function pointText(p: SeekPoint): string {
  const ci = p.ci95
    ? ` (95%: ${pct(p.ci95[0])}–${pct(p.ci95[1])}, ${fmtCount(p.trials)} trials${p.sure ? '' : ', not settled'})`
    : ' (exact)';
  return `${pct(p.probability)}${ci}`;
}

export function formatSeek(r: SeekResult): string {
  const out: string[] = [];
  out.push(
    `${r.title ? r.title + ': ' : ''}${r.seek} ${r.vary} in ${r.from}…${r.to} (step ${r.step}) with ${r.target}`,
  );
  out.push(
    r.method === 'exact'
      ? `exact odds by bisection; monotone ${r.monotone ? 'yes' : 'NO'} over ${r.checked === 'every value' ? 'every value' : `${r.checked} values checked`}`
      : `Monte Carlo, seed ${r.seed}, the same seed at every value (common random numbers), a sequential test at each; ${fmtCount(r.trials)} trials in all over ${r.evaluated.length} values; monotone ${r.monotone ? 'yes' : 'NO'}`,
  );
  out.push('');
  if (r.value === null) out.push(`no answer: ${r.note ?? 'no value meets the target'}`);
  else {
    out.push(`answer: ${r.vary} = ${r.value}`);
    if (r.at) out.push(`  at ${r.value}: ${pointText(r.at)}`);
    if (r.before) out.push(`  at ${r.before.value}: ${pointText(r.before)}`);
    if (r.note) out.push(`note: ${r.note}`);
  }
  return out.join('\n') + '\n';
}
