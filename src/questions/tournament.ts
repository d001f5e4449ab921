/**
 * `tournament` (`warcast tournament <forces.yaml>`): every ordered pair of N forces fought as a War Machine battle
 * (the row force attacking, the column force defending) under one setting; the win matrix, a Bradley–Terry rating
 * per force with a 95% interval on the Elo scale, and with costs, strength per cost and the Pareto front.
 * docs/design.md, "tournament", gives the model and its sources.
 */
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import { UsageError, WarcastError } from '../errors.js';
import type { RunResult } from '../engine/run.js';
import { loadKind, type ScenarioInput } from '../kinds/load.js';
import { compileWarMachine, type CompiledWarMachine } from '../kinds/warMachine/plan.js';
import {
  checkWarMachine,
  warMachineSchema,
  type WarMachineScenario,
  type WarMachineSide,
} from '../kinds/warMachine/schema.js';
import { summarizeMonteCarlo, winCounts } from '../kinds/warMachine/summary.js';
import { DEFENDER_ADJUSTMENTS } from '../rules/warMachine/adjustments.js';
import { validate, type ScenarioSource } from '../scenario/source.js';
import { wilsonInterval, Z95 } from '../stats/index.js';
import { judgeFamily, type FamilyError, type FamilyMethod } from '../stats/family.js';
import { bradleyTerry, ELO_PER_LOG } from '../stats/bradleyTerry.js';
import { compileCells, exactMatchup, solveGame } from '../kinds/warMachine/matchup.js';
import { warMachineKind } from '../kinds/warMachine/kind.js';
import { exactOdds, simulateWarMachines } from '../kinds/warMachine/odds.js';
import { runSettings, type RunOptions } from '../engine/options.js';
import { raceStageTargets, raceZ, runInStages } from '../kinds/warMachine/race.js';

import type { TournamentFile } from '../kinds/tournament/schema.js';
export { tournamentSchema, type TournamentFile } from '../kinds/tournament/schema.js';

/** Default battles per pairing when --trials is not given (N × (N − 1) pairings share the budget). */
export const TOURNAMENT_TRIALS = 20_000;

export interface TournamentRating {
  name: string;
  /** Elo scale: 1500 + 400 log10(strength); the field's geometric-mean strength is 1500. */
  rating: number;
  /** 95% interval of the rating (Fisher information of the fit); null for exact odds (no sampling error). */
  ci95: [number, number] | null;
  /** Bradley–Terry strength (geometric mean over the forces 1). */
  strength: number;
  /** Mean score over its games: wins + ½ no-winner, both roles. */
  score: number;
  cost: number | null;
  /** strength ÷ cost (null without a cost). */
  strengthPerCost: number | null;
  /** Not dominated: no other force costs no more and rates at least as high (one of the two strictly). */
  pareto: boolean | null;
  /**
   * 1 + the forces rated above it beyond noise (their difference's interval at the family's level, from the fit's
   * covariance, excludes zero; `pairs`): forces within noise of each other share what the data can tell, never an
   * order.
   */
  rank?: number;
  /** The forces whose rating differs from this one's within noise (at the family's level): tied with it. */
  tiedWith?: string[];
}

/**
 * One pair of forces as a claim in the family (Monte Carlo): the first rated above the second by `difference` Elo
 * points, with its interval at the family's level (`familyLevel`, two-sided); `beyond`: the interval excludes 0.
 */
export interface TournamentPair {
  forces: [string, string];
  difference: number;
  ci: [number, number];
  familyLevel: number;
  beyond: boolean;
}

export interface TournamentOptions extends RunOptions {
  /**
   * Race the forces for "which is strongest": stages up to `trials`, dropping forces whose Bradley–Terry rating is
   * clearly below the leader's; a pairing runs on while either of its forces is kept (docs/design.md, "racing").
   * Monte Carlo with fixed trials only.
   */
  race?: boolean;
  /**
   * Monte Carlo: how the pairs' claims (this force rated above that one) are held together (src/stats/family.ts):
   * `holm` (default) keeps the chance of any false "beyond noise" at or below 5%; `bh` the expected share of false ones.
   */
  family?: FamilyMethod;
}

