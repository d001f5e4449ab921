/** Bradley–Terry ratings and the matrix inverse behind their standard errors (src/stats/). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bradleyTerry, ELO_PER_LOG } from '../../src/stats/bradleyTerry.js';
import { invertMatrix } from '../../src/stats/matrix.js';

/** P(i beats j) = π_i / (π_i + π_j) in each role, no draws: the matrices a fit of `strengths` should give back. */
function generated(strengths: readonly number[]) {
  const win = strengths.map((a, i) => strengths.map((b, j) => (i === j ? null : a / (a + b))));
  const lose = strengths.map((a, i) => strengths.map((b, j) => (i === j ? null : b / (a + b))));
  return { win, lose };
}

const product = (a: readonly (readonly number[])[], b: readonly (readonly number[])[]) =>
  a.map((row) => b[0].map((_, j) => row.reduce((s, x, k) => s + x * b[k][j], 0)));

describe('invertMatrix', () => {
  it('A · A⁻¹ = I for symmetric positive-definite matrices up to 8 × 8 (BᵀB + I)', () => {
    const matrix = fc.integer({ min: 1, max: 8 }).chain((n) =>
      fc.array(fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: n, maxLength: n }), {
        minLength: n,
        maxLength: n,
      }),
    );
    fc.assert(
      fc.property(matrix, (b) => {
        const n = b.length;
        const a = b.map((_, i) => b.map((_, j) => b.reduce((s, row) => s + row[i] * row[j], 0) + (i === j ? 1 : 0)));
        const id = product(a, invertMatrix(a));
        for (let i = 0; i < n; i++)
          for (let j = 0; j < n; j++) expect(Math.abs(id[i][j] - (i === j ? 1 : 0))).toBeLessThan(1e-8);
      }),
      { seed: 2026, numRuns: 100 },
    );
  });

  it('a known inverse, a row swap needed (zero pivot), and a singular matrix refused', () => {
    expect(
      invertMatrix([
        [4, 7],
        [2, 6],
      ])
        .flat()
        .map((x) => Math.round(x * 1e12) / 1e12),
    ).toEqual([0.6, -0.7, -0.2, 0.4]);
    expect(
      invertMatrix([
        [0, 1],
        [1, 0],
      ]),
    ).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(() =>
      invertMatrix([
        [1, 2],
        [2, 4],
      ]),
    ).toThrow(/singular/);
  });
});

describe('bradleyTerry', () => {
  it('recovers the strengths that generated a matrix; a 400-point gap is 10-to-1 odds', () => {
    const strengths = [0.25, 0.5, 1, 2, 8];
    const N = strengths.length;
    const { win, lose } = generated(strengths);
    const fit = bradleyTerry(win, lose, 1e7);
    const gm = Math.exp(strengths.reduce((s, x) => s + Math.log(x), 0) / N);
    for (let i = 0; i < N; i++) {
      expect(fit.strengths[i]).toBeCloseTo(strengths[i] / gm, 4);
      expect(fit.ratings[i]).toBeCloseTo(1500 + ELO_PER_LOG * Math.log(strengths[i] / gm), 1);
    }
    expect(fit.maxScoreError).toBeLessThan(1e-5);
    const tenToOne = bradleyTerry(
      [
        [null, 10 / 11],
        [1 / 11, null],
      ],
      [
        [null, 1 / 11],
        [10 / 11, null],
      ],
      1e8,
    );
    expect(tenToOne.ratings[0] - tenToOne.ratings[1]).toBeCloseTo(400, 1);
  });

  it('the covariance is symmetric with rows summing to 0 (Σ ln π = 0); errors shrink as 1/√games; relabelling permutes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.2, max: 5, noNaN: true }), { minLength: 2, maxLength: 6 }),
        (strengths) => {
          const N = strengths.length;
          const { win, lose } = generated(strengths);
          const fit = bradleyTerry(win, lose, 1000);
          for (let i = 0; i < N; i++) {
            expect(Math.abs(fit.covariance[i].reduce((s, x) => s + x, 0))).toBeLessThan(1e-9);
            for (let j = 0; j < N; j++) expect(fit.covariance[i][j]).toBeCloseTo(fit.covariance[j][i], 12);
            expect(fit.ratingSe[i]).toBeCloseTo(ELO_PER_LOG * Math.sqrt(fit.covariance[i][i]), 9);
          }
          // 100 times the games: standard errors about a tenth (the pseudo-game's weight aside).
          const more = bradleyTerry(win, lose, 100_000);
          for (let i = 0; i < N; i++) expect(more.ratingSe[i] / fit.ratingSe[i]).toBeCloseTo(0.1, 2);
          // The forces in reverse order: the same ratings, reversed.
          const rev = [...strengths].reverse();
          const r = bradleyTerry(generated(rev).win, generated(rev).lose, 1000);
          for (let i = 0; i < N; i++) expect(r.ratings[N - 1 - i]).toBeCloseTo(fit.ratings[i], 6);
        },
      ),
      { seed: 7, numRuns: 50 },
    );
  });

  it('games per pairing: equal counts give the single-count fit; a forces-wins-everything matrix stays finite', () => {
    const { win, lose } = generated([1, 2, 4]);
    const one = bradleyTerry(win, lose, 500);
    const per = bradleyTerry(win, lose, [
      [0, 500, 500],
      [500, 0, 500],
      [500, 500, 0],
    ]);
    for (let i = 0; i < 3; i++) {
      expect(per.ratings[i]).toBeCloseTo(one.ratings[i], 9);
      expect(per.scores[i]).toBeCloseTo(one.scores[i], 12);
    }
    const sweep = bradleyTerry(
      [
        [null, 1],
        [0, null],
      ],
      [
        [null, 0],
        [1, null],
      ],
      100,
    );
    expect(sweep.ratings.every(Number.isFinite)).toBe(true);
    expect(sweep.ratings[0]).toBeGreaterThan(sweep.ratings[1]);
  });
});
