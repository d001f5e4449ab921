/** `warcast worth <scenario> [--side 0|1]`: parse, call `worth`, format. */
import { worth, type WorthResult } from '../analysis/worth.js';
import { UsageError } from '../errors.js';
import { num, pct, table } from '../text/format.js';
import { emitResult } from './emit.js';
import { warnIdleDice } from './ignored.js';
import type { Io } from './io.js';
import type { RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';

export interface WorthFlags extends RunFlags {
  side?: string;
  week?: string;
}

export async function worthCommand(file: string, flags: WorthFlags & ReportFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const side = flags.side === undefined ? 0 : flags.side.trim() === '0' ? 0 : flags.side.trim() === '1' ? 1 : null;
  if (side === null) throw new UsageError(`--side: expected 0 (A) or 1 (B), got '${flags.side}'`);
  const week = flags.week === undefined ? undefined : /^\s*\d+\s*$/.test(flags.week) ? Number(flags.week) : NaN;
  if (week !== undefined && !Number.isInteger(week)) throw new UsageError(`--week: expected a whole week, got '${flags.week}'`);
  const r = await withRun(io, flags, (o) => worth(file, { ...o, side, week, trials: flags.trials === undefined ? undefined : o.trials }));
  if (r.kind === 'war-machine') warnIdleDice(io, flags as unknown as Record<string, unknown>, 'warcast worth on a battle (always exact)');
  emitResult(io, flags, r, () => formatWorth(r));
  await saveCommandReport({ kind: 'worth', result: r }, file, flags.report, flags, io);
  return 0;
}

const signed = (x: number | null, unit = '') => (x === null ? '—' : `${x > 0 ? '+' : ''}${x.toLocaleString('en-US')}${unit}`);
const signedPct = (x: number) => `${x > 0 ? '+' : ''}${(x * 100).toFixed(2)}%`;

export function formatWorth(r: WorthResult): string {
  const out: string[] = [];
  if (r.kind === 'siege') {
    const role = r.side === 0 ? 'the attacker' : 'the defender';
    const what = r.side === 0 ? `P(fallen by the end of week ${r.week})` : `P(held through week ${r.week})`;
    out.push(`${r.title ? r.title + ': ' : ''}what each adjustment is worth to ${r.sideName} (${role}), measured by ${what}`);
    out.push(`Monte Carlo, ${(r.trials ?? 0).toLocaleString('en-US')} sieges per variant, seed ${r.seed}, the same dice for every variant (common random numbers); as the scenario stands ${pct(r.win)}; equivalents by bisection on bonus (BR points) and troops over the same estimates`);
  } else {
    out.push(`${r.title ? r.title + ': ' : ''}what each adjustment is worth to ${r.sideName} (side ${r.side === 0 ? 'A' : 'B'})`);
    out.push(`exact odds; as the scenario stands ${r.sideName} wins ${pct(r.win)}; equivalents by exact bisection on bonus (BR points) and troops`);
  }
  out.push('');
  const rows = r.items.map((i) => [i.name, i.rule, pct(i.win), signedPct(i.winDelta), signed(i.brEquivalent), signed(i.troopsEquivalent), `${num(i.casualtiesDelta[0])} / ${num(i.casualtiesDelta[1])}`]);
  out.push(table(rows, ['item', 'rule', r.kind === 'siege' ? r.measure! : 'win', 'change', 'BR equivalent', 'troops equivalent', 'Δ casualties own / enemy']));
  return out.join('\n') + '\n';
}
