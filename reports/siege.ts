/**
 * The report of a siege (`warcast siege --report` / `warcast report` on a siege scenario): survival curve,
 * weeks to fall, endings; the sides, fortifications and key numbers. Everything comes from the siege result
 * (the --json document), so result.json and the page cannot disagree.
 */
import type { SiegeResult } from '../src/kinds/siege/result.js';
import { ENDINGS } from '../src/kinds/siege/plan.js';
import { SIEGE_ENDING_VOCABULARY } from '../src/kinds/siege/endings.js';
import { siegeEndingsChart, siegeSuppliesChart, siegeSurvivalChart, siegeWeeksChart } from './charts/siege.js';
import { atMostChart } from './charts/cumulative.js';
import { documentContent, type ReportContent } from './content.js';
import { elapsedText, policyText, runFacts } from './facts.js';
import { ENDING_WORDS, presentSiege } from '../src/kinds/siege/present.js';
import { chartText, type Chart } from './spec.js';

export const SIEGE_SOURCES = [
  'The one-page War Machine / Siege Machine summary sheet (docs/sources/war-machine-sheet.txt): siege equipment, fortification hit points and BR, bombardment, harassment, assault, starvation and desertion.',
  'D&D Rules Cyclopedia (TSR 1991), chapter 9 “Mass Combat” (the War Machine): the battles of a siege (ratings, results table, casualties).',
  'warcast’s interpretation decisions and named policies where the sources are silent or differ: docs/siege.md, docs/rules.md.',
];

/** The endings chart's labels: the words of every presenter (src/kinds/siege/endings.ts). */
export const ENDING_LABELS: Record<(typeof ENDINGS)[number], string> = ENDING_WORDS;

/** P(falls in week w) from the cumulative curve, up to the last week anything fell. */
export function weeklyFalls(r: SiegeResult): { week: number; probability: number }[] {
  const weeks = r.fallenByWeek.map((f, k) => ({
    week: f.week,
    probability: Math.max(0, f.probability - (k === 0 ? 0 : r.fallenByWeek[k - 1].probability)),
  }));
  let last = weeks.length;
  while (last > 1 && weeks[last - 1].probability === 0) last--;
  return weeks.slice(0, last);
}

export function siegeReport(r: SiegeResult, file: string): ReportContent {
  const { attacker, defender } = r.sides;
  const last = r.fallenByWeek[r.fallenByWeek.length - 1];
  const fallenAtLimit = last ? last.probability : 0;
  const charts: Chart[] = [
    {
      name: 'siege-survival',
      title: 'Survival',
      caption: `The chance that ${defender} is still standing at the end of each week (not stormed, starved or abandoned), with the 95% interval of the estimate as a band.`,
      spec: siegeSurvivalChart({
        defender: chartText(defender),
        fallenByWeek: r.fallenByWeek.map((f) => ({
          week: f.week,
          fallen: f.probability,
          lo: f.ci95[0],
          hi: f.ci95[1],
        })),
      }),
    },
    {
      name: 'siege-weeks',
      title: 'Weeks to fall',
      caption: `The week the fortress falls, as a histogram; the grey bar is the chance it has not fallen after week ${r.weekLimit} (the attacker left, or the limit was reached).`,
      spec: siegeWeeksChart({ weeks: weeklyFalls(r), standing: Math.max(0, 1 - fallenAtLimit), horizon: r.weekLimit }),
    },
    {
      name: 'siege-endings',
      title: 'Endings',
      caption:
        'How the sieges end, by cause: the fortress falls (red: stormed; its garrison deserted or starved; its defenders departed by choice) or holds (grey: the attacker departed by choice, was routed or driven off, or its food ran out; or it is still standing at the week limit).',
      spec: siegeEndingsChart({
        endings: ENDINGS.map((e) => ({
          label: ENDING_LABELS[e],
          probability: r.endings[e].probability,
          lo: r.endings[e].ci95[0],
          hi: r.endings[e].ci95[1],
          fallen: SIEGE_ENDING_VOCABULARY[e].fallen,
        })),
      }),
    },
    {
      name: 'siege-casualties-at-most',
      title: 'Casualties: at most / at least',
      caption: `The chance each side loses at most x troops over the whole siege, dead and wounded separately; hover for the chance of at least x.${r.casualties.binWidth.some((w) => w > 1) ? ` Large forces are counted in bins of ${r.casualties.binWidth.join(' / ')} troops (attacker / defender): x is a bin’s lower edge.` : ''}`,
      spec: atMostChart({
        title: 'What the siege can cost',
        subtitle: 'P(troops lost ≤ x) over the siege, per side',
        what: 'troops lost',
        series: [
          { label: `attacker dead: ${attacker}`, ...r.casualtyCumulative.attacker.dead },
          { label: `attacker wounded: ${attacker}`, ...r.casualtyCumulative.attacker.wounded },
          { label: `defender dead: ${defender}`, ...r.casualtyCumulative.defender.dead },
          { label: `defender wounded: ${defender}`, ...r.casualtyCumulative.defender.wounded },
        ],
      }),
    },
  ];
  const supplies = suppliesSeries(r);
  if (supplies.length > 0) {
    charts.push({
      name: 'siege-supplies',
      title: 'Supplies',
      caption:
        'What each side has left at the start of each week, on average over the sieges still running then, as a share of what it started with: rations, money, artillery shot and ballista bolts (only the stores the scenario accounts).',
      spec: siegeSuppliesChart({ series: supplies }),
    });
  }
  return documentContent(presentSiege(r), {
    facts: facts(r, file),
    sources: SIEGE_SOURCES,
    charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}

function facts(r: SiegeResult, file: string): [string, string][] {
  const f: [string, string][] = [
    ['scenario', file],
    ['method', 'Monte Carlo (a siege carries its state from week to week, so there are no exact odds)'],
    ['mode', r.mode],
    ...runFacts(r, 'sieges'),
  ];
  f.push(
    ['week limit', String(r.weekLimit)],
    ['elapsed', elapsedText(r.elapsedMs)],
    ['policies', policyText(r.policies)],
  );
  return f;
}

const STORE_LABELS = {
  rations: 'rations',
  money: 'money',
  artillery: 'artillery shot',
  ballista: 'ballista bolts',
} as const;

/** The supplies chart's points: each accounted store's mean left by week, as a share of its first week's level. */
export function suppliesSeries(r: SiegeResult): { week: number; store: string; share: number; amount: number }[] {
  const weeks = r.supplies?.byWeek ?? [];
  const out: { week: number; store: string; share: number; amount: number }[] = [];
  if (weeks.length === 0) return out;
  for (const who of ['attacker', 'defender'] as const) {
    for (const key of ['rations', 'money', 'artillery', 'ballista'] as const) {
      const first = weeks[0][who][key];
      if (first === null || first <= 0) continue;
      for (const w of weeks) {
        const v = w[who][key];
        if (v !== null) out.push({ week: w.week, store: `${who} ${STORE_LABELS[key]}`, share: v / first, amount: v });
      }
    }
  }
  return out;
}
