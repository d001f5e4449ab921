/**
 * A cascade's per-trial standard deviations (legions, income and wealth lost, every ledger entry) from the kernel's
 * sums of squares, against the SD of the per-trial values themselves: each read as the difference between the sums
 * of the first k and k − 1 trials of one chunk (the same dice).
 */
import { describe, expect, it } from 'vitest';
import { kernelByName } from '../../src/kinds/index.js';
import { compileCascade } from '../../src/kinds/cascade/plan.js';
import { cascadeAccumulator } from '../../src/kinds/cascade/accumulator.js';
import { LEDGER_FIELDS } from '../../src/kinds/cascade/kernel.js';
import type { CascadeScenario } from '../../src/kinds/cascade/schema.js';
import { summarizeCascade } from '../../src/kinds/cascade/summary.js';
import { loadFile } from '../helpers/load.js';

function sampleSd(xs: number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1));
}

const TRIALS = 80;

describe('cascade standard deviations from sums of squares', () => {
  it('kanly over two rounds: each SD equals the SD of the per-trial values', async () => {
    const kernel = await kernelByName('cascade');
    const { scenario } = loadFile('examples/cascade-kanly-three-rounds.yaml') as { scenario: CascadeScenario };
    const model = compileCascade(scenario, { npc: true, rounds: 2 });
    const prefixes: Float64Array[] = [];
    for (let k = 0; k <= TRIALS; k++) {
      const acc = new Float64Array(kernel.accLength(model));
      if (k > 0) kernel.run(model, 4, 0, 1, k, acc);
      prefixes.push(acc);
    }
    const perTrial = (slot: number) =>
      Array.from({ length: TRIALS }, (_, i) => prefixes[i + 1][slot] - prefixes[i][slot]);
    const read = cascadeAccumulator(model);
    const lay = read.layout;
    const s = summarizeCascade(model, prefixes[TRIALS], TRIALS);
    const ledgerKey: Record<(typeof LEDGER_FIELDS)[number], keyof (typeof s.ledgerSd)[string]> = {
      hazardFees: 'hazardFees',
      refunds: 'refunds',
      recruiting: 'recruiting',
      income: 'income',
      kanlyForfeit: 'kanlyForfeit',
      raided: 'raided',
      houseRaidGain: 'houseRaidGain',
      wealthLost: 'houseRaidLoss',
      regeneration: 'regeneration',
      wealth: 'wealthAfter',
    };
    let varying = 0;
    model.players.names.forEach((name, p) => {
      // legions lost per trial: the bin each trial added to
      const legions = Array.from({ length: TRIALS }, (_, i) => {
        for (let k = 0; k < lay.lostBins; k++)
          if (read.legionsLost(prefixes[i + 1], p, k) > read.legionsLost(prefixes[i], p, k)) return k;
        throw new Error('no bin');
      });
      const pairs: [string, number, number[]][] = [
        [`${name} legions lost`, s.legionsLost[name].sd, legions],
        [`${name} income lost`, s.incomeLost[name].sd, perTrial(lay.incomeLostSum + p)],
        [`${name} wealth lost`, s.wealthLost[name].sd, perTrial(lay.wealthLostSum + p)],
        ...LEDGER_FIELDS.map(
          (f, j) =>
            [`${name} ${f}`, s.ledgerSd[name][ledgerKey[f]], perTrial(lay.ledger + p * LEDGER_FIELDS.length + j)] as [
              string,
              number,
              number[],
            ],
        ),
      ];
      for (const [what, sd, xs] of pairs) {
        const direct = sampleSd(xs);
        if (direct > 0) varying++;
        expect(Math.abs(sd - direct), `${what}: ${sd} vs ${direct}`).toBeLessThanOrEqual(1e-9 * Math.max(1, direct));
      }
    });
    // Not vacuous: several of these vary from trial to trial.
    expect(varying).toBeGreaterThan(3);
  });
});
