/** The text of `warcast odds`: the verdict first (the pursuit's when the scenario pursues), then the tables with legends. */
import type { OddsResult } from '../../analysis/odds.js';
import type { EngagementSummary } from '../../kinds/pursuit/engagement.js';
import { rowLabel, ROW_COUNT } from '../../rules/warMachine/results.js';
import { OUTCOME_LEGEND, oddsVerdicts, outcomeRows } from '../../text/odds.js';
import { fmtCount, num, pct, pctCi, runLine, table } from '../../text/format.js';

export function formatOdds(r: OddsResult, requestedThreads?: number): string {
  const [a, b] = r.sides;
  const ex = r.exact!;
  const exact = r.method === 'exact';
  const lines: string[] = [];
  lines.push(`${r.title ? r.title + ': ' : ''}${a} (A) vs ${b} (B)`);
  lines.push(exact ? `exact odds (all 10,000 pairs of d100 rolls enumerated), tie policy ${r.policies.tie}` : `${runLine(r, 'battle', requestedThreads)}, tie policy ${r.policies.tie}`);
  // The line a game master reads first: the pursuit's answer when the scenario pursues, else the battle's.
  for (const v of oddsVerdicts(r)) lines.push(`→ ${v}`);
  lines.push('');
  const cas = (i: 0 | 1, k: 'dead' | 'wounded' | null) => {
    const c = k ? r.casualties![i][k] : r.casualties![i];
    return `${num(c.mean)} (${c.p05}/${c.p50}/${c.p95})`;
  };
  const rows: string[][] = [
    ['troops', num(r.ratings[0].troops), num(r.ratings[1].troops)],
    ['troop class', r.ratings[0].troopClass ?? '—', r.ratings[1].troopClass ?? '—'],
    ['battle rating (BR)', String(r.ratings[0].battleRating), String(r.ratings[1].battleRating)],
    ['modified BR', String(r.ratings[0].modifiedBattleRating), String(r.ratings[1].modifiedBattleRating)],
    ...(exact ? [['win (exact)', pct(ex.win[0]), pct(ex.win[1])]] : [['win (95% interval)', pctCi(r.win[0], r.winCi95?.[0]), pctCi(r.win[1], r.winCi95?.[1])], ['win, exact', pct(ex.win[0]), pct(ex.win[1])]]),
    ['casualties mean (p5/p50/p95)', cas(0, null), cas(1, null)],
    ['  dead', cas(0, 'dead'), cas(1, 'dead')],
    ['  wounded', cas(0, 'wounded'), cas(1, 'wounded')],
  ];
  lines.push(table(rows, ['', `A: ${a}`, `B: ${b}`]));
  lines.push(`tied roll: ${pct(r.tieRoll!)} per roll${exact ? '' : ` (exact ${pct(ex.tieRoll)})`}${r.policies.tie === 'reroll' ? ', rerolled' : ''}; no winner: ${pct(r.tie!)}${r.noCombat ? ` (no battle: ${pct(r.noCombat)})` : ''}`);
  lines.push('');
  // Rows that never happen (exactly 0, and never seen) are left out.
  const rowTable: string[][] = [];
  const rowLine = (s: 0 | 1, i: number) => {
    if (ex.rows[s][i] === 0 && r.rows![s][i] === 0) return;
    rowTable.push(exact ? [`${s === 0 ? 'A' : 'B'} wins ${rowLabel(i)}`, pct(ex.rows[s][i])] : [`${s === 0 ? 'A' : 'B'} wins ${rowLabel(i)}`, pct(r.rows![s][i]), pct(ex.rows[s][i])]);
  };
  for (let i = ROW_COUNT - 1; i >= 0; i--) rowLine(0, i);
  for (let i = 0; i < ROW_COUNT; i++) rowLine(1, i);
  lines.push(table(rowTable, exact ? ['combat results row', 'probability (exact)'] : ['combat results row', 'observed', 'exact']));
  lines.push('rows by the winner\'s margin (combat result difference); rows that cannot happen are not shown\n');
  lines.push(table(outcomeRows(r, 'fatigue'), ['fatigue after the battle', 'A', 'B']));
  lines.push(table(outcomeRows(r, 'location'), ['location after the battle', 'A', 'B']));
  lines.push(OUTCOME_LEGEND + '\n');
  if (r.engagement) lines.push(formatEngagement(r.engagement, r.sides));
  return lines.join('\n');
}

function formatEngagement(e: EngagementSummary, sides: [string, string]): string {
  const out: string[] = [];
  out.push(`engagement: the winner attacks again while in contact, up to ${e.maxDays} battles (${fmtCount(e.trials)} engagements; pursuit, docs/rules.md §7)`);
  out.push(`battles fought: mean ${e.days.mean.toFixed(2)}; ` + e.days.distribution.map((p, d) => (p > 0 ? `${d}: ${pct(p, 1)}` : '')).filter(Boolean).join(', '));
  out.push('how it ended: ' + Object.entries(e.endings).filter(([, p]) => p > 0).map(([k, p]) => `${k} ${pct(p, 1)}`).join(', '));
  const cas = (c: { mean: number; p05: number; p50: number; p95: number }) => `${num(c.mean)} (${c.p05}/${c.p50}/${c.p95})`;
  out.push(
    table(
      [
        ['won the last battle', pct(e.lastBattleWon[0]), pct(e.lastBattleWon[1])],
        ['routed', pct(e.routed[0]), pct(e.routed[1])],
        ['destroyed', pct(e.destroyed[0]), pct(e.destroyed[1])],
        ['lost in all, mean (p5/p50/p95)', cas(e.casualties[0]), cas(e.casualties[1])],
        ['  dead', cas(e.casualties[0].dead), cas(e.casualties[1].dead)],
        ['  wounded (mean)', num(e.casualties[0].wounded.mean), num(e.casualties[1].wounded.mean)],
      ],
      ['engagement', `A: ${sides[0]}`, `B: ${sides[1]}`],
    ),
  );
  return out.join('\n');
}
