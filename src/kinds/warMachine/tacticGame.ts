/**
 * The tactic game, exact: every pair of tactics over all 10,000 pairs of d100 rolls, solved as a game. Pure (no
 * engine, no files), so the what-if page shows what `warcast matchup` prints; src/kinds/warMachine/matchup.ts adds the
 * Monte Carlo cells and the result.
 */
import { CODE_COUNT, CODE_REROLL, compileWarMachine, decodeCode, ROLL_PAIRS, type CompiledWarMachine } from './plan.js';
import type { WarMachineScenario } from './schema.js';
import { TACTICS, type Tactic } from '../../rules/warMachine/tactics.js';
import {
  analyseZeroSum,
  expectedPayoff,
  isConstantSum,
  pureBestResponses,
  pureNashEquilibria,
  rowPayoffs,
  columnPayoffs,
  type Dominated,
  type Matrix,
} from '../../stats/game.js';
import { exactOdds } from './result.js';

export type Grid = number[][];
export type Mix = Record<Tactic, number>;

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

/** A side's troops and rated BR (the tactic pairing's bonus is per cell, not in here). */
export interface BaseRating {
  troops: number;
  battleRating: number;
  modifiedBattleRating: number;
}

export const baseRatings = (c: CompiledWarMachine): [BaseRating, BaseRating] =>
  c.ratings.map((r) => ({
    troops: r.troops,
    battleRating: r.battleRating,
    modifiedBattleRating: r.modifiedBattleRating,
  })) as [BaseRating, BaseRating];

/** The scenario with each side playing one pure tactic. */
export function withTactics(s: WarMachineScenario, a: Tactic, b: Tactic): WarMachineScenario {
  return {
    ...s,
    sides: [
      { ...s.sides[0], tactic: a },
      { ...s.sides[1], tactic: b },
    ],
  };
}

/** The 36 compiled cells, row-major (A's tactic, then B's). */
export function compileCells(s: WarMachineScenario): CompiledWarMachine[] {
  const cells: CompiledWarMachine[] = [];
  for (const a of TACTICS) for (const b of TACTICS) cells.push(compileWarMachine(withTactics(s, a, b)));
  return cells;
}

export interface ScenarioTactics {
  mixA: Mix;
  mixB: Mix;
  payoff: number;
  bestResponseA: Tactic[];
  bestResponseB: Tactic[];
  bestResponseValueA: number;
  bestResponseValueB: number;
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

export const grid = <T>(f: (i: number, j: number) => T): T[][] => TACTICS.map((_, i) => TACTICS.map((_, j) => f(i, j)));

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
export const mixOf = (v: readonly number[]): Mix => Object.fromEntries(TACTICS.map((t, i) => [t, clean(v[i])])) as Mix;
const namesOf = (ix: readonly number[]): Tactic[] => ix.map((i) => TACTICS[i]);
const byTactic = (lists: readonly number[][]): Record<Tactic, Tactic[]> =>
  Object.fromEntries(TACTICS.map((t, i) => [t, namesOf(lists[i])])) as Record<Tactic, Tactic[]>;
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
export function scenarioTactics(s: WarMachineScenario, payoff: Matrix): ScenarioTactics | null {
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
