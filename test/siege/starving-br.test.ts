/**
 * Malnutrition (sheet l. 363–365; docs/siege.md): from the third week without food the defender loses 50% of
 * its BR — the force's BR, not the fortification BR behind which it starves.
 */
import { describe, expect, it } from 'vitest';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import { summarizeSiege } from '../../src/kinds/siege/summary.js';
import { loadKernel } from '../../src/kinds/index.js';
import { runTrials } from '../../src/engine/run.js';
import { siegeSchema } from '../../src/kinds/siege/schema.js';

describe('a starving garrison behind strong walls', () => {
  it('loses half its own BR (5 of 10), not half the walls', async () => {
    // Defender BR 10 behind 20 square keeps (1000). No food: weeks short 1, 2, 3 at the ends of weeks 1–3.
    // Weeks 1–3 harass (no location changes). Week 4 assault: attacker 700 + 35 (5%) − 30 (fatigue) + ratio ≤ 30
    // against 10 + 1000 − 30 − 5 ≈ 975: the attacker never wins, let alone routs the garrison. Halving the walls
    // too (≈ 490) would let it rout the garrison every time.
    const s = siegeSchema.parse({
      kind: 'siege',
      attacker: { name: 'A', troops: 400, battleRating: 700 },
      defender: { name: 'D', troops: 100, battleRating: 10 },
      fortifications: [{ structure: 'squareKeep', count: 20 }],
      foodWeeks: 0,
      weekLimit: 4,
      strategy: { attacker: [{ tactic: 'harass', weeks: 3 }, { tactic: 'assault' }] },
    });
    const { plan } = compileSiege(s);
    expect(plan.starvedBrLoss).toBe(5);
    const r = await runTrials({ kernel: await loadKernel('siege'), plan, seed: 3, trials: 2000, threads: 1 });
    const sum = summarizeSiege(plan, r.acc, r.trials);
    expect(sum.endings.stormed.probability).toBe(0);
    expect(sum.endings.standing.probability).toBe(1);
  });
});
