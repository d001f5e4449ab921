/** Sweep curve: how a side's odds move with one scenario parameter (the `sweep` result). */
import { base, chartText, NEUTRAL_COLOUR, PALETTE, r6, SIDE_COLOURS, sideLabels, type TopLevelSpec } from '../spec.js';

/**
 * - `parameter`: what was varied (axis title), e.g. "A bonus" or "B troops";
 * - `side`: whose win probability `win` is (e.g. "A: Orcs of the Broken Fang");
 * - `points`: one per swept value, ascending: the estimate `win` and its 95% interval [`lo`, `hi`]
 *   (lo = hi = win for exact points);
 * - `exact`: exact odds at the same values, drawn as a dashed black line (optional).
 */
export interface SweepChartInput {
  parameter: string;
  side: string;
  points: { value: number; win: number; lo: number; hi: number }[];
  exact?: { value: number; win: number }[];
}

export function sweepChart(i: SweepChartInput): TopLevelSpec {
  const values: Record<string, unknown>[] = i.points.map((p) => ({
    kind: 'run',
    value: p.value,
    p: r6(p.win),
    lo: r6(p.lo),
    hi: r6(p.hi),
  }));
  for (const e of i.exact ?? []) values.push({ kind: 'exact', value: e.value, p: r6(e.win) });
  const x = { field: 'value', type: 'quantitative' as const, scale: { zero: false }, title: i.parameter };
  return {
    ...base(
      'What it is worth',
      `P(${i.side} wins) as ${i.parameter} varies; band: 95% interval` +
        (i.exact?.length ? '; dashed: exact odds' : '') +
        '; grey rule: 50%',
    ),
    description: 'Sweep curve with interval band.',
    width: 560,
    height: 260,
    data: { values },
    layer: [
      {
        transform: [{ filter: "datum.kind === 'run'" }],
        params: [{ name: 'zoom', select: { type: 'interval', encodings: ['x', 'y'] }, bind: 'scales' }],
        mark: { type: 'area', opacity: 0.25, color: SIDE_COLOURS[0] },
        encoding: {
          x,
          y: { field: 'lo', type: 'quantitative', scale: { domain: [0, 1] }, axis: { format: '.0%' }, title: 'P(win)' },
          y2: { field: 'hi' },
        },
      },
      {
        transform: [{ filter: "datum.kind === 'run'" }],
        mark: { type: 'line', point: { color: SIDE_COLOURS[0] }, color: SIDE_COLOURS[0] },
        encoding: {
          x,
          y: { field: 'p', type: 'quantitative' },
          tooltip: [
            { field: 'value', type: 'quantitative', title: i.parameter },
            { field: 'p', type: 'quantitative', format: '.2%', title: 'P(win)' },
            { field: 'lo', type: 'quantitative', format: '.2%', title: '95% low' },
            { field: 'hi', type: 'quantitative', format: '.2%', title: '95% high' },
          ],
        },
      },
      {
        transform: [{ filter: "datum.kind === 'exact'" }],
        mark: { type: 'line', color: 'black', strokeDash: [4, 3], strokeWidth: 1.2 },
        encoding: { x, y: { field: 'p', type: 'quantitative' } },
      },
      // Even odds: where the curve crosses it, the swept value turns the battle.
      {
        data: { values: [{ half: 0.5 }] },
        mark: { type: 'rule', color: NEUTRAL_COLOUR, strokeDash: [3, 3] },
        encoding: { y: { field: 'half', type: 'quantitative' } },
      },
    ],
  };
}

/** Mean troops lost by each side at each swept value. */
export interface SweepCasualtiesInput {
  parameter: string;
  sides: [string, string];
  points: { value: number; casualties: [number, number] }[];
}

