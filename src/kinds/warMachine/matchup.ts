/**
 * `matchup`: every pair of tactics (A's row against B's column), exact and optionally by
 * Monte Carlo, then the tactic choice solved as a game (docs/rules.md, tactics: both commanders choose in secret).
 */
import { resultMeta, type ResultMeta } from '../../resultMeta.js';
import { UsageError } from '../../errors.js';
import type { CompiledWarMachine } from './plan.js';
import { summarizeMonteCarlo } from './summary.js';
import { TACTICS, type Tactic } from '../../rules/warMachine/tactics.js';
import { loadKind, type ScenarioInput } from '../load.js';
import type { WarMachineScenario } from './schema.js';
import { analyseZeroSum } from '../../stats/game.js';
import { simulateWarMachines } from './odds.js';
import { runSettings, type RunOptions, type RunSettings } from '../../engine/options.js';
import {
  baseRatings,
  casualtyGame,
  compileCells,
  exactMatchup,
  grid,
  mixOf,
  scenarioTactics,
  solveGame,
  type BaseRating,
  type CasualtyGame,
  type ExactMatchup,
  type Grid,
  type Mix,
  type ScenarioTactics,
  type SolvedGame,
} from './tacticGame.js';

// The exact game is pure (tacticGame.ts, which the what-if page imports); this file adds the Monte Carlo cells.
export * from './tacticGame.js';

export type Objective = 'win' | 'casualties';
export const OBJECTIVES: readonly Objective[] = ['win', 'casualties'];

export interface MatchupOptions extends RunOptions {
  /** What the game is solved on (default 'win'). */
  objective?: Objective;
  /** Also simulate every cell (`trials` battles each, the same seed in every cell). */
  monteCarlo?: boolean;
}

export interface MatchupMonteCarlo {
  seed: number;
  trialsPerCell: Grid;
  threads: number;
  elapsedMs: number;
  commonRandomNumbers: true;
  interrupted: boolean;
  /** Under precision: every cell reached it within --max-trials. */
  precisionReached: boolean;
  winA: Grid;
  winB: Grid;
  winACi95: [number, number][][];
  winBCi95: [number, number][][];
  payoff: Grid;
  casualtiesA: Grid;
  casualtiesB: Grid;
  /** Largest |Monte Carlo − exact| of P(A wins) over the cells, and the same in standard errors. */
  maxAbsErrorWinA: number;
  maxErrorInStandardErrors: number;
  /** The game solved on the Monte Carlo payoffs (how much sampling noise moves the answer). */
  solved: { mixA: Mix; mixB: Mix; value: number };
}

/** The win game's solution (`SolvedGame`) sits at the top level: mixA, mixB, value, best replies, dominance. */
export interface MatchupResult extends SolvedGame, ExactMatchup, ResultMeta {
  kind: 'war-machine';
  /** With --monte-carlo --precision: the target, whether every cell reached it within --max-trials, the widest half-width. */
  precision?: number;
  precisionReached?: boolean;
  precisionHalfWidth?: number;
  maxTrials?: number;
  title: string | null;
  sides: [string, string];
  objective: Objective;
  tiePolicy: WarMachineScenario['policies']['tie'];
  /** The scenario's policies, named as in every war-machine result (`tiePolicy` is `policies.tie`). */
  policies: WarMachineScenario['policies'];
  tactics: Tactic[];
  /** `[winA, winB]`: each side's P(win) per tactic pair, indexed by side as `win` is in every result. */
  win: [Grid, Grid];
  /** `[bestResponseA, bestResponseB]`: each side's best replies to each enemy tactic, the name `odds` uses. */
  bestReply: [Record<Tactic, Tactic[]>, Record<Tactic, Tactic[]>];
  /**
   * P(no battle) per tactic pair: 1 where neither side attacks (both hold or withdraw, `noCombat`), else 0. Every
   * P(win) of this result counts a no-battle trial as won by neither side.
   */
  noBattle: Grid;
  /** The outcomes when both sides play their optimal mixes (`mixA`, `mixB`): P(A wins), P(B wins), P(no battle). */
  optimalPlay: PlayOutcome;
  /** When the scenario gives both sides tactics: how its own choice fares against the solution. */
  scenarioTactics: (ScenarioTactics & { outcome: PlayOutcome }) | null;
  casualtyGame: CasualtyGame | null;
  /** Null without --monte-carlo, and when Ctrl-C came before any cell's first chunk (then `interrupted`). */
  monteCarlo: MatchupMonteCarlo | null;
  /** Ctrl-C stopped the Monte Carlo cells early. */
  interrupted: boolean;
  elapsedMs: number;
  /** Each side's troops and BR as the rules rate it (battleRating computed from forces when not given). */
  ratings: [BaseRating, BaseRating];
  /** The scenario as validated (defaults filled): what the numbers answer. */
  scenario: WarMachineScenario;
}

/** What a pair of mixes gives, each side's P(win) counting a no-battle trial as not won, and P(no battle). */
export interface PlayOutcome {
  winA: number;
  winB: number;
  noBattle: number;
}

/** The outcome of A playing mix `a` and B mix `b`, each tactic drawn in secret (every cell is one pairing). */
export function playOutcome(e: ExactMatchup, a: Mix, b: Mix): PlayOutcome {
  let winA = 0;
  let winB = 0;
  let noBattle = 0;
  TACTICS.forEach((x, i) =>
    TACTICS.forEach((y, j) => {
      const w = (a[x] ?? 0) * (b[y] ?? 0);
      if (w === 0) return;
      winA += w * e.winA[i][j];
      winB += w * e.winB[i][j];
      if (e.noCombat[i][j]) noBattle += w;
    }),
  );
  return { winA, winB, noBattle };
}

