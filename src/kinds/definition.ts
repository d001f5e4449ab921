/** The shape every kind has (see docs/architecture.md, "How to add a kind"). */
import type { Kernel } from '../engine/kernel.js';
import type { ScenarioSource } from '../scenario/source.js';
import type { KindRoll, RollBody } from './roll.js';

export interface KindDefinition<Scenario, Plan> {
  /** Registry name; also the name a pool task carries to the worker. */
  readonly name: string;
  /** In the game's words, for messages. */
  readonly title: string;
  /** The `kind:` a scenario file names, or null for a kernel that runs on another kind's scenarios. */
  readonly scenarioKind: string | null;
  /** What one trial is, in output ("battles", "sieges", …). */
  readonly unit: string;
  /** The commands that answer it. */
  readonly commands: readonly string[];
  /** The user documentation of its rules and policies. */
  readonly docs: string;
  /** Its benchmark suites (names in benchmarks/suites/). */
  readonly benchSuites: readonly string[];
  /** The report modules that chart its results. */
  readonly reports: readonly string[];
  /** The validator of its scenario documents (loaded on demand: schemas cost start-up time). */
  readonly parse: (() => Promise<(source: ScenarioSource) => Scenario>) | null;
  /** Its kernel (loaded on demand, also by each worker thread). */
  readonly kernel: () => Promise<Kernel<Plan>>;
  /** How `warcast roll` plays one game of it with dice (loaded on demand); absent: roll does not play it. */
  readonly roll?: () => Promise<KindRoll<Scenario, RollBody>>;
}
