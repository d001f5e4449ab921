/**
 * The report of a War Machine battle (`warcast odds --report` / `warcast report` on a war-machine scenario):
 * charts, sides and key numbers, built from the odds result alone. The convergence series and the casualty
 * distributions are part of the result (collected during the run), so nothing is re-run or re-read here.
 */
import type { OddsResult } from '../src/analysis/odds.js';
import { num, pct, pctCi } from '../src/text/format.js';
import { ROW_COUNT, rowLabel } from '../src/rules/warMachine/results.js';
import { casualtyChart, convergenceChart, engagementChart, resultsRowsChart, winProbabilityChart } from './charts/war.js';
import { atMostChart } from './charts/cumulative.js';
import type { ReportContent } from './content.js';
import { elapsedText, policyText, runFacts } from './save.js';
import { OUTCOME_LEGEND, oddsVerdicts, outcomeRows } from '../src/text/odds.js';
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
        ? 'Each side’s chance of winning the battle, with the 95% interval of the Monte Carlo estimate as error bars and the exact odds as a black tick.'
        : 'Each side’s exact chance of winning the battle.',
      spec: winProbabilityChart({ sides, win: r.win, ci95: r.winCi95, exact: monteCarlo ? exact.win : null, noWinner: r.tie }),
    },
    {
      name: 'casualties',
      title: 'Casualties',
      caption: 'How many troops each side loses (total, dead, wounded), as histograms of the per-battle outcome; vertical lines at the 5%, 50% and 95% quantiles.',
      spec: casualtyChart({ sides, troops: [r.ratings[0].troops, r.ratings[1].troops], distributions: r.casualtyDistributions }),
    },
    {
      name: 'casualties-at-most',
      title: 'Casualties: at most / at least',
      caption: 'The chance each side loses at most x troops (dead and wounded together) in the battle; hover for the chance of losing at least x. Read a loss you can afford on the x axis and its chance on the y axis.',
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
      caption: 'How decisively each side wins: the probability of each row of the combat results table (the winner’s margin), per winning side.',
      spec: resultsRowsChart({ sides, rowLabels: Array.from({ length: ROW_COUNT }, (_, k) => rowLabel(k)), rows: r.rows, exact: monteCarlo ? exact.rows : null }),
    },
  ];
  if (r.convergence) {
    charts.push({
      name: 'convergence',
      title: 'Convergence',
      caption: 'The running estimate of each side’s win probability as battles are added, with its 95% interval; the exact odds dashed. A settled run hugs the dashed line.',
      spec: convergenceChart({ sides, points: r.convergence, exact: exact.win }),
    });
  }
  if (r.engagement) {
    charts.push({
      name: 'engagement',
      title: 'Pursuit',
      caption: `The engagement: while the forces stay in contact the winner attacks again the next day, up to ${r.engagement.maxDays} battles (docs/rules.md §7). How many battles were fought, and how it ended.`,
      spec: engagementChart({ days: r.engagement.days.distribution, endings: Object.entries(r.engagement.endings).map(([label, probability]) => ({ label, probability })) }),
    });
  }
  return {
    title: r.title ?? `${sides[0]} vs ${sides[1]}`,
    lead: `War Machine battle: ${sides[0]} (A) vs ${sides[1]} (B)`,
    verdict: oddsVerdicts(r),
    facts: oddsFacts(r, file),
    tables: [
      sideTable(r),
      keyNumbers(r),
      { caption: 'Fatigue after the battle', columns: ['fatigue', `A: ${sides[0]}`, `B: ${sides[1]}`], rows: outcomeRows(r, 'fatigue') },
      { caption: `Location after the battle (${OUTCOME_LEGEND})`, columns: ['location', `A: ${sides[0]}`, `B: ${sides[1]}`], rows: outcomeRows(r, 'location') },
    ],
    sources: WAR_MACHINE_SOURCES,
    charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  };
}

