/** The reports of `luck` (the distribution with the observed result marked) and `infer` (the posterior, the next battle's odds). */
import type { InferResult } from '../src/questions/infer.js';
import type { LuckResult } from '../src/questions/luck.js';
import { presentInfer, presentLuck, STATISTIC_WORDS } from '../src/questions/luckPresent.js';
import type { Discrete } from '../src/stats/index.js';
import { documentContent, type ReportContent } from './content.js';
import { elapsedText } from './save.js';
import { base, chartText, NEUTRAL_COLOUR, r6, SIDE_COLOURS, type Chart, type TopLevelSpec } from './spec.js';
import { WAR_MACHINE_SOURCES } from './warMachine.js';

const LUCK_SOURCE =
  'Percentiles are mid-p (P(lower) + ½ P(the same)) in the exact distribution; a log sums each statistic over its battles and places the sum in the exact distribution of the sum (docs/design.md, "luck").';
const INFER_SOURCE =
  'Posterior ∝ prior × the product of each record’s exact probability at each grid value; the next battle’s odds are averaged over the posterior (docs/design.md, "infer").';

/** Bars of a discrete distribution, the observed value's bar coloured and marked by a rule. */
export function distributionChart(
  title: string,
  subtitle: string,
  axis: string,
  d: Discrete,
  observed: number,
): TopLevelSpec {
  const total = d.weights.reduce((a, b) => a + b, 0);
  const values = d.values.map((v, i) => ({
    value: v,
    p: r6(d.weights[i] / total),
    seen: v === observed ? 'observed' : 'other',
  }));
  return {
    ...base(title, subtitle),
    description: 'Luck: the exact distribution with the observed value marked.',
    width: 560,
    height: 240,
    data: { values },
    layer: [
      {
        mark: { type: 'bar' },
        encoding: {
          x: { field: 'value', type: 'quantitative', title: chartText(axis) },
          y: { field: 'p', type: 'quantitative', axis: { format: '.0%' }, title: 'probability' },
          color: {
            field: 'seen',
            type: 'nominal',
            scale: { domain: ['observed', 'other'], range: [SIDE_COLOURS[0], NEUTRAL_COLOUR] },
            title: null,
          },
          tooltip: [
            { field: 'value', type: 'quantitative', title: chartText(axis) },
            { field: 'p', type: 'quantitative', format: '.2%', title: 'probability' },
          ],
        },
      },
      {
        data: { values: [{ x: observed }] },
        mark: { type: 'rule', color: SIDE_COLOURS[0], strokeDash: [4, 3] },
        encoding: { x: { field: 'x', type: 'quantitative' } },
      },
    ],
  } as TopLevelSpec;
}

