/**
 * Two-player games on a payoff table: the tactic choice of docs/rules.md §5, where both commanders pick in
 * secret and reveal together.
 *
 * Zero-sum (or constant-sum) games are solved exactly by linear programming: von Neumann's minimax theorem
 * makes the optimal mixed strategies of both players the primal and dual solutions of one linear program
 * (G. B. Dantzig, "A proof of the equivalence of the programming problem and the game problem", in
 * Koopmans (ed.), Activity Analysis of Production and Allocation, 1951; the reduction used here is the
 * textbook one, e.g. T. S. Ferguson, "Game Theory", part II §4.4). The program is solved with the tableau
 * simplex method and Bland's smallest-index rule (R. G. Bland, "New finite pivoting rules for the simplex
 * method", Math. Oper. Res. 2 (1977) 103–107), which cannot cycle on degenerate tables — and tactic tables
 * are degenerate (no-combat cells repeat the same payoff). Fictitious play is not used.
 *
 * Conventions: `payoff[i][j]` is what the row player (side A) gets when it plays i and the column player
 * (side B) plays j. In a zero-sum game B gets −payoff (constant-sum: c − payoff; same equilibria).
 */

/** A payoff table: rows are A's choices, columns B's. */
export type Matrix = readonly (readonly number[])[];

export interface ZeroSumSolution {
  /** A's optimal mixed strategy (probability per row). */
  mixA: number[];
  /** B's optimal mixed strategy (probability per column). */
  mixB: number[];
  /** The value: what A secures in expectation, and what B holds A to. */
  value: number;
  /** Simplex pivots made (for the curious; 0 when every strategy is equally good). */
  pivots: number;
}

/** Pivot tolerance: tableau entries smaller than this (after scaling payoffs to [1, 2]) count as zero. */
const PIVOT_EPS = 1e-12;

function shape(m: Matrix): [number, number] {
  const rows = m.length;
  const cols = rows > 0 ? m[0].length : 0;
  if (rows === 0 || cols === 0) throw new RangeError('a game needs at least one choice for each player');
  for (const r of m) {
    if (r.length !== cols) throw new RangeError('payoff rows must have the same length');
    for (const x of r) if (!Number.isFinite(x)) throw new RangeError('payoffs must be finite numbers');
  }
  return [rows, cols];
}

/**
 * Optimal mixed strategies and value of the zero-sum game `payoff` (A maximises, B minimises).
 *
 * Method: rescale the table to M = 1 + (payoff − min) / range, so every entry lies in [1, 2] and the value
 * is positive. B's side is then the linear program
 *     maximise Σ_j y_j  subject to  Σ_j M[i][j] y_j ≤ 1 for every row i,  y ≥ 0,
 * which starts feasible at y = 0 with the slack basis (no phase 1 needed). At the optimum Σ y = 1/v with v
 * the value of M; B's strategy is y·v, and A's strategy is the dual solution — read off the reduced costs
 * of the slack columns — times v. The result is checked: neither player may gain more than 1e-9 (in
 * payoff units, scaled by the table's range) by any pure deviation, else this throws.
 */
