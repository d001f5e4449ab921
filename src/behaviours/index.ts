/**
 * What each kind does (src/behaviours/<kind>.ts: its primary analysis, report builder, field editing and the hooks
 * of sweep, seek, worth and compare), registered here, above the analyses and reports they call: the registry of
 * what kinds are (src/kinds/) never refers to them, and the toolkit (src/toolkit/) is handed a kind's hooks by
 * its caller (a KindLoader: `loaderOver(kinds)`, the registry's bound in src/cli/registeredToolkit.ts) instead of
 * reading this registry. Loaded on demand.
 */
import { scenarioKindIn, scenarioKindsOf, type KindDefinition, type ToolkitCommand } from '../kinds/definition.js';
import { definitionFor } from '../kinds/commands.js';
import { loadSource, type ScenarioInput } from '../kinds/load.js';
import type { AnalysisResult, KindLoader, LoadedFor } from '../toolkit/hooks.js';
import type { MetricResult } from '../toolkit/metricKind.js';
import type { KindBehaviour, LoadedBehaviour } from './behaviour.js';

export type { AnalysisResult, KindBehaviour, LoadedBehaviour, LoadedFor };

/** Each scenario kind's behaviour by its registry name (a kernel with no scenario kind of its own has none). */
export const BEHAVIOURS: Readonly<Record<string, () => Promise<KindBehaviour<unknown, AnalysisResult>>>> = {
  cascade: async () => (await import('./cascade.js')).cascadeCommands,
  design: async () => (await import('./design.js')).designCommands,
  divided: async () => (await import('./divided.js')).dividedCommands,
  march: async () => (await import('./march.js')).marchCommands,
  siege: async () => (await import('./siege.js')).siegeCommands,
  tournament: async () => (await import('./tournament.js')).tournamentCommands,
  'war-machine': async () => (await import('./warMachine.js')).warMachineCommands,
};

/**
 * The behaviour of a kind: its file here, or — a kind given as data (src/kinds/data.ts) — the toolkit's hooks over
 * its measures and the generic report of its analysis, with no line in `BEHAVIOURS`.
 */
export async function behaviourFor(
  definition: KindDefinition<unknown, unknown>,
): Promise<KindBehaviour<unknown, AnalysisResult>> {
  const load = BEHAVIOURS[definition.name];
  if (load) return load();
  const { metricHooks, metricKindOf } = await import('../toolkit/metricKind.js');
  const kind = await metricKindOf(definition);
  if (!kind) throw new Error(`no toolkit behaviour for kind '${definition.name}' (no behaviour file, no data)`);
  const behaviour: KindBehaviour<unknown, MetricResult> = {
    ...metricHooks(kind),
    report: async (r, file) => (await import('../../reports/metrics.js')).metricReport(r, file),
  };
  return behaviour as KindBehaviour<unknown, AnalysisResult>;
}

/** The behaviour of a kind of the list, by its name (the registry's: src/cli/registeredToolkit.ts `behaviourOf`). */
export function behaviourIn(
  kinds: readonly KindDefinition<unknown, unknown>[],
  name: string,
): Promise<KindBehaviour<unknown, AnalysisResult>> {
  const definition = kinds.find((k) => k.name === name);
  if (!definition) throw new Error(`no toolkit behaviour for kind '${name}'`);
  return behaviourFor(definition);
}

/**
 * The toolkit's loader over a list of kinds (the registry's, or a caller's own list with kinds of its own added:
 * `[...KIND_LIST, duelDefinition]`): a scenario is read by the kind its `kind:` names among them, refused unless that
 * kind answers the command, and handed over with the kind's behaviour.
 */
export function loaderOver(
  kinds: readonly KindDefinition<unknown, unknown>[],
): KindLoader<KindBehaviour<unknown>> & ((command: ToolkitCommand, input: ScenarioInput) => Promise<LoadedBehaviour>) {
  return async (command: ToolkitCommand, input: ScenarioInput): Promise<LoadedBehaviour> => {
    const { source, definition } = definitionFor(command, input, kinds);
    // An unknown or missing kind: the loader's own message (did you mean …), exit 3.
    const expected = definition ? [definition.scenarioKind!] : scenarioKindsOf(kinds);
    const { scenario } = await loadSource(source, expected, kinds);
    const behaviour = await behaviourFor(definition!);
    return { kind: definition!.scenarioKind!, scenario, source, definition: definition!, behaviour, known: kinds };
  };
}

/** The rule documents a scenario kind of the list cites (its `sources` hook; none when it has none). */
export async function kindSourcesIn(
  kinds: readonly KindDefinition<unknown, unknown>[],
  kind: string,
): Promise<readonly string[]> {
  const definition = scenarioKindIn(kinds, kind);
  const behaviour =
    definition && (BEHAVIOURS[definition.name] || definition.data) ? await behaviourFor(definition) : null;
  return (await behaviour?.sources?.()) ?? [];
}
