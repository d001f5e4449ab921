/** Charts of the designer's toolkit: seek (the search path), worth (tornado), tournament (heatmap, ratings). */
import { base, chartText, PALETTE, r6, SIDE_COLOURS, type TopLevelSpec } from '../spec.js';

/**
 * Seek: every value the search evaluated (probability of the target's measure, with its 95% interval for Monte
 * Carlo values), the threshold as a rule, and the answer marked.
 */
export interface SeekChartInput {
  parameter: string;
  measure: string;
  threshold: number;
  answer: number | null;
  points: { value: number; p: number; lo: number; hi: number }[];
}

export function seekChart(i: SeekChartInput): TopLevelSpec {
  const values: Record<string, unknown>[] = i.points.map((p) => ({
    kind: 'point',
    value: p.value,
    p: r6(p.p),
    lo: r6(p.lo),
    hi: r6(p.hi),
  }));
  const x = { field: 'value', type: 'quantitative' as const, scale: { zero: false }, title: chartText(i.parameter) };
  const layers: TopLevelSpec[] = [];
  return {
    ...base(
      'The search',
      `${chartText(i.measure)} at each value tried; line: the target ${r6(i.threshold)}${i.answer === null ? '' : `; answer ${i.answer}`}`,
    ),
    description: 'Seek: values evaluated, target threshold and answer.',
    width: 560,
    height: 260,
    data: { values },
    layer: [
      {
        mark: { type: 'errorbar', color: SIDE_COLOURS[0] },
        encoding: {
          x,
          y: {
            field: 'lo',
            type: 'quantitative',
            scale: { domain: [0, 1] },
            axis: { format: '.0%' },
            title: chartText(i.measure),
          },
          y2: { field: 'hi' },
        },
      },
      {
        mark: { type: 'line', point: true, color: SIDE_COLOURS[0] },
        encoding: {
          x,
          y: { field: 'p', type: 'quantitative' },
          tooltip: [
            { field: 'value', type: 'quantitative', title: chartText(i.parameter) },
            { field: 'p', type: 'quantitative', format: '.2%', title: chartText(i.measure) },
          ],
        },
      },
      {
        data: { values: [{ t: r6(i.threshold) }] },
        mark: { type: 'rule', color: 'black', strokeDash: [4, 3] },
        encoding: { y: { field: 't', type: 'quantitative' } },
      },
      ...(i.answer === null
        ? []
        : [
            {
              data: { values: [{ a: i.answer }] },
              mark: { type: 'rule' as const, color: SIDE_COLOURS[1] },
              encoding: { x: { field: 'a', type: 'quantitative' as const } },
            },
          ]),
      ...layers,
    ] as TopLevelSpec['layer' & keyof TopLevelSpec],
  } as TopLevelSpec;
}

/** Worth: a tornado chart, one bar per adjustment, the change in win probability, sorted by size. */
export interface TornadoInput {
  side: string;
  /** noBattleDelta: how much of P(no battle) the item adds (battles); such a bar is drawn apart, as "no battle". */
  items: { name: string; winDelta: number; noBattleDelta?: number; ci95?: [number, number]; withinNoise?: boolean }[];
  /** What is measured, e.g. "P(fallen by the end of week 9)" (default: P(side wins)). */
  measure?: string;
}

export function tornadoChart(i: TornadoInput): TopLevelSpec {
  // A change into "no battle" lowers P(win) without a defeat: its own colour, not "hurts".
  // A change within noise (its interval contains 0) is grey too: it neither helps nor hurts that we can tell.
  const values = i.items.map((x) => ({
    name: x.name,
    delta: r6(x.winDelta),
    sign:
      (x.noBattleDelta ?? 0) > 0 ? 'no battle' : x.withinNoise ? 'within noise' : x.winDelta >= 0 ? 'helps' : 'hurts',
    noBattle: r6(x.noBattleDelta ?? 0),
    lo: r6(x.ci95?.[0] ?? x.winDelta),
    hi: r6(x.ci95?.[1] ?? x.winDelta),
    // The tooltip's figures in percentage points (a change of a probability is not a percent of anything).
    deltaPt: r6(x.winDelta * 100),
    noBattlePt: r6((x.noBattleDelta ?? 0) * 100),
    loPt: r6((x.ci95?.[0] ?? x.winDelta) * 100),
    hiPt: r6((x.ci95?.[1] ?? x.winDelta) * 100),
  }));
  const intervals = i.items.some((x) => x.ci95);
  const y = {
    field: 'name',
    type: 'nominal',
    sort: { field: 'delta', op: 'max', order: 'descending' },
    title: null,
    axis: { labelLimit: 260 },
  };
  const bars = {
    y,
    x: {
      field: 'delta',
      type: 'quantitative',
      // Ticks in percentage points ("+5 pt"), as the text and Markdown write a change: from 30% to 45% is +15 pt.
      axis: { labelExpr: "format(datum.value * 100, '+.2~f') + ' pt'" },
      title: `change in ${i.measure ? chartText(i.measure) : 'P(win)'} (percentage points)`,
    },
    color: {
      field: 'sign',
      type: 'nominal',
      scale: {
        domain: ['helps', 'hurts', 'no battle', 'within noise'],
        range: [SIDE_COLOURS[1], SIDE_COLOURS[0], '#9e9e9e', '#c8c8c8'],
      },
      legend: null,
    },
    tooltip: [
      { field: 'name', type: 'nominal' },
      { field: 'deltaPt', type: 'quantitative', format: '+.2f', title: 'change in P(win), pt' },
      { field: 'noBattlePt', type: 'quantitative', format: '+.2f', title: 'change in P(no battle), pt' },
      ...(intervals
        ? [
            { field: 'loPt', type: 'quantitative', format: '+.2f', title: 'interval from, pt' },
            { field: 'hiPt', type: 'quantitative', format: '+.2f', title: 'to, pt' },
          ]
        : []),
    ],
  };
  return {
    ...base(
      'What each adjustment is worth',
      `change in ${i.measure ? chartText(i.measure) : `P(${chartText(i.side)} wins)`} when the adjustment is applied, from the largest gain to the largest loss`,
    ),
    description: 'Tornado chart of win-probability changes.',
    width: 520,
    height: Math.max(120, 18 * values.length),
    data: { values },
    layer: [
      { mark: { type: 'bar' }, encoding: bars },
      // The 95% interval of each change (Monte Carlo kinds): a black rule across the bar's end.
      ...(intervals
        ? [
            {
              mark: { type: 'rule', color: 'black' },
              encoding: {
                y,
                x: { field: 'lo', type: 'quantitative' },
                x2: { field: 'hi' },
              },
            },
          ]
        : []),
    ],
  } as TopLevelSpec;
}

