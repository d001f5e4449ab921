/** Campaign charts: a march's arrival-by-day curve and fatigue, a divided battle's pairings. */
import { base, NEUTRAL_COLOUR, PALETTE, r6, SIDE_COLOURS, type TopLevelSpec } from '../spec.js';

const FATIGUE_COLOURS = ['#5a9a4c', '#d19a2a', '#b5523b'];
const FATIGUE_LABELS = ['none', 'moderate (−10)', 'serious (−30)'];

/**
 * P(arrived by the end of day d) (with its 95% band from a Monte Carlo run), and P(seriously fatigued — unable to
 * move — at the end of day d) on the same axes.
 */
export interface ArrivalInput {
  force: string;
  destination: number | null;
  /** Exact figures: no band. */
  exact: boolean;
  days: { day: number; arrivedBy: number; lo: number; hi: number; serious: number }[];
}

export function arrivalByDayChart(i: ArrivalInput): TopLevelSpec {
  const values = [
    { day: 0, p: 0, lo: 0, hi: 0, what: 'arrived' },
    ...i.days.map((d) => ({ day: d.day, p: r6(d.arrivedBy), lo: r6(d.lo), hi: r6(d.hi), what: 'arrived' })),
  ];
  const serious = i.days.map((d) => ({
    day: d.day,
    p: r6(d.serious),
    lo: r6(d.serious),
    hi: r6(d.serious),
    what: 'seriously fatigued (cannot move)',
  }));
  const x = { field: 'day', type: 'quantitative' as const, axis: { tickMinStep: 1 }, title: 'day of the march' };
  const sub =
    i.destination === null
      ? `${i.force}: no destination; P(seriously fatigued) each day`
      : `${i.force}: P(arrived ${i.destination} away by the end of each day)${i.exact ? ' (exact)' : '; band: 95% interval'}`;
  return {
    ...base('Arrival by day', sub),
    description: 'March: arrival-by-day curve and the chance of being seriously fatigued.',
    width: 560,
    height: 240,
    data: { values: [...values, ...serious] },
    layer: [
      {
        transform: [{ filter: "datum.what === 'arrived'" }],
        mark: { type: 'area', interpolate: 'step-after', opacity: 0.25, color: SIDE_COLOURS[1] },
        encoding: {
          x,
          y: {
            field: 'lo',
            type: 'quantitative',
            scale: { domain: [0, 1] },
            axis: { format: '.0%' },
            title: 'probability',
          },
          y2: { field: 'hi' },
        },
      },
      {
        mark: { type: 'line', interpolate: 'step-after', point: true },
        encoding: {
          x,
          y: { field: 'p', type: 'quantitative' },
          color: {
            field: 'what',
            type: 'nominal',
            scale: { range: [SIDE_COLOURS[1], SIDE_COLOURS[0]] },
            title: null,
            legend: { orient: 'bottom', labelLimit: 400 },
          },
          tooltip: [
            { field: 'day', type: 'quantitative' },
            { field: 'what', type: 'nominal' },
            { field: 'p', type: 'quantitative', format: '.2%', title: 'probability' },
          ],
        },
      },
    ],
  };
}

/** Fatigue on arrival (or, without a destination, at the end): one stacked bar, and the same per day. */
export interface FatigueInput {
  title: string;
  /** Rows: a label (e.g. "on arrival", "day 3") and the probabilities of none / moderate / serious (and "arrived"). */
  rows: { label: string; N: number; M: number; S: number; arrived?: number }[];
}

export function fatigueChart(i: FatigueInput): TopLevelSpec {
  const values = i.rows.flatMap((r, k) => [
    ...[r.N, r.M, r.S].map((p, f) => ({ label: r.label, k, fatigue: FATIGUE_LABELS[f], order: f, p: r6(p) })),
    ...(r.arrived !== undefined ? [{ label: r.label, k, fatigue: 'arrived', order: 3, p: r6(r.arrived) }] : []),
  ]);
  return {
    ...base('Fatigue', i.title),
    description: 'March: fatigue distribution.',
    width: 480,
    height: { step: 22 },
    data: { values },
    mark: 'bar',
    encoding: {
      y: { field: 'label', type: 'ordinal', sort: i.rows.map((r) => r.label), title: null },
      x: {
        field: 'p',
        type: 'quantitative',
        stack: 'zero',
        scale: { domain: [0, 1] },
        axis: { format: '.0%' },
        title: 'probability',
      },
      color: {
        field: 'fatigue',
        type: 'nominal',
        scale: { domain: [...FATIGUE_LABELS, 'arrived'], range: [...FATIGUE_COLOURS, NEUTRAL_COLOUR] },
        legend: { orient: 'bottom', labelLimit: 400 },
        title: null,
      },
      order: { field: 'order', type: 'quantitative' },
      tooltip: [
        { field: 'label', type: 'ordinal', title: ' ' },
        { field: 'fatigue', type: 'nominal' },
        { field: 'p', type: 'quantitative', format: '.2%', title: 'probability' },
      ],
    },
  };
}

/** Each pairing's odds as a split bar: A wins, no winner, B wins. */
export interface PairingsInput {
  /** The chart's title, subtitle and description: the march's battle and the divided pairings each say their own. */
  title: string;
  subtitle: string;
  description: string;
  sides: [string, string];
  pairings: { label: string; a: number; b: number }[];
}

export function pairingOddsChart(i: PairingsInput): TopLevelSpec {
  const values = i.pairings.flatMap((p) => [
    { label: p.label, who: `A: ${i.sides[0]} wins`, order: 0, p: r6(p.a) },
    { label: p.label, who: 'no winner', order: 1, p: r6(Math.max(0, 1 - p.a - p.b)) },
    { label: p.label, who: `B: ${i.sides[1]} wins`, order: 2, p: r6(p.b) },
  ]);
  return {
    ...base(i.title, i.subtitle),
    description: i.description,
    width: 480,
    height: { step: 26 },
    data: { values },
    mark: 'bar',
    encoding: {
      y: { field: 'label', type: 'ordinal', sort: i.pairings.map((p) => p.label), title: null },
      x: {
        field: 'p',
        type: 'quantitative',
        stack: 'zero',
        scale: { domain: [0, 1] },
        axis: { format: '.0%' },
        title: 'probability',
      },
      color: {
        field: 'who',
        type: 'nominal',
        scale: {
          domain: [`A: ${i.sides[0]} wins`, 'no winner', `B: ${i.sides[1]} wins`],
          range: [SIDE_COLOURS[0], NEUTRAL_COLOUR, SIDE_COLOURS[1]],
        },
        legend: { orient: 'bottom', labelLimit: 400 },
        title: null,
      },
      order: { field: 'order', type: 'quantitative' },
      tooltip: [
        { field: 'label', type: 'ordinal', title: 'pairing' },
        { field: 'who', type: 'nominal', title: ' ' },
        { field: 'p', type: 'quantitative', format: '.2%', title: 'probability' },
      ],
    },
  };
}

/** P(A wins the day) for each listed split combination. */
export function splitsChart(rows: { label: string; a: number; b: number }[], sides: [string, string]): TopLevelSpec {
  return pairingOddsChart({
    title: 'Splits',
    subtitle: 'P(each side wins the day) for every combination of listed splits',
    description: 'Divided forces: each split.',
    sides,
    pairings: rows,
  });
}

export { PALETTE };
