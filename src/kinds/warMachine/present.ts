/**
 * The document of an odds result (`warcast odds`, its report and `--markdown`): the verdict a game master reads
 * first (the pursuit's when the scenario pursues), the sides and key numbers, the results rows, fatigue and
 * location after the battle, the pursuit, and the report's charts.
 */
import type { OddsResult } from './result.js';
import type { EngagementSummary } from '../pursuit/engagement.js';
import { rowLabel, ROW_COUNT } from '../../rules/warMachine/results.js';
import { TACTIC_LABELS } from '../../rules/warMachine/tactics.js';
import {
  gap,
  heading,
  note,
  number,
  percent,
  run,
  spread,
  table,
  trials,
  verdict,
  type Block,
  type Document,
  type Inline,
  type Text,
} from '../../present/document.js';
import { fmtCount, num, pct, runLine, SPREAD_CI_WORDS, SPREAD_WORDS } from '../../present/format.js';

export const FATIGUE_WORDS: Record<string, string> = {
  N: 'N none',
  M: 'M moderate',
  S: 'S serious',
  '-': '- no result (left the field)',
};
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

export const OUTCOME_LEGEND =
  'fatigue costs −10 BR (moderate) or −30 (serious) in the next battle; locations move in terrain units (docs/rules.md §4)';

const loss = (name: string, c: { mean: number; dead: { mean: number } }, troops: number) =>
  `${name} ${num(Math.round(c.mean))} (${num(Math.round(c.dead.mean))} dead, ${((c.mean / troops) * 100).toFixed(0)}% of ${num(troops)})`;

/** The pursuit answers the scenario as written: its verdict comes first. */
function pursuitVerdict(r: OddsResult, e: EngagementSummary): string {
  const fav: 0 | 1 = e.lastBattleWon[0] >= e.lastBattleWon[1] ? 0 : 1;
  const fates = [0, 1]
    .flatMap((i) => [
      e.routed[i] > 0 ? `${r.sides[i]} routed ${pct(e.routed[i])}` : '',
      e.destroyed[i] > 0 ? `${r.sides[i]} destroyed ${pct(e.destroyed[i])}` : '',
    ])
    .filter(Boolean);
  return `over the pursuit (up to ${e.maxDays} battles, mean ${e.days.mean.toFixed(2)}): ${r.sides[fav]} wins the last battle ${pct(e.lastBattleWon[fav])}${fates.length ? `; ${fates.join(', ')}` : ''}; expected losses ${loss(r.sides[0], e.casualties[0], r.ratings[0].troops)}, ${loss(r.sides[1], e.casualties[1], r.ratings[1].troops)}`;
}

/**
 * The verdict lines: the pursuit's answer first when the scenario pursues, then the (first) battle's, then each
 * side's best reply to the other's tactic when tactics are used.
 */
export function oddsVerdicts(r: OddsResult): Text[] {
  const [a, b] = r.sides;
  const ex = r.exact!;
  const exact = r.method === 'exact';
  const out: Text[] = [];
  if (r.engagement) out.push(pursuitVerdict(r, r.engagement));
  const first = r.engagement ? 'the first battle: ' : '';
  if (ex.noBattle === 1) {
    // Neither side attacks (hold or withdraw against hold or withdraw): there is no battle to win or lose.
    out.push(`${first}no battle: neither side attacks (${tacticPair(r)}), so neither wins and no troops are lost`);
    const best = bestReplyLine(r);
    if (best) out.push(best);
    return out;
  }
  const fav: 0 | 1 = r.win[0] >= r.win[1] ? 0 : 1;
  const win: Inline[] = exact
    ? [percent(r.win[fav]), ' (exact)']
    : [percent(r.win[fav], r.winCi95?.[fav]), ' (exact ', percent(ex.win[fav]), ')'];
  // Even: neither side is favoured, so the line names both ("A even: 50.00%" read as A's own draw).
  const even = r.win[fav] === r.win[1 - fav];
  out.push([
    even ? `${first}${a} and ${b} even: ` : `${first}${r.sides[fav]} favoured: `,
    ...win,
    even ? ' each to win' : ` to win`,
    ...noBattleClause(r, fav),
    `; expected losses ${loss(a, r.casualties[0], r.ratings[0].troops)}, ${loss(b, r.casualties[1], r.ratings[1].troops)}`,
  ]);
  const best = bestReplyLine(r);
  if (best) out.push(best);
  return out;
}

/** The sides' tactics as the scenario gives them, for the no-battle verdict. */
function tacticPair(r: OddsResult): string {
  return `A ${tacticText(r.ratings[0].tactic)}, B ${tacticText(r.ratings[1].tactic)}`;
}

/**
 * When a battle may not happen (mixed tactics that may both hold or withdraw): the verdict says that its win
 * probability counts those trials as not won, and gives the win probability if a battle is fought.
 */