export function luckReport(r: LuckResult, file: string): ReportContent {
  const charts: Chart[] = [];
  const head = r.headline;
  const logStat = r.log?.find((s) => s.statistic === head);
  if (logStat?.distribution) {
    charts.push({
      name: 'luck',
      title: 'The whole log',
      caption: `The exact distribution of the ${STATISTIC_WORDS[logStat.statistic]} summed over ${logStat.battles} battles; the observed sum in colour, at the ${(logStat.midP * 100).toFixed(1)}th percentile.`,
      spec: distributionChart(
        'The whole log',
        `observed sum ${logStat.observed}`,
        STATISTIC_WORDS[logStat.statistic],
        logStat.distribution,
        logStat.observed,
      ),
    });
  } else {
    const b = r.battles[0];
    const s = b.statistics.find((x) => x.statistic === head) ?? b.statistics[0];
    charts.push({
      name: 'luck',
      title: b.name,
      caption: `The exact distribution of the ${STATISTIC_WORDS[s.statistic]} for ${b.sides[b.side]}; the observed value in colour, at the ${(s.midP * 100).toFixed(1)}th percentile.`,
      spec: distributionChart(
        b.name,
        `observed ${s.observed}`,
        STATISTIC_WORDS[s.statistic],
        s.distribution,
        s.observed,
      ),
    });
  }
  return documentContent(presentLuck(r), {
    facts: [
      ['file', file],
      ['battles', String(r.battles.length)],
      ['method', 'exact (every tactic pairing × all 10,000 pairs of d100 rolls)'],
      ['elapsed', elapsedText(r.elapsedMs)],
    ],
    sources: [...WAR_MACHINE_SOURCES, LUCK_SOURCE],
    charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}

/** The posterior as bars, the prior as a line, the credible interval as two rules. */
export function posteriorChart(r: InferResult): TopLevelSpec {
  const values = r.grid.map((v, g) => ({ value: v, posterior: r6(r.posterior[g]), prior: r6(r.prior.weights[g]) }));
  const x = { field: 'value', type: 'quantitative' as const, title: chartText(r.unknown), scale: { zero: false } };
  return {
    ...base(
      'Posterior',
      `mean ${r.mean.toFixed(1)}, ${+(r.interval.level * 100).toFixed(1)}% interval ${r.interval.low}…${r.interval.high}`,
    ),
    description: 'Infer: posterior and prior over the grid, the credible interval marked.',
    width: 560,
    height: 240,
    data: { values },
    layer: [
      {
        mark: { type: 'bar', color: SIDE_COLOURS[1] },
        encoding: {
          x,
          y: { field: 'posterior', type: 'quantitative', title: 'probability' },
          tooltip: [
            { field: 'value', type: 'quantitative', title: chartText(r.unknown) },
            { field: 'posterior', type: 'quantitative', format: '.2%' },
            { field: 'prior', type: 'quantitative', format: '.2%' },
          ],
        },
      },
      {
        mark: { type: 'line', color: NEUTRAL_COLOUR, strokeDash: [4, 3] },
        encoding: { x, y: { field: 'prior', type: 'quantitative' } },
      },
      {
        data: { values: [{ x: r.interval.low }, { x: r.interval.high }] },
        mark: { type: 'rule', color: 'black', strokeDash: [2, 2] },
        encoding: { x: { field: 'x', type: 'quantitative' } },
      },
    ],
  } as TopLevelSpec;
}

/** The next battle's win probability at each value, the posterior-predictive one as a rule. */
export function nextOddsChart(r: InferResult): TopLevelSpec {
  const values = r.grid.flatMap((v, g) => [
    { value: v, side: `A: ${chartText(r.sides[0])}`, win: r6(r.next.winByValue[g][0]) },
    { value: v, side: `B: ${chartText(r.sides[1])}`, win: r6(r.next.winByValue[g][1]) },
  ]);
  return {
    ...base('The next battle', `A wins ${(r.next.win[0] * 100).toFixed(1)}% with the uncertainty carried (dashed)`),
    description: 'Infer: the next battle’s win probability at each value of the unknown.',
    width: 560,
    height: 220,
    layer: [
      {
        data: { values },
        mark: { type: 'line' },
        encoding: {
          x: { field: 'value', type: 'quantitative', title: chartText(r.unknown), scale: { zero: false } },
          y: {
            field: 'win',
            type: 'quantitative',
            scale: { domain: [0, 1] },
            axis: { format: '.0%' },
            title: 'P(win)',
          },
          color: { field: 'side', type: 'nominal', scale: { range: [...SIDE_COLOURS] }, title: null },
        },
      },
      {
        data: { values: [{ y: r6(r.next.win[0]) }] },
        mark: { type: 'rule', color: SIDE_COLOURS[0], strokeDash: [4, 3] },
        encoding: { y: { field: 'y', type: 'quantitative' } },
      },
    ],
  } as TopLevelSpec;
}

export function inferReport(r: InferResult, file: string): ReportContent {
  return documentContent(presentInfer(r), {
    facts: [
      ['file', file],
      ['unknown', `${r.unknown} on ${r.grid.length} values ${r.grid[0]}…${r.grid[r.grid.length - 1]}`],
      ['method', 'exact likelihoods (every tactic pairing × all 10,000 pairs of d100 rolls)'],
      ['elapsed', elapsedText(r.elapsedMs)],
    ],
    sources: [...WAR_MACHINE_SOURCES, INFER_SOURCE],
    charts: [
      {
        name: 'posterior',
        title: 'Posterior',
        caption: `The posterior over ${r.unknown} (bars), the prior (dashed line) and the credible interval (dotted rules).`,
        spec: posteriorChart(r),
      },
      {
        name: 'next-odds',
        title: 'The next battle',
        caption:
          'Each side’s win probability in the next battle at each value; the dashed rule is A’s, averaged over the posterior.',
        spec: nextOddsChart(r),
      },
    ],
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}
