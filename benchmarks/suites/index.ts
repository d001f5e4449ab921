/**
 * The benchmark suites, in the order they run and print. A suite is one file in this folder exporting a
 * BenchSuite, plus one line here. Names are the keys of benchmarks/baseline.json: after adding a suite, run
 * `npm run bench:save` to record its baseline (until then it shows as "new" and is not gated).
 */
import type { BenchSuite } from '../harness.js';
import { oddsProcess } from './oddsProcess.js';
import { poolBattles } from './pool.js';
import { tacticMixBattle } from './tacticMix.js';
import { warMachineBattle } from './warMachineBattle.js';

export const SUITES: BenchSuite[] = [
  warMachineBattle,
  tacticMixBattle,
  // REGISTRATION POINT (issue 4, siege kernel): `import { siegeWeek } from './siegeWeek.js';` and add `siegeWeek,`
  //   here — a BenchSuite with unit 'weeks', batch a whole number of siege chunks (≥ 1,000 sieges), using
  //   kernelSample(ctx, freshSiegeKernel, plan, batch) from ./common.js, the kernel's run taken from
  //   freshModule(new URL('../../src/engine/siege/kernel.js', import.meta.url), ctx.copy) (copy warMachineBattle.ts).
  // REGISTRATION POINT (issue 5, cascade kernel): `import { cascadeRound } from './cascadeRound.js';` and add
  //   `cascadeRound,` here — unit 'rounds', same pattern with the cascade kernel module.
  poolBattles,
  oddsProcess,
];