export function solveZeroSum(payoff: Matrix): ZeroSumSolution {
  const [m, n] = shape(payoff);
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of payoff)
    for (const x of r) {
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
  const range = hi - lo;
  if (range === 0) {
    // Every choice gives the same payoff: every pair of strategies is optimal; report the uniform ones.
    return { mixA: new Array(m).fill(1 / m), mixB: new Array(n).fill(1 / n), value: lo, pivots: 0 };
  }

  // Tableau: m constraint rows over n + m columns (y, then slacks), right-hand side apart.
  const width = n + m;
  const t: Float64Array[] = [];
  const rhs = new Float64Array(m).fill(1);
  for (let i = 0; i < m; i++) {
    const row = new Float64Array(width);
    for (let j = 0; j < n; j++) row[j] = 1 + (payoff[i][j] - lo) / range;
    row[n + i] = 1;
    t.push(row);
  }
  /** Reduced costs c_j − z_j of the maximisation (objective Σ y_j). */
  const reduced = new Float64Array(width);
  for (let j = 0; j < n; j++) reduced[j] = 1;
  const basis = Array.from({ length: m }, (_, i) => n + i);

  let pivots = 0;
  const maxPivots = 50 * (m + n) + 1000; // Bland's rule terminates; this only guards against a bug
  for (;;) {
    // Bland: the entering column is the lowest-indexed one that improves the objective.
    let enter = -1;
    for (let j = 0; j < width; j++) {
      if (reduced[j] > PIVOT_EPS) {
        enter = j;
        break;
      }
    }
    if (enter < 0) break;
    // Ratio test; ties go to the basic variable with the lowest index (Bland).
    let leave = -1;
    let best = Infinity;
    for (let i = 0; i < m; i++) {
      const a = t[i][enter];
      if (a <= PIVOT_EPS) continue;
      const ratio = rhs[i] / a;
      if (leave < 0 || ratio < best - PIVOT_EPS || (ratio <= best + PIVOT_EPS && basis[i] < basis[leave])) {
        best = Math.min(best, ratio);
        leave = i;
      }
    }
    if (leave < 0) throw new Error('game LP unbounded: cannot happen with positive payoffs');
    // Pivot on (leave, enter).
    const pr = t[leave];
    const pv = pr[enter];
    for (let j = 0; j < width; j++) pr[j] /= pv;
    rhs[leave] /= pv;
    pr[enter] = 1;
    for (let i = 0; i < m; i++) {
      if (i === leave) continue;
      const f = t[i][enter];
      if (f === 0) continue;
      const row = t[i];
      for (let j = 0; j < width; j++) row[j] -= f * pr[j];
      row[enter] = 0;
      rhs[i] -= f * rhs[leave];
      if (rhs[i] < 0 && rhs[i] > -PIVOT_EPS) rhs[i] = 0;
    }
    const f = reduced[enter];
    for (let j = 0; j < width; j++) reduced[j] -= f * pr[j];
    reduced[enter] = 0;
    basis[leave] = enter;
    if (++pivots > maxPivots) throw new Error('game LP: too many pivots');
  }

  // Primal: y (B's side). Dual: x_i = −reduced cost of slack i (A's side). Both sum to the objective 1/v.
  const y = new Array<number>(n).fill(0);
  basis.forEach((b, i) => {
    if (b < n) y[b] = Math.max(0, rhs[i]);
  });
  const x = Array.from({ length: m }, (_, i) => Math.max(0, -reduced[n + i]));
  const mixB = normalise(y);
  const mixA = normalise(x);
  const lower = Math.min(...columnPayoffs(payoff, mixA)); // what A's mix secures
  const upper = Math.max(...rowPayoffs(payoff, mixB)); // what B's mix concedes
  if (upper - lower > 1e-9 * Math.max(1, range)) {
    throw new Error(`game LP: solution check failed (A secures ${lower}, B concedes ${upper})`);
  }
  return { mixA, mixB, value: (lower + upper) / 2, pivots };
}

function normalise(v: number[]): number[] {
  const s = v.reduce((a, b) => a + b, 0);
  if (!(s > 0)) throw new Error('game LP: empty strategy');
  return v.map((x) => x / s);
}

/** A's expected payoff for each of its pure choices when B plays `mixB`. */
export function rowPayoffs(payoff: Matrix, mixB: readonly number[]): number[] {
  return payoff.map((r) => r.reduce((s, x, j) => s + x * mixB[j], 0));
}

/** A's expected payoff for each of B's pure choices when A plays `mixA`. */
export function columnPayoffs(payoff: Matrix, mixA: readonly number[]): number[] {
  const n = payoff[0].length;
  const out = new Array<number>(n).fill(0);
  payoff.forEach((r, i) => r.forEach((x, j) => (out[j] += mixA[i] * x)));
  return out;
}

/** Expected payoff to A when A plays `mixA` and B plays `mixB`. */
export function expectedPayoff(payoff: Matrix, mixA: readonly number[], mixB: readonly number[]): number {
  return rowPayoffs(payoff, mixB).reduce((s, x, i) => s + x * mixA[i], 0);
}

/**
 * How much each side could gain by switching from its mix to its best pure choice, the other's mix fixed
 * (zero-sum). Both are ≤ 0 up to rounding exactly when (mixA, mixB) is an equilibrium.
 */
export function deviationGains(
  payoff: Matrix,
  mixA: readonly number[],
  mixB: readonly number[],
): { a: number; b: number } {
  const v = expectedPayoff(payoff, mixA, mixB);
  return { a: Math.max(...rowPayoffs(payoff, mixB)) - v, b: v - Math.min(...columnPayoffs(payoff, mixA)) };
}

/** Tolerance for "equally good" choices, relative to the size of the payoffs. */
function tieTolerance(...ms: Matrix[]): number {
  let big = 1;
  for (const m of ms) for (const r of m) for (const x of r) big = Math.max(big, Math.abs(x));
  return 1e-12 * big;
}

/** For each column j, the rows that maximise `payoff[·][j]` (all of them when tied). */
function argmaxPerColumn(payoff: Matrix, tol: number): number[][] {
  const n = payoff[0].length;
  return Array.from({ length: n }, (_, j) => {
    const best = Math.max(...payoff.map((r) => r[j]));
    return payoff.map((r, i) => (r[j] >= best - tol ? i : -1)).filter((i) => i >= 0);
  });
}

/** For each row i, the columns that maximise `payoff[i][·]`. */
function argmaxPerRow(payoff: Matrix, tol: number): number[][] {
  return payoff.map((r) => {
    const best = Math.max(...r);
    return r.map((x, j) => (x >= best - tol ? j : -1)).filter((j) => j >= 0);
  });
}

/**
 * Pure best responses in a general (bimatrix) game: A's payoffs `payA[i][j]`, B's `payB[i][j]`.
 * `a[j]`: A's best rows against B's column j; `b[i]`: B's best columns against A's row i.
 */
