/**
 * sweep's changes as one family of claims (src/stats/family.ts; docs/design.md, "sweep"): a one-field siege or
 * cascade sweep claims each value's change from the one before, and the first's to the last, at once; they are held
 * together by Holm by default (Benjamini–Hochberg with `family: 'bh'`), each change's "within noise" following its
 * decision at its adjusted level, the text naming the procedure. The simple siege's defenders 150 to 155 over 50,000
 * sieges a value (10 chunks: paired): on seed 3 changes that pass 95% alone are within noise of the family; on
 * seeds 1–3 every change called beyond noise is a gain (more defenders never hold worse).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { sweep } from '../../src/cli/registeredToolkit.js';
import type { PointChange, SiegeSweepResult } from '../../src/toolkit/sweepSim.js';
import { presentSweep } from '../../src/toolkit/sweepPresent.js';
import { renderText } from '../../src/present/text.js';

const doc = { text: readFileSync('examples/simple-siege.yaml', 'utf8'), file: 'simple-siege.yaml' };
const run = (seed: number, family?: 'bh') =>
  sweep(doc, {
    vary: 'defender.troops',
    from: 150,
    to: 155,
    trials: 50_000,
    threads: 1,
    seed,
    ...(family ? { family } : {}),
  }) as Promise<SiegeSweepResult>;
const changes = (r: SiegeSweepResult): PointChange[] => [
  ...r.points.slice(1).map((p) => p.heldChange!),
  r.heldChangeOverall!,
];
const excludes0 = (ci: [number, number]) => ci[0] > 0 || ci[1] < 0;

describe('sweep: the changes held as one family', () => {
  it('a change beyond 95% alone but not at the family’s level reads within noise; Holm said; bh finds at least as many', async () => {
    const r = await run(3);
    const all = changes(r);
    expect(r.familyError).toMatchObject({ method: 'holm', alpha: 0.05, claims: 6 });
    expect(all.every((c) => c.method === 'paired')).toBe(true);
    for (const c of all) {
      expect(c.withinNoise).toBe(!excludes0(c.ciFamily!));
      // The family's interval is the wider: its level is at most 5%.
      expect(c.familyLevel!).toBeLessThanOrEqual(0.05);
      expect(c.ciFamily![0]).toBeLessThanOrEqual(c.ci95[0]);
      expect(c.ciFamily![1]).toBeGreaterThanOrEqual(c.ci95[1]);
    }
    expect(all.filter((c) => excludes0(c.ci95) && c.withinNoise).length).toBeGreaterThan(0);
    expect(r.familyError!.findings).toBe(all.filter((c) => !c.withinNoise).length);
    for (const c of all) if (!c.withinNoise) expect(c.difference).toBeGreaterThan(0);
    const text = renderText(presentSweep(r));
    expect(text).toContain('Holm: the chance of any false finding over the 6 changes ≤ 5%');
    const bh = await run(3, 'bh');
    expect(bh.familyError!.findings).toBeGreaterThanOrEqual(r.familyError!.findings);
  }, 120_000);

  it('seeds 1 and 2 (3 above): every change called beyond noise is a gain', async () => {
    for (const seed of [1, 2]) {
      const r = await run(seed);
      for (const c of changes(r)) if (!c.withinNoise) expect(c.difference, `seed ${seed}`).toBeGreaterThan(0);
    }
  }, 120_000);
});
