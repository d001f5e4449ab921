/** The document of `warcast compare`: two scenarios of one kind side by side, the difference with its interval (at the family’s level: the rows with noise are many claims at once), and whether it is beyond noise. */
import type { CompareResult, CompareRow } from '../../toolkit/compare.js';
import {
  change,
  gap,
  heading,
  meanWithSd,
  note,
  number,
  percent,
  table,
  type Document,
  type Text,
} from '../../present/document.js';
import { grouped } from '../../present/format.js';
import { familyWords } from '../../stats/family.js';

/** A's or B's number: a mean with the SD of what it averages (its spread, from sums of squares) when known. */
const value = (r: CompareRow, x: number, side: 0 | 1): Text =>
  r.unit === 'probability' ? percent(x) : r.sd ? meanWithSd(x, r.sd[side]) : number(x);
const diff = (r: CompareRow): Text => {
  // The interval the row was judged at: the family's when there is one (older results: its own 95%).
  const c = change(r.difference, r.exact ? null : (r.ciFamily ?? r.ci95), r.unit === 'probability');
  return r.beyondNoise === false && !r.exact ? [c, ' within noise'] : c;
};
const verdict = (r: CompareRow) =>
  r.exact
    ? r.beyondNoise
      ? 'yes (exact)'
      : 'no (exact)'
    : r.beyondNoise === null
      ? 'not estimated'
      : r.beyondNoise
        ? `yes (${r.interval})`
        : `no (${r.interval})`;

export function presentCompare(r: CompareResult): Document {
  return {
    title: `${r.files[0]} against ${r.files[1]}`,
    blocks: [
      heading(
        `${r.kind}: ${r.files[0]} (A) against ${r.files[1]} (B), seed ${r.seed} for both (the same dice), ${r.trials[0] === r.trials[1] ? `${grouped(r.trials[0])} trials each` : `${grouped(r.trials[0])} trials (A) and ${grouped(r.trials[1])} (B)`}${r.precision !== undefined ? `, until known to ± ${+(r.precision * 100).toPrecision(2)} points${r.trialsBy === 'staged-default' ? ' (the default precision)' : ''}` : ''}`,
      ),
      gap,
      table(
        // The heading names the files A and B: a path as a column header would widen the table past any screen.
        [
          '',
          'A',
          'B',
          r.familyError ? 'B − A [interval at the family’s level]' : 'B − A [95% interval]',
          'beyond noise?',
        ],
        r.rows.map((x) => [x.metric, value(x, x.a, 0), value(x, x.b, 1), diff(x), verdict(x)]),
        'Side by side',
      ),
      note(
        `${r.familyError ? `beyond noise: the interval of B − A at the family’s level excludes zero — the ${r.familyError.claims} rows with noise are claims made at once, held by ${familyWords(r.familyError, 'rows')} (${r.familyError.findings} beyond noise), not 95% each; --json keeps each row’s own 95% interval (ci95)` : 'beyond noise: the 95% interval of B − A excludes zero'}. paired: both runs share each chunk of trials’ dice, and the interval comes from the chunk-by-chunk differences; bound: too few chunks to pair, the two standard errors added (holds whatever the runs share), or where a run saw a probability only at 0% or 100%, the interval from each run’s Wilson interval (Newcombe’s), never of no width; independent: each run’s Wilson interval (a probability) or its standard deviation from sums of squares (a mean), the runs treated as independent; not estimated: no spread known. A mean’s SD is the spread of what it averages (one trial to the next), not its noise: the noise is the interval of B − A. B − A of a probability is in percentage points (pt: from 30% to 45% is +15 pt).`,
      ),
    ],
  };
}
