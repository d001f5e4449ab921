/** The cascade accumulator's one reader (src/kinds/cascade/accumulator.ts) against the layout's invariants. */
import { describe, expect, it } from 'vitest';
import { cascadeAccumulator } from '../../src/kinds/cascade/accumulator.js';
import { kernelByName } from '../../src/kinds/index.js';
import { compileCascade } from '../../src/kinds/cascade/plan.js';
import type { CascadeScenario } from '../../src/kinds/cascade/schema.js';
import { loadFile } from '../helpers/load.js';

describe('cascadeAccumulator', () => {
  it('each location has one owner at the end and each player one count of legions lost, in every campaign', async () => {
    const kernel = await kernelByName('cascade');
    const { scenario } = loadFile('examples/cascade-kanly-three-rounds.yaml') as { scenario: CascadeScenario };
    const model = compileCascade(scenario, { npc: true, rounds: 2 });
    const trials = 500;
    const acc = new Float64Array(kernel.accLength(model));
    kernel.run(model, 9, 0, 1, trials, acc);
    const read = cascadeAccumulator(model);
    const { players, locations, lostBins, rounds } = read.layout;
    for (let l = 0; l < locations; l++) {
      let owned = 0;
      for (let o = 0; o <= players; o++) owned += read.owner(acc, l, o);
      expect(owned).toBe(trials);
      for (let r = 1; r <= rounds; r++) expect(read.held(acc, r, l)).toBeLessThanOrEqual(trials);
    }
    for (let p = 0; p < players; p++) {
      let counted = 0;
      for (let k = 0; k < lostBins; k++) counted += read.legionsLost(acc, p, k);
      expect(counted).toBe(trials);
    }
  });
});
