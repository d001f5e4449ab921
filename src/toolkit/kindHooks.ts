/**
 * The toolkit's view of a kind (docs/architecture.md, "A kind"): what every command written once over the kinds
 * may ask of one, and a scenario loaded with it. The toolkit never reads the registry: its callers
 * (src/behaviours/, the command line, the library API) load a scenario's kind and hand it in as a `KindLoader`.
 * Types only; imports no command of the toolkit (each command's own hook lives beside it).
 */
import type { PathSegment, ScenarioSource } from '../scenario/source.js';
import type { KindDefinition, ToolkitCommand } from '../kinds/definition.js';
import type { ScenarioInput } from '../scenario/given.js';
import type { RunOptions } from '../engine/settings.js';

/** What every primary analysis result tells the report command. */
export interface AnalysisResult {
  interrupted?: boolean;
  trials?: number | null;
}

/**
 * What every toolkit command may ask of a kind: its primary analysis, field editing, staging, the rule thresholds
 * between two scenarios, its chunk. Each command adds the hook it is written over (compare.ts `CompareHook`,
 * seek.ts `SeekHook`, sweepSim.ts `SweepHook`, worth.ts `WorthHook`); ./hooks.ts puts them together.
 */
export interface BaseHooks<Scenario, Result extends AnalysisResult = AnalysisResult> {
  /** Its primary analysis (what `warcast <command>` prints and `warcast report` charts). */
  analyse(input: ScenarioInput, options: RunOptions): Promise<Result>;
  /** The rule documents its results cite (a toolkit report on it, e.g. seek's, lists them). */
  sources?(): Promise<readonly string[]>;
  /** Field editing: the scenario with the numeric field at `path` set to `value`, validated again (what sweep, seek and worth vary). */
  edit(scenario: Scenario, source: ScenarioSource, path: PathSegment[], value: number): Scenario;
  /**
   * Its toolkit numbers are Monte Carlo: without `--trials` or `--precision`, sweep, seek and compare stop by the
   * default precision in stages (src/toolkit/staging.ts), not at a fixed count.
   */
  staged?: boolean;
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
}

/** A scenario loaded for a command: its kind, the validated scenario, its source and the kind's hooks. */
export interface LoadedFor<Hooks = BaseHooks<unknown>, Scenario = unknown> {
  kind: string;
  scenario: Scenario;
  source: ScenarioSource;
  definition: KindDefinition<unknown, unknown>;
  behaviour: Hooks;
  /** Every kind the caller knows (its registry): their own options, given on this kind, are refused by name. */
  known: readonly KindDefinition<unknown, unknown>[];
}

/** Loads a scenario for a toolkit command, with its kind's hooks; refuses a kind that does not answer it. */
export type KindLoader<Hooks = BaseHooks<unknown>> = (
  command: ToolkitCommand,
  input: ScenarioInput,
) => Promise<LoadedFor<Hooks>>;
