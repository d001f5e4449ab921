/** The siege accumulator's one reader (src/kinds/siege/accumulator.ts) against the layout's invariants and the summary. */
import { describe, expect, it } from 'vitest';
import { siegeAccumulator } from '../../src/kinds/siege/accumulator.js';
import { kernelByName } from '../../src/kinds/index.js';
import { compileSiege, ENDINGS } from '../../src/kinds/siege/plan.js';
import type { SiegeScenario } from '../../src/kinds/siege/schema.js';
import { summarizeSiege } from '../../src/kinds/siege/summary.js';
import { loadFile } from '../helpers/load.js';

describe('siegeAccumulator', () => {
  it('every siege has one ending; fallenBy(w) is the summary’s P(fallen by week w) × trials, for every week', async () => {
    const kernel = await kernelByName('siege');
    const { plan } = compileSiege((loadFile('examples/simple-siege.yaml') as { scenario: SiegeScenario }).scenario);
    const trials = 3000;
    const acc = new Float64Array(kernel.accLength(plan));
    kernel.run(plan, 5, 0, 1, trials, acc);
    expect(trials).toBeLessThanOrEqual(kernel.chunkTrials);
    const read = siegeAccumulator(plan);
    expect(ENDINGS.reduce((s, _, e) => s + read.endingTotal(acc, e), 0)).toBe(trials);
    const summary = summarizeSiege(plan, acc, trials);
    expect(read.fallenBy(acc, plan.weekLimit)).toBeGreaterThan(0);
    for (const f of summary.fallenByWeek) expect(read.fallenBy(acc, f.week) / trials).toBe(f.probability);
    // Past the limit: the limit.
    expect(read.fallenBy(acc, plan.weekLimit + 5)).toBe(read.fallenBy(acc, plan.weekLimit));
  });
});
