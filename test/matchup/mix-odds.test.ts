/**
 * A tactic mix in the scenario (`tactic: { envelop: 0.6, trap: 0.4 }`): its exact odds are the mix-weighted
 * average of the pure-tactic cells of the matchup table (each pairing keeps its own rerolls), and the mix
 * probabilities are normalised when they add up to 1 only within the validator's 1e-9.
 */
import { describe, expect, it } from 'vitest';
import { exactOdds } from '../../src/kinds/warMachine/odds.js';
import { compileCells, exactMatchup } from '../../src/kinds/warMachine/matchup.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import { TACTICS } from '../../src/rules/warMachine/tactics.js';
import { Xoshiro128 } from '../../src/rng/index.js';
import { randomScenario } from '../helpers/randomScenario.js';

describe('exact odds of tactic mixes', () => {
  it('equal the mix-weighted matchup cells (win, no winner, mean casualties) on 15 random scenarios', () => {
    const g = Xoshiro128.forChunk(21, 5, 0);
    for (let k = 0; k < 15; k++) {
      const s = randomScenario(g, { tactics: 'mix' });
      const e = exactMatchup(compileCells(s));
      const odds = exactOdds(compileWarMachine(s));
      const w = (t: (typeof s.sides)[0]['tactic']) =>
        TACTICS.map((x) => (typeof t === 'string' ? (t === x ? 1 : 0) : (t?.[x] ?? 0)));
      const wa = w(s.sides[0].tactic);
      const wb = w(s.sides[1].tactic);
      const avg = (grid: number[][]) =>
        grid.reduce((sum, row, i) => sum + row.reduce((t, x, j) => t + wa[i] * wb[j] * x, 0), 0);
      expect(odds.win[0], `scenario ${k}`).toBeCloseTo(avg(e.winA), 12);
      expect(odds.win[1]).toBeCloseTo(avg(e.winB), 12);
      expect(odds.tie).toBeCloseTo(avg(e.noWinner), 12);
      expect(odds.casualties[0].mean).toBeCloseTo(avg(e.casualtiesA), 9);
      expect(odds.casualties[1].mean).toBeCloseTo(avg(e.casualtiesB), 9);
    }
  });

  it('a mix adding up to 1 only within 1e-9 is normalised: the odds still add up to 1', () => {
    const g = Xoshiro128.forChunk(21, 5, 1);
    const s = randomScenario(g, { tactics: 'none' });
    s.sides[0].tactic = { envelop: 0.6 + 4e-10, trap: 0.4 };
    s.sides[1].tactic = { hold: 0.5 + 4e-10, attack: 0.5 };
    const c = compileWarMachine(s);
    expect(c.pairs.reduce((t, p) => t + p.probability, 0)).toBeCloseTo(1, 15);
    const o = exactOdds(c);
    expect(o.win[0] + o.win[1] + o.tie).toBeCloseTo(1, 14);
  });
});
