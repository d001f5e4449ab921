/**
 * War Machine battle charts (the `odds` result): win probability, casualty distributions, results rows and
 * convergence. Each builder takes a small plain input (documented on the type) and returns a Vega-Lite spec
 * with its data inline.
 */
import { pct } from '../../src/present/format.js';
import { discreteQuantile, type Discrete } from '../../src/stats/index.js';
import { base, NEUTRAL_COLOUR, niceStep, r6, SIDE_COLOURS, sideLabels, type TopLevelSpec } from '../spec.js';

/**
 * Win probability per side.
 * - `win[s]`: the estimate (Monte Carlo) or the exact value (exact mode);
 * - `ci95[s]`: its 95% interval, null in exact mode (no sampling error);
 * - `exact[s]`: exact odds drawn as a black tick over the bar, null when the bar already is exact;
 * - `noWinner`: P(no side wins: no battle or a standing tie); a grey bar when > 0;
 * - `noBattle`: the part of it with no battle at all (neither side attacks): its own grey bar, "no battle", the
 *   rest ("no winner (standing tie)") another.
 */
export interface WinChartInput {
  sides: [string, string];
  win: [number, number];
  ci95: [[number, number], [number, number]] | null;
  exact: [number, number] | null;
  noWinner: number;
  noBattle?: number;
}

export function winProbabilityChart(i: WinChartInput): TopLevelSpec {
  const labels = sideLabels(i.sides);
  const rows = [0, 1].map((s) => ({
    label: labels[s],
    p: r6(i.win[s]),
    lo: i.ci95 ? r6(i.ci95[s][0]) : null,
    hi: i.ci95 ? r6(i.ci95[s][1]) : null,
    exact: i.exact ? r6(i.exact[s]) : null,
    text: pctText(i.win[s]) + (i.ci95 ? ` ± ${((100 * (i.ci95[s][1] - i.ci95[s][0])) / 2).toFixed(2)}` : ''),
  }));
  const noBattle = i.noBattle ?? 0;
  const standing = i.noWinner - noBattle;
  if (noBattle > 0)
    rows.push({ label: 'no battle', p: r6(noBattle), lo: null, hi: null, exact: null, text: pctText(noBattle) });
  if (standing > 1e-12)
    rows.push({
      label: noBattle > 0 ? 'no winner (standing tie)' : 'no winner',
      p: r6(standing),
      lo: null,
      hi: null,
      exact: null,
      text: pctText(standing),
    });
  const domain = rows.map((r) => r.label);
  const subtitle = [
    i.ci95
      ? 'bars: Monte Carlo estimate with its 95% Wilson interval'
      : 'exact odds (every pair of d100 rolls enumerated)',
    i.exact ? 'black tick: exact odds' : null,
  ]
    .filter(Boolean)
    .join('; ');
  return {
    ...base('Who wins', subtitle),
    description: 'Win probability of each side with 95% error bars; exact odds marked.',
    width: 460,
    height: { step: 38 },
    data: { values: rows },
    encoding: {
      y: { field: 'label', type: 'nominal', sort: domain, title: null, axis: { labelLimit: 240 } },
    },
    layer: [
      {
        mark: { type: 'bar', height: { band: 0.62 } },
        encoding: {
          x: {
            field: 'p',
            type: 'quantitative',
            scale: { domain: [0, 1] },
            axis: { format: '.0%', tickCount: 5 },
            title: 'probability',
          },
          color: {
            field: 'label',
            type: 'nominal',
            scale: { domain, range: [...SIDE_COLOURS, NEUTRAL_COLOUR] },
            legend: null,
          },
          tooltip: [
            { field: 'label', type: 'nominal', title: 'side' },
            { field: 'p', type: 'quantitative', format: '.3%', title: 'estimate' },
            { field: 'lo', type: 'quantitative', format: '.3%', title: '95% low' },
            { field: 'hi', type: 'quantitative', format: '.3%', title: '95% high' },
            { field: 'exact', type: 'quantitative', format: '.3%', title: 'exact' },
          ],
        },
      },
      {
        transform: [{ filter: 'isValid(datum.lo)' }],
        mark: { type: 'errorbar', ticks: { size: 14 }, thickness: 1.5, color: 'black' },
        encoding: { x: { field: 'lo', type: 'quantitative', title: 'probability' }, x2: { field: 'hi' } },
      },
      {
        transform: [{ filter: 'isValid(datum.exact)' }],
        mark: { type: 'tick', color: 'black', thickness: 3, size: 30 },
        encoding: { x: { field: 'exact', type: 'quantitative', title: 'probability' } },
      },
      {
        mark: { type: 'text', align: 'left', dx: 8, fontSize: 12 },
        encoding: { x: { datum: 1 }, text: { field: 'text', type: 'nominal' } },
      },
    ],
  };
}

