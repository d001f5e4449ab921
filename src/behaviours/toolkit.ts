/**
 * The toolkit's commands over a list of kinds: each one written once over any kind (src/toolkit/), bound here to
 * a loader over the kinds (./index.ts `loaderOver`), so a file of any of them gets sweep, seek, worth and compare.
 * The command line, the library API, the bot and the Foundry module call the registry's (`worth`, `seek`, …, bound
 * in src/cli/registeredToolkit.ts); a
 * tool with kinds of its own calls `toolkitOver([...KIND_LIST, itsKind])`, its kind given as data needing nothing
 * else (src/kinds/data.ts).
 */
import { compare as compareOver, type CompareOptions } from '../toolkit/compare.js';
import type { AnalysisResult } from '../toolkit/hooks.js';
import { seek as seekOver, type SeekOptions } from '../toolkit/seek.js';
import { sweep as sweepOver, type SweepOptions } from '../toolkit/sweep.js';
import { sweepSimulated as sweepSimulatedOver, type SimSweepOptions } from '../toolkit/sweepSim.js';
import { worth as worthOver } from '../toolkit/worth.js';
import type { RunOptions } from '../engine/settings.js';
import type { KindDefinition } from '../kinds/definition.js';
import type { WorthOptions } from '../kinds/worth.js';
import type { ScenarioInput } from '../kinds/load.js';
import { loaderOver } from './index.js';

/** The toolkit bound to a list of kinds (through the one loader written over any list, ./index.ts). */
export function toolkitOver(kinds: readonly KindDefinition<unknown, unknown>[]) {
  return toolkitWith(loaderOver(kinds));
}

/** The toolkit bound to a loader. */
export function toolkitWith(loader: ReturnType<typeof loaderOver>) {
  return {
    /** The loader itself: a scenario of one of the kinds, with its kind's behaviour. */
    loader,
    /** The scenario's kind's primary analysis (what `warcast report` charts). */
    analyse: async (input: ScenarioInput, options: RunOptions = {}): Promise<AnalysisResult> =>
      (await loader('report', input)).behaviour.analyse(input, options),
    /** `warcast worth`: every variation of the scenario's kind, valued (src/toolkit/worth.ts). */
    worth: (input: ScenarioInput, options: WorthOptions = {}) => worthOver(loader, input, options),
    /** `warcast seek`: the value of one field that meets a target (src/toolkit/seek.ts). */
    seek: (input: ScenarioInput, options: SeekOptions) => seekOver(loader, input, options),
    /** `warcast sweep`: one or two fields over a range (src/toolkit/sweep.ts). */
    sweep: (input: ScenarioInput, options: SweepOptions) => sweepOver(loader, input, options),
    /** The grid sweep of a Monte Carlo kind (src/toolkit/sweepSim.ts). */
    sweepSimulated: (input: ScenarioInput, options: SimSweepOptions) => sweepSimulatedOver(loader, input, options),
    /** `warcast compare`: two scenarios of one kind side by side (src/toolkit/compare.ts). */
    compare: (a: ScenarioInput, b: ScenarioInput, options: CompareOptions = {}) => compareOver(loader, a, b, options),
  };
}