export function sweepCasualtiesChart(i: SweepCasualtiesInput): TopLevelSpec {
  const labels = sideLabels(i.sides);
  const values = i.points.flatMap((p) =>
    [0, 1].map((s) => ({ value: p.value, side: labels[s], lost: r6(p.casualties[s]) })),
  );
  return {
    ...base('What it costs', `mean troops lost per battle by each side as ${chartText(i.parameter)} varies`),
    description: 'Sweep: mean casualties per side.',
    width: 560,
    height: 220,
    data: { values },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'value', type: 'quantitative', scale: { zero: false }, title: chartText(i.parameter) },
      y: { field: 'lost', type: 'quantitative', title: 'mean troops lost' },
      color: {
        field: 'side',
        type: 'nominal',
        scale: { domain: labels, range: [...SIDE_COLOURS] },
        legend: { orient: 'top', title: null, labelLimit: 260 },
      },
      tooltip: [
        { field: 'side', type: 'nominal' },
        { field: 'value', type: 'quantitative', title: chartText(i.parameter) },
        { field: 'lost', type: 'quantitative', format: ',.1f', title: 'mean troops lost' },
      ],
    },
  };
}

/**
 * Probability lines against one swept value (a siege's P(held), a cascade's P(held) per location): one line per
 * series with its 95% band, a different dash and point shape for each so overlapping lines stay apart, and a 50% rule.
 */
export interface SweepLinesInput {
  title: string;
  parameter: string;
  yTitle: string;
  series: { name: string; points: { value: number; p: number; lo: number; hi: number }[] }[];
}

/**
 * The swept value's axis: whole-number ticks ("6, 8, 10", never "6.0, 7.0") when every value swept is whole (a
 * count of weeks, troops or legions); otherwise the chart's own ticks.
 */
export function sweptAxis(values: readonly number[]): { format: string; tickMinStep: number } | undefined {
  return values.length > 0 && values.every(Number.isInteger) ? { format: 'd', tickMinStep: 1 } : undefined;
}
const axisOf = (values: readonly number[]) => {
  const a = sweptAxis(values);
  return a ? { axis: a } : {};
};

const DASHES = [
  [1, 0],
  [6, 3],
  [2, 2],
  [8, 3, 2, 3],
];
const SHAPES = ['circle', 'square', 'triangle-up', 'diamond', 'cross'];

export function sweepLinesChart(i: SweepLinesInput): TopLevelSpec {
  const names = i.series.map((s) => chartText(s.name));
  const values = i.series.flatMap((s, k) =>
    s.points.map((p) => ({ series: names[k], value: p.value, p: r6(p.p), lo: r6(p.lo), hi: r6(p.hi) })),
  );
  const x = {
    field: 'value',
    type: 'quantitative' as const,
    scale: { zero: false },
    title: chartText(i.parameter),
    ...axisOf(values.map((v) => v.value)),
  };
  // One legend for colour, dash and point shape (the same field): it shows each series' line as drawn.
  const legend = names.length > 1 ? { orient: 'top' as const, title: null, labelLimit: 260 } : null;
  const colour = {
    field: 'series',
    type: 'nominal' as const,
    scale: { domain: names, range: PALETTE.slice(0, Math.max(1, names.length)) },
    legend,
  };
  return {
    ...base(i.title, `${i.yTitle} as ${chartText(i.parameter)} varies; band: 95% interval; grey rule: 50%`),
    description: 'Sweep of a siege or cascade: probability against the swept value.',
    width: 560,
    height: 260,
    data: { values },
    layer: [
      {
        mark: { type: 'area', opacity: 0.18 },
        encoding: {
          x,
          y: { field: 'lo', type: 'quantitative', scale: { domain: [0, 1] }, axis: { format: '.0%' }, title: i.yTitle },
          y2: { field: 'hi' },
          color: colour,
        },
      },
      {
        params: [{ name: 'zoom', select: { type: 'interval', encodings: ['x', 'y'] }, bind: 'scales' }],
        mark: { type: 'line', point: { filled: true, size: 40 } },
        encoding: {
          x,
          y: { field: 'p', type: 'quantitative' },
          color: colour,
          strokeDash: {
            field: 'series',
            type: 'nominal',
            scale: { domain: names, range: names.map((_, k) => DASHES[k % DASHES.length]) },
            legend,
          },
          shape: {
            field: 'series',
            type: 'nominal',
            scale: { domain: names, range: names.map((_, k) => SHAPES[k % SHAPES.length]) },
            legend,
          },
          tooltip: [
            { field: 'series', type: 'nominal' },
            { field: 'value', type: 'quantitative', title: chartText(i.parameter) },
            { field: 'p', type: 'quantitative', format: '.2%', title: i.yTitle },
          ],
        },
      },
      {
        data: { values: [{ half: 0.5 }] },
        mark: { type: 'rule', color: NEUTRAL_COLOUR, strokeDash: [3, 3] },
        encoding: { y: { field: 'half', type: 'quantitative' } },
      },
    ],
  };
}

