/**
 * "At most / at least" curves: P(X ≤ x) as a step line per series, for casualties and legions
 * lost. The input is the result's cumulative arrays (values with `atMost` and `atLeast`), nothing recomputed; long
 * curves are thinned for drawing (at most about 120 points each, none skipping more than 1/120 of probability).
 */
import { base, chartText, PALETTE, r6, SIDE_COLOURS, type TopLevelSpec } from '../spec.js';

export interface AtMostSeries {
  label: string;
  values: number[];
  atMost: number[];
  atLeast: number[];
}

export interface AtMostChartInput {
  title: string;
  subtitle: string;
  /** The x axis: what is counted ("troops lost", "legions lost"). */
  what: string;
  series: AtMostSeries[];
  /** Two series of two sides: the side colours; otherwise the palette. */
  sideColours?: boolean;
  /** One colour per series (e.g. each player's own colour), overriding the palette. */
  colours?: string[];
}

/** At most this many points per curve are drawn: P(≤ x) moves by at most 1/STEPS between two drawn points. */
const STEPS = 120;

/** The indices of a curve's points to draw: the first, then each where P(≤ x) has risen 1/STEPS since the last kept. */
export function thinned(atMost: readonly number[]): number[] {
  const keep: number[] = [];
  let last = -1;
  atMost.forEach((p, j) => {
    if (j === 0 || j === atMost.length - 1 || p - last >= 1 / STEPS) {
      keep.push(j);
      last = p;
    }
  });
  return keep;
}

export function atMostChart(i: AtMostChartInput): TopLevelSpec {
  const labels = i.series.map((s) => chartText(s.label));
  let longest = 0;
  const values = i.series.flatMap((s, k) => {
    // Start each curve at P(≤ x) = 0 just below its smallest value, so the step is drawn from the axis up.
    const first = s.values.length > 0 && s.values[0] > 0 ? [{ series: labels[k], x: 0, atMost: 0, atLeast: 1 }] : [];
    const keep = thinned(s.atMost);
    longest = Math.max(longest, keep.length);
    return [
      ...first,
      ...keep.map((j) => ({ series: labels[k], x: s.values[j], atMost: r6(s.atMost[j]), atLeast: r6(s.atLeast[j]) })),
    ];
  });
  const colours =
    i.colours?.length === labels.length
      ? i.colours
      : i.sideColours && labels.length === 2
        ? [...SIDE_COLOURS]
        : labels.map((_, k) => PALETTE[k % PALETTE.length]);
  return {
    ...base(i.title, i.subtitle),
    description: `Cumulative curves: P(${i.what} ≤ x) per series.`,
    width: 560,
    height: 240,
    data: { values },
    mark: { type: 'line', interpolate: 'step-after', point: longest <= 40 ? { size: 20 } : false },
    encoding: {
      x: { field: 'x', type: 'quantitative', title: i.what },
      y: {
        field: 'atMost',
        type: 'quantitative',
        scale: { domain: [0, 1] },
        axis: { format: '.0%' },
        title: `P(${i.what} ≤ x)`,
      },
      color: { field: 'series', type: 'nominal', sort: labels, scale: { domain: labels, range: colours }, title: null },
      tooltip: [
        { field: 'series', type: 'nominal' },
        { field: 'x', type: 'quantitative', title: i.what },
        { field: 'atMost', type: 'quantitative', format: '.2%', title: 'P(at most x)' },
        { field: 'atLeast', type: 'quantitative', format: '.2%', title: 'P(at least x)' },
      ],
    },
  };
}
