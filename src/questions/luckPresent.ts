/** The documents of `luck` and `infer` (src/present/): what the terminal, --markdown and the report show. Pure. */
import {
  gap,
  heading,
  note,
  number,
  percent,
  run,
  table,
  verdict,
  type Block,
  type Document,
  type Text,
} from '../present/document.js';
import { num } from '../present/format.js';
import { rowLabel } from '../rules/warMachine/results.js';
import type { InferResult } from './infer.js';
import type { LuckBattle, LuckPlacement, LuckResult } from './luck.js';
import type { LuckStatistic, ObservedBattle } from './luckExact.js';

/** What each statistic is, in words (its column header and the verdict's). */
export const STATISTIC_WORDS: Record<LuckStatistic, string> = {
  wins: 'result (won +1, lost −1, no winner 0)',
  rows: 'results row (won +row, lost −row; row 1 = 1–8)',
  margin: 'margin (won +difference, lost −difference; a tie given by the tie policy ±½)',
  ownLosses: 'own troops lost',
  enemyLosses: 'enemy troops lost',
  held: 'held the field (1 yes, 0 no)',
};

const SHORT: Record<LuckStatistic, string> = {
  wins: 'result',
  rows: 'results row',
  margin: 'margin',
  ownLosses: 'own troops lost',
  enemyLosses: 'enemy troops lost',
  held: 'held the field',
};

/** One battle's value of a statistic in words: "won 9–15", "lost by 12", "198". */
export function observedText(statistic: LuckStatistic, x: number): string {
  switch (statistic) {
    case 'wins':
      return x > 0 ? 'won' : x < 0 ? 'lost' : 'no winner';
    case 'rows':
      return x === 0 ? 'no winner' : `${x > 0 ? 'won' : 'lost'} ${rowLabel(Math.abs(x) - 1)}`;
    case 'margin':
      return x === 0
        ? 'no winner'
        : `${x > 0 ? 'won' : 'lost'} by ${Math.abs(x) === 0.5 ? '0 (a tie given)' : Math.abs(x)}`;
    case 'held':
      return x === 1 ? 'held' : 'did not hold';
    default:
      return num(x, 0);
  }
}