/** What a race dropped when (force indices into `forces`), and the battles it ran. */
export interface TournamentRace {
  /** The confidence level of each drop decision: 5% split (Bonferroni) over every force and stage, two-sided. */
  z: number;
  stages: {
    /** Battles per running pairing at the end of this stage. */
    trials: number;
    /** The force rated highest at this stage (among those kept). */
    leader: number;
    kept: number[];
    dropped: number[];
  }[];
  /** Battles run per pairing (row attacks), null on the diagonal. */
  pairingTrials: (number | null)[][];
  /** Battles over all pairings, and what running every pairing to the end would have cost. */
  trialsUsed: number;
  trialsFull: number;
}

export interface TournamentResult extends ResultMeta {
  kind: 'tournament';
  title: string | null;
  forces: string[];
  /** P(row force wins attacking the column force); null on the diagonal. Monte Carlo unless --exact. */
  win: (number | null)[][];
  /**
   * Each `win` cell's 95% Wilson interval over its pairing's battles; null on the diagonal and when exact. Common
   * dice: pairings of the same odds give the same count, so equal cells are expected, not an error.
   */
  winCi95: ([number, number] | null)[][];
  /** P(column force wins defending) and P(no winner), same layout. */
  lose: (number | null)[][];
  noWinner: (number | null)[][];
  /** The 95% Wilson intervals of `lose` and `noWinner`, as `winCi95`. */
  loseCi95: ([number, number] | null)[][];
  noWinnerCi95: ([number, number] | null)[][];
  /** The exact win matrix (all 10,000 pairs of d100 rolls per pairing). */
  exactWin: (number | null)[][];
  /** Tactics: fixed per force, or each pairing's Nash mixes (`solve`). */
  tactics: 'fixed' | 'solve' | 'none';
  /** Strongest first. */
  ratings: TournamentRating[];
  /** How well Bradley–Terry describes the matrix: the largest |observed − fitted| pair score (both roles). */
  fit: { maxScoreError: number; iterations: number };
  method: 'monte-carlo' | 'exact';
  seed: number;
  /** Battles per pairing (0: exact). */
  trials: number;
  threads: number;
  precision: number | null;
  /** Under precision: every pairing's win probabilities reached it within --max-trials (false: stopped at the cap). */
  precisionReached?: boolean;
  /** Under precision: the widest 95% half-width of a pairing's win probability. */
  precisionHalfWidth?: number;
  /** Under precision: the cap on battles per pairing (--max-trials). */
  maxTrials?: number;
  interrupted: boolean;
  elapsedMs: number;
  /** With `race`: the stages, what was dropped when, battles per pairing; null otherwise. */
  race: TournamentRace | null;
  /**
   * Monte Carlo: the family error the pairs' claims are held to (method, α, claims = N(N − 1)/2 pairs, findings);
   * ranks and ties follow each pair's decision at its level (`pairs`). Absent for exact odds (no noise).
   */
  familyError?: FamilyError;
  /** Monte Carlo: every pair of forces, the higher rated first, as judged in the family. */
  pairs?: TournamentPair[];
}

