/** Sweep curve: how a side's odds move with one scenario parameter (the `sweep` result, issue 3). */
import { base, r6, SIDE_COLOURS, type TopLevelSpec } from '../spec.js';

/**
 * - `parameter`: what was varied (axis title), e.g. "A bonus" or "B troops";
 * - `side`: whose win probability `win` is (e.g. "A: Orcs of the Broken Fang");
 * - `points`: one per swept value, ascending: the estimate `win` and its 95% interval [`lo`, `hi`]
 *   (lo = hi = win for exact points);
 * - `exact`: exact odds at the same values, drawn as dots (optional).
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
    ...base('What it is worth', `P(${i.side} wins) as ${i.parameter} varies; band: 95% interval` + (i.exact?.length ? '; dots: exact odds' : '')),
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
        mark: { type: 'line', point: true, color: SIDE_COLOURS[0] },
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
        mark: { type: 'point', shape: 'diamond', filled: true, color: 'black', size: 40 },
        encoding: { x, y: { field: 'p', type: 'quantitative' } },
      },
    ],
  };
}
