/** Siege charts: survival by week and weeks-to-fall (the `siege` result). */
import { base, NEUTRAL_COLOUR, r6, SIDE_COLOURS, type TopLevelSpec } from '../spec.js';

/**
 * Survival curve. `fallenByWeek[k]`: P(the stronghold has fallen by the end of `week`) with its 95%
 * interval [`lo`, `hi`], weeks ascending. Drawn as P(still standing) = 1 − fallen, a step line with band.
 */
export interface SiegeSurvivalInput {
  defender: string;
  fallenByWeek: { week: number; fallen: number; lo: number; hi: number }[];
}

/** The weeks worth drawing: up to a little after the curve's last change (the rest of a 40-week limit is a flat line). */
export function survivalWeeks(fallenByWeek: { week: number; fallen: number }[]): number {
  const limit = fallenByWeek.length ? fallenByWeek[fallenByWeek.length - 1].week : 0;
  const final = fallenByWeek.length ? fallenByWeek[fallenByWeek.length - 1].fallen : 0;
  let last = 0;
  for (const w of fallenByWeek) if (Math.abs(w.fallen - final) > 1e-12) last = w.week;
  return Math.min(limit, last + 1 + Math.max(2, Math.ceil(last * 0.15)));
}

export function siegeSurvivalChart(i: SiegeSurvivalInput): TopLevelSpec {
  const shown = survivalWeeks(i.fallenByWeek);
  const limit = i.fallenByWeek.length ? i.fallenByWeek[i.fallenByWeek.length - 1].week : 0;
  const values = [
    { week: 0, standing: 1, lo: 1, hi: 1 },
    ...i.fallenByWeek
      .filter((w) => w.week <= shown)
      .map((w) => ({ week: w.week, standing: r6(1 - w.fallen), lo: r6(1 - w.hi), hi: r6(1 - w.lo) })),
  ];
  const x = {
    field: 'week',
    type: 'quantitative' as const,
    axis: { tickMinStep: 1 },
    scale: { domain: [0, shown] },
    title: 'week of siege',
  };
  const flat = shown < limit ? `; flat from week ${shown} to the week limit (${limit})` : '';
  return {
    ...base('How long it holds', `P(${i.defender} still standing) at the end of each week; band: 95% interval${flat}`),
    description: 'Siege survival curve: P(still standing) by week.',
    width: 560,
    height: 240,
    data: { values },
    layer: [
      {
        params: [{ name: 'zoom', select: { type: 'interval', encodings: ['x'] }, bind: 'scales' }],
        mark: { type: 'area', interpolate: 'step-after', opacity: 0.25, color: SIDE_COLOURS[1] },
        encoding: {
          x,
          y: {
            field: 'lo',
            type: 'quantitative',
            scale: { domain: [0, 1] },
            axis: { format: '.0%' },
            title: 'P(still standing)',
          },
          y2: { field: 'hi' },
        },
      },
      {
        mark: { type: 'line', interpolate: 'step-after', point: true, color: SIDE_COLOURS[1] },
        encoding: {
          x,
          y: { field: 'standing', type: 'quantitative' },
          tooltip: [
            { field: 'week', type: 'quantitative' },
            { field: 'standing', type: 'quantitative', format: '.2%', title: 'still standing' },
            { field: 'lo', type: 'quantitative', format: '.2%', title: '95% low' },
            { field: 'hi', type: 'quantitative', format: '.2%', title: '95% high' },
          ],
        },
      },
    ],
  };
}

/**
 * Weeks-to-fall histogram. `weeks[k]`: P(falls in week `week`); `standing`: P(still standing after the last
 * week simulated, `horizon`), drawn as a grey bar labelled "holds".
 */
export interface SiegeWeeksInput {
  weeks: { week: number; probability: number }[];
  standing: number;
  horizon: number;
}

