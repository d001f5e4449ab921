/** The document of `warcast compare`: two scenarios of one kind side by side, the difference, and whether it is beyond noise. */
import type { CompareResult, CompareRow } from '../../analysis/compare.js';
import { gap, heading, note, number, percent, table, type Document, type Text } from '../../present/document.js';
import { grouped, num } from '../../present/format.js';

const value = (r: CompareRow, x: number): Text => (r.unit === 'probability' ? percent(x) : number(x));
const diff = (r: CompareRow) =>
  r.unit === 'probability'
    ? `${r.difference >= 0 ? '+' : '−'}${(Math.abs(r.difference) * 100).toFixed(2)} points`
    : `${r.difference >= 0 ? '+' : '−'}${num(Math.abs(r.difference))}`;
const verdict = (r: CompareRow) =>
  r.exact
    ? r.beyondNoise
      ? 'yes (exact)'
      : 'no (exact)'
    : r.beyondNoise === null
      ? 'not estimated'
      : r.beyondNoise
        ? 'yes'
        : 'no (within noise)';

export function presentCompare(r: CompareResult): Document {
  return {
    title: `${r.files[0]} against ${r.files[1]}`,
    blocks: [
      heading(
        `${r.kind}: ${r.files[0]} (A) against ${r.files[1]} (B), seed ${r.seed} for both (the same dice), ${grouped(r.trials[0])} trials each`,
      ),
      gap,
      table(
        ['', `A: ${r.files[0]}`, `B: ${r.files[1]}`, 'B − A', 'beyond noise?'],
        r.rows.map((x) => [x.metric, value(x, x.a), value(x, x.b), diff(x), verdict(x)]),
        'Side by side',
      ),
      note(
        'beyond noise: the difference is larger than its 95% interval (treating the runs as independent, which overstates the noise; means read their spread from the 5th–95th percentiles)',
      ),
    ],
  };
}
