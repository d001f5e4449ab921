/**
 * Pursuit (docs/rules.md §7): the engagement kernel and the readable rules (`fightEngagement`) fed the same dice
 * give the same counts, trial by trial, on random scenarios, tactics and policies.
 */
import { describe, expect, it } from 'vitest';
import {
  compileEngagement,
  engagementLayout,
  engagementSides,
  ENGAGEMENT_BINS,
  runEngagementChunks,
} from '../../src/kinds/pursuit/engagement.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import { Stream, Xoshiro128 } from '../../src/rng/index.js';
import { ENGAGEMENT_ENDS, fightEngagement } from '../../src/rules/warMachine/engagement.js';
import { randomScenario } from '../helpers/randomScenario.js';

describe('engagement kernel = rules', () => {
  it('40 random scenarios × 3,000 engagements: every count equal', () => {
    const g = Xoshiro128.forChunk(31, 77, 0);
    for (let s = 0; s < 40; s++) {
      const sc = randomScenario(g);
      const c = compileWarMachine(sc);
      const maxDays = 2 + g.below(6);
      // Starting fatigue too: its 1d4 recovery count is rolled before day 1 (A, then B).
      const start = ['none', 'moderate', 'serious'] as const;
      const sides = engagementSides(c, [start[g.below(3)], start[g.below(3)]]);
      const plan = compileEngagement(c, sides, sc.policies.ratioRounding, maxDays);
      const L = engagementLayout(plan);
      const trials = 3000;
      const kernel = new Float64Array(L.length);
      runEngagementChunks(plan, 500 + s, 0, 1, trials, kernel);

      const rules = new Float64Array(L.length);
      const rng = Xoshiro128.forChunk(500 + s, Stream.engagement, 0);
      const pairings = c.pairs.map((p, i) => ({ threshold: c.plan.pairThresholds[i], effects: p.effects }));
      for (let t = 0; t < trials; t++) {
        const o = fightEngagement(
          sides,
          pairings,
          { ...c.policies, ratioRounding: sc.policies.ratioRounding },
          c.favoured,
          maxDays,
          rng,
        );
        rules[L.days + o.days]++;
        rules[L.endings + ENGAGEMENT_ENDS.indexOf(o.end)]++;
        rules[L.lastWinner + (o.lastWinner ?? 2)]++;
        for (let side = 0; side < 2; side++) {
          rules[L.fates + side] += o.routed[side] ? 1 : 0;
          rules[L.fates + 2 + side] += o.destroyed[side] ? 1 : 0;
          rules[L.sums + 2 * side] += o.dead[side];
          rules[L.sums + 2 * side + 1] += o.wounded[side];
          const w = plan.binWidth[side];
          rules[
            L.histograms +
              2 * side * ENGAGEMENT_BINS +
              Math.min(ENGAGEMENT_BINS - 1, Math.floor((o.dead[side] + o.wounded[side]) / w))
          ]++;
          rules[
            L.histograms +
              (2 * side + 1) * ENGAGEMENT_BINS +
              Math.min(ENGAGEMENT_BINS - 1, Math.floor(o.dead[side] / w))
          ]++;
        }
      }
      expect([...kernel], `scenario ${s}`).toEqual([...rules]);
    }
  });
});
