/**
 * The report of a siege (`warcast siege --report` / `warcast report` on a siege scenario): survival curve,
 * weeks to fall, endings; the sides, fortifications and key numbers. Everything comes from the siege result
 * (the --json document), so result.json and the page cannot disagree.
 */
import { num } from '../src/text/format.js';
import type { SiegeResult } from '../src/analysis/siege.js';
import { ENDINGS } from '../src/kinds/siege/plan.js';
import { siegeEndingsChart, siegeSuppliesChart, siegeSurvivalChart, siegeWeeksChart } from './charts/siege.js';
import { atMostChart } from './charts/cumulative.js';
import type { ReportContent, Table } from './content.js';
import { elapsedText, pctCi, policyText, runFacts } from './save.js';
import { chartText, type Chart } from './spec.js';

export const SIEGE_SOURCES = [
  'The one-page War Machine / Siege Machine summary sheet (docs/sources/war-machine-sheet.txt): siege equipment, fortification hit points and BR, bombardment, harassment, assault, starvation and desertion.',
  'D&D Rules Cyclopedia (TSR 1991), chapter 9 “Mass Combat” (the War Machine): the battles of a siege (ratings, results table, casualties).',
  'warcast’s interpretation decisions and named policies where the sources are silent or differ: docs/siege.md, docs/rules.md.',
];

export const ENDING_LABELS: Record<(typeof ENDINGS)[number], string> = {
  stormed: 'stormed',
  starved: 'starved into surrender',
  defendersDepart: 'defenders depart',
  attackerDeparts: 'attacker departs',
  standing: 'still standing at the limit',
};
const FALLEN = new Set(['stormed', 'starved', 'defendersDepart']);

type Spread = { mean: number; p05: number; p50: number; p95: number };
const spread = (s: Spread) => `${num(s.mean)} (${s.p05} / ${s.p50} / ${s.p95})`;

/** P(falls in week w) from the cumulative curve, up to the last week anything fell. */
export function weeklyFalls(r: SiegeResult): { week: number; probability: number }[] {
  const weeks = r.fallenByWeek.map((f, k) => ({ week: f.week, probability: Math.max(0, f.probability - (k === 0 ? 0 : r.fallenByWeek[k - 1].probability)) }));
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
      spec: siegeSurvivalChart({ defender: chartText(defender), fallenByWeek: r.fallenByWeek.map((f) => ({ week: f.week, fallen: f.probability, lo: f.ci95[0], hi: f.ci95[1] })) }),
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
      caption: 'How the sieges end: the fortress falls (red: stormed, starved, abandoned) or holds (grey: the attacker departs, or it still stands at the week limit).',
      spec: siegeEndingsChart({ endings: ENDINGS.map((e) => ({ label: ENDING_LABELS[e], probability: r.endings[e].probability, lo: r.endings[e].ci95[0], hi: r.endings[e].ci95[1], fallen: FALLEN.has(e) })) }),
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
      caption: 'What each side has left at the start of each week, on average over the sieges still running then, as a share of what it started with: rations, money, artillery shot and ballista bolts (only the stores the scenario accounts).',
      spec: siegeSuppliesChart({ series: supplies }),
    });
  }
  return {
    title: r.title ?? `${attacker} besieging ${defender}`,
    lead: `Siege (${r.mode}): ${attacker} (attacker) against ${defender} (defender), up to ${r.weekLimit} weeks`,
    facts: facts(r, file),
    tables: [sideTable(r), ...notesTable(r), keyNumbers(r), endingsTable(r), casualtyTable(r), ...constructionTables(r)],
    sources: SIEGE_SOURCES,
    charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  };
}

function facts(r: SiegeResult, file: string): [string, string][] {
  const f: [string, string][] = [
    ['scenario', file],
    ['method', 'Monte Carlo (a siege carries its state from week to week, so there are no exact odds)'],
    ['mode', r.mode],
    ...runFacts(r, 'sieges'),
  ];
  f.push(['week limit', String(r.weekLimit)], ['elapsed', elapsedText(r.elapsedMs)], ['policies', policyText(r.policies)]);
  return f;
}

const equipment = (e: Record<string, number>) =>
  Object.entries(e)
    .filter(([, v]) => v !== 0)
    .map(([k, v]) => `${k} ${v >= 0 ? '+' : ''}${v}`)
    .join('; ') || '—';