/** Mean values (weeks to fall, losses) against one swept value: one line per series. */
export function sweepMeansChart(i: {
  title: string;
  parameter: string;
  yTitle: string;
  series: { name: string; points: { value: number; y: number | null }[] }[];
}): TopLevelSpec {
  const names = i.series.map((s) => chartText(s.name));
  const values = i.series.flatMap((s, k) =>
    s.points.filter((p) => p.y !== null).map((p) => ({ series: names[k], value: p.value, y: r6(p.y!) })),
  );
  return {
    ...base(i.title, `${i.yTitle} as ${chartText(i.parameter)} varies`),
    description: 'Sweep of a siege or cascade: means against the swept value.',
    width: 560,
    height: 220,
    data: { values },
    mark: { type: 'line', point: { filled: true, size: 40 } },
    encoding: {
      x: {
        field: 'value',
        type: 'quantitative',
        scale: { zero: false },
        title: chartText(i.parameter),
        ...axisOf(values.map((v) => v.value)),
      },
      y: { field: 'y', type: 'quantitative', title: i.yTitle },
      color: {
        field: 'series',
        type: 'nominal',
        scale: { domain: names, range: PALETTE.slice(0, Math.max(1, names.length)) },
        legend: names.length > 1 ? { orient: 'top', title: null, labelLimit: 260 } : null,
      },
      strokeDash: {
        field: 'series',
        type: 'nominal',
        scale: { domain: names, range: names.map((_, k) => DASHES[k % DASHES.length]) },
        legend: names.length > 1 ? { orient: 'top', title: null, labelLimit: 260 } : null,
      },
      tooltip: [
        { field: 'series', type: 'nominal' },
        { field: 'value', type: 'quantitative', title: chartText(i.parameter) },
        { field: 'y', type: 'quantitative', format: ',.2f', title: i.yTitle },
      ],
    },
  };
}

/** Two swept fields: a heatmap of a probability, cells annotated. */
export function sweepHeatmapChart(i: {
  title: string;
  xTitle: string;
  yTitle: string;
  measure: string;
  cells: { x: number; y: number; p: number }[];
}): TopLevelSpec {
  const values = i.cells.map((c) => ({ x: c.x, y: c.y, p: r6(c.p) }));
  const x = { field: 'x', type: 'ordinal' as const, title: chartText(i.xTitle), sort: 'ascending' as const };
  const y = { field: 'y', type: 'ordinal' as const, title: chartText(i.yTitle), sort: 'descending' as const };
  return {
    ...base(i.title, `${i.measure} for each pair of values`),
    description: 'Sweep of two fields: heatmap.',
    data: { values },
    width: { step: 44 },
    height: { step: 26 },
    layer: [
      {
        mark: 'rect',
        encoding: {
          x,
          y,
          color: {
            field: 'p',
            type: 'quantitative',
            scale: { domain: [0, 1], scheme: 'blueorange' },
            legend: { format: '.0%', title: i.measure },
          },
          tooltip: [
            { field: 'x', type: 'ordinal', title: chartText(i.xTitle) },
            { field: 'y', type: 'ordinal', title: chartText(i.yTitle) },
            { field: 'p', type: 'quantitative', format: '.1%', title: i.measure },
          ],
        },
      },
      {
        mark: { type: 'text', fontSize: 10 },
        encoding: {
          x,
          y,
          text: { field: 'p', type: 'quantitative', format: '.0%' },
          color: { condition: { test: 'datum.p > 0.25 && datum.p < 0.75', value: 'black' }, value: 'white' },
        },
      },
    ],
  };
}
