/**
 * Reports of the designer's toolkit (`seek`, `worth`, `tournament` with --report): built from the result alone.
 */
import { pct } from '../src/text/format.js';
import type { SeekResult } from '../src/toolkit/seek.js';
import type { WorthResult } from '../src/toolkit/worth.js';
import type { TournamentResult } from '../src/questions/tournament.js';
import { heatmapChart, ratingsChart, seekChart, tornadoChart } from './charts/toolkit.js';
import { documentContent, type ReportContent } from './content.js';
import { presentSeek } from '../src/toolkit/seekPresent.js';
import { presentTournament } from '../src/questions/tournamentPresent.js';
import { familyWords, presentWorth } from '../src/toolkit/worthPresent.js';
import { familyWords as familyText } from '../src/stats/family.js';
import { plain } from '../src/present/format.js';
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
  'Scale factors and their BR / troop equivalents (exact bisection; on a siege or a cascade, paired trials with common random numbers, each change with its 95% interval, equivalents by bisection with the values the item cannot be told from in brackets, rows within noise of each other ranked as tied; a cascade’s equivalents are in legions): docs/design.md, “worth”.';

/** The rules each kind's worth rests on (a map by the result's kind: each kind's sources live with its report). */
const WORTH_SOURCES: Record<WorthResult['kind'], readonly string[]> = {
  'war-machine': WAR_MACHINE_SOURCES,
  siege: SIEGE_SOURCES,
  cascade: CASCADE_SOURCES,
};

export function worthReport(r: WorthResult, file: string): ReportContent {
  const doc = presentWorth(r);
  const runBlock = doc.blocks.find((b) => b.type === 'run');
  const mc = r.method !== 'exact';
  return documentContent(doc, {
    facts: [
      ['scenario', file],
      ['side', `${r.side}: ${r.sideName}`],
      ['method', runBlock?.type === 'run' ? plain(runBlock.text) : ''],
      ['elapsed', elapsedText(r.elapsedMs)],
    ],
    sources: [...WORTH_SOURCES[r.kind], WORTH_SOURCE],
    charts: [
      {
        name: 'tornado',
        title: 'What each item is worth',
        caption: mc
          ? `The change in ${r.words.measureColumn} for ${r.sideName} when each item is applied, from the largest gain to the largest loss, with its interval (paired trials)${r.familyError ? ` at the family’s level (${familyWords(r.familyError)})` : ' at 95%'}; grey: within noise.`
          : `The change in ${r.sideName}’s chance of winning when each item is applied, from the largest gain to the largest loss (exact)${r.items.some((i) => (i.noBattleDelta ?? 0) > 0) ? '; grey bars turn battles into no battle (not a defeat) and have no equivalent' : ''}.`,
        spec: tornadoChart({
          side: r.sideName,
          ...(mc ? { measure: r.words.measureColumn } : {}),
          items: r.items
            .filter((i) => i.winDelta !== 0 || i.changeCi95 !== undefined)
            .map((i) => ({
              name: i.name,
              winDelta: i.winDelta,
              // The interval the item was judged at (the family's), so a bar is grey exactly when it crosses 0.
              ...(i.changeCi95 ? { ci95: i.changeCiFamily ?? i.changeCi95, withinNoise: i.withinNoise } : {}),
              ...((i.noBattleDelta ?? 0) > 0 ? { noBattleDelta: i.noBattleDelta } : {}),
            })),
        }),
      },
    ],
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
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

/** The heatmap's words on its cells' noise: the widest 95% half-width, and why equal cells are no error. */
function winNoise(r: TournamentResult): string {
  if (r.method === 'exact') return ' (exact)';
  const halves = (r.winCi95 ?? []).flat().flatMap((ci) => (ci ? [(ci[1] - ci[0]) / 2] : []));
  const widest = halves.length ? Math.max(...halves) : 0;
  return `; each within ±${(widest * 100).toFixed(1)} points at 95% (the table and the tooltip give each interval); equal cells are not an error: every pairing plays the same dice (common random numbers)`;
}

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
        caption: `Each cell: the chance the row force wins attacking the column force, to the whole percent${winNoise(r)}.`,
        spec: heatmapChart({
          forces: r.forces,
          win: r.win.map((row) => row.map((p) => p ?? 0)),
          ...(r.method === 'exact' ? {} : { ci95: r.winCi95 }),
        }),
      },
      {
        name: 'ratings',
        title: 'Ratings',
        caption: `Bradley–Terry strength on the Elo scale (the field’s average is 1500; 400 points is 10-to-1 odds), with each rating’s 95% interval${r.familyError ? `; a force’s rank (=n: tied, within noise of another) comes from the pairs judged as one family (${familyText(r.familyError, 'pairs')}), not from these intervals` : ''}.`,
        spec: ratingsChart({
          ratings: r.ratings.map((x) => ({
            name: x.name,
            rating: x.rating,
            ci95: x.ci95 ?? [x.rating, x.rating],
            rank: x.tiedWith?.length ? `=${x.rank}` : String(x.rank ?? ''),
          })),
        }),
      },
    ],
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}