export type CasualtyMeasure = 'total' | 'dead' | 'wounded';
export const CASUALTY_MEASURES: readonly CasualtyMeasure[] = ['total', 'dead', 'wounded'];

/**
 * Casualty distributions. `distributions[s][measure]` is a discrete distribution (values ascending,
 * weights = probabilities) of troops lost by side s: total, dead, wounded; `troops[s]` bounds its x axis.
 * Drawn as histograms (bins of a nice width, about 25 per side) with rules at the 5%, 50% and 95% quantiles.
 */
export interface CasualtyChartInput {
  sides: [string, string];
  troops: [number, number];
  distributions: [Record<CasualtyMeasure, Discrete>, Record<CasualtyMeasure, Discrete>];
}

export function casualtyChart(i: CasualtyChartInput): TopLevelSpec {
  const labels = sideLabels(i.sides);
  // One scale for both sides and all three measures: the same bin width and troop axis (the larger force's), and
  // the same probability axis, so a bar means the same on either side.
  const most = Math.max(i.troops[0], i.troops[1]);
  const step = niceStep(most);
  let highest = 0;
  for (const s of [0, 1] as const) {
    for (const measure of CASUALTY_MEASURES) {
      const bins = new Map<number, number>();
      const d = i.distributions[s][measure];
      d.values.forEach((v, k) => bins.set(Math.floor(v / step), (bins.get(Math.floor(v / step)) ?? 0) + d.weights[k]));
      for (const p of bins.values()) highest = Math.max(highest, p);
    }
  }
  const yDomain = [0, Math.min(1, Math.ceil(highest * 20) / 20 || 1)];
  const panel = (s: 0 | 1) => {
    const values: Record<string, unknown>[] = [];
    for (const measure of CASUALTY_MEASURES) {
      const d = i.distributions[s][measure];
      const bins = new Map<number, number>();
      d.values.forEach((v, k) => {
        const start = Math.floor(v / step) * step;
        bins.set(start, (bins.get(start) ?? 0) + d.weights[k]);
      });
      for (const [start, p] of [...bins].sort((a, b) => a[0] - b[0]))
        values.push({ kind: 'bin', measure, start, end: start + step, p: r6(p) });
      for (const [stat, q] of [
        ['5%', 0.05],
        ['median', 0.5],
        ['95%', 0.95],
      ] as const)
        values.push({ kind: 'quantile', measure, stat, value: discreteQuantile(d, q) });
    }
    return {
      title: { text: labels[s], anchor: 'middle' as const, fontSize: 13, fontWeight: 'normal' as const, limit: 340 },
      data: { values },
      facet: {
        row: {
          field: 'measure',
          type: 'nominal' as const,
          sort: [...CASUALTY_MEASURES],
          title: null,
          header: { labelAngle: 0, labelAlign: 'left' as const },
        },
      },
      spec: {
        width: 300,
        height: 80,
        layer: [
          {
            transform: [{ filter: "datum.kind === 'bin'" }],
            mark: { type: 'bar' as const, binSpacing: 1, color: SIDE_COLOURS[s] },
            encoding: {
              x: {
                field: 'start',
                type: 'quantitative' as const,
                bin: { binned: true },
                scale: { domain: [0, Math.max(step, most)] },
                title: 'troops lost',
              },
              x2: { field: 'end' },
              y: {
                field: 'p',
                type: 'quantitative' as const,
                scale: { domain: yDomain },
                axis: { format: '.0%', tickCount: 3 },
                title: 'probability',
              },
              tooltip: [
                { field: 'measure', type: 'nominal' as const },
                { field: 'start', type: 'quantitative' as const, title: 'from' },
                { field: 'end', type: 'quantitative' as const, title: 'below' },
                { field: 'p', type: 'quantitative' as const, format: '.2%', title: 'probability' },
              ],
            },
          },
          {
            transform: [{ filter: "datum.kind === 'quantile'" }],
            mark: { type: 'rule' as const, strokeWidth: 1.5, color: '#222' },
            encoding: {
              x: { field: 'value', type: 'quantitative' as const, title: 'troops lost' },
              strokeDash: {
                field: 'stat',
                type: 'nominal' as const,
                sort: ['5%', 'median', '95%'],
                scale: {
                  domain: ['5%', 'median', '95%'],
                  range: [
                    [4, 3],
                    [1, 0],
                    [1, 2],
                  ],
                },
                title: 'quantile',
              },
              tooltip: [
                { field: 'stat', type: 'nominal' as const, title: 'quantile' },
                { field: 'value', type: 'quantitative' as const, title: 'troops lost' },
              ],
            },
          },
        ],
      },
      resolve: { scale: { y: 'shared' as const } },
    };
  };
  return {
    ...base(
      'What it costs',
      'troops lost per battle (total = dead + wounded), out of each side’s troops; lines at the 5%, 50% and 95% quantiles',
    ),
    description: 'Casualty distributions (dead, wounded, total) of both sides as histograms with quantile rules.',
    hconcat: [panel(0), panel(1)],
    spacing: 24,
  };
}

