/**
 * Ammunition (RC l. 11549, 11645–11651, 11668–11677): Monte Carlo against an exact hand computation.
 *
 * One light catapult (BR 4, so A = 4) bombards a garrison of 12 (lowest troops 1 HD) every week, with 2 units of
 * light-catapult ammunition on hand. Each week it fires it takes A/10 × 1d10 = 0.4 × 1d10 hit dice = ⌈0.4 d10⌉
 * troops (a fraction is one more wounded): 1, 1, 2, 2, 2, 3, 3, 4, 4, 4 for d10 = 1…10. Ammunition by hand
 * (units): week 1 is not deducted ("Ignore this step for the first battle", RC l. 11549); from week 2 a week of
 * firing costs 1 unit, and the attacker then gathers ¾ of what it fired the week before (bombarding, RC l. 11670):
 *   week 2: 2 − 1 + ¾ = 1.75 · 3: 1.5 · 4: 1.25 · 5: 1 · 6: 0 + ¾ = 0.75 · 7: 0.75 < 1, silent, + ¾ = 1.5 ·
 *   8: fires, 0.5 + 0 (nothing fired in week 7) · 9: silent, 1.25 · 10: fires, 0.25 · 11: silent, 1 · 12: fires, 0.
 * So the catapult fires in weeks 1–6, 8, 10, 12, and first lacks ammunition in week 7. The exact answer walks the
 * garrison's numbers over those weeks.
 */
import { describe, expect, it } from 'vitest';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import { summarizeSiege } from '../../src/kinds/siege/summary.js';
import { runTrials } from '../../src/engine/run.js';
import { loadKernel } from '../../src/kinds/index.js';
import { siegeSchema } from '../../src/kinds/siege/schema.js';

const WEEKS = 12;
const GARRISON = 12;
const LOSS = [1, 1, 2, 2, 2, 3, 3, 4, 4, 4];

interface Exact {
  fallenByWeek: number[];
  shortWeek7: number;
  unitsUsed: number;
}

/** Exact answer for the weeks the catapult fires (`fires[w]`), ammunition used counted from week 2. */
function exact(fires: boolean[]): Exact {
  let dist = new Map<number, number>([[GARRISON, 1]]);
  const out: Exact = { fallenByWeek: [], shortWeek7: 0, unitsUsed: 0 };
  let fallen = 0;
  for (let w = 1; w <= WEEKS; w++) {
    const running = [...dist.values()].reduce((a, b) => a + b, 0);
    if (w === 7 && !fires[w]) out.shortWeek7 = running;
    if (w >= 2 && fires[w]) out.unitsUsed += running;
    if (fires[w]) {
      const next = new Map<number, number>();
      for (const [troops, p] of dist) {
        for (const loss of LOSS) {
          const left = troops - loss;
          if (left <= 0) fallen += p / 10;
          else next.set(left, (next.get(left) ?? 0) + p / 10);
        }
      }
      dist = next;
    }
    out.fallenByWeek.push(fallen);
  }
  return out;
}

const firesBook = [false, true, true, true, true, true, true, false, true, false, true, false, true];
/** A wrong reading for the negative control: no ammunition gathered (2 units last weeks 1–3). */
const firesNoReclaim = [false, true, true, true, false, false, false, false, false, false, false, false, false];

describe('ammunition: Monte Carlo = exact hand computation', () => {
  it('fall by week, the week shot runs short and the units used, within 4.5 standard errors; a wrong reading fails', async () => {
    const trials = 100_000;
    const s = siegeSchema.parse({
      kind: 'siege',
      attacker: { name: 'A', troops: 100, battleRating: 50 },
      defender: { name: 'D', troops: GARRISON, battleRating: 50 },
      equipment: { attacker: { lightCatapult: { count: 1 } } },
      foodWeeks: 100,
      supplies: { attacker: { ammunition: { lightCatapult: 2 } } },
      weekLimit: WEEKS,
      strategy: { attacker: 'bombard' },
    });
    const { plan } = compileSiege(s);
    const r = await runTrials({ kernel: await loadKernel('siege'), plan, seed: 5, trials, threads: 1 });
    const sum = summarizeSiege(plan, r.acc, r.trials);
    const art = sum.supplies!.attacker.ammunition!.artillery;
    const want = exact(firesBook);
    const wrong = exact(firesNoReclaim);
    const se = (p: number) => Math.sqrt((p * (1 - p)) / trials);
    let gap = 0;
    for (let w = 1; w <= WEEKS; w++) {
      const p = want.fallenByWeek[w - 1];
      expect(Math.abs(sum.fallenByWeek[w - 1].probability - p), `week ${w}`).toBeLessThanOrEqual(4.5 * se(p) + 1e-12);
      gap = Math.max(gap, Math.abs(wrong.fallenByWeek[w - 1] - p) / Math.max(se(p), 1e-9));
    }
    // the wrong reading is many standard errors away: this test can tell them apart
    expect(gap).toBeGreaterThan(9);
    // the shot first runs short in week 7, in every siege still running then
    expect(art.ranShort.byWeek.slice(0, 6).every((p) => p === 0)).toBe(true);
    expect(Math.abs(art.ranShort.byWeek[6] - want.shortWeek7)).toBeLessThanOrEqual(4.5 * se(want.shortWeek7));
    expect(art.ranShort.probability).toBe(art.ranShort.byWeek[6]);
    // units used lie in 0…8 a siege (firing weeks 2–6, 8, 10, 12): standard error at most 4 / √n
    expect(Math.abs(art.used.mean - want.unitsUsed)).toBeLessThanOrEqual((4.5 * 4) / Math.sqrt(trials));
    expect(art.start).toBe(2);
  });
});
