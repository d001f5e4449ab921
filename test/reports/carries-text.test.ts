/**
 * Reports carry what the command prints: the odds report its verdict lines, best replies,
 * fatigue and location tables; the matchup report its casualty grid and best replies; the sweep report each
 * side's rated BR (a side rated from its forces has no battleRating key: the report once showed `undefined`).
 * Report content only (no rendering): cheap.
 */
import { describe, expect, it } from 'vitest';
import { matchup } from '../../src/kinds/warMachine/matchup.js';
import { odds } from '../../src/kinds/warMachine/odds.js';
import { sweep } from '../../src/cli/registeredToolkit.js';
import { formatOdds } from '../../src/cli/format/odds.js';
import { matchupReport } from '../../reports/matchup.js';
import { sweepReport } from '../../reports/sweep.js';
import { oddsReport } from '../../reports/warMachine.js';
import type { ReportContent } from '../../reports/content.js';

const text = (c: ReportContent) => JSON.stringify([c.lead, c.verdict, c.facts, c.tables]);
const FILE = 'examples/orcs-vs-men.yaml'; // B (Men of Kelvin) is rated from its forces: no battleRating key

describe('reports carry the command output', () => {
  it('odds: the verdict lines (→ in the text), best replies, fatigue and location tables', async () => {
    const r = await odds(FILE, { exact: true });
    const c = oddsReport(r, FILE);
    const printed = formatOdds(r)
      .split('\n')
      .filter((l) => l.startsWith('→ '))
      .map((l) => l.slice(2));
    expect(printed.length).toBe(2); // the verdict and the best replies
    expect(c.verdict).toEqual(printed);
    const captions = c.tables.map((t) => t.caption);
    expect(captions).toContain('Fatigue after the battle');
    expect(captions.some((x) => x.startsWith('Location after the battle'))).toBe(true);
    const loc = c.tables.find((t) => t.caption.startsWith('Location'))!;
    expect(loc.rows.map((row) => row[0])).toContain('F holds the field');
    expect(text(c)).not.toContain('undefined');
    // A pursuit: its verdict first, in the report as in the text.
    const p = await odds('examples/elven-pursuit.yaml', { trials: 20_000, threads: 1 });
    const pv = formatOdds(p)
      .split('\n')
      .filter((l) => l.startsWith('→ '))
      .map((l) => l.slice(2));
    expect(oddsReport(p, 'x').verdict).toEqual(pv);
    expect(pv[0]).toMatch(/^over the pursuit/);
  });

  it('matchup: casualties per pairing and best replies; BR of a side rated from its forces', async () => {
    const r = await matchup(FILE);
    const c = matchupReport(r, FILE);
    const cas = c.tables.find((t) => t.caption.startsWith('Expected casualties'))!;
    expect(cas.rows).toHaveLength(6);
    expect(cas.rows[0][1]).toMatch(/^[\d,]+ \/ [\d,]+$|^NC$/);
    const best = c.tables.find((t) => t.caption.startsWith('Best replies'))!;
    expect(best.rows).toHaveLength(6);
    expect(text(c)).not.toContain('undefined');
  });

  it('sweep: no undefined BR for B', async () => {
    const r = await sweep(FILE, { vary: 'sides[0].troops', from: 400, to: 800, step: 400, exact: true });
    const c = sweepReport(r, FILE);
    expect(text(c)).not.toContain('undefined');
    const sides = c.tables.find((t) => t.caption.startsWith('Sides'))!;
    const br = sides.rows.find((row) => row[0] === 'battle rating (BR)')!;
    expect(br[2]).toMatch(/^\d+$/);
  });
});