/**
 * Results-row distribution: `rows[s][r]` = P(side s wins with row r of the combat results table), row
 * labels in table order ("1–8", …, "151+"); `exact` marks exact odds as ticks (null in exact mode).
 */
export interface ResultsRowsChartInput {
  sides: [string, string];
  rowLabels: string[];
  rows: [number[], number[]];
  exact: [number[], number[]] | null;
}

export function resultsRowsChart(i: ResultsRowsChartInput): TopLevelSpec {
  const labels = sideLabels(i.sides);
  const values = [0, 1].flatMap((s) =>
    i.rowLabels.map((row, r) => ({
      side: labels[s],
      row,
      p: r6(i.rows[s][r]),
      exact: i.exact ? r6(i.exact[s][r]) : null,
    })),
  );
  const x = {
    field: 'row',
    type: 'ordinal' as const,
    sort: i.rowLabels,
    title: 'winner’s margin (combat results row)',
    axis: { labelAngle: 0 },
  };
  const xOffset = { field: 'side', type: 'nominal' as const, sort: labels };
  return {
    ...base(
      'How they win',
      'probability of each row of the combat results table, by winning side' +
        (i.exact ? '; black ticks: exact odds' : ''),
    ),
    description: 'Results-row distribution per side.',
    width: 760,
    height: 220,
    data: { values },
    layer: [
      {
        mark: 'bar',
        encoding: {
          x,
          xOffset,
          y: { field: 'p', type: 'quantitative', axis: { format: '.0%' }, title: 'probability' },
          color: {
            field: 'side',
            type: 'nominal',
            scale: { domain: labels, range: [...SIDE_COLOURS] },
            legend: { orient: 'top', title: null, labelLimit: 300 },
          },
          tooltip: [
            { field: 'side', type: 'nominal' },
            { field: 'row', type: 'ordinal', title: 'row' },
            { field: 'p', type: 'quantitative', format: '.3%', title: 'probability' },
            { field: 'exact', type: 'quantitative', format: '.3%', title: 'exact' },
          ],
        },
      },
      {
        transform: [{ filter: 'isValid(datum.exact)' }],
        mark: { type: 'tick', color: 'black', thickness: 2 },
        encoding: { x, xOffset, y: { field: 'exact', type: 'quantitative' } },
      },
    ],
  };
}

/**
 * Convergence: the running estimate of each side's win probability after `trials` battles, with its 95%
 * interval as a band; `exact[s]` as a dashed line (null if unknown). Points come from successive
 * chunk-aligned batches of the same seeded run, so the last point is the reported answer.
 */
export interface ConvergenceChartInput {
  sides: [string, string];
  points: { trials: number; side: 0 | 1; win: number; lo: number; hi: number }[];
  exact: [number, number] | null;
}

