/**
 * Weekly accounting (RC l. 11549–11555, 11718; sheet l. 365–366): Monte Carlo against an exact hand computation.
 *
 * A garrison of 10 (lowest troops ½ HD) with 20 rations and 4,000 gp, payroll 1,000 gp a month, is bombarded by
 * one ballista (A = ½ × 2 = 1): each week it loses 1d10/10 HD = 1d10/5 troops, i.e. 1 troop (d10 1–5) or 2
 * (d10 6–10), each with probability ½. Costs are deducted from week 2 on ("Ignore this step for the first
 * battle", RC l. 11549): each man left eats a ration; when the rations cannot feed everyone the unfed desert
 * (policy desertion: unfed). The exact answer enumerates the 2^6 loss paths.
 */
import { describe, expect, it } from 'vitest';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import { summarizeSiege } from '../../src/kinds/siege/summary.js';
import { runTrials } from '../../src/engine/run.js';
import { loadKernel } from '../../src/kinds/index.js';
import { siegeSchema } from '../../src/kinds/siege/schema.js';

const WEEKS = 6;

interface Exact {
  shortByWeek: number[];
  rationsUsed: number;
  starved: number;
  stormed: number;
  moneyShortWeek: number;
}

/** Exact expectations by enumerating the loss of each week (1 or 2, probability ½ each). `firstWeek`: the week deductions start. */
function exact(firstWeek: number): Exact {
  const out: Exact = {
    shortByWeek: Array<number>(WEEKS + 1).fill(0),
    rationsUsed: 0,
    starved: 0,
    stormed: 0,
    moneyShortWeek: 0,
  };
  const walk = (week: number, troops: number, rations: number, p: number, short: boolean, used: number) => {
    if (week > WEEKS) {
      out.rationsUsed += p * used;
      return;
    }
    let t = troops,
      r = rations,
      sh = short,
      u = used;
    if (week >= firstWeek) {
      const eat = Math.min(t, r);
      u += eat;
      if (eat < t && !sh) {
        out.shortByWeek[week] += p;
        sh = true;
      }
      r -= eat;
      t = eat; // the unfed desert
      if (t === 0) {
        out.starved += p;
        out.rationsUsed += p * u;
        return;
      }
    }
    for (const loss of [1, 2]) {
      const left = t - Math.min(loss, t);
      if (left === 0) {
        out.stormed += p / 2;
        out.rationsUsed += (p / 2) * u;
      } else walk(week + 1, left, r, p / 2, sh, u);
    }
  };
  walk(1, 10, 20, 1, false, 0);
  // 4,000 gp at 250 a week from week 2: weeks 2–17 are paid, so the money never runs short within 6 weeks.
  return out;
}

describe('supplies: Monte Carlo = exact hand computation', () => {
  it('rations short by week, rations used, starved and stormed within 4.5 standard errors', async () => {
    const trials = 200_000;
    const s = siegeSchema.parse({
      kind: 'siege',
      attacker: { name: 'A', troops: 100, battleRating: 50 },
      defender: { name: 'D', troops: 10, battleRating: 50 },
      equipment: { attacker: { ballista: { count: 1 } } },
      lowestTroopHitDice: { defender: 0.5 },
      supplies: { defender: { rations: 20, money: 4000, payrollPerMonth: 1000 } },
      weekLimit: WEEKS,
      strategy: { attacker: 'bombard' },
    });
    const { plan } = compileSiege(s);
    const r = await runTrials({ kernel: await loadKernel('siege'), plan, seed: 9, trials, threads: 1 });
    const sum = summarizeSiege(plan, r.acc, r.trials);
    const sup = sum.supplies!.defender;
    const want = exact(2);
    const wrong = exact(1); // deducting in week 1 too: the answer must tell them apart
    const se = (p: number) => Math.sqrt((p * (1 - p)) / trials);
    for (let w = 2; w <= WEEKS; w++) {
      const p = want.shortByWeek[w];
      expect(Math.abs(sup.rations!.ranShort.byWeek[w - 1] - p), `week ${w}`).toBeLessThanOrEqual(4.5 * se(p) + 1e-12);
    }
    expect(Math.abs(sum.endings.starved.probability - want.starved)).toBeLessThanOrEqual(
      4.5 * se(want.starved) + 1e-12,
    );
    expect(Math.abs(sum.endings.stormed.probability - want.stormed)).toBeLessThanOrEqual(
      4.5 * se(want.stormed) + 1e-12,
    );
    // rations used lie in 0…20: the standard error is at most 10 / √n
    expect(Math.abs(sup.rations!.usedMean - want.rationsUsed)).toBeLessThanOrEqual((4.5 * 10) / Math.sqrt(trials));
    const gap = Math.max(...want.shortByWeek.map((p, w) => Math.abs(p - wrong.shortByWeek[w]) / Math.max(se(p), 1e-9)));
    expect(gap).toBeGreaterThan(9);
    // money: 250 gp a week from week 2, paid in full for every week the siege lasts
    expect(sup.money!.ranShort.probability).toBe(0);
    expect(sup.money!.spentMean).toBeCloseTo(250 * (sum.meanWeeks - 1 + sum.endings.starved.probability), 6);
  });
});
