/**
 * tournament's pairs as one family of claims (src/stats/family.ts; docs/design.md, "tournament"): every pair of
 * forces is a claim "this one is rated above that one", held together by Holm by default (Benjamini–Hochberg with
 * `family: 'bh'`); ranks and ties follow each pair's decision at its adjusted level, and the output says which
 * correction. Forces one BR point apart over 1,000 battles a pairing: some pairs pass 95% alone but not the family's
 * level — they must be tied, not ordered — and every pair called beyond noise is ordered as the exact odds order it.
 */
import { describe, expect, it } from 'vitest';
import { tournament, type TournamentResult } from '../../src/questions/tournament.js';
import { presentTournament } from '../../src/questions/tournamentPresent.js';
import { renderText } from '../../src/present/text.js';
import { normalQuantile } from '../../src/stats/normal.js';
import { Z95 } from '../../src/stats/index.js';

const BRS = [70, 71, 72, 73, 74];
const doc = {
  text: JSON.stringify({
    kind: 'tournament',
    title: 'one point apart',
    setting: { policies: { tie: 'reroll' } },
    forces: BRS.map((b) => ({ name: `BR ${b}`, troops: 500, battleRating: b })),
  }),
  file: 'close.json',
};
const br = (name: string) => Number(name.slice(3));
/** A pair's standard error, read back from its interval at its level. */
const se = (p: NonNullable<TournamentResult['pairs']>[number]) =>
  (p.ci[1] - p.ci[0]) / 2 / normalQuantile(1 - p.familyLevel / 2);

describe('tournament: the pairs held as one family', () => {
  it('a pair beyond 95% alone but within the family’s level is tied; Holm said in text and JSON; bh finds more', async () => {
    const r = await tournament(doc, { trials: 1000, threads: 1, seed: 3 });
    expect(r.familyError).toMatchObject({ method: 'holm', alpha: 0.05, claims: 10 });
    expect(r.pairs).toHaveLength(10);
    const tiedBy95 = r.pairs!.filter((p) => Math.abs(p.difference) > Z95 * se(p) && !p.beyond);
    // The case the family exists for (before it, these pairs were ordered at 95% each).
    expect(tiedBy95.length).toBeGreaterThan(0);
    const byName = new Map(r.ratings.map((x) => [x.name, x]));
    for (const p of r.pairs!) {
      const [a, b] = p.forces.map((n) => byName.get(n)!);
      expect(a.tiedWith!.includes(b.name), p.forces.join(' > ')).toBe(!p.beyond);
      // Each pair's decision is its interval at its own level excluding 0.
      expect(p.beyond).toBe(p.ci[0] > 0 || p.ci[1] < 0);
      if (p.beyond) expect(a.rank!).toBeLessThan(b.rank!);
    }
    expect(r.familyError!.findings).toBe(r.pairs!.filter((p) => p.beyond).length);
    expect(renderText(presentTournament(r))).toContain('Holm: the chance of any false finding over the 10 pairs ≤ 5%');
    const bh = await tournament(doc, { trials: 1000, threads: 1, seed: 3, family: 'bh' });
    expect(bh.familyError!.method).toBe('bh');
    expect(bh.familyError!.findings).toBeGreaterThanOrEqual(r.familyError!.findings);
    expect(renderText(presentTournament(bh))).toContain('Benjamini–Hochberg');
  }, 60_000);

  it('seeds never order a pair against the exact odds when they call it beyond noise', async () => {
    for (let seed = 1; seed <= 6; seed++) {
      const r = await tournament(doc, { trials: 1000, threads: 1, seed });
      for (const p of r.pairs!) if (p.beyond) expect(br(p.forces[0]), `seed ${seed}`).toBeGreaterThan(br(p.forces[1]));
    }
    const exact = await tournament(doc, { exact: true });
    expect(exact.familyError).toBeUndefined();
    expect(exact.ratings.map((x) => x.rank)).toEqual([1, 2, 3, 4, 5]);
  }, 60_000);
});
