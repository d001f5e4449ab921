/**
 * Reports of the designer's toolkit (`seek`, `worth`, `tournament` with --report): built from the result alone.
 */
import { pct } from '../src/text/format.js';
import type { SeekResult } from '../src/analysis/seek.js';
import { seekChart } from './charts/toolkit.js';
import type { ReportContent, Table } from './content.js';
import { elapsedText } from './save.js';
import { WAR_MACHINE_SOURCES } from './warMachine.js';
import { SIEGE_SOURCES } from './siege.js';
import { CASCADE_SOURCES } from './cascade.js';

const SEEK_SOURCE = 'Search methods (bisection, the sequential test, common random numbers): docs/design.md, “seek”.';

export function seekReport(r: SeekResult, file: string): ReportContent {
  const measure = r.target.split(/[<>]/)[0].trim();
  const threshold = Number(r.target.split(/[<>]=?/)[1]);
  const sources = r.kind === 'war-machine' ? WAR_MACHINE_SOURCES : r.kind === 'siege' ? SIEGE_SOURCES : CASCADE_SOURCES;
  const table: Table = {
    caption: 'Values evaluated',
    columns: [r.vary, measure, '95% interval', 'trials', 'meets the target'],
    rows: r.evaluated.map((p) => [String(p.value), pct(p.probability), p.ci95 ? `${pct(p.ci95[0])}–${pct(p.ci95[1])}` : 'exact', p.trials.toLocaleString('en-US'), p.holds ? (p.sure ? 'yes' : 'yes (not settled)') : p.sure ? 'no' : 'no (not settled)']),
  };
  const facts: [string, string][] = [
    ['scenario', file],
    ['searched', `${r.seek} ${r.vary} in ${r.from}…${r.to} step ${r.step}`],
    ['target', r.target],
    ['answer', r.value === null ? `none (${r.note ?? ''})` : String(r.value)],
    ['method', r.method === 'exact' ? 'exact odds, bisection' : `Monte Carlo, seed ${r.seed}, common random numbers, sequential test; ${r.trials.toLocaleString('en-US')} trials in all`],
    ['monotone', `${r.monotone ? 'yes' : 'no'} (${r.checked === 'every value' ? 'every value checked' : `${r.checked} values checked`})`],
    ['elapsed', elapsedText(r.elapsedMs)],
  ];
  if (r.note && r.value !== null) facts.push(['note', r.note]);
  return {
    title: r.title ?? `seek ${r.vary}`,
    lead: `The ${r.seek} ${r.vary} with ${r.target}: ${r.value ?? 'none'}`,
    facts,
    tables: [table],
    sources: [...sources, SEEK_SOURCE],
    charts: [
      {
        name: 'seek',
        title: 'The search',
        caption: `${measure} at every value the search tried (bars: 95% intervals of Monte Carlo values), the target as a dashed line and the answer as a vertical line.`,
        spec: seekChart({ parameter: r.vary, measure, threshold, answer: r.value, points: r.evaluated.map((p) => ({ value: p.value, p: p.probability, lo: p.ci95?.[0] ?? p.probability, hi: p.ci95?.[1] ?? p.probability })) }),
      },
    ],
    resultJson: JSON.stringify(r, null, 2) + '\n',
  };
}