export function siegeWeeksChart(i: SiegeWeeksInput): TopLevelSpec {
  const holds = 'holds';
  const values = [
    ...i.weeks.map((w) => ({ label: String(w.week), p: r6(w.probability), holds: false })),
    { label: holds, p: r6(i.standing), holds: true },
  ];
  return {
    ...base('When it falls', `probability the siege ends in each week; "${holds}": not fallen after week ${i.horizon}`),
    description: 'Siege weeks-to-fall histogram.',
    width: { step: 28 },
    height: 220,
    data: { values },
    mark: 'bar',
    encoding: {
      x: {
        field: 'label',
        type: 'ordinal',
        sort: values.map((v) => v.label),
        axis: { labelAngle: 0 },
        title: 'week it falls',
      },
      y: { field: 'p', type: 'quantitative', axis: { format: '.0%' }, title: 'probability' },
      color: { condition: { test: 'datum.holds', value: NEUTRAL_COLOUR }, value: SIDE_COLOURS[0] },
      tooltip: [
        { field: 'label', type: 'ordinal', title: 'week' },
        { field: 'p', type: 'quantitative', format: '.2%', title: 'probability' },
      ],
    },
  };
}

/** How sieges end: one bar per ending with its 95% interval as an error bar. `fallen` endings in the attacker's colour. */
export interface SiegeEndingsInput {
  endings: { label: string; probability: number; lo: number; hi: number; fallen: boolean }[];
}

export function siegeEndingsChart(i: SiegeEndingsInput): TopLevelSpec {
  const values = i.endings.map((e) => ({
    ending: e.label,
    p: r6(e.probability),
    lo: r6(e.lo),
    hi: r6(e.hi),
    fallen: e.fallen,
  }));
  const y = {
    field: 'ending',
    type: 'nominal' as const,
    sort: values.map((v) => v.ending),
    title: null,
    axis: { labelLimit: 420 },
  };
  return {
    ...base('How it ends', 'probability of each ending; error bars: 95% interval'),
    description: 'Siege endings with 95% intervals.',
    width: 420,
    height: { step: 28 },
    data: { values },
    encoding: { y },
    layer: [
      {
        mark: 'bar',
        encoding: {
          x: {
            field: 'p',
            type: 'quantitative',
            scale: { domain: [0, 1] },
            axis: { format: '.0%' },
            title: 'probability',
          },
          color: { condition: { test: 'datum.fallen', value: SIDE_COLOURS[0] }, value: NEUTRAL_COLOUR },
          tooltip: [
            { field: 'ending', type: 'nominal' },
            { field: 'p', type: 'quantitative', format: '.2%', title: 'probability' },
            { field: 'lo', type: 'quantitative', format: '.2%', title: '95% low' },
            { field: 'hi', type: 'quantitative', format: '.2%', title: '95% high' },
          ],
        },
      },
      {
        mark: { type: 'rule', color: 'black' },
        encoding: { x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } },
      },
      {
        mark: { type: 'text', align: 'left', dx: 4 },
        encoding: {
          x: { field: 'hi', type: 'quantitative' },
          text: { field: 'p', type: 'quantitative', format: '.1%' },
        },
      },
    ],
  };
}

/**
 * Supplies over the weeks: for each store a side accounts (rations, money, artillery shot, ballista bolts), the
 * mean left at the start of each week among the sieges still running, as a share of the start (gathered shot can
 * lift it above 100%).
 */
export interface SiegeSuppliesInput {
  series: { week: number; store: string; share: number; amount: number }[];
}

export function siegeSuppliesChart(i: SiegeSuppliesInput): TopLevelSpec {
  const values = i.series.map((p) => ({ week: p.week, store: p.store, share: r6(p.share), amount: r6(p.amount) }));
  return {
    ...base(
      'Supplies over the weeks',
      'mean left at the start of each week (sieges still running), share of the start',
    ),
    description: 'Siege supplies left by week, per side and store.',
    width: 560,
    height: 240,
    data: { values },
    mark: { type: 'line', interpolate: 'step-after', point: true },
    encoding: {
      x: { field: 'week', type: 'quantitative', axis: { tickMinStep: 1 }, title: 'week of siege (start)' },
      y: { field: 'share', type: 'quantitative', axis: { format: '.0%' }, title: 'left (share of the start)' },
      color: { field: 'store', type: 'nominal', title: null },
      tooltip: [
        { field: 'store', type: 'nominal' },
        { field: 'week', type: 'quantitative' },
        { field: 'amount', type: 'quantitative', format: ',.1f', title: 'mean left' },
        { field: 'share', type: 'quantitative', format: '.1%', title: 'share of the start' },
      ],
    },
  };
}
