/** `warcast worth <scenario> [--side 0|1]` (a cascade: `[--player NAME] [--location NAME] [--rounds R] [--no-npc]`): parse, call `worth`, format. */
import { worth, type WorthResult } from '../analysis/worth.js';
import { UsageError } from '../errors.js';
import { grouped, num, pct, signedPct, table } from '../text/format.js';
import { emitResult, exitCodeAfter } from './emit.js';
import { warnIdleDice } from './ignored.js';
import type { Io } from './io.js';
import { parseCount, type RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';
import { scenarioArg } from './scenarioArg.js';

export interface WorthFlags extends RunFlags {
  side?: string;
  week?: string;
  player?: string;
  location?: string;
  rounds?: string;
  /** commander's --no-npc: false when given. */
  npc?: boolean;
}

export async function worthCommand(file: string, flags: WorthFlags & ReportFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  // Battles and sieges take 0 or 1; a cascade a player's index (worth checks it against the kind).
  const side = flags.side === undefined ? undefined : /^\s*\d+\s*$/.test(flags.side) ? Number(flags.side) : null;
  if (side === null) throw new UsageError(`--side: expected 0 (A) or 1 (B), got '${flags.side}'`);
  const week = flags.week === undefined ? undefined : /^\s*\d+\s*$/.test(flags.week) ? Number(flags.week) : NaN;
  if (week !== undefined && !Number.isInteger(week))
    throw new UsageError(`--week: expected a whole week, got '${flags.week}'`);
  const rounds = flags.rounds === undefined ? undefined : parseCount('--rounds', flags.rounds, 1, 1000);
  const cascade = {
    player: flags.player,
    location: flags.location,
    rounds,
    npc: flags.npc === false ? false : undefined,
  };
  const r = await withRun(io, flags, async (o) =>
    worth(await scenarioArg(file, o.signal), {
      ...o,
      side,
      week,
      ...cascade,
      trials: flags.trials === undefined ? undefined : o.trials,
    }),
  );
  if (r.method === 'exact')
    warnIdleDice(io, flags as unknown as Record<string, unknown>, 'warcast worth on a battle (always exact)');
  emitResult(io, flags, r, (width) => formatWorth(r, width));
  await saveCommandReport({ kind: 'worth', result: r }, file, flags.report, flags, io);
  // Monte Carlo kinds stop on Ctrl-C with the items finished (exit 130); a battle's exact worth is never interrupted.
  return exitCodeAfter(io, r.interrupted, 'the items listed');
}

const signed = (x: number | null, unit = '') => (x === null ? '—' : `${x > 0 ? '+' : ''}${grouped(x)}${unit}`);
/** A change in losses, to one decimal: signed, and 0 (never −0.0) when it rounds away. */
const signedLoss = (x: number) => (Math.abs(x) < 0.05 ? '0' : `${x > 0 ? '+' : ''}${num(x)}`);

/** What `win` measures, in words (also the report's). */
export function worthMeasureText(r: WorthResult): string {
  if (r.kind === 'cascade')
    return `P(${r.player} holds ${r.location} after ${r.rounds === 1 ? 'the round' : `round ${r.rounds}`})`;
  if (r.kind === 'siege')
    return r.side === 0 ? `P(fallen by the end of week ${r.week})` : `P(held through week ${r.week})`;
  return `P(${r.sideName} wins)`;
}

export function formatWorth(r: WorthResult, width = Infinity): string {
  const out: string[] = [];
  const runLine = (what: string) =>
    `Monte Carlo, ${(r.trials ?? 0).toLocaleString('en-US')} ${what} per variant, seed ${r.seed}, the same dice for every variant (common random numbers); as the scenario stands ${pct(r.win)}`;
  if (r.kind === 'cascade') {
    const role = r.role === 'defender' ? `its garrison defends ${r.location}` : `its seizure attacks ${r.location}`;
    out.push(
      `${r.title ? r.title + ': ' : ''}what each choice is worth to ${r.player} (${role}), measured by ${worthMeasureText(r)}${r.npc ? '' : ', no NPC attacks'}`,
    );
    out.push(
      `${runLine(r.rounds === 1 ? 'rounds' : `campaigns of ${r.rounds} rounds`)}; equivalents in legions of that force (the rules allow ${signed(r.legionRange![0])} to ${signed(r.legionRange![1])}) by bisection over the same estimates; no BR equivalent (${r.brEquivalentNote})`,
    );
  } else if (r.kind === 'siege') {
    const role = r.side === 0 ? 'the attacker' : 'the defender';
    out.push(
      `${r.title ? r.title + ': ' : ''}what each adjustment is worth to ${r.sideName} (${role}), measured by ${worthMeasureText(r)}`,
    );
    out.push(`${runLine('sieges')}; equivalents by bisection on bonus (BR points) and troops over the same estimates`);
  } else {
    out.push(
      `${r.title ? r.title + ': ' : ''}what each adjustment is worth to ${r.sideName} (side ${r.side === 0 ? 'A' : 'B'})`,
    );
    out.push(
      `exact odds; as the scenario stands ${r.sideName} wins ${pct(r.win)}${r.noBattle ? ` and ${pct(r.noBattle)} is no battle` : ''}; equivalents by exact bisection on bonus (BR points) and troops`,
    );
  }
  out.push('');
  const cascade = r.kind === 'cascade';
  // "No battle" (both tactics give no combat) is its own outcome: a column of its own whenever it can happen.
  // (Only battles carry noBattle.)
  const noBattle = !!r.noBattle || r.items.some((i) => !!i.noBattle);
  const rows = r.items.map((i) => [
    i.name,
    i.rule,
    pct(i.win),
    ...(noBattle ? [pct(i.noBattle ?? 0)] : []),
    signedPct(i.winDelta),
    ...(cascade ? [] : [signed(i.brEquivalent)]),
    signed(i.troopsEquivalent),
    `${signedLoss(i.casualtiesDelta[0])} / ${signedLoss(i.casualtiesDelta[1])}`,
  ]);
  const head = cascade
    ? ['item', 'rule', 'P(holds)', 'change', 'legions equivalent', 'Δ legions lost own / others']
    : [
        'item',
        'rule',
        r.kind === 'siege' ? r.measure! : 'win',
        ...(noBattle ? ['no battle'] : []),
        'change',
        'BR equivalent',
        'troops equivalent',
        'Δ casualties own / enemy',
      ];
  out.push(table(rows, head, width));
  const unpriced = r.items.filter((i) => (i.noBattleDelta ?? 0) > 0);
  if (unpriced.length)
    out.push(
      '',
      `no equivalent for ${unpriced.map((i) => i.name).join(', ')}: they turn battles into no battle (not a defeat), which no bonus or troops do`,
    );
  if (r.refused?.length) {
    out.push('', 'not allowed by the rules this round:');
    for (const x of r.refused) out.push(`  ${x.name}: ${x.reason}`);
  }
  return out.join('\n') + '\n';
}
