/**
 * On the exact matchup table of many random scenarios (fixed seeds), the solver's mixes are an equilibrium:
 * neither side gains more than 1e-9 by switching to any pure tactic. Also the table's own identities.
 */
import { describe, expect, it } from 'vitest';
import { compileCells, exactMatchup } from '../../src/kinds/warMachine/matchup.js';
import { Xoshiro128 } from '../../src/rng/index.js';
import { deviationGains, solveZeroSum } from '../../src/stats/game.js';
import { randomScenario } from '../helpers/randomScenario.js';

describe('matchup equilibrium on random scenarios', () => {
  it('30 scenarios: no profitable pure deviation for either side', () => {
    const g = Xoshiro128.forChunk(11, 303, 0);
    for (let k = 0; k < 30; k++) {
      const s = randomScenario(g);
      // Half the scenarios get close ratings, where the tactics decide the most.
      if (k % 2 === 0) s.sides[1].battleRating = (s.sides[0].battleRating ?? 0) + g.below(41) - 20;
      const e = exactMatchup(compileCells(s));
      for (let i = 0; i < 6; i++) {
        for (let j = 0; j < 6; j++) {
          expect(e.winA[i][j] + e.winB[i][j] + e.noWinner[i][j]).toBeCloseTo(1, 12);
          expect(e.payoff[i][j]).toBeCloseTo(e.winA[i][j] + e.noWinner[i][j] / 2, 15);
        }
      }
      const sol = solveZeroSum(e.payoff);
      const gains = deviationGains(e.payoff, sol.mixA, sol.mixB);
      expect(gains.a, `scenario ${k}: A's gain`).toBeLessThanOrEqual(1e-9);
      expect(gains.b, `scenario ${k}: B's gain`).toBeLessThanOrEqual(1e-9);
      expect(sol.value).toBeGreaterThanOrEqual(0);
      expect(sol.value).toBeLessThanOrEqual(1);
    }
  });
});
