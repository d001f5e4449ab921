/** `warcast worth <scenario> [--side 0|1]`: parse, call `worth`, format. */
import { worth, type WorthResult } from '../analysis/worth.js';
import { UsageError } from '../errors.js';
import { num, pct, table } from '../text/format.js';
import { emitResult } from './emit.js';
import type { Io } from './io.js';
import type { RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';

export interface WorthFlags extends RunFlags {
  side?: string;
}

export async function worthCommand(file: string, flags: WorthFlags & ReportFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const side = flags.side === undefined ? 0 : flags.side.trim() === '0' ? 0 : flags.side.trim() === '1' ? 1 : null;
  if (side === null) throw new UsageError(`--side: expected 0 (A) or 1 (B), got '${flags.side}'`);
  const r = await withRun(io, flags, (o) => worth(file, { ...o, side }));
  emitResult(io, flags, r, () => formatWorth(r));
  await saveCommandReport({ kind: 'worth', result: r }, file, flags.report, flags, io);
  return 0;
}

const signed = (x: number | null, unit = '') => (x === null ? '—' : `${x > 0 ? '+' : ''}${x.toLocaleString('en-US')}${unit}`);
const signedPct = (x: number) => `${x > 0 ? '+' : ''}${(x * 100).toFixed(2)}%`;

export function formatWorth(r: WorthResult): string {
  const out: string[] = [];
  out.push(`${r.title ? r.title + ': ' : ''}what each adjustment is worth to ${r.sideName} (side ${r.side === 0 ? 'A' : 'B'})`);
  out.push(`exact odds; as the scenario stands ${r.sideName} wins ${pct(r.win)}; equivalents by exact bisection on bonus (BR points) and troops`);
  out.push('');
  const rows = r.items.map((i) => [i.name, i.rule, pct(i.win), signedPct(i.winDelta), signed(i.brEquivalent), signed(i.troopsEquivalent), `${num(i.casualtiesDelta[0])} / ${num(i.casualtiesDelta[1])}`]);
  out.push(table(rows, ['item', 'rule', 'win', 'change', 'BR equivalent', 'troops equivalent', 'Δ casualties own / enemy']));
  return out.join('\n') + '\n';
}
