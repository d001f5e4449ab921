/**
 * `matchup`: every pair of tactics (A's row against B's column), exact and optionally by
 * Monte Carlo, then the tactic choice solved as a game (docs/rules.md, tactics: both commanders choose in secret).
 */
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import { UsageError } from '../errors.js';
import { CODE_COUNT, CODE_REROLL, compileWarMachine, decodeCode, ROLL_PAIRS, type CompiledWarMachine } from '../kinds/warMachine/plan.js';
import { summarizeMonteCarlo } from '../kinds/warMachine/summary.js';
import { TACTICS, type Tactic } from '../rules/warMachine/tactics.js';
import { loadKind, type ScenarioInput } from '../kinds/load.js';
import type { WarMachineScenario } from '../kinds/warMachine/schema.js';
import { analyseZeroSum, expectedPayoff, isConstantSum, pureBestResponses, pureNashEquilibria, rowPayoffs, columnPayoffs, type Dominated, type Matrix } from '../stats/game.js';
import { exactOdds, simulateWarMachines } from './odds.js';
import { runSettings, type RunOptions, type RunSettings } from './options.js';

export type Objective = 'win' | 'casualties';
export const OBJECTIVES: readonly Objective[] = ['win', 'casualties'];

export interface MatchupOptions extends RunOptions {
  /** What the game is solved on (default 'win'). */
  objective?: Objective;
  /** Also simulate every cell (`trials` battles each, the same seed in every cell). */
  monteCarlo?: boolean;
}

type Grid = number[][];
type Mix = Record<Tactic, number>;

export interface DominatedTactic {
  tactic: Tactic;
  by: 'pure' | 'mixture';
  /** The dominating strategy. */
  mix: Partial<Mix>;
  /** Smallest margin (in payoff units) by which it does better against every enemy tactic. */
  margin: number;
}

/** The solved zero-sum game, tactics by name. */
export interface SolvedGame {
  mixA: Mix;
  mixB: Mix;
  value: number;
  /** For each B tactic: A's best tactics against it. */
  bestResponseA: Record<Tactic, Tactic[]>;
  /** For each A tactic: B's best tactics against it. */
  bestResponseB: Record<Tactic, Tactic[]>;
  dominatedA: DominatedTactic[];
  dominatedB: DominatedTactic[];
  pureEquilibria: [Tactic, Tactic][];
}

/** The casualty objective: A's payoff = E[B's losses] − E[A's losses]; B's = E[A's] − E[B's] (troops). */
export interface CasualtyGame {
  payoffA: Grid;
  payoffB: Grid;
  /** Whether payoffA + payoffB is the same in every cell (it is: see docs/matchup.md). */
  constantSum: boolean;
  bestResponseA: Record<Tactic, Tactic[]>;
  bestResponseB: Record<Tactic, Tactic[]>;
  pureEquilibria: [Tactic, Tactic][];
  /** The mixed solution, present only when the game is constant-sum. */
  solved: SolvedGame | null;
}

