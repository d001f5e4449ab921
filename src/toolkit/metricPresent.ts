/**
 * The document of a metric kind's primary analysis (src/toolkit/metricKind.ts; src/present/document.ts), rendered
 * to terminal text, `--markdown` and the report alike: each measure with its noise.
 */
import { heading, meanWithSd, note, percent, run, table, trials, type Document } from '../present/document.js';
import { fmtCount } from '../present/format.js';
import type { MetricResult } from './metricKind.js';

export function presentMetrics(r: MetricResult): Document {
  const title = `${r.kind}: ${r.measures.map((m) => m.label).join(', ')}`;
  return {
    title,
    blocks: [
      heading(title),
      run(
        `${fmtCount(r.trials)} trials, seed ${r.seed}, ${r.threads} thread${r.threads === 1 ? '' : 's'}${r.precision !== null ? `, until known to ± ${+(r.precision * 100).toPrecision(2)} points` : ''}${r.interrupted ? ' (interrupted: the trials finished)' : ''}`,
      ),
      table(
        ['measure', 'estimate', '95% interval or SD', 'trials'],
        r.measures.map((m) => [
          m.label,
          m.type === 'proportion' ? percent(m.value, m.ci95) : meanWithSd(m.value, m.sd ?? 0, 2),
          m.type === 'proportion'
            ? `${(m.ci95[0] * 100).toFixed(1)}–${(m.ci95[1] * 100).toFixed(1)}%`
            : `SD ${(m.sd ?? 0).toFixed(2)}; mean ${m.ci95[0].toFixed(2)}–${m.ci95[1].toFixed(2)} (95%)`,
          trials(r.trials),
        ]),
        'Each measure',
      ),
      note(
        'proportions: Wilson 95% intervals; means: the SD from one trial to the next and the mean’s own 95% interval (Student’s t over the trials)',
      ),
    ],
  };
}
