/** `warcast odds <scenario>`: who wins, how often, at what cost — parse, call `odds`, format. */
import { odds, type OddsResult } from '../analysis/odds.js';
import type { EngagementSummary } from '../kinds/pursuit/engagement.js';
import { rowLabel, ROW_COUNT } from '../rules/warMachine/results.js';
import { TACTIC_LABELS } from '../rules/warMachine/tactics.js';
import { fmtCount, num, pct, pctCi, table } from '../text/format.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import type { RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { noteThreads, withRun } from './run.js';

export async function oddsCommand(file: string, flags: RunFlags & ReportFlags, io: Io): Promise<number> {
  checkReportOption(flags.report);
  const result = await withRun(io, flags, (o) => odds(file, o));
  emitResult(io, flags.json, result, () => formatOdds(result));
  if (result.method === 'monte-carlo') await noteThreads(io, flags, result.threads, result.trials, 'war-machine', 'battles');
  await saveCommandReport({ kind: 'odds', result }, file, flags.report, flags, io);
  const pursuit = result.engagement && result.engagement.trials < result.trials ? ` (the pursuit: the first ${fmtCount(result.engagement.trials)} engagements)` : '';
  return exitCodeAfter(io, result.interrupted, `the first ${fmtCount(result.trials)} battles${pursuit}`);
}

export function formatOdds(r: OddsResult): string {
  const [a, b] = r.sides;
  const ex = r.exact!;
  const lines: string[] = [];
  lines.push(`${r.title ? r.title + ': ' : ''}${a} (A) vs ${b} (B)`);
  lines.push(
    r.method === 'exact'
      ? `exact odds (all 10,000 pairs of d100 rolls enumerated), tie policy ${r.policies.tie}`
      : `${fmtCount(r.trials)} battle${r.trials === 1 ? '' : 's'}, seed ${r.seed}, ${r.threads} thread${r.threads === 1 ? '' : 's'}, ${(r.elapsedMs / 1000).toFixed(2)} s, tie policy ${r.policies.tie}`,
  );
  // The one line a game master reads first.
  const fav: 0 | 1 = r.win[0] >= r.win[1] ? 0 : 1;
  const loss = (i: 0 | 1) => `${r.sides[i]} ${num(Math.round(r.casualties[i].mean))} (${num(Math.round(r.casualties[i].dead.mean))} dead)`;
  lines.push(`→ ${r.sides[fav]} ${r.win[fav] === r.win[1 - fav] ? 'even' : 'favoured'}: ${pctCi(r.win[fav], r.winCi95?.[fav])} to win${r.method === 'exact' ? '' : ` (exact ${pct(ex.win[fav])})`}; expected losses ${loss(0)}, ${loss(1)}`);
  if (r.bestReply) {
    const reply = (i: 0 | 1) => `${i === 0 ? 'A' : 'B'}'s best answer to ${r.sides[1 - i]}'s tactic is ${TACTIC_LABELS[r.bestReply![i].tactic]} (${pct(r.bestReply![i].win)})`;
    lines.push(`→ ${reply(0)}; ${reply(1)} (exact; warcast matchup solves the whole game)`);
  }
  lines.push('');
  const side = (i: 0 | 1) => pctCi(r.win[i], r.winCi95?.[i]);
  const cas = (i: 0 | 1, k: 'dead' | 'wounded' | null) => {
    const c = k ? r.casualties![i][k] : r.casualties![i];
    return `${num(c.mean)} (${c.p05}/${c.p50}/${c.p95})`;
  };
  const rows: string[][] = [
    ['troops', num(r.ratings[0].troops), num(r.ratings[1].troops)],
    ['troop class', r.ratings[0].troopClass ?? '—', r.ratings[1].troopClass ?? '—'],
    ['battle rating (BR)', String(r.ratings[0].battleRating), String(r.ratings[1].battleRating)],
    ['modified BR', String(r.ratings[0].modifiedBattleRating), String(r.ratings[1].modifiedBattleRating)],
    ['win (95% interval)', side(0), side(1)],
    ['win, exact', pct(ex.win[0]), pct(ex.win[1])],
    ['casualties mean (p5/p50/p95)', cas(0, null), cas(1, null)],
    ['  dead', cas(0, 'dead'), cas(1, 'dead')],
    ['  wounded', cas(0, 'wounded'), cas(1, 'wounded')],
  ];
  lines.push(table(rows, ['', `A: ${a}`, `B: ${b}`]));
  lines.push(`tied roll: ${pct(r.tieRoll!)} per roll (exact ${pct(ex.tieRoll)})${r.policies.tie === 'reroll' ? ', rerolled' : ''}; no winner: ${pct(r.tie!)}${r.noCombat ? ` (no battle: ${pct(r.noCombat)})` : ''}`);
  lines.push('');
  const rowTable: string[][] = [];
  for (let i = ROW_COUNT - 1; i >= 0; i--) rowTable.push([`A wins ${rowLabel(i)}`, pct(r.rows![0][i]), pct(ex.rows[0][i])]);
  for (let i = 0; i < ROW_COUNT; i++) rowTable.push([`B wins ${rowLabel(i)}`, pct(r.rows![1][i]), pct(ex.rows[1][i])]);
  lines.push(table(rowTable, ['combat results row', r.method === 'exact' ? 'probability' : 'observed', 'exact']));
  const outcomes = (label: string, key: 'fatigue' | 'location') => {
    const keys = [...new Set([...Object.keys(r[key]![0]), ...Object.keys(r[key]![1])])].sort();
    return table(keys.map((k) => [k, pct(r[key]![0][k] ?? 0), pct(r[key]![1][k] ?? 0)]), [label, 'A', 'B']);
  };
  lines.push(outcomes('fatigue', 'fatigue'));
  lines.push(outcomes('location', 'location'));
  if (r.engagement) lines.push(formatEngagement(r.engagement, r.sides));
  return lines.join('\n');
}