const signed = (x: number, digits = 2) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${num(Math.abs(x), digits)}`;
/** Results are signed from the side's view; counts (troops lost, battles held) are not. */
const RESULT_STATISTICS: readonly LuckStatistic[] = ['wins', 'rows', 'margin'];
const valueText = (statistic: LuckStatistic, x: number, digits = 2) =>
  RESULT_STATISTICS.includes(statistic) ? signed(x, digits) : num(x, digits);

/** The words of a record: "B won 9–15, losses 198/38, B held". */
export function recordText(o: ObservedBattle): string {
  const parts: string[] = [];
  const side = (s: 0 | 1) => (s === 0 ? 'A' : 'B');
  if (o.winner !== undefined) {
    const won = o.winner === null ? 'no winner' : `${side(o.winner)} won`;
    const how = o.margin !== undefined ? ` by ${o.margin}` : o.row !== undefined ? ` ${rowLabel(o.row)}` : '';
    parts.push(won + how);
  }
  if (o.losses) parts.push(`lost ${o.losses.map((l) => (l === null ? '?' : num(l, 0))).join('/')} (A/B)`);
  if (o.held !== undefined)
    parts.push(
      o.held === 'both' || o.held === 'neither' || o.held === 'no battle' ? `held: ${o.held}` : `${o.held} held`,
    );
  return parts.join(', ') || 'nothing recorded';
}

const verdictOf = (
  who: string,
  s: LuckPlacement | (Omit<LuckPlacement, 'distribution'> & { battles: number }),
): Text => [
  `${who}, ${SHORT[s.statistic]}: `,
  'battles' in s
    ? `${valueText(s.statistic, s.observed, 1)} over ${s.battles} battles (expected ${valueText(s.statistic, s.expected)})`
    : `${shownValue(s.statistic, s.observed)} (expected ${valueText(s.statistic, s.expected)})`,
  ': percentile ',
  percent(s.midP),
  '; P(≥ observed) ',
  percent(s.atLeast),
  ', P(≤ observed) ',
  percent(s.atMost),
];

/** A value in words with its number where the words are not the number: "lost 9–15 (−2)". */
function shownValue(statistic: LuckStatistic, x: number): string {
  const words = observedText(statistic, x);
  return statistic === 'rows' || statistic === 'margin' ? `${words} (${signed(x, 1)})` : words;
}

const sideName = (b: LuckBattle) => `${b.sides[b.side]} (${b.side === 0 ? 'A' : 'B'})`;

export function presentLuck(r: LuckResult): Document {
  const blocks: Block[] = [];
  const n = r.battles.length;
  blocks.push(heading(`${r.title ?? `Luck: ${r.file}`}${n > 1 ? `, ${n} battles` : ''}`));
  blocks.push(
    run('exact: every tactic pairing × all 10,000 pairs of d100 rolls; percentile = mid-p, P(lower) + ½ P(the same)'),
  );
  const lines: Text[] = [];
  const first = r.battles[0];
  if (r.log && r.headline) {
    const s = r.log.find((x) => x.statistic === r.headline)!;
    const same = r.battles.every((b) => b.sides[b.side] === first.sides[first.side]);
    lines.push(verdictOf(same ? sideName(first) : 'the sides named', s));
  }
  for (const b of n > 1 ? [] : r.battles) for (const s of b.statistics) lines.push(verdictOf(sideName(b), s));
  blocks.push(verdict(...lines));
  blocks.push(gap);
  blocks.push(
    table(
      [
        'battle',
        'for',
        'statistic',
        'observed',
        'expected',
        'P(≤ observed)',
        'P(≥ observed)',
        'percentile',
        'P(this record)',
      ],
      r.battles.flatMap((b) =>
        b.statistics.map((s, k) => [
          k === 0 ? b.name : '',
          k === 0 ? sideName(b) : '',
          SHORT[s.statistic],
          shownValue(s.statistic, s.observed),
          valueText(s.statistic, s.expected, 2),
          percent(s.atMost),
          percent(s.atLeast),
          percent(s.midP),
          k === 0 ? percent(b.probability) : '',
        ]),
      ),
      'Each battle: every recorded number placed in its exact distribution',
    ),
  );
  if (r.log) {
    blocks.push(gap);
    blocks.push(
      table(
        ['over the log', 'battles', 'observed sum', 'expected', 'P(≤ observed)', 'P(≥ observed)', 'percentile'],
        r.log.map((s) => [
          SHORT[s.statistic],
          String(s.battles),
          valueText(s.statistic, s.observed, 1),
          valueText(s.statistic, s.expected, 2),
          percent(s.atMost),
          percent(s.atLeast),
          percent(s.midP),
        ]),
        'The whole log: each statistic summed over the battles that recorded it, placed in the exact distribution of the sum',
      ),
    );
  }
  const impossible = r.battles.filter((b) => b.probability === 0);
  if (impossible.length > 0)
    blocks.push(
      note(
        `impossible under its scenario (probability 0): ${impossible.map((b) => b.name).join(', ')}; check the record or the scenario`,
      ),
    );
  blocks.push(
    note(
      'results are signed from the named side: rows +r won with row r (1 = 1–8), −r lost; a high percentile is good luck, except for own troops lost',
    ),
  );
  if (r.log)
    blocks.push(
      note('the log sums each statistic over independent battles: the exact distribution of the sum by convolution'),
    );
  blocks.push({ type: 'chart', name: 'luck' });
  return { title: r.title ?? `luck ${r.file}`, blocks };
}

export function presentInfer(r: InferResult): Document {
  const blocks: Block[] = [];
  blocks.push(
    heading(
      `${r.title ?? `What is ${r.unknown}?`}: ${r.battles.length} battle${r.battles.length === 1 ? '' : 's'} observed, ${r.sides[0]} (A) vs ${r.sides[1]} (B)`,
    ),
  );
  const prior =
    r.prior.spec === 'uniform'
      ? 'uniform'
      : 'normal' in r.prior.spec
        ? `normal (mean ${r.prior.spec.normal.mean}, sd ${r.prior.spec.normal.sd}) on the grid`
        : 'weights given per value';
  blocks.push(
    run(
      `exact likelihood (every tactic pairing × all 10,000 pairs of d100 rolls) at ${r.grid.length} values of ${r.unknown}, ${r.grid[0]}…${r.grid[r.grid.length - 1]}; prior ${prior}`,
    ),
  );
  const levelText = `${+(r.interval.level * 100).toFixed(1)}%`;
  blocks.push(
    verdict(
      [
        `${r.unknown}: posterior mean `,
        number(r.mean, 1),
        ' (sd ',
        number(r.sd, 1),
        `), ${levelText} credible interval ${r.interval.low}…${r.interval.high}, most probable ${r.mode}`,
      ],
      [
        `next battle (${r.next.scenario}), the uncertainty carried: ${r.sides[0]} wins `,
        percent(r.next.win[0]),
        `, ${r.sides[1]} wins `,
        percent(r.next.win[1]),
        `; were ${r.unknown} known to be ${r.next.atMean.value}: `,
        percent(r.next.atMean.win[0]),
        ' / ',
        percent(r.next.atMean.win[1]),
      ],
    ),
  );
  blocks.push(gap);
  const peak = Math.max(...r.posterior);
  let shown = r.grid.map((_, g) => g).filter((g) => r.posterior[g] >= peak * 0.005);
  if (shown.length > 25) {
    const every = Math.ceil(shown.length / 25);
    shown = shown.filter((_, k) => k % every === 0);
  }
  const likelihoodOf = (g: number) => r.battles.reduce((p, b) => p * b.likelihood[g], 1);
  blocks.push(
    table(
      [r.unknown, 'prior', 'P(records | value)', 'posterior', `${r.sides[0]} wins next`],
      shown.map((g) => [
        num(r.grid[g], 2),
        percent(r.prior.weights[g]),
        percent(likelihoodOf(g)),
        percent(r.posterior[g]),
        percent(r.next.winByValue[g][0]),
      ]),
      `The posterior on the grid (values with at least 0.5% of the peak${shown.length < r.grid.length ? '; the chart shows every value' : ''})`,
    ),
  );
  blocks.push(gap);
  blocks.push(
    table(
      ['battle', 'record', `P(record) at ${r.interval.low}`, `at ${r.mode}`, `at ${r.interval.high}`],
      r.battles.map((b) => {
        const at = (v: number) => percent(b.likelihood[r.grid.indexOf(v)]);
        return [b.name, recordText(b.observed), at(r.interval.low), at(r.mode), at(r.interval.high)];
      }),
      'Each record: its exact probability at values of the unknown',
    ),
  );
  blocks.push(
    note(
      `credible interval: equal tails, the grid values where the posterior's distribution function crosses ${+(((1 - r.interval.level) / 2) * 100).toFixed(2)}% and ${+((1 - (1 - r.interval.level) / 2) * 100).toFixed(2)}% (holding ${(r.interval.mass * 100).toFixed(1)}% of it)`,
    ),
  );
  blocks.push({ type: 'chart', name: 'posterior' }, { type: 'chart', name: 'next-odds' });
  return { title: r.title ?? `infer ${r.unknown}`, blocks };
}