function oddsFacts(r: OddsResult, file: string): [string, string][] {
  const facts: [string, string][] = [
    ['scenario', file],
    ['method', r.method === 'exact' ? 'exact (all 10,000 pairs of d100 rolls enumerated)' : 'Monte Carlo, checked against exact odds'],
  ];
  if (r.method === 'monte-carlo') facts.push(...runFacts(r, 'battles'));
  facts.push(['elapsed', elapsedText(r.elapsedMs)], ['policies', policyText(r.policies)]);
  return facts;
}

function tacticText(t: OddsResult['ratings'][number]['tactic']): string {
  if (t === null) return '— (tactics not used)';
  if (typeof t === 'string') return t;
  return Object.entries(t as Record<string, number | undefined>)
    .filter(([, p]) => (p ?? 0) > 0)
    .map(([k, p]) => `${k} ${pct(p!, 0)}`)
    .join(', ');
}

function sideTable(r: OddsResult) {
  const col = (f: (k: 0 | 1) => string) => [f(0), f(1)];
  return {
    caption: 'Sides',
    columns: ['', `A: ${r.sides[0]}`, `B: ${r.sides[1]}`],
    rows: [
      ['troops', ...col((k) => num(r.ratings[k].troops))],
      ['troop class', ...col((k) => r.ratings[k].troopClass ?? '—')],
      ['battle rating (BR)', ...col((k) => String(r.ratings[k].battleRating))],
      ['modified BR', ...col((k) => String(r.ratings[k].modifiedBattleRating))],
      ['adjustments', ...col((k) => r.ratings[k].adjustments.map((a) => `${a.rule} ${a.value >= 0 ? '+' : ''}${a.value}`).join('; ') || '—')],
      ['role', ...col((k) => (r.ratings[k].defending ? 'defending' : 'attacking'))],
      ['tactic', ...col((k) => tacticText(r.ratings[k].tactic))],
    ],
  };
}

function keyNumbers(r: OddsResult) {
  const ex = r.exact!;
  const col = (f: (k: 0 | 1) => string) => [f(0), f(1)];
  const win = (k: 0 | 1) => pctCi(r.win[k], r.winCi95?.[k]);
  const cas = (k: 0 | 1, m: 'dead' | 'wounded' | null) => {
    const x = m ? r.casualties[k][m] : r.casualties[k];
    return `${num(x.mean)} (${x.p05} / ${x.p50} / ${x.p95})`;
  };
  const likeliest = (k: 0 | 1) => {
    let best = 0;
    for (let row = 1; row < ROW_COUNT; row++) if (r.rows[k][row] > r.rows[k][best]) best = row;
    return r.rows[k][best] > 0 ? `${rowLabel(best)} (${pct(r.rows[k][best])})` : '—';
  };
  const rows = [
    [r.method === 'exact' ? 'win' : 'win (95% interval)', ...col(win)],
    ...(r.method === 'exact' ? [] : [['win, exact', ...col((k) => pct(ex.win[k]))]]),
    ['casualties, mean (5% / 50% / 95%)', ...col((k) => cas(k, null))],
    ['dead', ...col((k) => cas(k, 'dead'))],
    ['wounded', ...col((k) => cas(k, 'wounded'))],
    ['likeliest winning margin (row)', ...col(likeliest)],
    ['no winner (no battle or standing tie)', pct(r.tie), ''],
    ['tied roll, per roll', pct(r.tieRoll), ''],
    ...(r.engagement
      ? [
          [`engagement (up to ${r.engagement.maxDays} battles): won the last battle`, ...col((k) => pct(r.engagement!.lastBattleWon[k]))],
          ['engagement: routed or destroyed', ...col((k) => pct(r.engagement!.routed[k] + r.engagement!.destroyed[k]))],
          ['engagement: lost in all, mean (5% / 50% / 95%)', ...col((k) => { const e = r.engagement!.casualties[k]; return `${num(e.mean)} (${e.p05} / ${e.p50} / ${e.p95})`; })],
          ['engagement: battles fought, mean', r.engagement.days.mean.toFixed(2), ''],
        ]
      : []),
  ];
  return { caption: 'Key numbers', columns: ['', `A: ${r.sides[0]}`, `B: ${r.sides[1]}`], rows };
}
