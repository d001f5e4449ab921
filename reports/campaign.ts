/**
 * Reports of a march and of a divided battle (`warcast march --report`, `warcast divided --report`). Everything
 * comes from the command's result (its --json document).
 */
import type { DividedResult } from '../src/kinds/divided/result.js';
import type { MarchResult } from '../src/kinds/march/result.js';
import { arrivalByDayChart, fatigueChart, pairingOddsChart, splitsChart } from './charts/campaign.js';
import { documentContent, type ReportContent } from './content.js';
import { elapsedText, policyText } from './facts.js';
import { presentDivided } from '../src/kinds/divided/present.js';
import { presentMarch } from '../src/kinds/march/present.js';
import { pct } from '../src/present/format.js';
import { chartText, type Chart } from './spec.js';

export const CAMPAIGN_SOURCES = [
  'The one-page War Machine summary sheet (docs/sources/war-machine-sheet.txt): movement, food, forced march table, fatigue recovery, dividing forces (docs/rules.md §8–§9).',
  'D&D Rules Cyclopedia (TSR 1991), chapter 9 “Mass Combat”: Troop Movement, Food, Forced Marches Table, Fatigue, Dividing a Force.',
  'warcast’s decisions and named policies where the sources are silent or differ: docs/rules.md.',
];

export function marchReport(r: MarchResult, file: string): ReportContent {
  const m = r.march;
  const charts: Chart[] = [
    {
      name: 'march-arrival',
      title: 'Arrival by day',
      caption:
        m.destination === null
          ? 'No destination: the chance of being seriously fatigued (unable to move) at the end of each day.'
          : `The chance that ${r.force.name} has covered the ${m.destination} to its destination by the end of each day (blue), and the chance it is seriously fatigued on the road (red).`,
      spec: arrivalByDayChart({
        force: chartText(r.force.name),
        destination: m.destination,
        exact: m.exact,
        days: m.perDay.map((d) => ({
          day: d.day,
          arrivedBy: d.arrivedBy,
          lo: d.arrivedByCi95?.[0] ?? d.arrivedBy,
          hi: d.arrivedByCi95?.[1] ?? d.arrivedBy,
          serious: d.seriouslyFatigued,
        })),
      }),
    },
    {
      name: 'march-fatigue',
      title: 'Fatigue',
      caption:
        'Fatigue when the force stops (on arrival, or at the end of the plan), then day by day for the force still on the road (grey: already arrived).',
      spec: fatigueChart({
        title: `${chartText(r.force.name)}: none / moderate / serious`,
        rows: [
          ...(m.fatigueAtArrival ? [{ label: 'on arrival', ...m.fatigueAtArrival }] : []),
          ...(m.fatigueAtEnd ? [{ label: 'not arrived (end)', ...m.fatigueAtEnd }] : []),
          ...m.perDay.map((d) => ({ label: `day ${d.day}: ${r.plan[d.day - 1]}`, ...d.onRoad, arrived: d.arrivedBy })),
        ],
      }),
    },
  ];
  if (r.battle) {
    charts.push({
      name: 'march-battle',
      title: 'The battle on arrival',
      caption:
        'The battle’s exact odds at each fatigue the force may arrive with (the last bar mixes them by the fatigue-on-arrival distribution).',
      spec: pairingOddsChart({
        title: 'The battle on arrival',
        subtitle: 'exact odds at each fatigue on arrival, and mixed as it arrives',
        description: 'A march into battle: the odds of the battle on arrival by fatigue.',
        sides: [chartText(r.battle.sides[0]), chartText(r.battle.sides[1])],
        pairings: [
          ...r.battle.byFatigue.map((b) => ({
            label: `${{ N: 'fresh', M: 'moderately fatigued', S: 'seriously fatigued' }[b.fatigue]} (${pct(b.probability)})`,
            a: b.win[0],
            b: b.win[1],
          })),
          { label: 'as it arrives', a: r.battle.win[0], b: r.battle.win[1] },
        ],
      }),
    });
  }
  const facts: [string, string][] = [
    ['scenario', file],
    [
      'method',
      r.method === 'exact'
        ? 'exact (Markov chain over the days of the plan)'
        : `Monte Carlo${r.note ? ` (${r.note})` : ''}`,
    ],
    ...(r.method === 'exact'
      ? []
      : ([
          ['seed', String(r.seed)],
          ['marches', (r.trials ?? 0).toLocaleString('en-US')],
          ['threads', String(r.threads)],
        ] as [string, string][])),
    ['policies', policyText(r.policies)],
    ['elapsed', elapsedText(r.elapsedMs)],
  ];
  return documentContent(presentMarch(r), {
    facts,
    sources: CAMPAIGN_SOURCES,
    charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}

export function dividedReport(r: DividedResult, file: string): ReportContent {
  const o = r.outcome;
  const charts: Chart[] = [
    {
      name: 'divided-pairings',
      title: "Pairings' odds",
      caption:
        'Each pairing, as the forces chose their opponents (highest BR first): the exact chance each side wins that battle.',
      spec: pairingOddsChart({
        title: "Pairings' odds",
        subtitle: 'each pairing is one War Machine battle (exact odds)',
        description: 'Divided forces: the odds of each pairing.',
        sides: [chartText(r.sides[0]), chartText(r.sides[1])],
        pairings: o.pairings.map((p) => ({
          label: chartText(`${p.names[0]} – ${p.names[1]}`),
          a: p.win[0],
          b: p.win[1],
        })),
      }),
    },
  ];
  if (r.splitTable) {
    charts.push({
      name: 'divided-splits',
      title: 'Splits',
      caption: `P(each side wins the day, by “${r.policies.winsTheDay}”) for every combination of the listed splits.`,
      spec: splitsChart(
        r.splitTable.map((c) => ({ label: `A split ${c.a + 1} × B split ${c.b + 1}`, a: c.win[0], b: c.win[1] })),
        [chartText(r.sides[0]), chartText(r.sides[1])],
      ),
    });
  }
  const facts: [string, string][] = [
    ['scenario', file],
    ['method', 'exact (independent battles)'],
    ['policies', policyText(r.policies)],
  ];
  return documentContent(presentDivided(r), {
    facts,
    sources: CAMPAIGN_SOURCES,
    charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}
