/**
 * Golden: the tactic game between two equal forces, solved by hand from the tactics table.
 *
 * Source: the tactics table, sheet lines 247–275 (docs/rules.md §5), as "my effect (row) against the enemy's
 * tactic (column)"; BR effects only (C±n changes casualties, not who wins):
 *
 *            Attack+ Attack Envelop Trap  Hold  Withdraw
 *   Attack+     C      C    BR+10    C     C    BR+20
 *   Attack   BR−20     C      C      C     —    BR+10
 *   Envelop     C   BR−10    NE      C   BR+20  BR+10
 *   Trap     BR+20  BR+10  BR−20    NE   BR−20    C
 *   Hold     BR−25     C      C      C     NC     NC
 *   Withdraw    C      C      C      C     NC     NC
 *
 * With both sides at BR 100 and 500 troops (no ratio bonus), A's edge in a cell is Δ = my BR effect − the
 * enemy's, Δ[i][j] = br[i][j] − br[j][i]:
 *
 *            AP    At    En    Tr    Ho    Wi
 *   AP        0   +20   +10   −20   +25   +20
 *   At      −20     0   +10   −10     0   +10
 *   En      −10   −10     0   +20   +20   +10
 *   Tr      +20   +10   −20     0   −20     0
 *   Ho      −25     0   −20   +20    NC    NC
 *   Wi      −20   −10   −10     0    NC    NC
 *
 * Δ is antisymmetric, so the game is symmetric and its value is ½. With ties rerolled,
 * P(A wins | Δ) = f(Δ) = (½ + ½ P(|D| < Δ)) / (1 − P(D = Δ)) for D = d100 − d100, P(D = k) = (100 − |k|)/10⁴:
 *   a = f(10) − ½ = 0.095/0.991 = 95/991,   b = f(20) − ½ = 0.18/0.992 = 45/248,   c = f(25) − ½.
 * A's advantage table G = payoff − ½ (0 < a < b < c):
 *   AP [ 0,  b,  a, −b,  c,  b]      At [−b, 0,  a, −a, 0, a]      En [−a, −a, 0, b, b, a]
 *   Tr [ b,  a, −b,  0, −b,  0]      Ho [−c, 0, −b,  b, 0, 0]      Wi [−b, −a, −a, 0, 0, 0]
 * Attack+, Envelop and Trap beat each other in a circle (AP > En by a, En > Tr by b, Tr > AP by b). On that
 * support, xᵀG = 0 column by column: −a·x_En + b·x_Tr = 0 and a·x_AP − b·x_Tr = 0, so x_AP = x_En and
 * x_Tr = (a/b)·x_AP; hence x = (b, b, a)/(2b + a) = (8919, 8919, 4712)/22550 for (AP, En, Tr). Against it the
 * other columns give A strictly more than ½: At (b² − ab + a²)/(2b + a), Ho (bc + b² − ab)/(2b + a),
 * Wi (b² + ab)/(2b + a), so no optimal strategy uses them and the equilibrium is unique; by symmetry B plays
 * the same mix.
 * Withdraw is strictly dominated, though by no single tactic: ¼ Attack+ + ¾ Envelop beats it everywhere
 * (e.g. column AP: −¾a > −b). Hold is not dominated (only Envelop matches its +b against Trap).
 * Best replies: to B's Attack+, Trap (+b); to Attack, Attack+ (+b); to Envelop, Attack+ or Attack (+a both);
 * to Trap, Envelop or Hold (+b both); to Hold, Attack+ (+c); to Withdraw, Attack+ (+b).
 */
import { describe, expect, it } from 'vitest';
import { compileCells, exactMatchup, solveGame } from '../../src/kinds/warMachine/matchup.js';
import { loadText } from '../helpers/load.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';

const scenario = loadText(
  JSON.stringify({
    kind: 'war-machine',
    policies: { tie: 'reroll' },
    sides: [
      { name: 'Left', troops: 500, battleRating: 100 },
      { name: 'Right', troops: 500, battleRating: 100 },
    ],
  }),
).scenario as WarMachineScenario;

const exact = exactMatchup(compileCells(scenario));
const game = solveGame(exact.payoff);
const a = 95 / 991;
const b = 45 / 248;

describe('golden: equal forces, hand-solved tactic game', () => {
  it('the table: P(A wins) is ½ + a, ½ + b by the edge Δ, ½ in no-combat cells', () => {
    expect(exact.payoff[0][1]).toBeCloseTo(0.5 + b, 14); // Attack+ vs Attack: Δ = +20
    expect(exact.payoff[0][2]).toBeCloseTo(0.5 + a, 14); // Attack+ vs Envelop: Δ = +10
    expect(exact.payoff[3][2]).toBeCloseTo(0.5 - b, 14); // Trap vs Envelop: Δ = −20
    expect(exact.payoff[0][0]).toBe(0.5); // one division of integer counts: exactly ½
    expect(exact.winA[0][1]).toBe(6760 / 9920); // Δ = +20: 6,760 of the 9,920 decided rolls
    expect(exact.noCombat[4][5]).toBe(true);
    expect(exact.payoff[4][5]).toBe(0.5);
    expect(exact.winA[4][5]).toBe(0);
  });

  it('the mixes: Attack+ and Envelop 8919/22550 each, Trap 4712/22550, for both sides; value ½', () => {
    for (const mix of [game.mixA, game.mixB]) {
      expect(mix['attack-plus']).toBeCloseTo(8919 / 22550, 12);
      expect(mix.envelop).toBeCloseTo(8919 / 22550, 12);
      expect(mix.trap).toBeCloseTo(4712 / 22550, 12);
      expect(mix.attack).toBe(0);
      expect(mix.hold).toBe(0);
      expect(mix.withdraw).toBe(0);
    }
    expect(game.value).toBeCloseTo(0.5, 12);
  });

  it('best replies, and Withdraw strictly dominated by a mixture only', () => {
    expect(game.bestResponseA).toEqual({
      'attack-plus': ['trap'],
      attack: ['attack-plus'],
      envelop: ['attack-plus', 'attack'],
      trap: ['envelop', 'hold'],
      hold: ['attack-plus'],
      withdraw: ['attack-plus'],
    });
    expect(game.bestResponseB).toEqual(game.bestResponseA); // a symmetric game
    for (const d of [game.dominatedA, game.dominatedB]) {
      expect(d.map((x) => [x.tactic, x.by])).toEqual([['withdraw', 'mixture']]);
    }
    expect(game.pureEquilibria).toEqual([]);
  });
});