/** Tournament: the win matrix as a heatmap (row: attacker, column: defender). */
export interface HeatmapInput {
  forces: string[];
  win: number[][];
  /** Each cell's 95% interval (Monte Carlo): the tooltip gives its bounds. */
  ci95?: ([number, number] | null)[][];
}

export function heatmapChart(i: HeatmapInput): TopLevelSpec {
  const values = i.forces
    .flatMap((a, r) =>
      i.forces.map((d, c) => {
        const ci = i.ci95?.[r]?.[c];
        return {
          attacker: a,
          defender: d,
          p: r === c ? null : r6(i.win[r][c]),
          ...(ci ? { lo: r6(ci[0]), hi: r6(ci[1]) } : {}),
        };
      }),
    )
    .filter((v) => v.p !== null);
  const bounds = i.ci95
    ? [
        { field: 'lo', type: 'quantitative' as const, format: '.2%', title: '95% low' },
        { field: 'hi', type: 'quantitative' as const, format: '.2%', title: '95% high' },
      ]
    : [];
  const axis = { labelLimit: 200 };
  return {
    ...base('Who beats whom', 'P(the row force wins attacking the column force)'),
    description: 'Tournament win matrix heatmap.',
    data: { values },
    width: Math.max(200, 40 * i.forces.length),
    height: Math.max(200, 40 * i.forces.length),
    layer: [
      {
        mark: { type: 'rect' },
        encoding: {
          y: { field: 'attacker', type: 'nominal', sort: i.forces, title: 'attacker', axis },
          x: { field: 'defender', type: 'nominal', sort: i.forces, title: 'defender', axis },
          color: {
            field: 'p',
            type: 'quantitative',
            scale: { domain: [0, 1], scheme: 'redblue' },
            legend: { format: '.0%', title: 'P(win)' },
          },
          tooltip: [
            { field: 'attacker', type: 'nominal' },
            { field: 'defender', type: 'nominal' },
            { field: 'p', type: 'quantitative', format: '.1%', title: 'P(attacker wins)' },
            ...bounds,
          ],
        },
      },
      {
        mark: { type: 'text', fontSize: 10 },
        encoding: {
          y: { field: 'attacker', type: 'nominal', sort: i.forces },
          x: { field: 'defender', type: 'nominal', sort: i.forces },
          text: { field: 'p', type: 'quantitative', format: '.0%' },
        },
      },
    ],
  } as TopLevelSpec;
}

/** Tournament: each force's rating with its 95% interval, strongest first. */
export interface RatingsInput {
  /** `rank`: as the table prints it (`=n` when tied with another force at the family's level). */
  ratings: { name: string; rating: number; ci95: [number, number]; rank?: string }[];
}

export function ratingsChart(i: RatingsInput): TopLevelSpec {
  const values = i.ratings.map((r) => ({
    name: r.name,
    rating: Math.round(r.rating),
    lo: Math.round(r.ci95[0]),
    hi: Math.round(r.ci95[1]),
    rank: r.rank ?? '',
  }));
  const y = {
    field: 'name',
    type: 'nominal' as const,
    sort: { field: 'rating', order: 'descending' as const },
    title: null,
    axis: { labelLimit: 240 },
  };
  return {
    ...base('Ratings', 'Bradley–Terry strength on the Elo scale (400 points: 10 to 1 odds), with 95% intervals'),
    description: 'Tournament ratings with intervals.',
    width: 520,
    height: Math.max(120, 22 * values.length),
    data: { values },
    layer: [
      {
        mark: { type: 'rule', color: PALETTE[7] },
        encoding: {
          y,
          x: { field: 'lo', type: 'quantitative', scale: { zero: false }, title: 'rating' },
          x2: { field: 'hi' },
        },
      },
      {
        mark: { type: 'point', filled: true, color: PALETTE[0], size: 60 },
        encoding: {
          y,
          x: { field: 'rating', type: 'quantitative' },
          tooltip: [
            { field: 'name', type: 'nominal' },
            { field: 'rank', type: 'nominal' },
            { field: 'rating', type: 'quantitative' },
            { field: 'lo', type: 'quantitative', title: '95% low' },
            { field: 'hi', type: 'quantitative', title: '95% high' },
          ],
        },
      },
    ],
  } as TopLevelSpec;
}
