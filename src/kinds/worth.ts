/**
 * What a kind gives `worth` (docs/architecture.md, "A kind"). As SimulationCraft's scale factors are written once
 * over any class module, the kind says what to change and what to read, and the toolkit's one worth
 * (src/toolkit/worth.ts) owns the rest: each variation applied and validated, the runs (exact, or paired trials
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
import type { RunOptions, RunSettings } from '../engine/settings.js';
import type { ResultMeta } from '../resultMeta.js';
import type { FamilyError, FamilyMethod } from '../stats/family.js';
import type { ScenarioSource } from '../scenario/source.js';
import type { MetricType } from './measure.js';

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

/** A kind's worth (its behaviour's `worth`, src/behaviours/<kind>.ts). */
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

export interface WorthOptions extends RunOptions {
  /** The side whose adjustments are valued (default 0, side A). Cascades: a player's index (or `player`). */
  side?: number;
  /** How far the equivalents are searched: ± this many BR points of `bonus` (default 500; sieges 100). */
  brRange?: number;
  /** Troops are searched from troops ÷ this to troops × this (default 20; sieges 4). */
  troopsFactor?: number;
  /** Only the items of these groups (e.g. ['size', 'engine']); default every group. */
  groups?: string[];
  /**
   * Sieges and cascades (the paired path): how the items' many claims are held together (src/stats/family.ts):
   * `holm` (default) keeps the chance of any false "beyond noise" at or below 5%; `bh` the expected share of false
   * findings.
   */
  family?: FamilyMethod;
  /**
   * The kind's own options, by the keys its `kind.ts` declares (`options`): a siege's `week`, a cascade's
   * `player`, `location`, `rounds` and `npc` (docs/design.md). An option of another kind is refused in one line.
   */
  [option: string]: unknown;
}

