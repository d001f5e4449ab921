/** Reports of `design` (the Pareto front of cost against P(win)) and `price` (the price table), from the result alone. */
import type { DesignResult } from '../src/questions/design.js';
import type { SiegeDesignResult } from '../src/questions/designSiege.js';
import { describeSiegePurchase } from '../src/questions/designWords.js';
import type { PriceResult } from '../src/questions/price.js';
import { presentDesign, presentPrice } from '../src/questions/designPresent.js';
import { describePurchase } from '../src/questions/designWords.js';
import { documentContent, type ReportContent } from './content.js';
import { elapsedText } from './save.js';
import { base, chartText, r6, SIDE_COLOURS, NEUTRAL_COLOUR, type TopLevelSpec } from './spec.js';
import { WAR_MACHINE_SOURCES } from './warMachine.js';
import { SIEGE_SOURCES } from './siege.js';

const COST_SOURCES = [
  'Prices: Rules Cyclopedia (TSR 1991) ch. 11 Mercenaries Table and wartime pay (RC l. 12308–12335), training at double pay (l. 10922), weapons at 2× and 3× (l. 10926), a week = a month ÷ 4 (l. 11681): docs/sources/rc-costs.md.',
  'Search, game and prices: docs/design.md, “design” and “price”.',
];

/** Cost against P(win): every purchase judged would be too many points; the front, and the best few marked. */
export function paretoChart(r: DesignResult): TopLevelSpec {
  const front = r.pareto.map((p) => ({
    cost: r6(p.cost),
    win: r6(p.win),
    purchase: chartText(describePurchase(p.purchase)),
    set: 'Pareto front',
  }));
  const best = r.best.map((c, i) => ({
    cost: r6(c.cost.total),
    win: r6(c.win),
    purchase: chartText(`#${i + 1}: ${describePurchase(c.purchase)}`),
    set: 'best',
  }));
  const tooltip = [
    { field: 'purchase', type: 'nominal' as const, title: 'purchase' },
    { field: 'cost', type: 'quantitative' as const, format: ',.0f', title: 'cost (gp)' },
    { field: 'win', type: 'quantitative' as const, format: '.2%', title: 'P(win)' },
  ];
  const x = { field: 'cost', type: 'quantitative' as const, title: 'cost (gp)' };
  const y = {
    field: 'win',
    type: 'quantitative' as const,
    axis: { format: '.0%' },
    title: "P(win) against the enemy's best reply",
  };
  return {
    ...base(
      'Cost against P(win)',
      'line: the Pareto front (no cheaper purchase wins as much); dots: the best purchases',
    ),
    description: 'Design: the Pareto front of cost against win probability, and the best purchases.',
    width: 560,
    height: 300,
    layer: [
      {
        data: { values: front },
        mark: { type: 'line', interpolate: 'step-after', point: true, color: SIDE_COLOURS[1] },
        encoding: { x, y, tooltip },
      },
      {
        data: { values: best },
        mark: { type: 'point', filled: true, size: 90, color: SIDE_COLOURS[0] },
        encoding: { x, y, tooltip },
      },
    ],
  };
}

/** Listed price against break-even price per type (types dominated or dominant at any price show their listed price only). */
export function priceChart(r: PriceResult): TopLevelSpec {
  const values = r.rows.flatMap((x) => [
    { option: chartText(x.option), which: 'listed', price: r6(x.listedPrice) },
    ...(x.price === null ? [] : [{ option: chartText(x.option), which: 'break-even', price: r6(x.price) }]),
  ]);
  return {
    ...base(
      'Listed and break-even prices',
      `gp a month (peacetime); break-even: the highest price still scoring 50% against ${chartText(r.reference)}`,
    ),
    description: 'Price: each troop type’s listed price beside the price that makes equal-cost forces even.',
    width: 560,
    height: { step: 14 },
    data: { values },
    mark: 'bar',
    encoding: {
      y: { field: 'option', type: 'nominal', sort: null, title: null },
      yOffset: { field: 'which' },
      x: { field: 'price', type: 'quantitative', title: 'gp a month' },
      color: {
        field: 'which',
        type: 'nominal',
        scale: { domain: ['listed', 'break-even'], range: [NEUTRAL_COLOUR, SIDE_COLOURS[1]] },
        title: null,
      },
      tooltip: [
        { field: 'option', type: 'nominal', title: 'type' },
        { field: 'which', type: 'nominal', title: 'price' },
        { field: 'price', type: 'quantitative', format: ',.2f', title: 'gp a month' },
      ],
    },
  } as TopLevelSpec;
}

