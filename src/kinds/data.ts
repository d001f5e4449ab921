/**
 * A kind given as data (docs/architecture.md, "A kind given as data"): beside its definition, a kind may give
 * only its validator, its compiler to a plan and its measures (and, for `worth`, its variations); the toolkit's
 * `metricHooks` (src/toolkit/metricKind.ts) then gives it its analysis, sweep, seek, compare and worth, and the
 * registry of behaviours (src/behaviours/index.ts) needs no line for it. Types only.
 */
import type { ScenarioSource } from '../scenario/source.js';
import type { Measure } from './measure.js';
import type { KindWorth } from './worth.js';

export type { Measure };

/** What a kind given as data supplies beyond its definition (its `data` loader, src/kinds/definition.ts). */
export interface KindData<Scenario, Plan> {
  /** The kind's validator: a parsed document → its scenario, or the one-line error (field editing validates again). */
  validate(source: ScenarioSource): Scenario;
  /** A validated scenario → the plan its kernel runs. */
  compile(scenario: Scenario): Plan;
  /** Its measures; the first proportion is what `--precision` and sweep's paired changes follow. */
  readonly measures: readonly Measure<Plan>[];
  /** Its variations for `worth` (src/kinds/worth.ts); absent: worth does not answer it. */
  readonly worth?: KindWorth<Scenario>;
  /** The rule thresholds crossed between two of its scenarios, in words (absent: none to say). */
  explainChange?(before: Scenario, after: Scenario): string[];
}
