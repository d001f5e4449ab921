/**
 * The toolkit's commands over the registered kinds: each one written once over any kind (src/analysis/), bound
 * here to the registry's loader, so a file of any registered kind gets sweep, seek, worth and compare. The command
 * line, the library API and the bot call these; a tool with kinds of its own calls the analyses with its loader.
 */
import { compare as compareOver, type CompareOptions } from '../analysis/compare.js';
import { seek as seekOver, type SeekOptions } from '../analysis/seek.js';
import { sweep as sweepOver, type SweepOptions } from '../analysis/sweep.js';
import { sweepSimulated as sweepSimulatedOver, type SimSweepOptions } from '../analysis/sweepSim.js';
import { worth as worthOver } from '../analysis/worth.js';
import type { WorthOptions } from '../kinds/worth.js';
import type { ScenarioInput } from '../kinds/load.js';
import { loadFor } from './index.js';

/** `warcast worth`: every variation of the scenario's kind, valued (src/analysis/worth.ts). */
export const worth = (input: ScenarioInput, options: WorthOptions = {}) => worthOver(loadFor, input, options);

/** `warcast seek`: the value of one field that meets a target (src/analysis/seek.ts). */
export const seek = (input: ScenarioInput, options: SeekOptions) => seekOver(loadFor, input, options);

/** `warcast sweep`: one or two fields over a range (src/analysis/sweep.ts). */
export const sweep = (input: ScenarioInput, options: SweepOptions) => sweepOver(loadFor, input, options);

/** The grid sweep of a Monte Carlo kind (src/analysis/sweepSim.ts). */
export const sweepSimulated = (input: ScenarioInput, options: SimSweepOptions) =>
  sweepSimulatedOver(loadFor, input, options);

/** `warcast compare`: two scenarios of one kind side by side (src/analysis/compare.ts). */
export const compare = (a: ScenarioInput, b: ScenarioInput, options: CompareOptions = {}) =>
  compareOver(loadFor, a, b, options);
