/** The document of `warcast tournament` (text, Markdown and its report): the win matrix, the ratings, the fit. */
import type { TournamentResult } from './tournament.js';
import {
  compactPercent,
  gap,
  heading,
  note,
  percent,
  run,
  table,
  verdict,
  type Block,
  type Document,
  type Text,
} from '../present/document.js';
import { fmtCount, grouped } from '../present/format.js';
import { familyWords } from '../stats/family.js';

/** Who is strongest, or which forces are tied for it (within noise of each other). */
function leader(r: TournamentResult): Block[] {
  const top = r.ratings.filter((x) => x.rank === 1);
  if (top.length === 0) return [];
  // A force within noise of the leader ranks 1 too, so one force at rank 1 is clear of every other.
  if (top.length === 1) return [verdict(`strongest: ${top[0].name}, beyond noise of every other force`)];
  return [
    verdict(
      `no force is clearly strongest: ${top.map((x) => x.name).join(', ')} rank first together (within noise of the strongest)`,
    ),
  ];
}

export function presentTournament(r: TournamentResult): Document {
  const blocks: Block[] = [
    heading(
      `${r.title ? r.title + ': ' : ''}round robin of ${r.forces.length} forces, every ordered pair (row attacks, column defends)`,
    ),
    run(
      r.method === 'exact'
        ? 'exact odds (all 10,000 pairs of d100 rolls per pairing)'
        : `${fmtCount(r.trials)} battles per pairing, seed ${r.seed}, the same seed in every pairing (common random numbers), ${r.threads} thread${r.threads === 1 ? '' : 's'}`,
    ),
    note(`tactics: ${r.tactics === 'solve' ? "each pairing's Nash mixes" : r.tactics}`),
  ];
  if (r.race) {
    const drops = r.race.stages
      .filter((s) => s.dropped.length > 0)
      .map((s) => `after ${fmtCount(s.trials)}: ${s.dropped.map((i) => r.forces[i]).join(', ')}`);
    blocks.push(
      note(
        `raced: ${drops.length ? `dropped ${drops.join('; ')}` : 'nothing dropped'}; ${fmtCount(r.race.trialsUsed)} battles instead of ${fmtCount(r.race.trialsFull)} (pairings between dropped forces stop; a kept force's pairings run to the end)`,
      ),
    );
  }
  const short = r.forces.map((_, i) => `#${i + 1}`);
  const costs = r.ratings.some((x) => x.cost !== null);
  blocks.push(
    gap,
    note(
      r.method === 'exact'
        ? 'P(row wins attacking column), exact'
        : 'P(row wins attacking column) with its 95% interval (the terminal: ± its half-width, to one decimal; --markdown, --json and the report: its bounds)',
    ),
    ...(r.method === 'exact'
      ? []
      : [
          note(
            'identical values in several cells are not an error: every pairing plays the same dice (common random numbers), so two pairings with the same odds count the same wins',
          ),
        ]),
    table(
      ['attacker \\ defender', ...short],
      r.forces.map((f, i) => [
        `#${i + 1} ${f}`,
        ...r.win[i].map((p, j): Text => {
          if (p === null) return '—';
          if (r.method === 'exact') return percent(p);
          // A matrix is short of room in the terminal: `32.4% ± 0.7` there, the bounds in full elsewhere.
          return compactPercent(p, r.winCi95?.[i]?.[j] ?? null);
        }),
      ]),
      'P(row force wins attacking the column force)',
    ),
    table(
      [
        'rank',
        'force',
        'rating (Elo scale)',
        '95%',
        'score',
        ...(costs ? ['cost', 'strength per 1,000 cost', 'Pareto front'] : []),
      ],
      r.ratings.map((x) => [
        x.tiedWith?.length ? `=${x.rank}` : String(x.rank ?? ''),
        x.name,
        x.rating.toFixed(0),
        x.ci95 ? `${x.ci95[0].toFixed(0)}–${x.ci95[1].toFixed(0)}` : 'exact',
        percent(x.score),
        ...(costs
          ? [
              x.cost === null ? '—' : grouped(x.cost),
              x.strengthPerCost === null ? '—' : (x.strengthPerCost * 1000).toPrecision(3),
              x.pareto ? 'yes' : '',
            ]
          : []),
      ]),
      'Ratings, strongest first',
    ),
    ...leader(r),
    note(
      r.familyError
        ? `rank: 1 + the forces rated above it beyond noise; =n: within noise of another force (the interval of the two ratings’ difference contains zero at the family’s level: the ${r.familyError.claims} pairs are claims made at once, held by ${familyWords(r.familyError, 'pairs')}; ${r.familyError.findings} pairs ordered beyond noise), so tied with it, not ordered; 95%: each rating’s own interval`
        : 'rank: 1 + the forces rated above it; =n: an equal rating (exact odds: no noise)',
    ),
    note(
      `score: wins plus half the battles with no winner, over every pairing in both roles${costs ? '; strength: the Bradley–Terry strength (P(i beats j) = strength i ÷ (strength i + strength j), geometric mean 1); Pareto front: no other force is both cheaper and stronger' : ''} (docs/design.md)`,
    ),
    note([
      "how well the ratings fit: the largest gap between a pair's observed and fitted score is ",
      percent(r.fit.maxScoreError),
    ]),
    { type: 'chart', name: 'win-matrix' },
    { type: 'chart', name: 'ratings' },
  );
  return { title: r.title ?? `Tournament of ${r.forces.length} forces`, blocks };
}
