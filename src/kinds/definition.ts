/**
 * What every kind is (see docs/architecture.md, "How to add a kind"): metadata, read without loading anything,
 * and lazy loaders of its validator, schema, kernel and roll. What it does in the toolkit (its behaviour, the
 * kind's behaviour, src/behaviours/<kind>.ts) calls the analyses and reports, so it is registered above them, in
 * src/behaviours/index.ts: nothing here refers to an analysis or a report.
 */
import type { ZodType } from 'zod';
import type { Kernel } from '../engine/kernel.js';
import type { ScenarioSource } from '../scenario/source.js';
import type { KindData } from './data.js';
import type { MetricMethod, MetricType } from './measure.js';
import type { KindRoll, RollBody } from './roll.js';

export type { KindData, MetricMethod, MetricType };

/** A number the kind reports by name, as `seek --target` and the docs write it. */
export interface MetricDefinition {
  /** As written in a target, e.g. `win[i]`, `fallenBy(w)`, `held(r, "L")`, `arrivedBy(d)`. */
  readonly name: string;
  /** In words. */
  readonly meaning: string;
  readonly method: MetricMethod;
  /** Absent: a proportion. */
  readonly type?: MetricType;
  /** Whether `seek --target` accepts it. */
  readonly seek: boolean;
  /** With `seek`: a target naming it, as `seek --target` takes it (e.g. `win[0] >= 0.5`). */
  readonly example?: string;
}

/** Which section of the what-if page (docs/app.md) a file of this kind prefills. */
export type PageSection = 'battle' | 'siege' | 'cascade' | 'march' | 'divided';

/** The commands of the toolkit that are written once over the kind interface. */
export const TOOLKIT_COMMANDS = ['report', 'sweep', 'seek', 'worth', 'compare', 'app'] as const;
export type ToolkitCommand = (typeof TOOLKIT_COMMANDS)[number];

/**
 * An option of the kind's own on a toolkit command (a siege's `--week`, a cascade's `--player`): the command line
 * registers it from the registry and reads it into the options under `key`; the toolkit refuses it, in one line,
 * on a scenario of a kind that does not declare it. Its checks against the scenario are the kind's.
 */
export interface KindOption {
  /** As commander takes it: `--week <n>`, `--no-npc` (a negated flag: its value false when given). */
  readonly flag: string;
  /** Its key in the command's options (`week`, `npc`). */
  readonly key: string;
  /** Its help line, starting with the kind (`a siege: …`). */
  readonly description: string;
  /** The toolkit commands that take it. */
  readonly commands: readonly ToolkitCommand[];
  /** The command line's text → its value, or a UsageError in one line (absent: the text itself). */
  readonly parse?: (text: string) => unknown;
}

export interface KindDefinition<Scenario, Plan> {
  /** Registry name; also the name a pool task carries to the worker. */
  readonly name: string;
  /** In the game's words, for messages. */
  readonly title: string;
  /** The `kind:` a scenario file names, or null for a kernel that runs on another kind's scenarios. */
  readonly scenarioKind: string | null;
  /** The command that answers a file of this kind (null: no scenario kind of its own). */
  readonly command: string | null;
  /** What one trial is, in output ("battles", "sieges", …). */
  readonly unit: string;
  /** One scenario of it in a sentence ("a battle", "a siege"): "--week: only for a siege". */
  readonly called: string;
  /** Its own options on toolkit commands (absent: none). */
  readonly options?: readonly KindOption[];
  /** The commands that answer it (its own first); the toolkit's among them must have their hook in `behaviour`. */
  readonly commands: readonly string[];
  /** Its named metrics. */
  readonly metrics: readonly MetricDefinition[];
  /**
   * Field editing: numeric fields sweep, seek and worth vary (paths as --vary takes them; the first is in every
   * example of the kind). Any numeric field of the validated scenario can be varied; these are the usual ones.
   */
  readonly fields: readonly string[];
  /** The section of the what-if page a file of this kind prefills (null: the page cannot show it). */
  readonly page: PageSection | null;
  /** The user documentation of its rules and policies. */
  readonly docs: string;
  /** Its benchmark suites (names in benchmarks/suites/). */
  readonly benchSuites: readonly string[];
  /** The report modules that chart its results. */
  readonly reports: readonly string[];
  /** The validator of its scenario documents (loaded on demand: schemas cost start-up time). */
  readonly parse: (() => Promise<(source: ScenarioSource) => Scenario>) | null;
  /** The zod schema of its documents, for `warcast schema` and editors (loaded on demand). */
  readonly schema: (() => Promise<ZodType>) | null;
  /** Its kernel (loaded on demand, also by each worker thread). */
  readonly kernel: () => Promise<Kernel<Plan>>;
  /** How `warcast roll` plays one game of it with dice (loaded on demand); absent: roll does not play it. */
  readonly roll?: () => Promise<KindRoll<Scenario, RollBody>>;
  /**
   * A kind given as data (./data.ts): its validator, plan compiler and measures, loaded on demand. With it the
   * toolkit answers every command the kind lists from these alone (src/toolkit/metricKind.ts), so registering the
   * kind is its one line in `KINDS`; without it, its behaviour is a file of src/behaviours/ with its line there.
   */
  readonly data?: () => Promise<KindData<Scenario, Plan>>;
}

/** The scenario kinds a file may name (`kind:`) among `kinds`, in their order. */
export function scenarioKindsOf(kinds: readonly KindDefinition<unknown, unknown>[]): string[] {
  return kinds.flatMap((k) => (k.scenarioKind ? [k.scenarioKind] : []));
}

/** The kind of the list a file's `kind:` names, or undefined. */
export function scenarioKindIn(
  kinds: readonly KindDefinition<unknown, unknown>[],
  kind: unknown,
): KindDefinition<unknown, unknown> | undefined {
  return kinds.find((k) => k.scenarioKind !== null && k.scenarioKind === kind);
}
