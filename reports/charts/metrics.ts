/** A metric kind's proportions (src/toolkit/metricKind.ts): one bar each, with its 95% interval. */
import { base, chartText, PALETTE, r6, type TopLevelSpec } from '../spec.js';

export interface MetricsChartInput {
  title: string;
  proportions: { label: string; p: number; lo: number; hi: number }[];
}

export function metricsChart(i: MetricsChartInput): TopLevelSpec {
  const values = i.proportions.map((m) => ({ label: chartText(m.label), p: r6(m.p), lo: r6(m.lo), hi: r6(m.hi) }));
  const y = { field: 'label', type: 'nominal' as const, title: null, sort: null, axis: { labelLimit: 260 } };
  return {
    ...base(i.title, 'bar: the estimate; rule: its 95% interval'),
    description: 'Each proportion the kind reports, with its 95% interval.',
    width: 'container',
    height: { step: 28 },
    data: { values },
    layer: [
      {
        mark: { type: 'bar', color: PALETTE[0], opacity: 0.8 },
        encoding: {
          y,
          x: {
            field: 'p',
            type: 'quantitative',
            title: 'probability',
            axis: { format: '.0%' },
            scale: { domain: [0, 1] },
          },
          tooltip: [
            { field: 'label', type: 'nominal', title: 'measure' },
            { field: 'p', type: 'quantitative', format: '.1%', title: 'estimate' },
            { field: 'lo', type: 'quantitative', format: '.1%', title: '95% from' },
            { field: 'hi', type: 'quantitative', format: '.1%', title: '95% to' },
          ],
        },
      },
      {
        mark: { type: 'rule', color: '#222' },
        encoding: { y, x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } },
      },
    ],
  } as TopLevelSpec;
}
