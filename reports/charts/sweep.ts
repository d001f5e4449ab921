/** Sweep curve: how a side's odds move with one scenario parameter (the `sweep` result, issue 3). */
import { base, chartText, r6, SIDE_COLOURS, sideLabels, type TopLevelSpec } from '../spec.js';

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
  const values: Record<string, unknown>[] = i.points.map((p) => ({ kind: 'run', value: p.value, p: r6(p.win), lo: r6(p.lo), hi: r6(p.hi) }));
  for (const e of i.exact ?? []) values.push({ kind: 'exact', value: e.value, p: r6(e.win) });
  const x = { field: 'value', type: 'quantitative' as const, scale: { zero: false }, title: i.parameter };
  return {
    ...base('What it is worth', `P(${i.side} wins) as ${i.parameter} varies; band: 95% interval` + (i.exact?.length ? '; dashed: exact odds' : '')),
    description: 'Sweep curve with interval band.',
    width: 560,
    height: 260,
    data: { values },
    layer: [
      {
        transform: [{ filter: "datum.kind === 'run'" }],
        params: [{ name: 'zoom', select: { type: 'interval', encodings: ['x', 'y'] }, bind: 'scales' }],
        mark: { type: 'area', opacity: 0.25, color: SIDE_COLOURS[0] },
        encoding: { x, y: { field: 'lo', type: 'quantitative', scale: { domain: [0, 1] }, axis: { format: '.0%' }, title: 'P(win)' }, y2: { field: 'hi' } },
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
  const values = i.points.flatMap((p) => [0, 1].map((s) => ({ value: p.value, side: labels[s], lost: r6(p.casualties[s]) })));
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
      color: { field: 'side', type: 'nominal', scale: { domain: labels, range: [...SIDE_COLOURS] }, legend: { orient: 'top', title: null, labelLimit: 260 } },
      tooltip: [
        { field: 'side', type: 'nominal' },
        { field: 'value', type: 'quantitative', title: chartText(i.parameter) },
        { field: 'lost', type: 'quantitative', format: ',.1f', title: 'mean troops lost' },
      ],
    },
  };
}