function formatEngagement(e: EngagementSummary, sides: [string, string]): string {
  const out: string[] = [];
  out.push(`engagement: the winner attacks again while in contact, up to ${e.maxDays} battles (${fmtCount(e.trials)} engagements; pursuit, docs/rules.md §7)`);
  out.push(`battles fought: mean ${e.days.mean.toFixed(2)}; ` + e.days.distribution.map((p, d) => (p > 0 ? `${d}: ${pct(p, 1)}` : '')).filter(Boolean).join(', '));
  out.push('how it ended: ' + Object.entries(e.endings).filter(([, p]) => p > 0).map(([k, p]) => `${k} ${pct(p, 1)}`).join(', '));
  const cas = (i: 0 | 1) => {
    const c = e.casualties[i];
    return `${num(c.mean)} (${c.p05}/${c.p50}/${c.p95})`;
  };
  out.push(
    table(
      [
        ['won the last battle', pct(e.lastBattleWon[0]), pct(e.lastBattleWon[1])],
        ['routed', pct(e.routed[0]), pct(e.routed[1])],
        ['destroyed', pct(e.destroyed[0]), pct(e.destroyed[1])],
        ['lost in all, mean (p5/p50/p95)', cas(0), cas(1)],
        ['  dead', `${num(e.casualties[0].dead.mean)} (${e.casualties[0].dead.p05}/${e.casualties[0].dead.p50}/${e.casualties[0].dead.p95})`, `${num(e.casualties[1].dead.mean)} (${e.casualties[1].dead.p05}/${e.casualties[1].dead.p50}/${e.casualties[1].dead.p95})`],
        ['  wounded (mean)', num(e.casualties[0].wounded.mean), num(e.casualties[1].wounded.mean)],
      ],
      ['engagement', `A: ${sides[0]}`, `B: ${sides[1]}`],
    ),
  );
  return out.join('\n');
}
