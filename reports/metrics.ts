/**
 * The report of a metric kind's primary analysis (src/toolkit/metricKind.ts): its measures' table and a chart of
 * its proportions with their 95% intervals. Built from the result alone.
 */
import type { MetricResult } from '../src/toolkit/metricKind.js';
import { presentMetrics } from '../src/toolkit/metricPresent.js';
import { metricsChart } from './charts/metrics.js';
import { documentContent, type ReportContent } from './content.js';
import { elapsedText } from './save.js';

export function metricReport(r: MetricResult, file: string, sources: readonly string[] = []): ReportContent {
  const proportions = r.measures.filter((m) => m.type === 'proportion');
  return documentContent(presentMetrics(r), {
    facts: [
      ['scenario', file],
      ['method', 'Monte Carlo'],
      ['seed', String(r.seed)],
      ['trials', r.trials.toLocaleString('en-US')],
      ['threads', String(r.threads)],
      ['elapsed', elapsedText(r.elapsedMs)],
    ],
    sources: [...sources],
    charts: proportions.length
      ? [
          {
            name: 'measures',
            title: 'Measures',
            caption: 'Each proportion the kind reports, with its 95% interval.',
            spec: metricsChart({
              title: 'Measures',
              proportions: proportions.map((m) => ({ label: m.label, p: m.value, lo: m.ci95[0], hi: m.ci95[1] })),
            }),
          },
        ]
      : [],
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}
