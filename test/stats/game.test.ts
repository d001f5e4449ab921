/** The zero-sum game solver (simplex on the game LP), dominance and pure equilibria, on small known games. */
import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../src/rng/index.js';
import {
  deviationGains,
  dominatedColumns,
  dominatedRows,
  isConstantSum,
  pureNashEquilibria,
  solveZeroSum,
} from '../../src/stats/game.js';

describe('solveZeroSum', () => {
  it('solves matching pennies and rock–paper–scissors', () => {
    const pennies = solveZeroSum([
      [1, -1],
      [-1, 1],
    ]);
    expect(pennies.mixA[0]).toBeCloseTo(0.5, 12);
    expect(pennies.mixB[0]).toBeCloseTo(0.5, 12);
    expect(pennies.value).toBeCloseTo(0, 12);
    const rps = solveZeroSum([
      [0, -1, 1],
      [1, 0, -1],
      [-1, 1, 0],
    ]);
    for (const p of [...rps.mixA, ...rps.mixB]) expect(p).toBeCloseTo(1 / 3, 12);
    expect(rps.value).toBeCloseTo(0, 12);
  });

  it('finds a saddle point, and a 2×2 mixed solution worked by hand', () => {
    // Row 1 column 0 is a saddle point: 3 is the smallest in its row and the largest in its column.
    const s = solveZeroSum([
      [1, 5, 2],
      [3, 4, 6],
    ]);
    expect(s.mixA).toEqual([0, 1]);
    expect(s.mixB[0]).toBeCloseTo(1, 12);
    expect(s.value).toBeCloseTo(3, 12);
    // [[4, 1], [2, 3]]: A plays p on row 0 with 4p + 2(1−p) = p + 3(1−p) → p = 1/4; value 5/2; B: q = 1/2.
    const h = solveZeroSum([
      [4, 1],
      [2, 3],
    ]);
    expect(h.mixA[0]).toBeCloseTo(0.25, 12);
    expect(h.mixB[0]).toBeCloseTo(0.5, 12);
    expect(h.value).toBeCloseTo(2.5, 12);
  });

  it('returns an equilibrium (no pure deviation gains more than 1e-9) on 300 random tables, degenerate ones included', () => {
    const g = Xoshiro128.forChunk(3, 91, 0);
    for (let k = 0; k < 300; k++) {
      const m = 1 + g.below(7);
      const n = 1 + g.below(7);
      // every third table draws from few values, so ties and degenerate pivots are common
      const levels = k % 3 === 0 ? 1 + g.below(3) : 0;
      const table = Array.from({ length: m }, () =>
        Array.from({ length: n }, () => (levels ? g.below(levels + 1) / levels : g.unit() * 200 - 100)),
      );
      const s = solveZeroSum(table);
      const gains = deviationGains(table, s.mixA, s.mixB);
      expect(gains.a, `table ${k}`).toBeLessThanOrEqual(1e-9);
      expect(gains.b, `table ${k}`).toBeLessThanOrEqual(1e-9);
      for (const mix of [s.mixA, s.mixB]) {
        expect(mix.every((p) => p >= 0)).toBe(true);
        expect(mix.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      }
    }
  });

  it('a wrong mix is caught by the deviation check', () => {
    const table = [
      [4, 1],
      [2, 3],
    ];
    // B's ½/½ is optimal, A's ½/½ is not (A should play ¼/¾): B gains by deviating to column 1.
    expect(deviationGains(table, [0.5, 0.5], [0.5, 0.5]).b).toBeCloseTo(0.5, 12);
    expect(deviationGains(table, [0.25, 0.75], [0.5, 0.5]).b).toBeCloseTo(0, 12);
  });
});

describe('dominance', () => {
  it('reports pure domination, and domination by a mixture only', () => {
    // Row 2 [1, 1] is beaten by no single row, but by ½ row 0 + ½ row 1 ([1.5, 1.5]) everywhere.
    const d = dominatedRows([
      [3, 0],
      [0, 3],
      [1, 1],
    ]);
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ index: 2, by: 'mixture' });
    expect(d[0].mix[0]).toBeCloseTo(0.5, 9);
    expect(d[0].margin).toBeCloseTo(0.5, 9);
    // Row 1 is strictly below row 0 everywhere; equal rows are not strictly dominated.
    const p = dominatedRows([
      [2, 2],
      [1, 1],
      [2, 2],
    ]);
    expect(p.map((x) => [x.index, x.by])).toEqual([[1, 'pure']]);
  });

  it('for the column player (who minimises), a column that always pays A more is dominated', () => {
    const d = dominatedColumns([
      [1, 2, 0],
      [3, 4, 5],
    ]);
    expect(d.map((x) => x.index)).toEqual([1]);
  });
});

describe('general-sum games', () => {
  it("prisoner's dilemma: the only pure equilibrium is (defect, defect), and it is not constant-sum", () => {
    const a = [
      [3, 0],
      [5, 1],
    ];
    const b = [
      [3, 5],
      [0, 1],
    ];
    expect(pureNashEquilibria(a, b)).toEqual([[1, 1]]);
    expect(isConstantSum(a, b)).toBe(false);
    expect(
      isConstantSum(
        a,
        a.map((r) => r.map((x) => 7 - x)),
      ),
    ).toBe(true);
  });

  it('battle of the sexes has two pure equilibria', () => {
    expect(
      pureNashEquilibria(
        [
          [2, 0],
          [0, 1],
        ],
        [
          [1, 0],
          [0, 2],
        ],
      ),
    ).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });
});