export function parseObjective(text: string | undefined): Objective {
  if (text === undefined) return 'win';
  if (!OBJECTIVES.includes(text as Objective))
    throw new UsageError(`--objective: expected one of ${OBJECTIVES.join(', ')}, got '${text}'`);
  return text as Objective;
}

/** Monte Carlo on every cell with the same seed (common random numbers across cells). */
async function monteCarloCells(
  cells: CompiledWarMachine[],
  exact: ExactMatchup,
  settings: RunSettings,
  o: RunOptions,
): Promise<MatchupMonteCarlo> {
  const started = performance.now();
  const run = await simulateWarMachines(cells, settings, o);
  const n = TACTICS.length;
  const mc = run.results.map((r, k) => summarizeMonteCarlo(cells[k], r.acc, Math.max(1, r.trials)));
  const at = (i: number, j: number) => mc[i * n + j];
  const trialsPerCell = grid((i, j) => run.results[i * n + j].trials);
  const payoff = grid((i, j) => at(i, j).win[0] + at(i, j).tie / 2);
  let maxAbs = 0;
  let maxSe = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const t = trialsPerCell[i][j];
      if (t === 0) continue;
      const p = exact.winA[i][j];
      const d = Math.abs(at(i, j).win[0] - p);
      maxAbs = Math.max(maxAbs, d);
      const se = Math.sqrt((p * (1 - p)) / t);
      if (se > 0) maxSe = Math.max(maxSe, d / se);
    }
  }
  const solved = analyseZeroSum(payoff);
  return {
    seed: settings.seed,
    trialsPerCell,
    threads: run.threadsUsed,
    elapsedMs: Math.round(performance.now() - started),
    commonRandomNumbers: true,
    interrupted: run.interrupted,
    precisionReached: run.results.every((r) => r.precisionReached !== false),
    winA: grid((i, j) => at(i, j).win[0]),
    winB: grid((i, j) => at(i, j).win[1]),
    winACi95: grid((i, j) => at(i, j).winCi95[0]),
    winBCi95: grid((i, j) => at(i, j).winCi95[1]),
    payoff,
    casualtiesA: grid((i, j) => at(i, j).casualties[0].mean),
    casualtiesB: grid((i, j) => at(i, j).casualties[1].mean),
    maxAbsErrorWinA: maxAbs,
    maxErrorInStandardErrors: maxSe,
    solved: { mixA: mixOf(solved.mixA), mixB: mixOf(solved.mixB), value: solved.value },
  };
}

/** The tactic matchup: `warcast matchup FILE --json` prints exactly this object. */
export async function matchup(input: ScenarioInput, options: MatchupOptions = {}): Promise<MatchupResult> {
  const objective = options.objective ?? 'win';
  if (!OBJECTIVES.includes(objective))
    throw new UsageError(`--objective: expected ${OBJECTIVES.join(' or ')}, got '${objective}'`);
  if (options.exact)
    throw new UsageError('--exact: matchup odds are always exact; add --monte-carlo for simulated ones too');
  const settings = runSettings(options);
  if (settings.precision !== null && !options.monteCarlo)
    throw new UsageError('--precision: only with --monte-carlo (the matchup table is exact)');
  const { scenario } = await loadKind(input, 'war-machine');
  return matchupOf(scenario, settings, options);
}

/** The matchup of a validated scenario. */
export async function matchupOf(
  scenario: WarMachineScenario,
  settings: RunSettings,
  options: MatchupOptions = {},
): Promise<MatchupResult> {
  const objective = options.objective ?? 'win';
  const started = performance.now();
  const cells = compileCells(scenario);
  const exact = exactMatchup(cells);
  const game = solveGame(exact.payoff);
  const simulated = options.monteCarlo ? await monteCarloCells(cells, exact, settings, options) : null;
  const monteCarlo = simulated && simulated.trialsPerCell.flat().some((t) => t > 0) ? simulated : null;
  const own = scenarioTactics(scenario, exact.payoff);
  return {
    ...resultMeta('matchup'),
    kind: 'war-machine',
    title: scenario.title ?? null,
    sides: [scenario.sides[0].name, scenario.sides[1].name],
    objective,
    tiePolicy: scenario.policies.tie,
    policies: scenario.policies,
    tactics: [...TACTICS],
    ...exact,
    ...game,
    win: [exact.winA, exact.winB],
    bestReply: [game.bestResponseA, game.bestResponseB],
    noBattle: grid((i, j) => (exact.noCombat[i][j] ? 1 : 0)),
    optimalPlay: playOutcome(exact, game.mixA, game.mixB),
    scenarioTactics: own ? { ...own, outcome: playOutcome(exact, own.mixA, own.mixB) } : null,
    casualtyGame: objective === 'casualties' ? casualtyGame(exact) : null,
    monteCarlo,
    ...(settings.precision !== null && simulated
      ? {
          precision: settings.precision,
          precisionReached: simulated.precisionReached,
          precisionHalfWidth: Math.max(
            0,
            ...[...simulated.winACi95.flat(), ...simulated.winBCi95.flat()].map((ci) => (ci[1] - ci[0]) / 2),
          ),
          maxTrials: settings.maxTrials,
        }
      : {}),
    interrupted: simulated?.interrupted ?? false,
    elapsedMs: Math.round(performance.now() - started),
    ratings: baseRatings(cells[0]),
    scenario,
  };
}