function noBattleClause(r: OddsResult, side: 0 | 1): Inline[] {
  if (!(r.exact!.noBattle > 0) || r.winGivenBattle === null) return [];
  const mc = r.method !== 'exact';
  return [
    ', counting the ',
    percent(r.noBattle, mc ? r.noBattleCi95 : null),
    ' with no battle as not won (',
    percent(r.winGivenBattle[side], mc ? r.winGivenBattleCi95?.[side] : null),
    ' if a battle is fought)',
  ];
}

/** Each side's best answer to the other's scenario tactic (null: tactics not used). */
export function bestReplyLine(r: OddsResult): string | null {
  if (!r.bestReply) return null;
  const reply = (i: 0 | 1) =>
    `${i === 0 ? 'A' : 'B'}'s best answer to ${r.sides[1 - i]}'s tactic is ${TACTIC_LABELS[r.bestReply![i].tactic]} (${pct(r.bestReply![i].win)})`;
  return `${reply(0)}; ${reply(1)} (exact, one battle; warcast matchup solves the whole game)`;
}

/** The fatigue or location outcomes as rows [words, A, B], outcomes that never happen left out. */
export function outcomeRows(r: OddsResult, key: 'fatigue' | 'location'): Text[][] {
  const words = key === 'fatigue' ? FATIGUE_WORDS : LOCATION_WORDS;
  const m = r[key]!;
  const keys = [...new Set([...Object.keys(m[0]), ...Object.keys(m[1])])]
    .sort()
    .filter((k) => (m[0][k] ?? 0) > 0 || (m[1][k] ?? 0) > 0);
  return keys.map((k) => [words[k] ?? k, percent(m[0][k] ?? 0), percent(m[1][k] ?? 0)]);
}

function tacticText(t: OddsResult['ratings'][number]['tactic']): string {
  if (t === null) return '— (tactics not used)';
  if (typeof t === 'string') return t;
  return Object.entries(t as Record<string, number | undefined>)
    .filter(([, p]) => (p ?? 0) > 0)
    .map(([k, p]) => `${k} ${pct(p!, 0)}`)
    .join(', ');
}

export interface OddsPresentOptions {
  /** The threads asked for (--threads or its default): the run line says why fewer ran. */
  requestedThreads?: number;
}

export function presentOdds(r: OddsResult, o: OddsPresentOptions = {}): Document {
  const [a, b] = r.sides;
  const ex = r.exact!;
  const exact = r.method === 'exact';
  const both = (f: (k: 0 | 1) => Text): Text[] => [f(0), f(1)];
  const sides = ['', `A: ${a}`, `B: ${b}`];
  const blocks: Block[] = [
    heading(`${r.title ? r.title + ': ' : ''}${a} (A) vs ${b} (B)`),
    run(
      exact
        ? `exact odds (all 10,000 pairs of d100 rolls enumerated), tie policy ${r.policies.tie}`
        : `${runLine(r, 'battle', o.requestedThreads)}, tie policy ${r.policies.tie}`,
    ),
    verdict(...oddsVerdicts(r)),
    gap,
  ];
  // A Monte Carlo mean carries its noise: ± the 95% half-width of its interval.
  const half = (k: 0 | 1, m: 'total' | 'dead' | 'wounded') => {
    const ci = exact ? null : r.casualtiesCi95?.[k][m];
    return ci ? (ci[1] - ci[0]) / 2 : undefined;
  };
  const cas = (k: 0 | 1, m: 'dead' | 'wounded' | null) =>
    spread(m ? r.casualties[k][m] : r.casualties[k], undefined, half(k, m ?? 'total'));
  // Where a trial may have no battle, every win probability says how it counts one.
  const mayNotFight = ex.noBattle > 0;
  const counted = mayNotFight ? ', no battle = not won' : '';
  blocks.push(
    table(
      sides,
      [
        ['troops', ...both((k) => number(r.ratings[k].troops))],
        ['troop class', ...both((k) => r.ratings[k].troopClass ?? '—')],
        ['battle rating (BR)', ...both((k) => String(r.ratings[k].battleRating))],
        ['modified BR', ...both((k) => String(r.ratings[k].modifiedBattleRating))],
        ...(exact
          ? [[`win (exact)${counted}`, ...both((k) => percent(ex.win[k]))]]
          : [
              [`win (95% interval)${counted}`, ...both((k) => percent(r.win[k], r.winCi95?.[k]))],
              [`win, exact${counted}`, ...both((k) => percent(ex.win[k]))],
            ]),
        ...(mayNotFight && r.winGivenBattle && ex.winGivenBattle
          ? [
              [
                exact ? 'win if a battle is fought (exact)' : 'win if a battle is fought (95% interval)',
                ...both((k) => percent(r.winGivenBattle![k], exact ? null : r.winGivenBattleCi95?.[k])),
              ],
            ]
          : []),
        [`casualties ${exact ? SPREAD_WORDS : SPREAD_CI_WORDS}`, ...both((k) => cas(k, null))],
        ['  dead', ...both((k) => cas(k, 'dead'))],
        ['  wounded', ...both((k) => cas(k, 'wounded'))],
      ],
      'Sides and key numbers',
    ),
    note([
      'tied roll: ',
      percent(r.tieRoll!),
      ` per roll${exact ? '' : ` (exact ${pct(ex.tieRoll)})`}${r.policies.tie === 'reroll' ? ', rerolled' : ''}; no winner: `,
      percent(r.tie!),
      ...(mayNotFight
        ? [
            ' (no battle, neither side attacks: ',
            percent(r.noBattle, exact ? null : r.noBattleCi95),
            ...(exact ? [] : [', exact ', percent(ex.noBattle)]),
            ')',
          ]
        : []),
    ]),
    gap,
  );
  // Rows that never happen (exactly 0, and never seen) are left out.
  const rowTable: Text[][] = [];
  const rowLine = (s: 0 | 1, i: number) => {
    if (ex.rows[s][i] === 0 && r.rows![s][i] === 0) return;
    const label = `${s === 0 ? 'A' : 'B'} wins ${rowLabel(i)}`;
    rowTable.push(exact ? [label, percent(ex.rows[s][i])] : [label, percent(r.rows![s][i]), percent(ex.rows[s][i])]);
  };
  for (let i = ROW_COUNT - 1; i >= 0; i--) rowLine(0, i);
  for (let i = 0; i < ROW_COUNT; i++) rowLine(1, i);
  blocks.push(
    table(
      exact ? ['combat results row', 'probability (exact)'] : ['combat results row', 'observed', 'exact'],
      rowTable,
      'Combat results rows',
    ),
    note("rows by the winner's margin (combat result difference); rows that cannot happen are not shown"),
    gap,
    table(['fatigue after the battle', 'A', 'B'], outcomeRows(r, 'fatigue'), 'Fatigue after the battle'),
    table(['location after the battle', 'A', 'B'], outcomeRows(r, 'location'), 'Location after the battle'),
    note(OUTCOME_LEGEND),
    gap,
  );
  if (r.engagement) blocks.push(...engagementBlocks(r.engagement, r.sides));
  blocks.push(...reportDetails(r));
  return { title: r.title ?? `${a} vs ${b}`, blocks };
}

