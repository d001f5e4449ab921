/**
 * The odds summary adds weights into a per-battle layout of outcomes (fast enough for exact odds in
 * microseconds). It must give exactly what the plain construction gives: every outcome's losses, fatigue and
 * location collected as weighted distributions (src/stats discrete / discreteMean / discreteQuantile).
 */
import { describe, expect, it } from 'vitest';
import { exactOdds, exactWin } from '../../src/kinds/warMachine/odds.js';
import { exactFromCounts } from '../../src/kinds/warMachine/kernel.js';
import {
  CODE_COUNT,
  compileWarMachine,
  CODE_NO_COMBAT,
  decodeCode,
  outcomeOfCode,
} from '../../src/kinds/warMachine/plan.js';
import { Xoshiro128 } from '../../src/rng/index.js';
import { discrete, discreteMean, discreteQuantile, type Discrete } from '../../src/stats/index.js';
import { randomScenario } from '../helpers/randomScenario.js';

const spread = (d: Discrete) => ({
  mean: discreteMean(d),
  p05: discreteQuantile(d, 0.05),
  p50: discreteQuantile(d, 0.5),
  p95: discreteQuantile(d, 0.95),
});

describe('odds summary = weighted distributions built the plain way', () => {
  it('casualties, fatigue and location on 40 random scenarios (exact weights), to the last bit', () => {
    const g = Xoshiro128.forChunk(11, 0, 0);
    for (let n = 0; n < 40; n++) {
      const c = compileWarMachine(randomScenario(g, { tactics: 'any' }));
      const w = exactFromCounts(
        c.plan.pairCount,
        c.codeCounts,
        c.pairs.map((p) => p.probability),
      );
      const lists = [0, 1].map(() => ({
        lost: [] as [number, number][],
        dead: [] as [number, number][],
        wounded: [] as [number, number][],
        fatigue: {} as Record<string, number>,
        location: {} as Record<string, number>,
      }));
      for (let i = 0; i < c.pairs.length * CODE_COUNT; i++) {
        if (w[i] === 0) continue;
        const code = i % CODE_COUNT;
        const sides = decodeCode(code) === null ? null : outcomeOfCode(c, Math.floor(i / CODE_COUNT), code);
        for (const s of [0, 1]) {
          const o = sides?.[s];
          lists[s].lost.push([o ? o.losses.lost : 0, w[i]]);
          lists[s].dead.push([o ? o.losses.dead : 0, w[i]]);
          lists[s].wounded.push([o ? o.losses.wounded : 0, w[i]]);
          const f = o ? o.fatigue : 'N';
          const l = o ? o.location : code === CODE_NO_COMBAT ? 'no battle' : 'F';
          lists[s].fatigue[f] = (lists[s].fatigue[f] ?? 0) + w[i];
          lists[s].location[l] = (lists[s].location[l] ?? 0) + w[i];
        }
      }
      const odds = exactOdds(c);
      const prob = (x: number) => Math.min(1, Math.max(0, x));
      for (const s of [0, 1]) {
        expect(odds.casualties[s]).toEqual({
          ...spread(discrete(lists[s].lost)),
          dead: spread(discrete(lists[s].dead)),
          wounded: spread(discrete(lists[s].wounded)),
        });
        expect(JSON.stringify(odds.fatigue[s])).toBe(
          JSON.stringify(
            Object.fromEntries(
              Object.entries(lists[s].fatigue)
                .sort()
                .map(([k, v]) => [k, prob(v)]),
            ),
          ),
        );
        expect(JSON.stringify(odds.location[s])).toBe(
          JSON.stringify(
            Object.fromEntries(
              Object.entries(lists[s].location)
                .sort()
                .map(([k, v]) => [k, prob(v)]),
            ),
          ),
        );
      }
    }
  });

  it('exactWin (best replies, searches) gives exactOdds(c).win to the last bit, 40 random scenarios', () => {
    const g = Xoshiro128.forChunk(12, 0, 0);
    for (let n = 0; n < 40; n++) {
      const c = compileWarMachine(randomScenario(g, { tactics: 'any' }));
      expect(exactWin(c)).toEqual(exactOdds(c).win);
    }
  });
});
