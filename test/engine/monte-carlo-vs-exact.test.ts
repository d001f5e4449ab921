/**
 * Monte Carlo agrees with the exact enumeration within 4.5 standard errors on the win probability, every
 * results row and the tied-roll rate, over many random scenarios (fixed seeds).
 */
import { describe, expect, it } from 'vitest';
import { exactOdds } from '../../src/kinds/warMachine/odds.js';
import { loadKernel } from '../../src/kinds/index.js';
import { runTrials } from '../../src/engine/run.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import { summarizeMonteCarlo } from '../../src/kinds/warMachine/summary.js';
import { Xoshiro128 } from '../../src/rng/index.js';
import { proportionStandardError } from '../../src/stats/index.js';
import { randomScenario } from '../helpers/randomScenario.js';

const TRIALS = 200_000;
const K = 4.5;

function close(observed: number, exact: number, n: number): boolean {
  // 4.5 standard errors of the exact proportion, plus one count for proportions at 0 or 1.
  return Math.abs(observed - exact) <= K * proportionStandardError(exact, n) + 1 / n;
}

describe('Monte Carlo vs exact', () => {
  it('40 random scenarios × 200,000 battles', async () => {
    const g = Xoshiro128.forChunk(7, 77, 1);
    let checks = 0;
    for (let s = 0; s < 40; s++) {
      const sc = randomScenario(g);
      const c = compileWarMachine(sc);
      const exact = exactOdds(c);
      const run = await runTrials({
        kernel: await loadKernel('war-machine'),
        plan: c.plan,
        seed: 1000 + s,
        trials: TRIALS,
        threads: 1,
      });
      expect(run.trials).toBe(TRIALS);
      const mc = summarizeMonteCarlo(c, run.acc, TRIALS);
      for (const side of [0, 1]) {
        expect(
          close(mc.win[side], exact.win[side], TRIALS),
          `scenario ${s} win ${side}: ${mc.win[side]} vs ${exact.win[side]}`,
        ).toBe(true);
        for (let r = 0; r < 13; r++) {
          expect(close(mc.rows[side][r], exact.rows[side][r], TRIALS), `scenario ${s} side ${side} row ${r}`).toBe(
            true,
          );
          checks++;
        }
      }
      expect(close(mc.tie, exact.tie, TRIALS), `scenario ${s} tie`).toBe(true);
      // tied rolls are counted per roll; with rerolls there are slightly more rolls than battles
      expect(close(mc.tieRoll, exact.tieRoll, TRIALS), `scenario ${s} tieRoll ${mc.tieRoll} vs ${exact.tieRoll}`).toBe(
        true,
      );
    }
    expect(checks).toBe(40 * 26);
  });

  it('a mismatch would be caught: a shifted exact answer fails the same check', async () => {
    const g = Xoshiro128.forChunk(7, 77, 2);
    const c = compileWarMachine(randomScenario(g, { tactics: 'none' }));
    const exact = exactOdds(c);
    const run = await runTrials({
      kernel: await loadKernel('war-machine'),
      plan: c.plan,
      seed: 5,
      trials: TRIALS,
      threads: 1,
    });
    const mc = summarizeMonteCarlo(c, run.acc, TRIALS);
    const p = exact.win[0];
    const shifted = p > 0.5 ? p - 0.01 : p + 0.01;
    expect(close(mc.win[0], shifted, TRIALS)).toBe(false);
  });
});