function engagementBlocks(e: EngagementSummary, sides: [string, string]): Block[] {
  return [
    note([
      'engagement: the winner attacks again while in contact, up to ',
      String(e.maxDays),
      ' battles (',
      trials(e.trials),
      ' engagements; pursuit, docs/rules.md §7)',
    ]),
    note(
      `battles fought: mean ${e.days.mean.toFixed(2)}; ` +
        e.days.distribution
          .map((p, d) => (p > 0 ? `${d}: ${pct(p, 1)}` : ''))
          .filter(Boolean)
          .join(', '),
    ),
    note(
      'how it ended: ' +
        Object.entries(e.endings)
          .filter(([, p]) => p > 0)
          .map(([k, p]) => `${k} ${pct(p, 1)}`)
          .join(', '),
    ),
    table(
      ['engagement', `A: ${sides[0]}`, `B: ${sides[1]}`],
      [
        ['won the last battle', percent(e.lastBattleWon[0]), percent(e.lastBattleWon[1])],
        ['routed', percent(e.routed[0]), percent(e.routed[1])],
        ['destroyed', percent(e.destroyed[0]), percent(e.destroyed[1])],
        [`lost in all, ${SPREAD_WORDS}`, spread(e.casualties[0]), spread(e.casualties[1])],
        ['  dead', spread(e.casualties[0].dead), spread(e.casualties[1].dead)],
        ['  wounded (mean)', number(e.casualties[0].wounded.mean), number(e.casualties[1].wounded.mean)],
      ],
      `The pursuit (${fmtCount(e.trials)} engagements)`,
    ),
  ];
}

/** What the page adds: each side's adjustments, role and tactic, the likeliest margin, and the charts. */
function reportDetails(r: OddsResult): Block[] {
  const both = (f: (k: 0 | 1) => Text): Text[] => [f(0), f(1)];
  const likeliest = (k: 0 | 1): Text => {
    let best = 0;
    for (let row = 1; row < ROW_COUNT; row++) if (r.rows[k][row] > r.rows[k][best]) best = row;
    return r.rows[k][best] > 0 ? [`${rowLabel(best)} (`, percent(r.rows[k][best]), ')'] : '—';
  };
  const blocks: Block[] = [
    table(
      ['', `A: ${r.sides[0]}`, `B: ${r.sides[1]}`],
      [
        [
          'adjustments',
          ...both(
            (k) =>
              r.ratings[k].adjustments.map((x) => `${x.rule} ${x.value >= 0 ? '+' : ''}${x.value}`).join('; ') || '—',
          ),
        ],
        ['role', ...both((k) => (r.ratings[k].defending ? 'defending' : 'attacking'))],
        ['tactic', ...both((k) => tacticText(r.ratings[k].tactic))],
        ['likeliest winning margin (row)', ...both(likeliest)],
      ],
      'How the sides fight',
      'report',
    ),
  ];
  const charts = ['win', 'casualties', 'casualties-at-most', 'results-rows'];
  if (r.convergence) charts.push('convergence');
  if (r.engagement) charts.push('engagement');
  for (const name of charts) blocks.push({ type: 'chart', name });
  return blocks;
}
