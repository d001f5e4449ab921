/**
 * A divided battle's answer in a few numbers (the what-if page's verdict panel): who wins the day (by the
 * scenario's rule), exactly, the day's outcome as one bar, and each pairing's odds.
 */
import type { DividedResult } from './result.js';
import { percent, type Headline, type HeadlineFigure } from '../../present/document.js';

export function dividedHeadline(r: DividedResult): Headline {
  const o = r.outcome;
  const fav: 0 | 1 = o.day.win[0] >= o.day.win[1] ? 0 : 1;
  const facts: HeadlineFigure[] = o.pairings.map((p, i) => ({
    label: `${p.names[0]} beats ${p.names[1]}`,
    value: percent(p.win[0]),
    path: ['outcome', 'pairings', i, 'win', 0],
  }));
  return {
    sides: r.sides,
    lead: `${r.sides[fav]} wins the day`,
    leadSide: fav,
    figure: { label: 'to win the day', value: percent(o.day.win[fav]), path: ['outcome', 'day', 'win', fav] },
    outcome: {
      label: `who wins the day (by ${r.policies.winsTheDay})`,
      parts: [
        { label: `${r.sides[0]} wins`, value: percent(o.day.win[0]), path: ['outcome', 'day', 'win', 0], side: 0 },
        { label: 'neither', value: percent(o.day.neither), path: ['outcome', 'day', 'neither'], side: null },
        { label: `${r.sides[1]} wins`, value: percent(o.day.win[1]), path: ['outcome', 'day', 'win', 1], side: 1 },
      ],
    },
    facts,
    method: { exact: true, how: "exact: each pairing's 10,000 pairs of d100 rolls" },
  };
}
