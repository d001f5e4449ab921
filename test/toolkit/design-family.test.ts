/**
 * A siege design's decisions as one family (src/stats/family.ts; docs/design.md, "design for a siege"): every drop
 * below the leader at every stage and every step of the Pareto front is a claim, each made at its Bonferroni share of
 * 5% (they are decided stage by stage), so the chance of any false one stays ≤ 5%. At a fixed 1,000 sieges a
 * purchase the example's front keeps only steps whose gain lies above 0 at that level — "2 × ballista, 8 weeks of
 * food" (+0.7%, its 95% interval above 0 alone) is no longer a step — and the text names the rule.
 */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import type { SiegeDesignResult } from '../../src/questions/designSiege.js';

const run = async (...extra: string[]) => {
  const io = memoryIo();
  const args = ['design', 'examples/design-siege.yaml', '--seed', '20240607', '--trials', '1000', '--threads', '1'];
  expect(await runCli([...args, ...extra], io), io.stderr).toBe(0);
  return io.stdout;
};

describe('design (siege): the decisions held as one family', () => {
  it('drops and Pareto steps at α ÷ the decisions; the front keeps only gains beyond noise at that level', async () => {
    const r = JSON.parse(await run('--json')) as SiegeDesignResult;
    const n = r.candidates.judged;
    expect(r.familyError).toMatchObject({ method: 'bonferroni', alpha: 0.05, claims: (n - 1) * 1 + (n - 1) });
    expect(r.familyLevel).toBeCloseTo(0.05 / r.familyError.claims, 15);
    for (const p of r.pareto.slice(1)) {
      expect(p.ciFamily![0]).toBeGreaterThan(0);
      expect(p.ciFamily![0]).toBeLessThanOrEqual(p.vsPrevious!.ci95[0]);
      expect(p.ciFamily![1]).toBeGreaterThanOrEqual(p.vsPrevious!.ci95[1]);
    }
    for (const c of r.judged) {
      if (c.status === 'dropped') expect(c.vsBestCiFamily![1]).toBeLessThan(0);
      else if (c.vsBestCiFamily) expect(c.vsBestCiFamily[1]).toBeGreaterThanOrEqual(0);
    }
    // The step 95% alone would take (the front before the family: 2,150 gp, +0.7% [+0.15%, +1.25%]) is left off.
    expect(r.pareto.map((p) => p.cost)).not.toContain(2150);
    const two = r.judged.find((c) => c.cost.total === 2150 && c.purchase.engines.ballista === 2)!;
    expect(two.win).toBeGreaterThan(r.pareto[0].win);
    const text = await run();
    expect(text).toContain(`Bonferroni: each of the ${r.familyError.claims} decisions at 5% ÷ ${r.familyError.claims}`);
  }, 120_000);
});
