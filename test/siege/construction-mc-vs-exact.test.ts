/**
 * Field construction (RC l. 11736–11748): a piece built in the field fights from the week it joins. Monte Carlo
 * against an exact hand computation.
 *
 * The host has no weapons; 1 engineer, 1 artillerist and 2 workers build one light catapult (18 hp, RC l. 11582):
 * 2 men build 2 × ½ = 1 hp a day (RC l. 11746), so it is finished on day 18 (week 3) and joins in week k = 4.
 * The host bombards every week of W = 8 against a garrison of 10,000 that never falls (food for 100 weeks, no
 * artillery of its own, so nothing else happens). From week 4 on the catapult is one piece (A = 4):
 * - bombardment: 4/10 × 1d10 hit dice a week (RC l. 11565), 0 before; over the 8 bombard weeks the mean per
 *   week is (W − k + 1) × 0.4 × 5.5 / W = 5 × 2.2 / 8 = 1.375 hit dice;
 * - damage (policy damageWeeks: siege, RC l. 11758): its 1d8+8 roll r, once per siege, counts in each of the
 *   W − k + 1 = 5 weeks it is in use: net = max(0, 5r − d100), enumerated exactly over r = 9…16 and d100;
 * - breach: the 1,000' castle wall has 5,000 hp (RC l. 12690), so 50 hp a 10' breach; net < 100 stays within
 *   the wall's first pass (75%), so the mean breach is 10 × P(5r − d100 ≥ 50) feet.
 * Wrong readings for the negative control: the catapult never joins (all 0), or joins a week early (6 weeks).
 */
import { describe, expect, it } from 'vitest';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import { summarizeSiege } from '../../src/kinds/siege/summary.js';
import { runTrials } from '../../src/engine/run.js';
import { loadKernel } from '../../src/kinds/index.js';
import { siegeSchema } from '../../src/kinds/siege/schema.js';

const W = 8;
const JOINS = 4;

interface Exact {
  damage: number;
  damageSd: number;
  breachFeet: number;
  breachSd: number;
  hitDice: number;
  hitDiceSd: number;
}

/** The exact answers when the catapult fights in `weeks` of the W bombard weeks. */
function exact(weeks: number): Exact {
  let m1 = 0,
    m2 = 0,
    breach = 0;
  for (let r = 9; r <= 16; r++) {
    for (let d = 1; d <= 100; d++) {
      const net = Math.max(0, weeks * r - d);
      m1 += net / 800;
      m2 += (net * net) / 800;
      if (net >= 50) breach += 10 / 800;
    }
  }
  // Hit dice a siege: Σ over `weeks` of 0.4 d10 (variance 0.16 × 8.25 each); reported per bombard week (÷ W).
  return {
    damage: m1,
    damageSd: Math.sqrt(m2 - m1 * m1),
    breachFeet: breach,
    breachSd: Math.sqrt(10 * breach - breach * breach),
    hitDice: (weeks * 0.4 * 5.5) / W,
    hitDiceSd: Math.sqrt(weeks * 0.16 * 8.25) / W,
  };
}

describe('field construction: Monte Carlo = exact hand computation', () => {
  it('a light catapult built by week 3 fights from week 4: damage, breach and bombardment within 4.5 standard errors; wrong readings fail', async () => {
    const trials = 20_000;
    const s = siegeSchema.parse({
      kind: 'siege',
      attacker: { name: 'Host', troops: 1000, battleRating: 50 },
      defender: { name: 'Garrison', troops: 10_000, battleRating: 50 },
      fortifications: [{ structure: 'castleWall', lengthFeet: 1000 }],
      foodWeeks: 100,
      construction: {
        attacker: { engineers: 1, artillerists: 1, workers: 2, build: [{ engine: 'lightCatapult', count: 1 }] },
      },
      weekLimit: W,
      strategy: { attacker: 'bombard' },
    });
    const c = compileSiege(s);
    expect(c.construction?.attacker?.engines).toEqual([
      { engine: 'lightCatapult', startDay: 1, finishDay: 18, week: JOINS },
    ]);
    const r = await runTrials({ kernel: await loadKernel('siege'), plan: c.plan, seed: 11, trials, threads: 1 });
    const sum = summarizeSiege(c.plan, r.acc, r.trials);
    expect(sum.endings.standing.probability).toBe(1);
    const got = {
      damage: sum.damage.meanDamage,
      breachFeet: sum.damage.meanBreachFeet,
      hitDice: sum.bombard.meanDefenderHitDice!,
    };
    const want = exact(W - JOINS + 1);
    const tol = (sd: number) => (4.5 * sd) / Math.sqrt(trials);
    const within = (e: Exact) => ({
      damage: Math.abs(got.damage - e.damage) <= tol(want.damageSd),
      breachFeet: Math.abs(got.breachFeet - e.breachFeet) <= tol(want.breachSd),
      hitDice: Math.abs(got.hitDice - e.hitDice) <= tol(want.hitDiceSd),
    });
    if (process.env.DEBUG_SIEGE) console.log(got, want, exact(0), exact(W - JOINS + 2));
    expect(within(want), JSON.stringify({ got, want })).toEqual({ damage: true, breachFeet: true, hitDice: true });
    // the wrong readings are told apart on every quantity: the catapult never joins, or joins in week 3
    expect(within(exact(0))).toEqual({ damage: false, breachFeet: false, hitDice: false });
    expect(within(exact(W - JOINS + 2))).toEqual({ damage: false, breachFeet: false, hitDice: false });
  });
});
