/**
 * Everything a kind may give the toolkit: the base every command may ask (./kindHooks.ts) and each command's own
 * hook, declared beside the command. A kind's behaviour (src/behaviours/) implements this. Types only.
 */
import type { AnalysisResult, BaseHooks, KindLoader, LoadedFor } from './kindHooks.js';
import type { CompareHook } from './compare.js';
import type { SeekHook } from './seek.js';
import type { SweepHook } from './sweepSim.js';
import type { WorthHook } from './worth.js';

export type { AnalysisResult, KindLoader, LoadedFor };

/** Absent hooks: the kind does not answer that command. */
export interface KindHooks<Scenario, Result extends AnalysisResult = AnalysisResult>
  extends BaseHooks<Scenario, Result>, CompareHook, SeekHook<Scenario>, SweepHook<Scenario>, WorthHook<Scenario> {}