/** The tournament: `warcast tournament FILE --json` prints exactly this object. */
export async function tournament(input: ScenarioInput, options: TournamentOptions = {}): Promise<TournamentResult> {
  const settings = runSettings({ ...options, trials: options.trials ?? TOURNAMENT_TRIALS });
  if (options.race && (settings.exact || settings.precision !== null))
    throw new UsageError('--race: needs a Monte Carlo run to a fixed --trials (not --exact or --precision)');
  const { scenario: t, source } = await loadKind(input, 'tournament');
  const names = t.forces.map((f) => f.name);
  const withTactic = t.forces.filter((f) => f.tactic !== undefined).length;
  const solve = t.setting.tactics === 'solve';
  const started = performance.now();
  const N = t.forces.length;
  const cells: { i: number; j: number; compiled: CompiledWarMachine }[] = [];
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < N; j++) {
      if (i === j) continue;
      let scenario = pairing(t, i, j, source);
      if (solve) {
        const game = solveGame(exactMatchup(compileCells(withAnyTactic(scenario))).payoff);
        scenario = {
          ...scenario,
          sides: [
            { ...scenario.sides[0], tactic: positive(game.mixA) },
            { ...scenario.sides[1], tactic: positive(game.mixB) },
          ],
        };
      }
      cells.push({ i, j, compiled: compileWarMachine(scenario) });
    }
  }
  const exact = cells.map((c) => exactOdds(c.compiled));
  const matrix = () => Array.from({ length: N }, () => new Array<number | null>(N).fill(null));
  const [win, lose, noWinner, exactWin] = [matrix(), matrix(), matrix(), matrix()];
  const intervals = () => Array.from({ length: N }, () => new Array<[number, number] | null>(N).fill(null));
  const [winCi95, loseCi95, noWinnerCi95] = [intervals(), intervals(), intervals()];
  let threads = 0;
  let interrupted = false;
  let trials = 0;
  let race: TournamentRace | null = null;
  let precisionReached = true;
  let precisionHalfWidth = 0;
  if (settings.exact) {
    cells.forEach((c, k) => {
      win[c.i][c.j] = exact[k].win[0];
      lose[c.i][c.j] = exact[k].win[1];
      noWinner[c.i][c.j] = exact[k].tie;
    });
  } else {
    let run: { results: RunResult[]; threadsUsed: number; interrupted: boolean };
    if (options.race) {
      const raced = await raceTournament(cells, N, settings, options);
      run = raced.run;
      race = raced.race;
    } else {
      run = await simulateWarMachines(
        cells.map((c) => c.compiled),
        { ...settings, precision: settings.precision },
        options,
      );
    }
    threads = run.threadsUsed;
    interrupted = run.interrupted;
    trials = Math.max(0, ...run.results.map((r) => r.trials));
    cells.forEach((c, k) => {
      const r = run.results[k];
      const battles = Math.max(1, r.trials);
      const m = summarizeMonteCarlo(c.compiled, r.acc, battles);
      win[c.i][c.j] = m.win[0];
      winCi95[c.i][c.j] = m.winCi95[0];
      loseCi95[c.i][c.j] = m.winCi95[1];
      const wins = winCounts(c.compiled, r.acc);
      noWinnerCi95[c.i][c.j] = wilsonInterval(Math.max(0, battles - wins[0] - wins[1]), battles);
      lose[c.i][c.j] = m.win[1];
      noWinner[c.i][c.j] = 1 - m.win[0] - m.win[1];
      precisionReached &&= r.precisionReached !== false;
      for (const ci of m.winCi95) precisionHalfWidth = Math.max(precisionHalfWidth, (ci[1] - ci[0]) / 2);
    });
  }
  cells.forEach((c, k) => (exactWin[c.i][c.j] = exact[k].win[0]));
  // Games per pairing and role: the battles run, or under --exact the nominal --trials (the fit's weights only).
  const games =
    race !== null ? race.pairingTrials.map((row) => row.map((g) => g ?? 0)) : settings.exact ? settings.trials : trials;
  const fit = bradleyTerry(win as number[][], lose as number[][], games);
  const costs = t.forces.map((f) => f.cost ?? null);
  const anyCost = costs.some((c) => c !== null);
  const ratings: TournamentRating[] = t.forces.map((f, i) => {
    const rating = fit.ratings[i];
    const half = Z95 * fit.ratingSe[i];
    const cost = costs[i];
    return {
      name: f.name,
      rating,
      ci95: settings.exact ? null : [rating - half, rating + half],
      strength: fit.strengths[i],
      score: fit.scores[i],
      cost,
      strengthPerCost: cost === null ? null : fit.strengths[i] / cost,
      pareto:
        !anyCost || cost === null
          ? null
          : !t.forces.some(
              (_, k) =>
                k !== i &&
                costs[k] !== null &&
                costs[k]! <= cost &&
                fit.ratings[k] >= rating &&
                (costs[k]! < cost || fit.ratings[k] > rating),
            ),
    };
  });
  // Which forces are within noise of each other: the difference of two ratings with its interval from the fit's
  // covariance, every pair a claim of one family (Holm by default: the chance of any false order ≤ 5%, not 5% a
  // pair; src/stats/family.ts); exact odds: no noise, so only equal ratings tie. Ranked by the forces clearly above.
  const index = new Map(names.map((n, i) => [n, i] as const));
  const pairIndex: [number, number][] = [];
  for (let i = 0; i < N; i++)
    for (let k = i + 1; k < N; k++) pairIndex.push(fit.ratings[i] >= fit.ratings[k] ? [i, k] : [k, i]);
  const pairSd = ([i, k]: [number, number]) => {
    const c = fit.covariance;
    return ELO_PER_LOG * Math.sqrt(Math.max(0, c[i][i] + c[k][k] - 2 * c[i][k]));
  };
  const family = settings.exact
    ? null
    : judgeFamily(
        pairIndex.map((p) => ({ estimate: fit.ratings[p[0]] - fit.ratings[p[1]], se: pairSd(p) })),
        options.family ?? 'holm',
      );
  const beyond = new Map<string, boolean>();
  const pairs: TournamentPair[] = (family === null ? [] : pairIndex).map(([i, k], j) => {
    const d = family!.decisions[j];
    const difference = fit.ratings[i] - fit.ratings[k];
    const half = d.z * pairSd([i, k]);
    beyond.set(`${i}:${k}`, d.beyond).set(`${k}:${i}`, d.beyond);
    return {
      forces: [names[i], names[k]],
      difference,
      ci: [difference - half, difference + half],
      familyLevel: d.level,
      beyond: d.beyond,
    };
  });
  const within = (i: number, k: number) =>
    settings.exact ? Math.abs(fit.ratings[i] - fit.ratings[k]) < 1e-9 : !beyond.get(`${i}:${k}`);
  for (const x of ratings) {
    const i = index.get(x.name)!;
    x.tiedWith = names.filter((_, k) => k !== i && within(i, k));
    x.rank = 1 + names.filter((_, k) => k !== i && fit.ratings[k] > fit.ratings[i] && !within(i, k)).length;
  }
  ratings.sort((a, b) => b.rating - a.rating || a.name.localeCompare(b.name));
  return {
    ...resultMeta('tournament'),
    kind: 'tournament',
    title: t.title ?? null,
    forces: names,
    win,
    winCi95,
    lose,
    noWinner,
    loseCi95,
    noWinnerCi95,
    exactWin,
    tactics: withTactic === 0 && !solve ? 'none' : solve ? 'solve' : 'fixed',
    ratings,
    fit: { maxScoreError: fit.maxScoreError, iterations: fit.iterations },
    method: settings.exact ? 'exact' : 'monte-carlo',
    seed: settings.seed,
    trials,
    threads,
    precision: settings.precision,
    ...(settings.precision !== null && !settings.exact
      ? { precisionReached, precisionHalfWidth, maxTrials: settings.maxTrials }
      : {}),
    interrupted,
    elapsedMs: Math.round(performance.now() - started),
    race,
    ...(family === null ? {} : { familyError: family.error, pairs }),
  };
}

