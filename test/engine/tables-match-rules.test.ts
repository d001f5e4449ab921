/**
 * The compiled code tables (what the kernel reads) agree roll by roll with the readable rules
 * (`resolveBattle`), for random scenarios, tactics and policies.
 */
import { describe, expect, it } from 'vitest';
import {
  CODE_REROLL,
  codeCounts,
  compileWarMachine,
  outcomeOfCode,
  ROLL_PAIRS,
  CODE_NO_COMBAT,
  CODE_STALEMATE,
} from '../../src/kinds/warMachine/plan.js';
import { Xoshiro128 } from '../../src/rng/index.js';
import { resolveBattle } from '../../src/rules/warMachine/battle.js';
import { randomScenario } from '../helpers/randomScenario.js';

describe('code tables = rules', () => {
  it('every pairing, 400 random rolls each, 60 random scenarios', () => {
    const g = Xoshiro128.forChunk(2024, 77, 0);
    for (let s = 0; s < 60; s++) {
      const sc = randomScenario(g);
      const c = compileWarMachine(sc);
      c.pairs.forEach((pair, p) => {
        const sides = [
          { ...c.sides[0], tactic: pair.tactics[0] },
          { ...c.sides[1], tactic: pair.tactics[1] },
        ] as const;
        for (let k = 0; k < 400; k++) {
          const idx = g.below(ROLL_PAIRS);
          const rolls = [Math.floor(idx / 100) + 1, (idx % 100) + 1] as const;
          const code = c.plan.codeTable[p * ROLL_PAIRS + idx];
          const o = resolveBattle(sides, rolls, c.policies, c.favoured);
          if (o.kind === 'reroll') expect(code).toBe(CODE_REROLL);
          else if (o.kind === 'no-combat') expect(code).toBe(CODE_NO_COMBAT);
          else if (o.kind === 'stalemate') expect(code).toBe(CODE_STALEMATE);
          else expect(outcomeOfCode(c, p, code)).toEqual(o.sides);
        }
      });
    }
  });

  it('the compiled code counts (built from roll differences) equal a scan of the whole table, 60 random scenarios', () => {
    const g = Xoshiro128.forChunk(2024, 78, 0);
    let pairings = 0;
    for (let s = 0; s < 60; s++) {
      const c = compileWarMachine(randomScenario(g));
      expect(Array.from(c.codeCounts)).toEqual(Array.from(codeCounts(c.plan)));
      pairings += c.pairs.length;
    }
    expect(pairings).toBeGreaterThan(60); // tactics in play, so several pairings per battle were compared
  });
});