export function convergenceChart(i: ConvergenceChartInput): TopLevelSpec {
  const labels = sideLabels(i.sides);
  const ns = i.points.map((p) => p.trials);
  const log = Math.max(...ns) / Math.min(...ns) >= 10;
  const x = {
    field: 'trials',
    type: 'quantitative' as const,
    scale: { type: log ? ('log' as const) : ('linear' as const), nice: false },
    axis: { format: '~s' },
    title: 'battles simulated',
  };
  const panel = (s: 0 | 1) => {
    const values: Record<string, unknown>[] = i.points
      .filter((p) => p.side === s)
      .map((p) => ({ kind: 'run', trials: p.trials, p: r6(p.win), lo: r6(p.lo), hi: r6(p.hi) }));
    if (i.exact) values.push({ kind: 'exact', p: r6(i.exact[s]) });
    const y = { type: 'quantitative' as const, axis: { format: '.1%' }, scale: { zero: false }, title: 'P(win)' };
    return {
      title: {
        text: labels[s],
        anchor: 'start' as const,
        fontSize: 13,
        fontWeight: 'normal' as const,
        color: SIDE_COLOURS[s],
        limit: 600,
      },
      width: 620,
      height: 140,
      data: { values },
      layer: [
        {
          transform: [{ filter: "datum.kind === 'run'" }],
          params: [
            {
              name: `zoom_${'ab'[s]}`,
              select: { type: 'interval' as const, encodings: ['x' as const, 'y' as const] },
              bind: 'scales' as const,
            },
          ],
          mark: { type: 'area' as const, opacity: 0.25, color: SIDE_COLOURS[s] },
          encoding: { x, y: { field: 'lo', ...y }, y2: { field: 'hi' } },
        },
        {
          transform: [{ filter: "datum.kind === 'run'" }],
          mark: { type: 'line' as const, color: SIDE_COLOURS[s], point: { size: 18, color: SIDE_COLOURS[s] } },
          encoding: {
            x,
            y: { field: 'p', ...y },
            tooltip: [
              { field: 'trials', type: 'quantitative' as const, format: ',', title: 'battles' },
              { field: 'p', type: 'quantitative' as const, format: '.3%', title: 'estimate' },
              { field: 'lo', type: 'quantitative' as const, format: '.3%', title: '95% low' },
              { field: 'hi', type: 'quantitative' as const, format: '.3%', title: '95% high' },
            ],
          },
        },
        {
          transform: [{ filter: "datum.kind === 'exact'" }],
          mark: { type: 'rule' as const, strokeDash: [5, 4], strokeWidth: 1.5, color: 'black' },
          encoding: { y: { field: 'p', ...y } },
        },
      ],
    };
  };
  return {
    ...base(
      'Is it settled',
      'running estimate of P(win) with its 95% interval (band) as battles are added' +
        (i.exact ? '; dashed: exact odds' : ''),
    ),
    description: 'Convergence: running win-probability estimate with interval against trials.',
    vconcat: [panel(0), panel(1)],
    spacing: 18,
  };
}

function pctText(p: number): string {
  return pct(p);
}

/**
 * A pursuit engagement (odds with `engagement.maxDays` > 1): how many battles were fought, and how it ended.
 * - `days[d]`: P(exactly d battles), d = 0…maxDays;
 * - `endings`: probability of each way the engagement ended.
 */
export interface EngagementChartInput {
  days: number[];
  endings: { label: string; probability: number }[];
}

export function engagementChart(i: EngagementChartInput): TopLevelSpec {
  const days = i.days.map((p, d) => ({ battles: d, p: r6(p) })).filter((v) => v.battles > 0 || v.p > 0);
  const endings = i.endings.map((e) => ({ ending: e.label, p: r6(e.probability) }));
  const pAxis = { field: 'p', type: 'quantitative' as const, axis: { format: '.0%' }, title: 'probability' };
  return {
    ...base('How long the pursuit lasts', 'battles fought in the engagement, and how it ended'),
    description: 'Engagement length and endings.',
    hconcat: [
      {
        width: 260,
        height: 180,
        data: { values: days },
        mark: { type: 'bar', color: SIDE_COLOURS[0] },
        encoding: {
          x: { field: 'battles', type: 'ordinal', title: 'battles fought', axis: { labelAngle: 0 } },
          y: pAxis,
          tooltip: [
            { field: 'battles', type: 'ordinal' },
            { field: 'p', type: 'quantitative', format: '.2%', title: 'probability' },
          ],
        },
      },
      {
        width: 260,
        height: { step: 24 },
        data: { values: endings },
        mark: { type: 'bar', color: NEUTRAL_COLOUR },
        encoding: {
          y: {
            field: 'ending',
            type: 'nominal',
            sort: endings.map((e) => e.ending),
            title: null,
            axis: { labelLimit: 200 },
          },
          x: { ...pAxis, scale: { domain: [0, 1] } },
          tooltip: [
            { field: 'ending', type: 'nominal' },
            { field: 'p', type: 'quantitative', format: '.2%', title: 'probability' },
          ],
        },
      },
    ],
  };
}