/**
 * The race for "which is strongest" (docs/design.md, "racing"): stages of doubling battles per pairing; after each
 * stage but the last, Bradley–Terry is fitted to the matrix so far (each pairing weighted by its battles) and a kept
 * force i is dropped when the leader b's rating is above it with confidence: (θ_b − θ_i) − z·√Var(θ_b − θ_i) > 0
 * (θ = ln strength, Var from the fit's Fisher information, z Bonferroni over forces × stages). A pairing runs on
 * while either of its forces is kept, so a kept force's row and column of the matrix are exactly a full run's.
 */
async function raceTournament(
  cells: { i: number; j: number; compiled: CompiledWarMachine }[],
  N: number,
  settings: ReturnType<typeof runSettings>,
  options: RunOptions,
): Promise<{ run: { results: RunResult[]; threadsUsed: number; interrupted: boolean }; race: TournamentRace }> {
  const kernel = await warMachineKind.kernel();
  const final = settings.trials;
  const targets = raceStageTargets(final, kernel.chunkTrials);
  const z = raceZ(N, targets.length);
  const kept = new Set(Array.from({ length: N }, (_, i) => i));
  const stages: TournamentRace['stages'] = [];
  const matrixOf = (results: readonly RunResult[]) => {
    const win = Array.from({ length: N }, () => new Array<number | null>(N).fill(null));
    const lose = Array.from({ length: N }, () => new Array<number | null>(N).fill(null));
    const games = Array.from({ length: N }, () => new Array<number>(N).fill(0));
    cells.forEach((c, k) => {
      const m = summarizeMonteCarlo(c.compiled, results[k].acc, Math.max(1, results[k].trials));
      win[c.i][c.j] = m.win[0];
      lose[c.i][c.j] = m.win[1];
      games[c.i][c.j] = results[k].trials;
    });
    return { win, lose, games };
  };
  const run = await runInStages(
    cells.map((c) => c.compiled),
    settings,
    options,
    targets,
    () => cells.flatMap((c, k) => (kept.has(c.i) || kept.has(c.j) ? [k] : [])),
    (results, target, last) => {
      const { win, lose, games } = matrixOf(results);
      const fit = bradleyTerry(win, lose, games);
      const logStrength = fit.strengths.map(Math.log);
      const alive = [...kept].sort((a, b) => a - b);
      const leader = alive.reduce((b, i) => (logStrength[i] > logStrength[b] ? i : b));
      const dropped = last
        ? []
        : alive.filter((i) => {
            if (i === leader) return false;
            const v = fit.covariance[leader][leader] + fit.covariance[i][i] - 2 * fit.covariance[leader][i];
            return logStrength[leader] - logStrength[i] - z * Math.sqrt(Math.max(0, v)) > 0;
          });
      for (const i of dropped) kept.delete(i);
      stages.push({ trials: target, leader, kept: [...kept].sort((a, b) => a - b), dropped });
    },
  );
  const pairingTrials = Array.from({ length: N }, () => new Array<number | null>(N).fill(null));
  cells.forEach((c, k) => (pairingTrials[c.i][c.j] = run.results[k].trials));
  return {
    run,
    race: {
      z,
      stages,
      pairingTrials,
      trialsUsed: run.results.reduce((t, r) => t + r.trials, 0),
      trialsFull: final * cells.length,
    },
  };
}

