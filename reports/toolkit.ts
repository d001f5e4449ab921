/**
 * Reports of the designer's toolkit (`seek`, `worth`, `tournament` with --report): built from the result alone.
 */
import { pct, signedPct } from '../src/text/format.js';
import type { SeekResult } from '../src/analysis/seek.js';
import type { WorthResult } from '../src/analysis/worth.js';
import type { TournamentResult } from '../src/analysis/tournament.js';
import { heatmapChart, ratingsChart, seekChart, tornadoChart } from './charts/toolkit.js';
import { documentContent, type ReportContent, type Table } from './content.js';
import { presentSeek } from '../src/analysis/seekPresent.js';
import { presentTournament } from '../src/kinds/tournament/present.js';
import { elapsedText } from './save.js';
import { WAR_MACHINE_SOURCES } from './warMachine.js';
import { SIEGE_SOURCES } from './siege.js';
import { CASCADE_SOURCES } from './cascade.js';

const SEEK_SOURCE = 'Search methods (bisection, the sequential test, common random numbers): docs/design.md, “seek”.';

export function seekReport(r: SeekResult, file: string, sources: readonly string[]): ReportContent {
  const measure = r.target.split(/[<>]/)[0].trim();
  const threshold = Number(r.target.split(/[<>]=?/)[1]);
  const facts: [string, string][] = [
    ['scenario', file],
    ['searched', `${r.seek} ${r.vary} in ${r.from}…${r.to} step ${r.step}`],
    ['target', r.target],
    ['answer', r.value === null ? `none (${r.note ?? ''})` : String(r.value)],
    [
      'method',
      r.method === 'exact'
        ? 'exact odds, bisection'
        : `Monte Carlo, seed ${r.seed}, common random numbers, sequential test; ${r.trials.toLocaleString('en-US')} trials in all`,
    ],
    [
      'monotone',
      `${r.monotone ? 'yes' : 'no'} (${r.checked === 'every value' ? 'every value checked' : `${r.checked} values checked`})`,
    ],
    ['elapsed', elapsedText(r.elapsedMs)],
  ];
  return documentContent(presentSeek(r), {
    facts,
    sources: [...sources, SEEK_SOURCE],
    charts: [
      {
        name: 'seek',
        title: 'The search',
        caption: `${measure} at every value the search tried (bars: 95% intervals of Monte Carlo values), the target as a dashed line and the answer as a vertical line.`,
        spec: seekChart({
          parameter: r.vary,
          measure,
          threshold,
          answer: r.value,
          points: r.evaluated.map((p) => ({
            value: p.value,
            p: p.probability,
            lo: p.ci95?.[0] ?? p.probability,
            hi: p.ci95?.[1] ?? p.probability,
          })),
        }),
      },
    ],
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}

const WORTH_SOURCE =
  'Scale factors and their BR / troop equivalents (exact bisection; on a siege or a cascade, bisection over Monte Carlo estimates with common random numbers; a cascade’s equivalents are in legions): docs/design.md, “worth”.';

/** What a worth result's `win` measures, in words. */
function worthMeasure(r: WorthResult): string {
  if (r.kind === 'cascade')
    return `P(${r.player} holds ${r.location} after ${r.rounds === 1 ? 'the round' : `round ${r.rounds}`})`;
  if (r.kind === 'siege')
    return r.side === 0 ? `P(fallen by the end of week ${r.week})` : `P(held through week ${r.week})`;
  return `P(${r.sideName} wins)`;
}

export function worthReport(r: WorthResult, file: string): ReportContent {
  const signed = (x: number | null) => (x === null ? '—' : `${x > 0 ? '+' : ''}${x.toLocaleString('en-US')}`);
  const cascade = r.kind === 'cascade';
  const siege = r.kind === 'siege';
  const measure = worthMeasure(r);
  const noBattle = !!r.noBattle || r.items.some((i) => !!i.noBattle); // only battles carry it
  const table: Table = {
    caption: `What each item is worth to ${r.sideName}`,
    columns: cascade
      ? ['item', 'rule', 'P(holds)', 'change', 'legions equivalent']
      : [
          'item',
          'rule',
          siege ? r.measure! : 'win',
          ...(noBattle ? ['no battle'] : []),
          'change',
          'BR equivalent',
          'troops equivalent',
        ],
    rows: r.items.map((i) => [
      i.name,
      i.rule,
      pct(i.win),
      ...(noBattle ? [pct(i.noBattle ?? 0)] : []),
      signedPct(i.winDelta),
      ...(cascade ? [] : [signed(i.brEquivalent)]),
      signed(i.troopsEquivalent),
    ]),
  };
  const run = (what: string) =>
    `Monte Carlo, ${(r.trials ?? 0).toLocaleString('en-US')} ${what} per variant, seed ${r.seed}, the same dice for every variant (common random numbers)`;
  const tables = [table];
  if (cascade && r.refused?.length)
    tables.push({
      caption: 'Not allowed by the rules this round',
      columns: ['item', 'why'],
      rows: r.refused.map((x) => [x.name, x.reason]),
    });
  return {
    title: r.title ?? `What it is worth to ${r.sideName}`,
    lead: cascade
      ? `What each choice is worth to ${r.player} (${r.role === 'defender' ? 'its garrison defends' : 'its seizure attacks'} ${r.location}), measured by ${measure}: ${pct(r.win)} as the round stands`
      : siege
        ? `What each adjustment is worth to ${r.sideName} (the ${r.side === 0 ? 'attacker' : 'defender'}), measured by ${measure}: ${pct(r.win)} as the scenario stands`
        : `What each adjustment is worth to ${r.sideName} (side ${r.side === 0 ? 'A' : 'B'}), who wins ${pct(r.win)} as the scenario stands`,
    facts: [
      ['scenario', file],
      [
        'side',
        cascade
          ? `player ${r.sideName}`
          : siege
            ? `${r.side === 0 ? 'attacker' : 'defender'}: ${r.sideName}`
            : `${r.side === 0 ? 'A' : 'B'}: ${r.sideName}`,
      ],
      [
        'method',
        cascade
          ? `${run(r.rounds === 1 ? 'rounds' : `campaigns of ${r.rounds} rounds`)}${r.npc ? '' : ', no NPC attacks'}; equivalents in legions of the force by bisection over the same estimates (no BR equivalent: ${r.brEquivalentNote})`
          : siege
            ? `${run('sieges')}; equivalents by bisection on bonus and troops over the same estimates`
            : 'exact odds; equivalents by exact bisection on bonus and troops',
      ],
      ['elapsed', elapsedText(r.elapsedMs)],
    ],
    tables,
    sources: [...(cascade ? CASCADE_SOURCES : siege ? SIEGE_SOURCES : WAR_MACHINE_SOURCES), WORTH_SOURCE],
    charts: [
      {
        name: 'tornado',
        title: cascade ? 'What each choice is worth' : 'What each adjustment is worth',
        caption:
          cascade || siege
            ? `The change in ${measure} for ${r.sideName} when each item is applied, largest first (Monte Carlo, the same dice for every item).`
            : `The change in ${r.sideName}’s chance of winning when each item is applied, largest first (exact)${r.items.some((i) => (i.noBattleDelta ?? 0) > 0) ? '; grey bars turn battles into no battle (not a defeat) and have no equivalent' : ''}.`,
        spec: tornadoChart({
          side: r.sideName,
          ...(cascade || siege ? { measure } : {}),
          items: r.items
            .filter((i) => i.winDelta !== 0)
            .map((i) => ({
              name: i.name,
              winDelta: i.winDelta,
              ...((i.noBattleDelta ?? 0) > 0 ? { noBattleDelta: i.noBattleDelta } : {}),
            })),
        }),
      },
    ],
    resultJson: JSON.stringify(r, null, 2) + '\n',
  };
}

/** With --race: what was dropped when, and the battles saved (docs/design.md, "racing"). */
function raceFacts(r: TournamentResult): [string, string][] {
  if (!r.race) return [];
  const drops = r.race.stages
    .filter((s) => s.dropped.length > 0)
    .map(
      (s) =>
        `after ${s.trials.toLocaleString('en-US')} battles per pairing: ${s.dropped.map((i) => r.forces[i]).join(', ')}`,
    );
  return [
    ['raced', drops.length ? `dropped ${drops.join('; ')} (their ratings rest on fewer battles)` : 'nothing dropped'],
    ['battles', `${r.race.trialsUsed.toLocaleString('en-US')} instead of ${r.race.trialsFull.toLocaleString('en-US')}`],
  ];
}

const TOURNAMENT_SOURCE =
  'Bradley–Terry ratings (Bradley & Terry 1952, fitted by Hunter’s 2004 MM algorithm), the Elo scale and the Pareto front: docs/design.md, “tournament”.';

export function tournamentReport(r: TournamentResult, file: string): ReportContent {
  return documentContent(presentTournament(r), {
    facts: [
      ['forces file', file],
      [
        'method',
        r.method === 'exact'
          ? 'exact odds'
          : `Monte Carlo, ${r.trials.toLocaleString('en-US')} battles per pairing, seed ${r.seed}, common random numbers`,
      ],
      ['tactics', r.tactics],
      ['Bradley–Terry fit', `largest |observed − fitted| pair score ${pct(r.fit.maxScoreError)}`],
      ...raceFacts(r),
      ['elapsed', elapsedText(r.elapsedMs)],
    ],
    sources: [...WAR_MACHINE_SOURCES, TOURNAMENT_SOURCE],
    charts: [
      {
        name: 'win-matrix',
        title: 'Who beats whom',
        caption: 'Each cell: the chance the row force wins attacking the column force.',
        spec: heatmapChart({ forces: r.forces, win: r.win.map((row) => row.map((p) => p ?? 0)) }),
      },
      {
        name: 'ratings',
        title: 'Ratings',
        caption:
          'Bradley–Terry strength on the Elo scale (the field’s average is 1500; 400 points is 10-to-1 odds), with 95% intervals.',
        spec: ratingsChart({
          ratings: r.ratings.map((x) => ({ name: x.name, rating: x.rating, ci95: x.ci95 ?? [x.rating, x.rating] })),
        }),
      },
    ],
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}
