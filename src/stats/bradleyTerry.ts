/**
 * Bradley–Terry ratings from pairwise results (R. A. Bradley and M. E. Terry, "Rank analysis of incomplete block
 * designs: I. The method of paired comparisons", Biometrika 39 (1952) 324–345), fitted by Hunter's MM iteration
 * (D. R. Hunter, "MM algorithms for generalized Bradley–Terry models", Annals of Statistics 32 (2004) 384–406),
 * with standard errors from the Fisher information. `warcast tournament` rates forces with it.
 */
import { invertMatrix } from './matrix.js';

export interface BradleyTerryFit {
  strengths: number[];
  ratings: number[];
  /** Standard error of each rating (Elo points), relative to the field's mean. */
  ratingSe: number[];
  /** Covariance of the log strengths (natural-log units, under Σ ln π = 0): the variance of a difference of two. */
  covariance: number[][];
  /** Each force's mean score over its games. */
  scores: number[];
  maxScoreError: number;
  iterations: number;
}

/** Elo points per natural-log unit of strength: 400 / ln 10 (a 400-point gap is 10-to-1 odds). */
export const ELO_PER_LOG = 400 / Math.LN10;

/**
 * Bradley–Terry (1952) by Hunter's (2004) MM iteration: force i's strength π_i, with P(i beats j) = π_i / (π_i + π_j).
 * Force i's score against j is its wins plus half the no-winner battles over both roles (attacking: win[i][j];
 * defending: lose[j][i]), out of 2 × games battles. One drawn pseudo-game per pairing keeps the strengths finite
 * when a force wins or loses everything. Strengths are scaled to geometric mean 1.
 */
export function bradleyTerry(
  win: readonly (readonly (number | null)[])[],
  lose: readonly (readonly (number | null)[])[],
  games: number | readonly (readonly number[])[],
): BradleyTerryFit {
  const N = win.length;
  // Battles per role of a pairing: one number for the whole matrix, or per pairing (a race stops pairings early; a
  // pairing's two roles always run the same number).
  const gOf = typeof games === 'number' ? () => Math.max(1, games) : (i: number, j: number) => Math.max(1, games[i][j]);
  const score = (i: number, j: number) => {
    const att = win[i][j]!;
    const attTie = 1 - att - lose[i][j]!;
    const def = lose[j][i]!;
    const defTie = 1 - def - win[j][i]!;
    return att + attTie / 2 + def + defTie / 2; // out of 2
  };
  const S = Array.from({ length: N }, () => new Array<number>(N).fill(0));
  const n = Array.from({ length: N }, () => new Array<number>(N).fill(0));
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < N; j++) {
      if (i === j) continue;
      S[i][j] = score(i, j) * gOf(i, j) + 0.5;
      n[i][j] = 2 * gOf(i, j) + 1;
    }
  }
  const W = S.map((row) => row.reduce((a, b) => a + b, 0));
  let p = new Array<number>(N).fill(1);
  let iterations = 0;
  for (; iterations < 10_000; iterations++) {
    const next = p.map((pi, i) => {
      let d = 0;
      for (let j = 0; j < N; j++) if (j !== i) d += n[i][j] / (pi + p[j]);
      return W[i] / d;
    });
    const gm = Math.exp(next.reduce((a, x) => a + Math.log(x), 0) / N);
    const scaled = next.map((x) => x / gm);
    const change = Math.max(...scaled.map((x, i) => Math.abs(Math.log(x) - Math.log(p[i]))));
    p = scaled;
    if (change < 1e-12) break;
  }
  // Fisher information of θ = ln π; its pseudo-inverse under Σθ = 0 is (I + J/N)⁻¹ − J/N (J all ones).
  const info = Array.from({ length: N }, () => new Array<number>(N).fill(0));
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < N; j++) {
      if (i === j) continue;
      const q = p[i] / (p[i] + p[j]);
      const v = n[i][j] * q * (1 - q);
      info[i][i] += v;
      info[i][j] -= v;
    }
  }
  const inv = invertMatrix(info.map((row) => row.map((x) => x + 1 / N)));
  const covariance = inv.map((row) => row.map((x) => x - 1 / N));
  const se = inv.map((row, i) => ELO_PER_LOG * Math.sqrt(Math.max(0, row[i] - 1 / N)));
  let maxScoreError = 0;
  for (let i = 0; i < N; i++)
    for (let j = 0; j < N; j++)
      if (i !== j) maxScoreError = Math.max(maxScoreError, Math.abs(score(i, j) / 2 - p[i] / (p[i] + p[j])));
  return {
    strengths: p,
    ratings: p.map((x) => 1500 + ELO_PER_LOG * Math.log(x)),
    ratingSe: se,
    covariance,
    scores:
      typeof games === 'number'
        ? Array.from(
            { length: N },
            (_, i) =>
              Array.from({ length: N }, (_, j) => (i === j ? 0 : score(i, j))).reduce((a, b) => a + b, 0) /
              (2 * (N - 1)),
          )
        : // Weighted by each pairing's battles.
          Array.from({ length: N }, (_, i) => {
            let sum = 0;
            let all = 0;
            for (let j = 0; j < N; j++) {
              if (j === i) continue;
              sum += score(i, j) * gOf(i, j);
              all += 2 * gOf(i, j);
            }
            return sum / all;
          }),
    maxScoreError,
    iterations,
  };
}