function sideTable(r: SiegeResult): Table {
  const a = r.ratings.attacker;
  const d = r.ratings.defender;
  return {
    caption: 'Sides',
    columns: ['', `attacker: ${r.sides.attacker}`, `defender: ${r.sides.defender}`],
    rows: [
      ['troops', num(a.troops), num(d.troops)],
      ['battle rating (BR)', String(a.battleRating), String(d.battleRating)],
      ['modified BR (before troop ratio, equipment, tactics)', String(a.modifiedBattleRating), String(d.modifiedBattleRating)],
      ['fortifications BR', '—', String(r.fortificationBr)],
      ['equipment BR', equipment(r.equipmentBr.attacker), equipment(r.equipmentBr.defender)],
    ],
  };
}

/** The input the rules leave out or cap (the text's `note:` lines), when there is any. */
function notesTable(r: SiegeResult): Table[] {
  const notes = r.notes ?? [];
  return notes.length === 0 ? [] : [{ caption: 'Input the rules leave out or cap', columns: ['note'], rows: notes.map((n) => [n]) }];
}

/** Field construction: each side's built engines and, from the week they join, what the side fights with. */
function constructionTables(r: SiegeResult): Table[] {
  const out: Table[] = [];
  for (const who of ['attacker', 'defender'] as const) {
    const c = r.construction?.[who];
    if (!c) continue;
    const name = r.sides[who];
    const rows = c.fighting.map((f) => [
      f.fromWeek === 1 ? 'from week 1 (before any built piece)' : `from week ${f.fromWeek}: + ${Object.entries(f.joining).map(([e, n]) => `${n} ${e}`).join(', ')} built`,
      String(f.equipmentBr.bombard),
      String(f.equipmentBr.harass),
      String(f.equipmentBr.assault),
      String(f.bombardBr),
    ]);
    for (const e of c.engines) if (e.week === null || e.week > r.weekLimit) rows.push([`${e.engine}: not finished within ${r.weekLimit} weeks`, '—', '—', '—', '—']);
    out.push({
      caption: `Field construction, ${who}: ${name} (${c.built} of ${c.engines.length} engines built, hardware ${num(c.materialsGp)} gp; each fights from the week it joins)`,
      columns: ['weapons', 'equipment BR vs bombard', 'vs harass', 'vs assault', 'bombard BR'],
      rows,
    });
  }
  return out;
}

function keyNumbers(r: SiegeResult): Table {
  const w = r.weeksToFall;
  const rows: string[][] = [[`fallen within ${r.weekLimit} weeks (95% interval)`, pctCi(w.probability, w.ci95)]];
  if (w.mean !== null) {
    const s = w as Extract<SiegeResult['weeksToFall'], { p50: number }>;
    rows.push(['weeks to fall, mean (5% / 25% / 50% / 75% / 95%), sieges that fell', `${num(s.mean, 2)} (${s.p05} / ${s.p25} / ${s.p50} / ${s.p75} / ${s.p95})`]);
  }
  const d = r.damage;
  rows.push(
    ['mean length of siege (weeks)', num(r.meanWeeks, 2)],
    ['fortifications reduced to rubble', pctCi(d.rubbleProbability, d.rubbleCi95)],
    ['mean fortification damage (hit points)', num(d.meanDamage)],
    ['mean breach (feet)', num(d.meanBreachFeet)],
    ['battles (mean per siege)', num(r.battles / Math.max(1, r.trials), 2)],
    ['assaults repulsed (mean per siege)', num(r.assaultsRepulsed / Math.max(1, r.trials), 2)],
  );
  return { caption: 'Key numbers', columns: ['', 'value'], rows };
}

function endingsTable(r: SiegeResult): Table {
  return {
    caption: 'Endings',
    columns: ['ending', 'probability (95% interval)', 'mean week'],
    rows: ENDINGS.map((e) => [ENDING_LABELS[e], pctCi(r.endings[e].probability, r.endings[e].ci95), r.endings[e].meanWeek === null ? '—' : num(r.endings[e].meanWeek!, 2)]),
  };
}

function casualtyTable(r: SiegeResult): Table {
  const c = r.casualties;
  return {
    caption: 'Casualties per siege, mean (5% / 50% / 95%)',
    columns: ['', `attacker: ${r.sides.attacker}`, `defender: ${r.sides.defender}`],
    rows: [
      ['dead', spread(c.attacker.dead), spread(c.defender.dead)],
      ['wounded', spread(c.attacker.wounded), spread(c.defender.wounded)],
      ['deserted (mean)', '—', num(c.defender.desertedMean)],
    ],
  };
}

const STORE_LABELS = { rations: 'rations', money: 'money', artillery: 'artillery shot', ballista: 'ballista bolts' } as const;

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