export function pureBestResponses(payA: Matrix, payB: Matrix): { a: number[][]; b: number[][] } {
  shape(payA);
  shape(payB);
  const tol = tieTolerance(payA, payB);
  return { a: argmaxPerColumn(payA, tol), b: argmaxPerRow(payB, tol) };
}

/** Every pure Nash equilibrium (i, j) of a bimatrix game: each choice a best response to the other. */
export function pureNashEquilibria(payA: Matrix, payB: Matrix): [number, number][] {
  const br = pureBestResponses(payA, payB);
  const out: [number, number][] = [];
  for (let i = 0; i < payA.length; i++) {
    for (const j of br.b[i]) if (br.a[j].includes(i)) out.push([i, j]);
  }
  return out;
}

/** True when payA[i][j] + payB[i][j] is the same in every cell (within rounding). */
export function isConstantSum(payA: Matrix, payB: Matrix): boolean {
  let big = 1;
  for (const m of [payA, payB]) for (const r of m) for (const x of r) big = Math.max(big, Math.abs(x));
  const tol = 1e-9 * big;
  const c = payA[0][0] + payB[0][0];
  return payA.every((r, i) => r.every((x, j) => Math.abs(x + payB[i][j] - c) <= tol));
}

/** A tactic that is strictly worse than some pure tactic, or than some mixture of the others, in every case. */
export interface Dominated {
  index: number;
  /** 'pure': one other choice is better against everything; 'mixture': only a mix of others is. */
  by: 'pure' | 'mixture';
  /** The dominating strategy (a pure one as a 0/1 vector). */
  mix: number[];
  /** The smallest margin by which the dominating strategy does better, over all the enemy's choices. */
  margin: number;
}

/**
 * Strictly dominated choices of the maximising row player. Row i is strictly dominated by a mixture σ of
 * the other rows iff max_σ min_j Σ_k σ_k (P[k][j] − P[i][j]) > 0, which is the value of a smaller zero-sum
 * game: one LP per row. Pure domination is checked first and reported as such.
 */
export function dominatedRows(payoff: Matrix): Dominated[] {
  const [m] = shape(payoff);
  const tol = 1e-9 * Math.max(1, ...payoff.flat().map(Math.abs));
  const out: Dominated[] = [];
  if (m < 2) return out;
  for (let i = 0; i < m; i++) {
    let pure: Dominated | null = null;
    for (let k = 0; k < m; k++) {
      if (k === i) continue;
      const margin = Math.min(...payoff[k].map((x, j) => x - payoff[i][j]));
      if (margin > tol && (pure === null || margin > pure.margin)) {
        pure = { index: i, by: 'pure', mix: payoff.map((_, r) => (r === k ? 1 : 0)), margin };
      }
    }
    if (pure) {
      out.push(pure);
      continue;
    }
    const others = payoff.map((_, k) => k).filter((k) => k !== i);
    const gain = others.map((k) => payoff[k].map((x, j) => x - payoff[i][j]));
    const s = solveZeroSum(gain);
    if (s.value > tol) {
      const mix = new Array<number>(m).fill(0);
      others.forEach((k, r) => (mix[k] = s.mixA[r]));
      out.push({ index: i, by: 'mixture', mix: mix.map((p) => (p < 1e-12 ? 0 : p)), margin: s.value });
    }
  }
  return out;
}

/** Strictly dominated choices of the column player in a zero-sum game (B minimises A's payoff). */
export function dominatedColumns(payoff: Matrix): Dominated[] {
  return dominatedRows(transposeNegated(payoff));
}

/** B's view of a zero-sum game as a row player: rows are B's choices, payoffs are B's (−A's). */
export function transposeNegated(payoff: Matrix): number[][] {
  const n = payoff[0].length;
  return Array.from({ length: n }, (_, j) => payoff.map((r) => -r[j]));
}

/** Everything `warcast matchup` reports about a zero-sum game. */
export interface ZeroSumAnalysis extends ZeroSumSolution {
  /** bestResponseA[j]: A's best rows against B's pure column j. */
  bestResponseA: number[][];
  /** bestResponseB[i]: B's best columns against A's pure row i. */
  bestResponseB: number[][];
  dominatedA: Dominated[];
  dominatedB: Dominated[];
  /** Pure saddle points (pure equilibria), if any. */
  pureEquilibria: [number, number][];
}

export function analyseZeroSum(payoff: Matrix): ZeroSumAnalysis {
  const solution = solveZeroSum(payoff);
  const negated = payoff.map((r) => r.map((x) => -x));
  const br = pureBestResponses(payoff, negated);
  return {
    ...solution,
    bestResponseA: br.a,
    bestResponseB: br.b,
    dominatedA: dominatedRows(payoff),
    dominatedB: dominatedColumns(payoff),
    pureEquilibria: pureNashEquilibria(payoff, negated),
  };
}
