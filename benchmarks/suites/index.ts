/**
 * The benchmark suites, in the order they run and print. A suite is one file in this folder exporting a
 * BenchSuite, plus one line here. Names are the keys of benchmarks/baseline.json: after adding a suite, run
 * `npm run bench:save` to record its baseline (until then it shows as "new" and is not gated).
 */
import type { BenchSuite } from '../harness.js';
import { exactOddsCompiled } from './exactOdds.js';
import { oddsProcess } from './oddsProcess.js';
import { pursuitEngagement } from './pursuitEngagement.js';
import { cascadeRound } from './cascadeRound.js';
import { poolBattles } from './pool.js';
import { PROCESS_ROWS } from './processRows.js';
import { siegeWeek } from './siegeWeek.js';
import { siegeWeekConstruction } from './siegeWeekConstruction.js';
import { machineTwoThreads } from './machine.js';
import { marchDay } from './marchDay.js';
import { POOL_VS_C, siegeWeekVsC, warMachineBattleVsC } from './native.js';
import { tacticMixBattle } from './tacticMix.js';
import { warMachineBattle } from './warMachineBattle.js';
import { worthPairedSieges } from './worthPaired.js';
import { DESIGNER_ROWS } from './worthSiegeProcess.js';

export const SUITES: BenchSuite[] = [
  warMachineBattle,
  tacticMixBattle,
  pursuitEngagement,
  siegeWeek,
  siegeWeekConstruction,
  warMachineBattleVsC,
  siegeWeekVsC,
  marchDay,
  cascadeRound,
  poolBattles,
  worthPairedSieges,
  oddsProcess,
  exactOddsCompiled,
  machineTwoThreads,
  ...PROCESS_ROWS,
  ...POOL_VS_C,
  ...DESIGNER_ROWS,
];
