/** A cascade's Monte Carlo probabilities carry their 95% Wilson interval in text, Markdown and JSON. */
import { describe, expect, it } from 'vitest';
import { cascade } from '../../src/kinds/cascade/analysis.js';
import { presentCascade } from '../../src/kinds/cascade/present.js';
import { renderMarkdown } from '../../src/present/markdown.js';
import { wilsonInterval } from '../../src/stats/index.js';

describe('cascade probabilities with their noise', async () => {
  const r = await cascade('examples/cascade-bob-john.yaml', { seed: 42, trials: 2000, threads: 1 });

  it('JSON: each owner, damage, revealed and hero probability has its Wilson interval from its count', () => {
    const n = r.trials;
    for (const [loc, owners] of Object.entries(r.owners!))
      for (const [who, p] of Object.entries(owners))
        expect(r.ci95!.owners[loc][who]).toEqual(wilsonInterval(Math.round(p * n), n));
    const spice = 'Arrakis Spice Refinery';
    expect(r.ci95!.damage[spice].damaged).toEqual(wilsonInterval(Math.round(r.damage![spice].damaged * n), n));
    expect(r.ci95!.revealed.locations[spice][0]).toBeLessThan(r.revealed!.locations[spice]);
    expect(Object.keys(r.ci95!.heroesLost)).toEqual(Object.keys(r.heroesLost!));
  });

  it('Markdown: the location and hero cells print an interval (± or [lo, hi]) beside each probability', () => {
    const md = renderMarkdown(presentCascade(r));
    const row = md.split('\n').find((l) => l.startsWith('| Arrakis Spice Refinery |'))!;
    const cells = row.split(' | ').slice(1);
    for (const cell of cells) expect(cell, cell).toMatch(/%( ± [\d.]+|\s\[[^\]]+\])/);
    expect(md.split('\n').find((l) => l.startsWith('| Duncan |'))).toMatch(/% (±|\[)/);
  });

  it('shares that print as more than 100% in all are said to be rounded one by one', () => {
    const shares = { ...r, owners: { ...r.owners!, 'Arrakis Spice Refinery': { John: 0.99085, NPC: 0.00915 } } };
    const md = renderMarkdown(presentCascade(shares));
    expect(md).toContain('rounded one by one to 0.01 points, so they add to Arrakis Spice Refinery 100.01%');
    expect(renderMarkdown(presentCascade(r))).not.toContain('rounded one by one');
  });
});