export interface WorthItem {
  name: string;
  /** morale, environment, terrain, leader loss, PC heroics, defender, immunity, fatigue, information, surprise, tactic, size. */
  group: string;
  /** The rule as printed, or what was changed. */
  rule: string;
  /**
   * The side's exact win probability with the item applied. Sieges: the side's measure (`measure` of the result:
   * P(fallen by week N) for the attacker, P(held through week N) for the defender), Monte Carlo.
   */
  win: number;
  /** win − the scenario's win probability (sieges: − the scenario's measure, same seed and trials). */
  winDelta: number;
  /**
   * Sieges and cascades: the scenario's measure over this item's trials (`trials`, the same dice), so that
   * `win` = `baseWin` + `winDelta` row by row; the result's `win` is the scenario over the most trials run.
   */
  baseWin?: number;
  /** Sieges and cascades: the 95% interval of `win` (absent for exact battles). */
  winCi95?: [number, number];
  /**
   * Sieges and cascades: the 95% interval of `winDelta`, from the pairs (trial t of the item and of the scenario
   * play the same dice; docs/design.md, "Paired differences"). Absent for exact battles.
   */
  changeCi95?: [number, number];
  /**
   * Sieges and cascades: the interval of `winDelta` at the family's level (`familyLevel`, two-sided; the result's
   * `familyError`): wider than `changeCi95`, as many items are claimed at once.
   */
  changeCiFamily?: [number, number];
  familyLevel?: number;
  /**
   * Sieges and cascades: `changeCiFamily` contains 0 — the change cannot be told from no change at the family's
   * error rate (no rank, no equivalent). Before familyError (warcast 0.1.0 sessions to 2026-11-27) it was `changeCi95`.
   */
  withinNoise?: boolean;
  /** Sieges and cascades: the trials this item ran (its last stage), each paired with the scenario's trial of that number. */
  trials?: number;
  /**
   * Sieges and cascades, staged: true when the item stopped before the last stage because its change was already
   * beyond noise at the result's `stageLevel`, whether or not its interval was within ± precision (absent otherwise).
   */
  decided?: true;
  /** Sieges and cascades: trials the scenario meets the measure and the item does not (`baseOnly`), and the other way. */
  pairs?: { baseOnly: number; variantOnly: number };
  /** Sieges and cascades: the 95% intervals of `casualtiesDelta` (paired, trial by trial). */
  casualtiesDeltaCi95?: [[number, number], [number, number]];
  /**
   * Sieges and cascades, a change beyond noise: the BR values the item cannot be told from — those whose measure,
   * compared with the item's trial by trial over its `equivalentTrials` trials, differs from it within noise
   * (95% interval containing 0) — as [smallest, largest] change of bonus; null where they run past the range
   * searched. When no whole value is within noise (the curve steps over the item), the two values either side of
   * it and `brEquivalentBetween` true: the equivalent lies between them, printed "between 0 and +1".
   */
  brEquivalentCi95?: [number | null, number | null];
  brEquivalentBetween?: boolean;
  /** The same in troops (cascades: legions). */
  troopsEquivalentCi95?: [number | null, number | null];
  troopsEquivalentBetween?: boolean;
  /**
   * Sieges and cascades, a change beyond noise: the item's trials each value searched was compared over, trial by
   * trial: all of them (`trials`), the ones its change was measured over, so an equivalent prices that change.
   */
  equivalentTrials?: number;
  /** Change in mean troops lost: [this side, the enemy] (exact). */
  casualtiesDelta: [number, number];
  /**
   * The change of the side's `bonus` giving the same win probability: the smallest (for a gain; the largest
   * negative for a loss) whole number of BR points whose exact win probability reaches the item's. Null when none
   * does within the search range, or the odds were not monotone there.
   */
  brEquivalent: number | null;
  /** The win probability at `bonus + brEquivalent` (the round trip: within one BR point's step of `win`). */
  brEquivalentWin: number | null;
  /**
   * The same in troops: the change of `troops` whose win probability reaches the item's (null as above). Cascades:
   * in legions of the force that decides the location (`unit: "legions"`).
   */
  troopsEquivalent: number | null;
  troopsEquivalentWin: number | null;
  /**
   * Battles: P(no battle) with the item applied (both tactics give no combat, e.g. hold against hold). `win`
   * counts no battle as not winning; a change that raises this share gets no equivalents (see `equivalentNote`).
   */
  noBattle?: number;
  /** Battles: noBattle − the scenario's P(no battle). */
  noBattleDelta?: number;
  /** Battles: the rule thresholds the item crosses, one sentence each (the kind's `explainChange`); absent when none. */
  explain?: string[];
  /**
   * Why the equivalents are null (absent when they are not). Cascades: why `troopsEquivalent` is. Battles: the
   * item turns battles into no battle, which no change of bonus or troops does. Sieges and cascades: also when the
   * measure does not move one way with bonus (or size) around the scenario's value, so no one value matches.
   */
  equivalentNote?: string;
  /**
   * 1 + the ranked items whose |winDelta| is larger and not tied with this one: rows are listed by rank, then
   * |winDelta|, and rows tied with each other share what the data can tell, never an order (as tournament's
   * `rank`). Sieges and cascades: null for an item within noise (its change cannot be told from none), and
   * `rankNote` says so; such rows come last.
   */
  rank?: number | null;
  rankNote?: string;
  /**
   * The ranked items whose size of change cannot be told from this one's. Sieges and cascades: the paired difference
   * of the two |changes| (over the trials both ran, each paired with the scenario's trial of that number) is within
   * noise at the ranks' family level (`rankFamilyError`). Battles (exact): the two |changes| are equal.
   */
  tiedWith?: string[];
}