/** Cost against P(win) for a siege design: the front's estimates with their 95% intervals, the best marked. */
export function siegeParetoChart(r: SiegeDesignResult): TopLevelSpec {
  const point = (cost: number, win: number, ci: [number, number], trials: number, purchase: string, set: string) => ({
    cost: r6(cost),
    win: r6(win),
    low: r6(ci[0]),
    high: r6(ci[1]),
    trials,
    purchase: chartText(purchase),
    set,
  });
  // Each step's gain on the step before, paired on the same sieges (the front admits only gains beyond noise).
  const front = r.pareto.map((p) => ({
    ...point(p.cost, p.win, p.ci95, p.trials, describeSiegePurchase(p.purchase), 'Pareto front'),
    // In percentage points, as the text writes a change of a probability (+5 pt, not +5%).
    gain: p.vsPrevious === null ? null : r6(p.vsPrevious.difference * 100),
    // The gain's interval at the level the step was judged at (the design's; older results: 95%).
    gainLow: p.vsPrevious === null ? null : r6((p.ciFamily ?? p.vsPrevious.ci95)[0] * 100),
    gainHigh: p.vsPrevious === null ? null : r6((p.ciFamily ?? p.vsPrevious.ci95)[1] * 100),
  }));
  const best = r.best.map((c, i) =>
    point(
      c.cost.total,
      c.win,
      c.ci95,
      c.trials,
      `${i === 0 ? 'leader' : 'within noise'}: ${describeSiegePurchase(c.purchase)}`,
      'best',
    ),
  );
  const tooltip = [
    { field: 'purchase', type: 'nominal' as const, title: 'purchase' },
    { field: 'cost', type: 'quantitative' as const, format: ',.0f', title: 'cost (gp)' },
    { field: 'win', type: 'quantitative' as const, format: '.2%', title: 'P(win)' },
    { field: 'low', type: 'quantitative' as const, format: '.2%', title: '95% low' },
    { field: 'high', type: 'quantitative' as const, format: '.2%', title: '95% high' },
    { field: 'trials', type: 'quantitative' as const, format: ',', title: 'sieges' },
  ];
  const frontTooltip = [
    ...tooltip,
    { field: 'gain', type: 'quantitative' as const, format: '+.2f', title: 'gain on the step before (paired), pt' },
    { field: 'gainLow', type: 'quantitative' as const, format: '+.2f', title: 'gain low (decision level), pt' },
    { field: 'gainHigh', type: 'quantitative' as const, format: '+.2f', title: 'gain high (decision level), pt' },
  ];
  const x = { field: 'cost', type: 'quantitative' as const, title: 'cost (gp)' };
  const y = { field: 'win', type: 'quantitative' as const, axis: { format: '.0%' }, title: `P(${r.measure})` };
  return {
    ...base(
      'Cost against P(win)',
      'line: the Pareto front, each step clearly above the one before (paired), with 95% intervals; dots: the leader and those within noise of it',
    ),
    description:
      'Siege design: the Pareto front of cost against win probability with intervals, and the best purchases.',
    width: 560,
    height: 300,
    layer: [
      {
        data: { values: front },
        mark: { type: 'rule', color: SIDE_COLOURS[1] },
        encoding: { x, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' }, tooltip: frontTooltip },
      },
      {
        data: { values: front },
        mark: { type: 'line', interpolate: 'step-after', point: true, color: SIDE_COLOURS[1] },
        encoding: { x, y, tooltip: frontTooltip },
      },
      {
        data: { values: best },
        mark: { type: 'point', filled: true, size: 90, color: SIDE_COLOURS[0] },
        encoding: { x, y, tooltip },
      },
    ],
  } as TopLevelSpec;
}

export function designReport(r: DesignResult | SiegeDesignResult, file: string): ReportContent {
  if (r.method === 'monte-carlo') return siegeDesignReport(r, file);
  return documentContent(presentDesign(r), {
    facts: [
      ['design file', file],
      ['method', 'exact odds, the tactic game solved per purchase'],
      [
        'purchases judged',
        `${r.candidates.judged.toLocaleString('en-US')} of ${r.candidates.total.toLocaleString('en-US')}`,
      ],
      ['elapsed', elapsedText(r.elapsedMs)],
    ],
    sources: [...WAR_MACHINE_SOURCES, ...COST_SOURCES],
    charts: [
      {
        name: 'pareto',
        title: 'Cost against P(win)',
        caption:
          'Each step of the line is a purchase no cheaper one matches; the dots are the best purchases shown above.',
        spec: paretoChart(r),
      },
    ],
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}

export function priceReport(r: PriceResult, file: string): ReportContent {
  return documentContent(presentPrice(r), {
    facts: [
      ['design file', file],
      ['method', 'exact odds, bisection on the troops the gold buys'],
      ['equal cost', `${r.gold.toLocaleString('en-US')} gp for ${r.weeks} weeks${r.wartime ? ' (wartime pay)' : ''}`],
      ['elapsed', elapsedText(r.elapsedMs)],
    ],
    sources: [...WAR_MACHINE_SOURCES, ...COST_SOURCES],
    charts: [
      {
        name: 'prices',
        title: 'Listed and break-even prices',
        caption:
          'Grey: the price listed (the Rules Cyclopedia’s or the file’s); blue: the highest price at which an equal-cost force of the type still scores 50% against the reference.',
        spec: priceChart(r),
      },
    ],
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}

function siegeDesignReport(r: SiegeDesignResult, file: string): ReportContent {
  return documentContent(presentDesign(r), {
    facts: [
      ['design file', file],
      ['method', 'staged Monte Carlo on common random numbers'],
      ['seed', String(r.seed)],
      [
        'purchases judged',
        `${r.candidates.judged.toLocaleString('en-US')} of ${r.candidates.total.toLocaleString('en-US')}`,
      ],
      ['sieges run', r.candidates.trialsRun.toLocaleString('en-US')],
      ['elapsed', elapsedText(r.elapsedMs)],
    ],
    sources: [
      ...SIEGE_SOURCES,
      'Engine prices: RC l. 7318–7324, 11594–11599 (src/rules/siege/construction.ts); troops: the Mercenaries Table (RC l. 12308–12335, docs/sources/rc-costs.md).',
      'Search: docs/design.md, “design for a siege”.',
    ],
    charts: [
      {
        name: 'pareto',
        title: 'Cost against P(win)',
        caption:
          'Each step of the line is the cheapest purchase clearly above the step before it on the same sieges (its paired gain’s 95% interval wholly above 0; dearer purchases within noise of a step are left off), with its 95% interval; the dots are the leader and the purchases within noise of it.',
        spec: siegeParetoChart(r),
      },
    ],
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}
