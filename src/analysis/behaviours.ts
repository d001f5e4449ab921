/**
 * What each kind does in the toolkit (its `commands.ts`: its primary analysis, report builder, field editing and
 * the hooks of sweep, seek, worth and compare), registered here, above the kinds: a kind's hooks call the
 * analyses and reports, so the registry of what kinds are (src/kinds/) never refers to them. Loaded on demand.
 */
import type { ReportContent } from '../../reports/content.js';
import type { PathSegment, ScenarioSource } from '../scenario/source.js';
import type { KindDefinition, ToolkitCommand } from '../kinds/definition.js';
import { definitionFor } from '../kinds/commands.js';
import { scenarioKindDefinition } from '../kinds/index.js';
import { loadSource, type ScenarioInput } from '../kinds/load.js';
import type { RunOptions, RunSettings } from './options.js';
import type { CompareRow } from './compare.js';
import type { SeekEvaluator, Target } from './seek.js';
import type { SweepHooks } from './sweepSim.js';
import type { KindWorth } from '../kinds/worth.js';

/** What every primary analysis result tells the report command. */
export interface AnalysisResult {
  interrupted?: boolean;
  trials?: number | null;
}

/**
 * What a kind does, loaded on demand (the kind's `commands.ts`); `Result` is its primary analysis's result.
 * Absent hooks: the kind does not answer that command.
 */
export interface KindBehaviour<Scenario, Result extends AnalysisResult = AnalysisResult> {
  /** Its primary analysis (what `warcast <command>` prints and `warcast report` charts). */
  analyse(input: ScenarioInput, options: RunOptions): Promise<Result>;
  /** The report of a result of its primary analysis. */
  report(result: Result, file: string): Promise<ReportContent>;
  /** The rule documents its results cite (a toolkit report on it, e.g. seek's, lists them). */
  sources?(): Promise<readonly string[]>;
  /** Field editing: the scenario with the numeric field at `path` set to `value`, validated again (what sweep, seek and worth vary). */
  edit(scenario: Scenario, source: ScenarioSource, path: PathSegment[], value: number): Scenario;
  /**
   * Its toolkit numbers are Monte Carlo: without `--trials` or `--precision`, sweep, seek and compare stop by the
   * default precision in stages (src/analysis/staging.ts), not at a fixed count.
   */
  staged?: boolean;
  /** `sweep` over one or two fields. */
  sweep?: SweepHooks<Scenario>;
  /** `seek`: how one value of the field is judged against a target naming one of its metrics. */
  seek?(
    scenario: Scenario,
    source: ScenarioSource,
    path: PathSegment[],
    target: Target,
    settings: RunSettings,
    options: RunOptions & { firstLook?: number },
  ): SeekEvaluator;
  /**
   * `worth`: the kind's variations, the metrics they are measured by and how equivalents are priced
   * (src/kinds/worth.ts); the toolkit's one `worth` (src/analysis/worth.ts) runs them.
   */
  worth?: KindWorth<Scenario>;
  /**
   * The rule thresholds crossed between two scenarios of this kind (`worth` and `seek` say with it why a value
   * jumps), one sentence each in the game's words with numbers: "at 1,201 Orcs troops against 400 the troop
   * ratio rises above 3:1: Orcs's troop-ratio bonus +45 → +60 (+15 BR)". Empty: no threshold lies between them.
   */
  explainChange?(before: Scenario, after: Scenario): string[];
  /**
   * Monte Carlo kinds: the trials in one chunk of its kernel (the unit its runs pair by, src/stats/batches.ts);
   * a staged `compare` runs at least MIN_PAIRED_CHUNKS of them on both sides, so its differences are paired.
   */
  chunkTrials?: number;
  /** `compare`: the rows of two scenarios of this kind side by side. */
  compare?(
    a: ScenarioInput,
    b: ScenarioInput,
    options: RunOptions,
  ): Promise<{
    seed: number;
    trials: [number, number];
    rows: CompareRow[];
    /** Under --precision: whether both runs reached it, and the widest half-width (compare's `bothPrecision`). */
    precision?: { precisionReached: boolean; precisionHalfWidth: number };
  }>;
}

/** Each scenario kind's behaviour by its registry name (a kernel with no scenario kind of its own has none). */
export const BEHAVIOURS: Readonly<Record<string, () => Promise<KindBehaviour<unknown, AnalysisResult>>>> = {
  cascade: async () => (await import('../kinds/cascade/commands.js')).cascadeCommands,
  design: async () => (await import('../kinds/design/commands.js')).designCommands,
  divided: async () => (await import('../kinds/divided/commands.js')).dividedCommands,
  march: async () => (await import('../kinds/march/commands.js')).marchCommands,
  siege: async () => (await import('../kinds/siege/commands.js')).siegeCommands,
  tournament: async () => (await import('../kinds/tournament/commands.js')).tournamentCommands,
  'war-machine': async () => (await import('../kinds/warMachine/commands.js')).warMachineCommands,
};

/** The behaviour of a registered kind (its registry name). */
export function behaviourOf(name: string): Promise<KindBehaviour<unknown, AnalysisResult>> {
  const load = BEHAVIOURS[name];
  if (!load) throw new Error(`no toolkit behaviour for kind '${name}'`);
  return load();
}

/** A scenario loaded for a command: its kind, the validated scenario, its source and the kind's behaviour. */
export interface LoadedFor<Scenario = unknown> {
  kind: string;
  scenario: Scenario;
  source: ScenarioSource;
  definition: KindDefinition<unknown, unknown>;
  behaviour: KindBehaviour<Scenario>;
}

/** Load a scenario for a toolkit command: refused unless its kind answers that command. */
export async function loadFor(command: ToolkitCommand, input: ScenarioInput): Promise<LoadedFor> {
  const { source, definition } = definitionFor(command, input);
  // An unknown or missing kind: the loader's own message (did you mean …), exit 3.
  const { scenario } = await loadSource(source, definition ? [definition.scenarioKind!] : undefined);
  const behaviour = await behaviourOf(definition!.name);
  return { kind: definition!.scenarioKind!, scenario, source, definition: definition!, behaviour };
}

/** The rule documents a kind's results cite (its `sources` hook; none when it has none). */
export async function kindSources(kind: string): Promise<readonly string[]> {
  const definition = scenarioKindDefinition(kind);
  const behaviour = definition && BEHAVIOURS[definition.name] ? await behaviourOf(definition.name) : null;
  return (await behaviour?.sources?.()) ?? [];
}
