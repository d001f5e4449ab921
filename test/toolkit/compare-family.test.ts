/**
 * compare's rows with noise as one family of claims (src/stats/family.ts; docs/cli.md, "What each interval means"):
 * each row's "beyond noise" follows its decision at its adjusted level (Holm by default, Benjamini–Hochberg with
 * `family: 'bh'`), and the text names the procedure. The simple siege's defenders 150 against 152 over 50,000 sieges
 * each (10 chunks: paired): on seed 5 a row beyond 95% alone is within noise of the family; every row called beyond
 * noise moves the way more defenders move it (the fall less likely, the attacker losing more).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { CompareResult } from '../../src/toolkit/compare.js';
import { compare } from '../../src/cli/registeredToolkit.js';
import { presentCompare } from '../../src/cli/format/compare.js';
import { renderText } from '../../src/present/text.js';

const text = readFileSync('examples/simple-siege.yaml', 'utf8');
const a = { text, file: 'a.yaml' };
const b = { text: text.replace('troops: 150', 'troops: 152'), file: 'b.yaml' };
const run = (seed: number, family?: 'bh') =>
  compare(a, b, { trials: 50_000, threads: 1, seed, ...(family ? { family } : {}) });
const excludes0 = (ci: [number, number]) => ci[0] > 0 || ci[1] < 0;
const noisy = (r: CompareResult) => r.rows.filter((x) => !x.exact && x.ci95 !== null);

describe('compare: the rows with noise held as one family', () => {
  it('a row beyond 95% alone but not at the family’s level reads within noise; Holm said; bh finds at least as many', async () => {
    const r = await run(5);
    const rows = noisy(r);
    expect(r.familyError).toMatchObject({ method: 'holm', alpha: 0.05, claims: rows.length });
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const x of rows) {
      expect(x.beyondNoise, x.metric).toBe(excludes0(x.ciFamily!));
      expect(x.ciFamily![0]).toBeLessThanOrEqual(x.ci95![0]);
      expect(x.ciFamily![1]).toBeGreaterThanOrEqual(x.ci95![1]);
    }
    expect(rows.filter((x) => excludes0(x.ci95!) && !x.beyondNoise).length).toBeGreaterThan(0);
    expect(r.familyError!.findings).toBe(rows.filter((x) => x.beyondNoise).length);
    const shown = renderText(presentCompare(r));
    expect(shown).toContain(`Holm: the chance of any false finding over the ${rows.length} rows ≤ 5%`);
    expect(shown).toContain('B − A [interval at the family’s level]');
    const bh = await run(5, 'bh');
    expect(bh.familyError!.findings).toBeGreaterThanOrEqual(r.familyError!.findings);
  }, 120_000);

  it('seeds 1 and 5: a row called beyond noise moves the way more defenders move it', async () => {
    for (const seed of [1, 5]) {
      const r = await run(seed);
      for (const x of noisy(r)) {
        if (!x.beyondNoise) continue;
        if (x.metric.startsWith('fallen')) expect(x.difference, `seed ${seed}`).toBeLessThan(0);
        if (x.metric.startsWith('attacker dead')) expect(x.difference, `seed ${seed}`).toBeGreaterThan(0);
      }
    }
  }, 120_000);
});
