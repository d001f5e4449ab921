/**
 * The report of a War Machine battle (`warcast odds --report` / `warcast report` on a war-machine scenario):
 * charts, sides and key numbers, built from the odds result alone. The convergence series and the casualty
 * distributions are part of the result (collected during the run), so nothing is re-run or re-read here.
 */
import type { OddsResult } from '../src/kinds/warMachine/result.js';
import { ROW_COUNT, rowLabel } from '../src/rules/warMachine/results.js';
import {
  casualtyChart,
  convergenceChart,
  engagementChart,
  resultsRowsChart,
  winProbabilityChart,
} from './charts/war.js';
import { atMostChart } from './charts/cumulative.js';
import { documentContent, type ReportContent } from './content.js';
import { elapsedText, policyText, runFacts } from './save.js';
import { presentOdds } from '../src/kinds/warMachine/present.js';
import type { Chart } from './spec.js';

export const WAR_MACHINE_SOURCES = [
  'D&D Rules Cyclopedia (TSR 1991), chapter 9 “Mass Combat” (the War Machine): force and battle ratings, battle adjustments, combat results table, casualties.',
  'The one-page War Machine / Siege Machine summary sheet (tactics table, results table as printed).',
  'warcast’s interpretation decisions and named policies where the two are silent or differ: docs/rules.md.',
];

/** Build the report content of an odds result (nothing is re-run: the convergence series and the casualty
 * distributions were collected during the run). */
export function oddsReport(r: OddsResult, file: string): ReportContent {
  const monteCarlo = r.method === 'monte-carlo' && r.trials > 0;
  const sides = r.sides;
  const exact = r.exact!;
  const charts: Chart[] = [
    {
      name: 'win',
      title: 'Win probability',
      caption: monteCarlo
        ? `Each side’s chance of winning the battle, with the 95% interval of the Monte Carlo estimate as error bars and the exact odds as a black tick${r.exact!.noBattle > 0 ? '; a trial with no battle (neither side attacks, the grey bar) is won by neither' : ''}.`
        : `Each side’s exact chance of winning the battle${r.exact!.noBattle > 0 ? '; a trial with no battle (neither side attacks, the grey bar) is won by neither' : ''}.`,
      spec: winProbabilityChart({
        sides,
        win: r.win,
        ci95: r.winCi95,
        exact: monteCarlo ? exact.win : null,
        noWinner: r.tie,
        noBattle: r.noBattle,
      }),
    },
    {
      name: 'casualties',
      title: 'Casualties',
      caption:
        'How many troops each side loses (total, dead, wounded), as histograms of the per-battle outcome; vertical lines at the 5%, 50% and 95% quantiles.',
      spec: casualtyChart({
        sides,
        troops: [r.ratings[0].troops, r.ratings[1].troops],
        distributions: r.casualtyDistributions,
      }),
    },
    {
      name: 'casualties-at-most',
      title: 'Casualties: at most / at least',
      caption:
        'The chance each side loses at most x troops (dead and wounded together) in the battle; hover for the chance of losing at least x. Read a loss you can afford on the x axis and its chance on the y axis.',
      spec: atMostChart({
        title: 'How much it can cost',
        subtitle: 'P(troops lost ≤ x) per side (total = dead + wounded)',
        what: 'troops lost',
        series: [0, 1].map((s) => ({ label: `${s === 0 ? 'A' : 'B'}: ${sides[s]}`, ...r.casualtyCumulative[s].total })),
        sideColours: true,
      }),
    },
    {
      name: 'results-rows',
      title: 'Results rows',
      caption:
        'How decisively each side wins: the probability of each row of the combat results table (the winner’s margin), per winning side.',
      spec: resultsRowsChart({
        sides,
        rowLabels: Array.from({ length: ROW_COUNT }, (_, k) => rowLabel(k)),
        rows: r.rows,
        exact: monteCarlo ? exact.rows : null,
      }),
    },
  ];
  if (r.convergence) {
    charts.push({
      name: 'convergence',
      title: 'Convergence',
      caption:
        'The running estimate of each side’s win probability as battles are added, with its 95% interval; the exact odds dashed. A settled run hugs the dashed line.',
      spec: convergenceChart({ sides, points: r.convergence, exact: exact.win }),
    });
  }
  if (r.engagement) {
    charts.push({
      name: 'engagement',
      title: 'Pursuit',
      caption: `The engagement: while the forces stay in contact the winner attacks again the next day, up to ${r.engagement.maxDays} battles (docs/rules.md §7). How many battles were fought, and how it ended.`,
      spec: engagementChart({
        days: r.engagement.days.distribution,
        endings: Object.entries(r.engagement.endings).map(([label, probability]) => ({ label, probability })),
      }),
    });
  }
  return documentContent(presentOdds(r), {
    facts: oddsFacts(r, file),
    sources: WAR_MACHINE_SOURCES,
    charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}

function oddsFacts(r: OddsResult, file: string): [string, string][] {
  const facts: [string, string][] = [
    ['scenario', file],
    [
      'method',
      r.method === 'exact'
        ? 'exact (all 10,000 pairs of d100 rolls enumerated)'
        : 'Monte Carlo, checked against exact odds',
    ],
  ];
  if (r.method === 'monte-carlo') facts.push(...runFacts(r, 'battles'));
  facts.push(['elapsed', elapsedText(r.elapsedMs)], ['policies', policyText(r.policies)]);
  return facts;
}
