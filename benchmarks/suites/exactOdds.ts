/**
 * The library's fast path: exact odds of an already compiled battle (`exactOdds(compileBattle(…))`), as a game
 * AI calls it thousands of times a turn. Goal (issue: typed library API): ≤ 10 µs per call on this machine.
 */
import { exactOdds } from '../../src/kinds/warMachine/odds.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';
import type { BenchSuite } from '../harness.js';
import { benchScenario } from './common.js';

export const exactOddsCompiled: BenchSuite = {
  name: 'exact odds, compiled battle',
  description:
    'exactOdds on a compiled one-pairing battle (benchmarks/scenarios/battle.yaml); 1e6 / (battles/s) = µs per call',
  unit: 'battles',
  batch: 20_000,
  reference: { kind: 'loop', threads: 1, iterations: 1 << 23 },
  copies: { full: 6, quick: 3 },
  samples: { full: 5, quick: 3 },
  warmUp: 1,
  async setup(ctx) {
    const compiled = compileWarMachine(await benchScenario<WarMachineScenario>(ctx, 'battle.yaml'));
    const batch = this.batch;
    let sink = 0;
    return {
      run() {
        for (let i = 0; i < batch; i++) sink += exactOdds(compiled).win[0];
      },
      teardown() {
        if (sink < 0) console.log(sink);
      },
    };
  },
};
