/**
 * What each kind does (src/behaviours/<kind>.ts: its primary analysis, report builder, field editing and the hooks
 * of sweep, seek, worth and compare), registered here, above the analyses and reports they call: the registry of
 * what kinds are (src/kinds/) never refers to them, and the toolkit (src/analysis/) is handed a kind's hooks by
 * its caller (`loadFor`, a KindLoader) instead of reading this registry. Loaded on demand.
 */
import type { ToolkitCommand } from '../kinds/definition.js';
import { definitionFor } from '../kinds/commands.js';
import { KIND_LIST, scenarioKindDefinition } from '../kinds/index.js';
import { loadSource, type ScenarioInput } from '../kinds/load.js';
import type { AnalysisResult, LoadedFor } from '../analysis/hooks.js';
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

/** The behaviour of a registered kind (its registry name). */
export function behaviourOf(name: string): Promise<KindBehaviour<unknown, AnalysisResult>> {
  const load = BEHAVIOURS[name];
  if (!load) throw new Error(`no toolkit behaviour for kind '${name}'`);
  return load();
}

/** Load a scenario for a toolkit command: refused unless its kind answers that command. */
export async function loadFor(command: ToolkitCommand, input: ScenarioInput): Promise<LoadedBehaviour> {
  const { source, definition } = definitionFor(command, input);
  // An unknown or missing kind: the loader's own message (did you mean …), exit 3.
  const { scenario } = await loadSource(source, definition ? [definition.scenarioKind!] : undefined);
  const behaviour = await behaviourOf(definition!.name);
  return { kind: definition!.scenarioKind!, scenario, source, definition: definition!, behaviour, known: KIND_LIST };
}

/** The rule documents a kind's results cite (its `sources` hook; none when it has none). */
export async function kindSources(kind: string): Promise<readonly string[]> {
  const definition = scenarioKindDefinition(kind);
  const behaviour = definition && BEHAVIOURS[definition.name] ? await behaviourOf(definition.name) : null;
  return (await behaviour?.sources?.()) ?? [];
}
