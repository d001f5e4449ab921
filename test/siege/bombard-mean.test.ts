/** Mean weekly bombard casualties match the exact expectations E[d10] = 5.5 and E[2d10] = 11 (docs/siege.md). */
import { describe, expect, it } from 'vitest';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import { siegeLayout, SUM } from '../../src/kinds/siege/kernel.js';
import { loadKernel } from '../../src/kinds/index.js';
import { runTrials } from '../../src/engine/run.js';
import { siegeSchema } from '../../src/kinds/siege/schema.js';

describe('bombardment', () => {
  it('averages A/10 × 5.5 and A′/10 × 11 hit dice a week within 4.5 standard errors', async () => {
    const s = siegeSchema.parse({
      kind: 'siege',
      attacker: { name: 'A', troops: 100_000, battleRating: 100 },
      defender: { name: 'D', troops: 100_000, battleRating: 80 },
      equipment: {
        attacker: { trebuchet: { count: 5 }, ballista: { count: 10 } },
        defender: { heavyCatapult: { count: 3 }, ballista: { count: 4 } },
      },
      foodWeeks: 100,
      weekLimit: 20,
      strategy: { attacker: 'bombard' },
    });
    const { plan } = compileSiege(s);
    const A = plan.bombardAttacker[1]; // 5 × 12 + ½ × 20 = 70
    const A2 = plan.bombardDefender[0]; // 3 × 8 + ½ × 8 = 28
    expect([A, A2]).toEqual([70, 28]);
    const r = await runTrials({ kernel: await loadKernel('siege'), plan, seed: 7, trials: 10_000, threads: 1 });
    const S = siegeLayout(plan).sums;
    const weeks = r.acc[S + SUM.bombardWeeks];
    expect(weeks).toBe(200_000);
    const meanD = r.acc[S + SUM.bombardDefenderHdTenths] / 10 / weeks;
    const meanA = r.acc[S + SUM.bombardAttackerHdTenths] / 10 / weeks;
    // Var[d10] = 99/12 = 8.25; Var[2d10] = 16.5.
    const seD = (A / 10) * Math.sqrt(8.25 / weeks);
    const seA = (A2 / 10) * Math.sqrt(16.5 / weeks);
    expect(Math.abs(meanD - (A / 10) * 5.5)).toBeLessThan(4.5 * seD);
    expect(Math.abs(meanA - (A2 / 10) * 11)).toBeLessThan(4.5 * seA);
  });
});