export interface MatchupMonteCarlo {
  seed: number;
  trialsPerCell: Grid;
  threads: number;
  elapsedMs: number;
  commonRandomNumbers: true;
  interrupted: boolean;
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
  /** When the scenario gives both sides tactics: how its own choice fares against the solution. */
  scenarioTactics: { mixA: Mix; mixB: Mix; payoff: number; bestResponseA: Tactic[]; bestResponseB: Tactic[]; bestResponseValueA: number; bestResponseValueB: number } | null;
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

/** A side's troops and rated BR (the tactic pairing's bonus is per cell, not in here). */
export interface BaseRating {
  troops: number;
  battleRating: number;
  modifiedBattleRating: number;
}

export const baseRatings = (c: CompiledWarMachine): [BaseRating, BaseRating] =>
  c.ratings.map((r) => ({ troops: r.troops, battleRating: r.battleRating, modifiedBattleRating: r.modifiedBattleRating })) as [BaseRating, BaseRating];

/** The scenario with each side playing one pure tactic. */
export function withTactics(s: WarMachineScenario, a: Tactic, b: Tactic): WarMachineScenario {
  return { ...s, sides: [{ ...s.sides[0], tactic: a }, { ...s.sides[1], tactic: b }] };
}

/** The 36 compiled cells, row-major (A's tactic, then B's). */
export function compileCells(s: WarMachineScenario): CompiledWarMachine[] {
  const cells: CompiledWarMachine[] = [];
  for (const a of TACTICS) for (const b of TACTICS) cells.push(compileWarMachine(withTactics(s, a, b)));
  return cells;
}

export interface ExactMatchup {
  winA: Grid;
  winB: Grid;
  /** P(no winner): no battle, or a standing tie under the stalemate policy. */
  noWinner: Grid;
  noCombat: boolean[][];
  /** P(A wins) + ½ P(no winner): the constant-sum payoff the mixes are solved on. */
  payoff: Grid;
  casualtiesA: Grid;
  casualtiesB: Grid;
}

const grid = <T>(f: (i: number, j: number) => T): T[][] => TACTICS.map((_, i) => TACTICS.map((_, j) => f(i, j)));

/**
 * Integer counts over the 10,000 pairs of d100 rolls of a one-pairing plan: rolls A wins, B wins, neither
 * (no combat, standing tie), and rerolled ties. Probabilities are then one division each, so a cell's odds
 * are the correctly rounded fractions (e.g. exactly ½ for equal forces) rather than sums of rounded parts.
 */
function cellCounts(c: CompiledWarMachine): { a: number; b: number; none: number; decided: number } {
  const table = c.plan.codeTable;
  const perCode = new Int32Array(256);
  for (let i = 0; i < ROLL_PAIRS; i++) perCode[table[i]]++;
  let a = 0;
  let b = 0;
  let none = 0;
  for (let code = 0; code < CODE_COUNT; code++) {
    if (perCode[code] === 0) continue;
    const d = decodeCode(code);
    if (d === null) none += perCode[code];
    else if (d.winner === 0) a += perCode[code];
    else b += perCode[code];
  }
  return { a, b, none, decided: ROLL_PAIRS - perCode[CODE_REROLL] };
}

/** Exact odds of every cell (all 10,000 pairs of d100 rolls per cell). */
export function exactMatchup(cells: readonly CompiledWarMachine[]): ExactMatchup {
  const n = TACTICS.length;
  if (cells.some((c) => c.plan.pairCount !== 1)) throw new Error('exactMatchup: each cell must be one pure pairing');
  const odds = cells.map((c) => exactOdds(c));
  const counts = cells.map(cellCounts);
  const at = (i: number, j: number) => odds[i * n + j];
  const k = (i: number, j: number) => counts[i * n + j];
  return {
    winA: grid((i, j) => k(i, j).a / k(i, j).decided),
    winB: grid((i, j) => k(i, j).b / k(i, j).decided),
    noWinner: grid((i, j) => k(i, j).none / k(i, j).decided),
    noCombat: grid((i, j) => cells[i * n + j].pairs[0].effects.noCombat),
    payoff: grid((i, j) => (2 * k(i, j).a + k(i, j).none) / (2 * k(i, j).decided)),
    casualtiesA: grid((i, j) => at(i, j).casualties[0].mean),
    casualtiesB: grid((i, j) => at(i, j).casualties[1].mean),
  };
}

const clean = (p: number) => (Math.abs(p) < 1e-12 ? 0 : p);
const mixOf = (v: readonly number[]): Mix => Object.fromEntries(TACTICS.map((t, i) => [t, clean(v[i])])) as Mix;
const namesOf = (ix: readonly number[]): Tactic[] => ix.map((i) => TACTICS[i]);
const byTactic = (lists: readonly number[][]): Record<Tactic, Tactic[]> => Object.fromEntries(TACTICS.map((t, i) => [t, namesOf(lists[i])])) as Record<Tactic, Tactic[]>;
const dominatedOf = (d: Dominated): DominatedTactic => ({
  tactic: TACTICS[d.index],
  by: d.by,
  mix: Object.fromEntries(TACTICS.map((t, i) => [t, d.mix[i]]).filter(([, p]) => (p as number) > 0)) as Partial<Mix>,
  margin: d.margin,
});

export function solveGame(payoff: Matrix): SolvedGame {
  const g = analyseZeroSum(payoff);
  return {
    mixA: mixOf(g.mixA),
    mixB: mixOf(g.mixB),
    value: g.value,
    bestResponseA: byTactic(g.bestResponseA),
    bestResponseB: byTactic(g.bestResponseB),
    dominatedA: g.dominatedA.map(dominatedOf),
    dominatedB: g.dominatedB.map(dominatedOf),
    pureEquilibria: g.pureEquilibria.map(([i, j]) => [TACTICS[i], TACTICS[j]]),
  };
}

/** The casualty objective as a bimatrix game; solved as zero-sum too when it is constant-sum. */
export function casualtyGame(e: ExactMatchup): CasualtyGame {
  const payoffA = grid((i, j) => e.casualtiesB[i][j] - e.casualtiesA[i][j]);
  const payoffB = grid((i, j) => e.casualtiesA[i][j] - e.casualtiesB[i][j]);
  const br = pureBestResponses(payoffA, payoffB);
  const constantSum = isConstantSum(payoffA, payoffB);
  return {
    payoffA,
    payoffB,
    constantSum,
    bestResponseA: byTactic(br.a),
    bestResponseB: byTactic(br.b),
    pureEquilibria: pureNashEquilibria(payoffA, payoffB).map(([i, j]) => [TACTICS[i], TACTICS[j]]),
    solved: constantSum ? solveGame(payoffA) : null,
  };
}

/** How the scenario's own tactics (pure or mixed) fare: payoff, and each side's best pure reply to the other. */
function scenarioTactics(s: WarMachineScenario, payoff: Matrix): MatchupResult['scenarioTactics'] {
  const [a, b] = s.sides.map((side) => side.tactic);
  if (a === undefined || b === undefined) return null;
  const vec = (t: typeof a) => TACTICS.map((x) => (typeof t === 'string' ? (t === x ? 1 : 0) : (t[x] ?? 0)));
  const va = vec(a);
  const vb = vec(b);
  const rows = rowPayoffs(payoff, vb);
  const cols = columnPayoffs(payoff, va);
  const bestA = Math.max(...rows);
  const bestB = Math.min(...cols);
  return {
    mixA: mixOf(va),
    mixB: mixOf(vb),
    payoff: expectedPayoff(payoff, va, vb),
    bestResponseA: TACTICS.filter((_, i) => rows[i] >= bestA - 1e-12),
    bestResponseB: TACTICS.filter((_, j) => cols[j] <= bestB + 1e-12),
    bestResponseValueA: bestA,
    bestResponseValueB: bestB,
  };
}

export function parseObjective(text: string | undefined): Objective {
  if (text === undefined) return 'win';
  if (!OBJECTIVES.includes(text as Objective)) throw new UsageError(`--objective: expected one of ${OBJECTIVES.join(', ')}, got '${text}'`);
  return text as Objective;
}

/** Monte Carlo on every cell with the same seed (common random numbers across cells). */
async function monteCarloCells(cells: CompiledWarMachine[], exact: ExactMatchup, settings: RunSettings, o: RunOptions): Promise<MatchupMonteCarlo> {
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
  if (!OBJECTIVES.includes(objective)) throw new UsageError(`--objective: expected ${OBJECTIVES.join(' or ')}, got '${objective}'`);
  if (options.exact) throw new UsageError('--exact: matchup odds are always exact; add --monte-carlo for simulated ones too');
  const settings = runSettings(options);
  if (settings.precision !== null && !options.monteCarlo) throw new UsageError('--precision: only with --monte-carlo (the matchup table is exact)');
  const { scenario } = await loadKind(input, 'war-machine');
  return matchupOf(scenario, settings, options);
}

/** The matchup of a validated scenario. */
export async function matchupOf(scenario: WarMachineScenario, settings: RunSettings, options: MatchupOptions = {}): Promise<MatchupResult> {
  const objective = options.objective ?? 'win';
  const started = performance.now();
  const cells = compileCells(scenario);
  const exact = exactMatchup(cells);
  const game = solveGame(exact.payoff);
  const simulated = options.monteCarlo ? await monteCarloCells(cells, exact, settings, options) : null;
  const monteCarlo = simulated && simulated.trialsPerCell.flat().some((t) => t > 0) ? simulated : null;
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
    scenarioTactics: scenarioTactics(scenario, exact.payoff),
    casualtyGame: objective === 'casualties' ? casualtyGame(exact) : null,
    monteCarlo,
    interrupted: simulated?.interrupted ?? false,
    elapsedMs: Math.round(performance.now() - started),
    ratings: baseRatings(cells[0]),
    scenario,
  };
}

