/** `warcast tournament <forces.yaml>`: parse, call `tournament`, format. */
import { tournament, type TournamentResult } from '../analysis/tournament.js';
import { fmtCount, pct, table } from '../text/format.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import type { RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';

export async function tournamentCommand(file: string, flags: RunFlags & ReportFlags & { race?: boolean }, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const r = await withRun(io, flags, (o) => tournament(file, { ...o, trials: flags.trials === undefined ? undefined : o.trials, race: flags.race === true }));
  emitResult(io, flags, r, () => formatTournament(r));
  await saveCommandReport({ kind: 'tournament', result: r }, file, flags.report, flags, io);
  return exitCodeAfter(io, r.interrupted, 'only the battles already fought');
}

export function formatTournament(r: TournamentResult): string {
  const out: string[] = [];
  out.push(`${r.title ? r.title + ': ' : ''}round robin of ${r.forces.length} forces, every ordered pair (row attacks, column defends)`);
  out.push(
    r.method === 'exact'
      ? 'exact odds (all 10,000 pairs of d100 rolls per pairing)'
      : `${fmtCount(r.trials)} battles per pairing, seed ${r.seed}, the same seed in every pairing (common random numbers), ${r.threads} thread${r.threads === 1 ? '' : 's'}`,
  );
  out.push(`tactics: ${r.tactics === 'solve' ? "each pairing's Nash mixes" : r.tactics}`);
  if (r.race) {
    const drops = r.race.stages.filter((s) => s.dropped.length > 0).map((s) => `after ${fmtCount(s.trials)}: ${s.dropped.map((i) => r.forces[i]).join(', ')}`);
    out.push(`raced: ${drops.length ? `dropped ${drops.join('; ')}` : 'nothing dropped'}; ${fmtCount(r.race.trialsUsed)} battles instead of ${fmtCount(r.race.trialsFull)} (pairings between dropped forces stop; a kept force's pairings run to the end)`);
  }
  out.push('');
  const short = r.forces.map((_, i) => `#${i + 1}`);
  out.push('P(row wins attacking column)');
  out.push(table(r.forces.map((f, i) => [`#${i + 1} ${f}`, ...r.win[i].map((p) => (p === null ? '—' : pct(p)))]), ['attacker \\ defender', ...short]));
  const costs = r.ratings.some((x) => x.cost !== null);
  const rows = r.ratings.map((x) => [
    x.name,
    x.rating.toFixed(0),
    x.ci95 ? `${x.ci95[0].toFixed(0)}–${x.ci95[1].toFixed(0)}` : 'exact',
    pct(x.score),
    ...(costs ? [x.cost === null ? '—' : x.cost.toLocaleString('en-US'), x.strengthPerCost === null ? '—' : (x.strengthPerCost * 1000).toPrecision(3), x.pareto ? 'yes' : ''] : []),
  ]);
  out.push(table(rows, ['force', 'rating (Elo scale)', '95%', 'score', ...(costs ? ['cost', 'strength per 1,000 cost', 'Pareto front'] : [])]));
  out.push(`score: wins plus half the battles with no winner, over every pairing in both roles${costs ? "; strength: the Bradley–Terry strength (P(i beats j) = strength i ÷ (strength i + strength j), geometric mean 1); Pareto front: no other force is both cheaper and stronger" : ''} (docs/design.md)`);
  out.push(`how well the ratings fit: the largest gap between a pair's observed and fitted score is ${pct(r.fit.maxScoreError)}`);
  return out.join('\n') + '\n';
}
