/** The kernel's allocation-free copy of the damage allocation agrees with the readable rule (rules/siege/damage.ts). */
import { describe, expect, it } from 'vitest';
import { allocate, taken } from '../../src/kinds/siege/kernel.js';
import { allocateDamage } from '../../src/rules/siege/damage.js';
import { Xoshiro128 } from '../../src/rng/index.js';

describe('siege damage allocation: kernel = rules', () => {
  it('500 random fortresses and damage totals below rubble', () => {
    const g = Xoshiro128.forChunk(11, 77, 0);
    for (let k = 0; k < 500; k++) {
      const hp = Array.from({ length: 6 }, () => (g.below(3) === 0 ? 0 : g.below(3000)));
      const total = hp.reduce((a, b) => a + b, 0);
      const damage = total > 0 ? g.below(total) : 0;
      const rules = allocateDamage(damage, hp);
      const walls = allocate(damage, new Float64Array(hp));
      expect(rules.rubble).toBe(false);
      expect([...taken]).toEqual(rules.byClass);
      expect(walls).toBe(rules.byClass[0]);
    }
  });
});