export interface WorthResult extends ResultMeta {
  /** The kind valued (its scenario kind). */
  kind: string;
  title: string | null;
  /** Battles: side A or B. Sieges: 0 the attacker, 1 the defender. Cascades: the player's index in `players`. */
  side: number;
  /** The side's name (cascades: the player). */
  sideName: string;
  method: 'exact' | 'monte-carlo';
  /**
   * Sieges: what `win` measures, `fallenBy(N)` (attacker) or `held(N)` (defender). Cascades: `held(R, "L")` when the
   * player holds L now (as seek's target), `owner(R, "L") = "P"` when it seizes L: P(the player holds L after round R).
   */
  measure?: string;
  /** Cascades: the player valued, the location measured, and whether its garrison defends or its seizure attacks L. */
  player?: string;
  location?: string;
  role?: 'defender' | 'attacker';
  /** Cascades: rounds played (1, or --rounds R) and whether NPCs attack. */
  rounds?: number;
  npc?: boolean;
  /** Cascades: what `troopsEquivalent` counts ("legions"; battles and sieges count troops). */
  unit?: 'legions';
  /** Cascades: the legion changes the rules allow in the force ([fewest, most]); the search stays inside. */
  legionRange?: [number, number];
  /** Cascades: the items the rules do not allow this round (e.g. a legion over the movement limit), with the rule. */
  refused?: { name: string; group: string; reason: string }[];
  /** Cascades: why `brEquivalent` is null. */
  brEquivalentNote?: string;
  /** Sieges: the week N of the measure. */
  week?: number;
  /** The side's exact win probability as the scenario stands (sieges: its measure). */
  win: number;
  winCi95?: [number, number];
  /** Battles: P(no battle) as the scenario stands (counted in neither side's `win`). */
  noBattle?: number;
  /** Mean troops lost by both sides (sieges: [attacker, defender], dead + wounded; cascades: legions, [the player, every other player]). */
  casualties: [number, number];
  /** Largest |winDelta| first. */
  items: WorthItem[];
  /** The kind's words for the document (src/toolkit/worthPresent.ts): what the reader sees above and in the table. */
  words: WorthWords;
  /**
   * Sieges and cascades: the half-width asked of every item's change (null: a fixed `--trials` for every variant),
   * whether every item not `decided` reached it within `maxTrials` (false: the CLI warns), and the widest
   * half-width reached by those items.
   */
  precision?: number | null;
  precisionReached?: boolean;
  precisionHalfWidth?: number;
  maxTrials?: number;
  /**
   * Sieges and cascades, staged: the two-sided level an item stops at as decided after a stage before the last (a
   * tenth of α ÷ claims, over those stages: src/toolkit/staging.ts `earlyStopLevel`); such items (`decided`) are
   * not held to ± precision, and every item is judged at 90% of its family level where it stopped.
   */
  stageLevel?: number;
  /** Sieges and cascades: the stages run (trials a variant) and how many items ran to each. */
  stages?: { trials: number; items: number }[];
  /**
   * Sieges and cascades: the family error the items' claims are held to (method, α, claims, findings); each item's
   * `withinNoise`, rank and equivalents follow its decision at the family's level (`familyLevel`, `changeCiFamily`).
   */
  familyError?: FamilyError;
  /**
   * Sieges and cascades: the ranks' claims — every pair of ranked items with different changes, this one's change
   * larger than that one's — held as one family like the items (method, α, claims, findings: the pairs ordered);
   * two ranked items not ordered at the family's level are tied (`tiedWith`, `=n`). Absent with under two changes.
   */
  rankFamilyError?: FamilyError;
  /** Sieges and cascades: the run (this seed; `trials`: the most trials a variant ran, the scenario's own). */
  seed?: number;
  trials?: number;
  threads?: number;
  interrupted?: boolean;
  elapsedMs: number;
}

/** The words of one kind's worth, for its document (each kind's worth writes its own). */
export interface WorthWords {
  /** The first line: what is valued, for whom, by what measure. */
  heading: string;
  /** The table's header over `win`. */
  measureColumn: string;
  /** What one trial is ("sieges", "rounds", "campaigns of 3 rounds"); absent when exact. */
  trialsUnit?: string;
  /** How the equivalents were found, and what has none. */
  equivalents: string;
  /** What `troopsEquivalent` counts. */
  unit: 'troops' | 'legions';
  /** The header of the casualty change column. */
  losses: string;
}

/** The worth analysis: `warcast worth FILE --json` prints exactly this object, for any kind with a `worth`. */
