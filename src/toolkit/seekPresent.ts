/**
 * The document of `warcast seek` (src/present/document.ts), rendered to terminal text, `--markdown` and the report
 * alike: the answer, with its uncertainty on a Monte Carlo kind (the values whose 95% interval still contains the
 * target), and the values around it.
 */
import {
  gap,
  heading,
  note,
  percent,
  run,
  table,
  trials,
  verdict,
  type Document,
  type Text,
} from '../present/document.js';
import { fmtCount } from '../present/format.js';
import { familyWords } from '../stats/family.js';
import type { SeekPoint, SeekResult } from './seek.js';

/** A small level as a percentage: 0.000769 → "0.0769%". */
const levelText = (x: number) => `${+(x * 100).toPrecision(3)}%`;

const meetsText = (p: SeekPoint) =>
  p.holds ? (p.sure ? 'yes' : 'yes (not settled)') : p.sure ? 'no' : 'no (not settled)';

function answerLine(r: SeekResult): Text {
  if (r.value === null) return `no answer: ${r.note ?? 'no value meets the target'}`;
  const u = r.uncertainty;
  if (!u) return `${r.vary} = ${r.value}`;
  // Older results (no family): each value's 95% interval.
  const which = r.familyError ? 'interval at the family’s level' : '95% interval';
  if (u.settled) return `${r.vary} = ${r.value} (no value's ${which} contains ${u.threshold}: settled)`;
  return `${r.vary} = ${r.value}, within noise of the target from ${u.from} to ${u.to}${u.edge ? ' (to the end of the range searched)' : ''}: the values whose ${which} contains ${u.threshold}`;
}

export function presentSeek(r: SeekResult): Document {
  const measure = r.target.split(/[<>]/)[0].trim();
  const around = [r.before, r.at].filter((p): p is SeekPoint => p !== null).sort((a, b) => a.value - b.value);
  const row = (p: SeekPoint): Text[] => [
    String(p.value),
    percent(p.probability, p.ci95),
    p.trials > 0 ? trials(p.trials) : 'exact',
    meetsText(p),
  ];
  const columns = [r.vary, p95(measure, r.method), 'trials', 'meets the target'];
  return {
    title: r.title ?? `seek ${r.vary}`,
    blocks: [
      heading(
        `${r.title ? r.title + ': ' : ''}${r.seek} ${r.vary} in ${r.from}…${r.to} (step ${r.step}) with ${r.target}`,
      ),
      run(
        r.method === 'exact'
          ? `exact odds by bisection; monotone ${r.monotone ? 'yes' : 'NO'} over ${r.checked === 'every value' ? 'every value' : `${r.checked} values checked`}`
          : `Monte Carlo, seed ${r.seed}, the same seed at every value (common random numbers), a sequential test at each${r.stageLevel !== undefined ? ` at its share of the family's 5% (${levelText(r.stageLevel)}: at most ${r.familyPlanned} values visited)` : ''}${r.precision !== null ? `, stopping too once a value is known to ± ${+(r.precision * 100).toPrecision(2)} points${r.trialsBy === 'staged-default' ? ' (the default precision)' : ''}` : ''}; ${fmtCount(r.trials)} trials in all over ${r.evaluated.length} values; monotone ${r.monotone ? 'yes' : 'NO'}`,
      ),
      gap,
      verdict(answerLine(r)),
      ...(r.value !== null && r.note ? [note(`note: ${r.note}`)] : []),
      ...(around.length ? [gap, table(columns, around.map(row), 'At the answer and the value before it')] : []),
      ...(r.explanation?.length ? [gap, ...r.explanation.map((l) => note(`why it jumps: ${l}`))] : []),
      ...(r.familyError
        ? [
            note(
              `each value visited is a claim (the target holds, or fails, surely): ${familyWords(r.familyError, 'values visited')}; a value is settled when its interval at its family level (the procedure's, split over its test's looks) excludes ${r.uncertainty?.threshold ?? r.target.split(/[<>]=?/)[1].trim()}, not its 95% interval alone (--json: familyLevel, ciFamily)`,
            ),
          ]
        : []),
      table(columns, r.evaluated.map(row), 'Every value evaluated', 'report'),
    ],
  };
}

const p95 = (measure: string, method: SeekResult['method']) => (method === 'exact' ? measure : `${measure} (95%)`);