/** Force i attacking force j under the setting: the column force defends; defender-only items count only there. */
function pairing(t: TournamentFile, i: number, j: number, source: ScenarioSource): WarMachineScenario {
  const side = (f: TournamentFile['forces'][number], defending: boolean): WarMachineSide => {
    const { cost: _cost, ...rest } = f;
    void _cost;
    const adjustments = { ...rest.adjustments } as Record<string, unknown>;
    if (!defending) for (const k of Object.keys(DEFENDER_ADJUSTMENTS)) delete adjustments[k];
    return { ...rest, defending, adjustments: adjustments as WarMachineSide['adjustments'] };
  };
  const doc = {
    kind: 'war-machine',
    title: `${t.forces[i].name} attacks ${t.forces[j].name}`,
    policies: t.setting.policies,
    sides: [side(t.forces[i], false), side(t.forces[j], true)],
  };
  try {
    return checkWarMachine(source, validate(source, warMachineSchema, doc));
  } catch (err) {
    if (err instanceof WarcastError)
      throw new UsageError(
        `${source.file}: forces[${i}] (${t.forces[i].name}) attacking forces[${j}] (${t.forces[j].name}): ${err.message.replace(/^[^:]*(:\d+)?: /, '')}`,
      );
    throw err;
  }
}

/** Tactics on both sides (the solve setting needs them; any pure tactic will do, every cell is set anyway). */
function withAnyTactic(s: WarMachineScenario): WarMachineScenario {
  return {
    ...s,
    sides: [
      { ...s.sides[0], tactic: s.sides[0].tactic ?? 'attack' },
      { ...s.sides[1], tactic: s.sides[1].tactic ?? 'hold' },
    ],
  };
}

/** A mix without its zero entries (the scenario's mix form). */
function positive(mix: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(mix).filter(([, p]) => p > 0));
}

// The fit itself is statistics (src/stats/bradleyTerry.ts); re-exported for the library API.
export { bradleyTerry, ELO_PER_LOG, type BradleyTerryFit } from '../stats/bradleyTerry.js';
