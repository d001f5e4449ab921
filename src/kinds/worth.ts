/**
 * What a kind gives `worth` (docs/architecture.md, "A kind"). As SimulationCraft's scale factors are written once
 * over any class module, the kind says what to change and what to read, and the toolkit's one worth
 * (src/analysis/worth.ts) owns the rest: each variation applied and validated, the runs (exact, or paired trials
 * with common random numbers), the equivalents' search, the ranking and the result. A kind supplies:
 * - its **variations**: the changes worth tries, each with its name (what users read), group, the rule it cites and
 *   how to apply it to a copy of the scenario (and the kind's options it runs under);
 * - the **metrics** the change is measured by: the measure (a proportion) and the two losses (means), read off an
 *   accumulator of (plan, trials) by the kind's own accumulator reader; or an exact measure where it has one;
 * - how an **equivalent** is priced: the fields the item's change is matched on (BR points of bonus, troops; a
 *   cascade's legions), each a value range and how to set it;
 * - the words of its document and the fields of its result.
 * Types only: this file loads nothing.
 */
import type { Kernel } from '../engine/kernel.js';
import type { RunSettings } from '../analysis/options.js';
import type { WorthOptions, WorthResult, WorthWords } from '../analysis/worth.js';
import type { ScenarioSource } from '../scenario/source.js';
import type { MetricType } from './definition.js';

/** A change worth (and, later, design) tries on a scenario. */
export interface Variation<Scenario> {
  /** Its id, as users read it in the row (`surprise: total`, `+1 trebuchet`, `+1 legion`). */
  readonly name: string;
  /** Its group (`morale`, `engine`, `legions`, …): the rows' grouping and worth's `groups` option. */
  readonly group: string;
  /** The rule it cites, as printed, or what was changed, in words. */
  readonly rule: string;
  /** The change, made in place on a copy of the scenario (validated again after); false: it does not apply. */
  apply(copy: Scenario): boolean | void;
  /** The kind's own options this variant runs under instead of the command's (a cascade's `{ npc: false }`). */
  readonly options?: Readonly<Record<string, unknown>>;
}

/**
 * A named metric read off an accumulator of `trials` trials of a plan by the kind's accumulator reader: a
 * proportion's count of trials, or a mean's sum over them (running totals, affine in the accumulator, so the
 * paired engine reads one trial's value as the change over its call).
 */
export interface Metric<Plan> {
  /** As the kind's `metrics` write it (`fallenBy(12)`, `lost(attacker)`). */
  readonly name: string;
  readonly type: MetricType;
  read(plan: Plan, acc: ArrayLike<number>, trials: number): number;
}

/** One equivalent's price: a numeric field an item's change is matched on, searched from `lo` to `hi`. */
export interface Pricing<Scenario> {
  /** The value as the scenario stands (a change of it is the equivalent). */
  readonly current: number;
  readonly lo: number;
  readonly hi: number;
  /** The field as `--vary` takes it, for the exact path's bisection (`sides[0].bonus`). */
  readonly path?: string;
  /** Set the field to `value` in a copy (validated again after); false: the rules refuse it. */
  set(copy: Scenario, value: number): boolean | void;
}

/** The exact path (a kind with exact odds): the measure and losses of a variant, enumerated. */
export interface ExactMeasure {
  /** The measure (a probability). */
  value: number;
  /** Mean losses: [own, the enemy's]. */
  losses: [number, number];
  /** The share of trials no change of the priced fields moves (a battle's P(no battle)); absent: none. */
  noBattle?: number;
}

/** The paired Monte Carlo path: how a variant is compiled and read. */
export interface PairedPath<Scenario, Plan> {
  kernel: Kernel<Plan>;
  /** The variant's plan under the kind's options (the command's, or the variation's own). */
  plan(scenario: Scenario, options?: Readonly<Record<string, unknown>>): Plan;
  /** The measure (a proportion) and the losses, [own, the enemy's] (means). */
  measure: Metric<Plan>;
  losses: [Metric<Plan>, Metric<Plan>];
  /** Trials per variant when `--trials` is not given. */
  trials: number;
  /** What one trial is, in the progress line ("sieges", "rounds", "campaigns"). */
  unit: string;
  /** Why an item beyond noise has no troop equivalent (null: nothing to say). */
  noTroopsNote?(gain: boolean): string | null;
}

/** An item the rules do not allow in this scenario, and why (the result's `refused`, where the kind lists it). */
export interface RefusedItem {
  name: string;
  group: string;
  reason: string;
}

/** One worth question on a scenario of the kind, as its options set it. */
export interface WorthFrame<Scenario, Plan> {
  /** The side valued (battles and sieges: 0 or 1; a cascade: the player's index) and its name. */
  side: number;
  sideName: string;
  variations: Variation<Scenario>[];
  /** The equivalents, by the result's names: `br` (BR points of `bonus`) and `troops` (a cascade's legions). */
  pricing: { br?: Pricing<Scenario>; troops: Pricing<Scenario> };
  /** Exactly one of the two paths. */
  exact?: {
    measure(scenario: Scenario): ExactMeasure;
    /** The measure as a named metric of the kind, for the bisection (`win[0]`). */
    metric: string;
    /** Why an item that raises `noBattle` by `delta` has no equivalent. */
    noBattleNote(delta: number): string;
  };
  paired?: PairedPath<Scenario, Plan>;
  /** The result's fields of this kind, after `method` (`measure`, `week`, `player`, …); `refused`: the items refused. */
  fields(refused: RefusedItem[]): Partial<WorthResult>;
  words: WorthWords;
  /** The result's `casualties` from [own, the enemy's] (default: as they are). */
  casualties?(ownEnemy: [number, number]): [number, number];
}

/** What the toolkit lends a kind building its frame. */
export interface WorthTools<Scenario> {
  /** The run settings (seed, threads, trials: the kind's default when `--trials` is not given). */
  settings: RunSettings;
  /** The scenario with `apply` made on a copy and validated again; a string: why the rules refuse it. */
  edit(apply: (copy: Scenario) => boolean | void): Scenario | string;
  /** A plain run of a plan (a pilot, e.g. a siege's default week), on the command's engine. */
  run<Plan>(kernel: Kernel<Plan>, plan: Plan, trials: number): Promise<{ acc: Float64Array; trials: number }>;
}

/** A kind's worth (its `commands.ts` behaviour's `worth`). */
export interface KindWorth<Scenario> {
  /** Exact (its frames have `exact`) or paired Monte Carlo (`paired`): `--exact` is refused on the latter. */
  method: 'exact' | 'monte-carlo';
  /** Validate an edited copy again, as a file of the kind is (throws the kind's WarcastError). */
  check(copy: Scenario, source: ScenarioSource): Scenario;
  /** The question its options ask (the kind's own options declared in its `kind.ts`, checked here). */
  frame(
    scenario: Scenario,
    source: ScenarioSource,
    options: WorthOptions,
    tools: WorthTools<Scenario>,
  ): Promise<WorthFrame<Scenario, unknown>>;
}
