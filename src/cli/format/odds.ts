/** The text of `warcast odds`: the verdict first (the pursuit's when the scenario pursues), then the tables with legends. */
import type { OddsResult } from '../../analysis/odds.js';
import type { EngagementSummary } from '../../kinds/pursuit/engagement.js';
import { rowLabel, ROW_COUNT } from '../../rules/warMachine/results.js';
import { TACTIC_LABELS } from '../../rules/warMachine/tactics.js';
import { fmtCount, num, pct, pctCi, runLine, table } from '../../text/format.js';

export const FATIGUE_WORDS: Record<string, string> = { N: 'N none', M: 'M moderate', S: 'S serious', '-': '- none (left the field)' };
export const LOCATION_WORDS: Record<string, string> = {
  F: 'F holds the field',
  'F+1': 'F+1 holds, may advance 1',
  'F+3': 'F+3 holds, may advance 3',
  'F+5': 'F+5 holds, may advance 5',
  R: 'R retreats',
  'R+1': 'R+1 retreats 1 unit',
  'R+2': 'R+2 retreats 2 units',
  'R+3': 'R+3 retreats 3 units',
  rout: 'rout',
  '-': '- destroyed',
  withdraws: 'withdraws (tactic)',
};

const loss = (name: string, c: { mean: number; dead: { mean: number } }, troops: number) =>
  `${name} ${num(Math.round(c.mean))} (${num(Math.round(c.dead.mean))} dead, ${((c.mean / troops) * 100).toFixed(0)}% of ${num(troops)})`;

/** The pursuit answers the scenario as written: its verdict comes first. */
function pursuitVerdict(r: OddsResult, e: EngagementSummary): string {
  const fav: 0 | 1 = e.lastBattleWon[0] >= e.lastBattleWon[1] ? 0 : 1;
  const fates = [0, 1].flatMap((i) => [e.routed[i] > 0 ? `${r.sides[i]} routed ${pct(e.routed[i])}` : '', e.destroyed[i] > 0 ? `${r.sides[i]} destroyed ${pct(e.destroyed[i])}` : '']).filter(Boolean);
  return `→ over the pursuit (up to ${e.maxDays} battles, mean ${e.days.mean.toFixed(2)}): ${r.sides[fav]} wins the last battle ${pct(e.lastBattleWon[fav])}${fates.length ? `; ${fates.join(', ')}` : ''}; expected losses ${loss(r.sides[0], e.casualties[0], r.ratings[0].troops)}, ${loss(r.sides[1], e.casualties[1], r.ratings[1].troops)}`;
}

export function formatOdds(r: OddsResult, requestedThreads?: number): string {
  const [a, b] = r.sides;
  const ex = r.exact!;
  const exact = r.method === 'exact';
  const lines: string[] = [];
  lines.push(`${r.title ? r.title + ': ' : ''}${a} (A) vs ${b} (B)`);
  lines.push(exact ? `exact odds (all 10,000 pairs of d100 rolls enumerated), tie policy ${r.policies.tie}` : `${runLine(r, 'battle', requestedThreads)}, tie policy ${r.policies.tie}`);
  // The one line a game master reads first: the pursuit's answer when the scenario pursues, else the battle's.
  if (r.engagement) lines.push(pursuitVerdict(r, r.engagement));
  const fav: 0 | 1 = r.win[0] >= r.win[1] ? 0 : 1;
  const first = r.engagement ? 'the first battle: ' : '';
  const winText = exact ? `${pct(r.win[fav])} (exact)` : `${pctCi(r.win[fav], r.winCi95?.[fav])} (exact ${pct(ex.win[fav])})`;
  lines.push(`→ ${first}${r.sides[fav]} ${r.win[fav] === r.win[1 - fav] ? 'even' : 'favoured'}: ${winText} to win; expected losses ${loss(a, r.casualties[0], r.ratings[0].troops)}, ${loss(b, r.casualties[1], r.ratings[1].troops)}`);
  if (r.bestReply) {
    const reply = (i: 0 | 1) => `${i === 0 ? 'A' : 'B'}'s best answer to ${r.sides[1 - i]}'s tactic is ${TACTIC_LABELS[r.bestReply![i].tactic]} (${pct(r.bestReply![i].win)})`;
    lines.push(`→ ${reply(0)}; ${reply(1)} (exact, one battle; warcast matchup solves the whole game)`);
  }
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
  const outcomes = (label: string, key: 'fatigue' | 'location', words: Record<string, string>) => {
    const keys = [...new Set([...Object.keys(r[key]![0]), ...Object.keys(r[key]![1])])].sort().filter((k) => (r[key]![0][k] ?? 0) > 0 || (r[key]![1][k] ?? 0) > 0);
    return table(keys.map((k) => [words[k] ?? k, pct(r[key]![0][k] ?? 0), pct(r[key]![1][k] ?? 0)]), [label, 'A', 'B']);
  };
  lines.push(outcomes('fatigue after the battle', 'fatigue', FATIGUE_WORDS));
  lines.push(outcomes('location after the battle', 'location', LOCATION_WORDS));
  lines.push('fatigue costs −10 BR (moderate) or −30 (serious) in the next battle; locations move in terrain units (docs/rules.md §4)\n');
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
