/**
 * `worth` (`warcast worth <scenario> [--side N] [the kind's own options]`): scale factors, written once over any
 * kind (docs/architecture.md, "A kind"). The kind supplies its variations, the metrics they are measured by and
 * how an equivalent is priced (its `worth`, src/kinds/worth.ts); this runs them: each variation applied to a copy
 * and validated again, then measured exactly where the kind has exact odds (a battle: the change in win
 * probability and casualties, and the equivalents in BR points and troops by `seek`'s exact bisection), else by
 * paired Monte Carlo trials with common random numbers, staged by precision, with each equivalent found by a
 * bisection compared trial by trial (worthPaired.ts, worthSearch.ts; docs/design.md, "worth").
 */
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import { UsageError, WarcastError } from '../errors.js';
import { runTrials } from '../engine/run.js';
import { KIND_LIST } from '../kinds/index.js';
import { loadFor } from './behaviours.js';
import type { ScenarioInput } from '../kinds/load.js';
import type { KindDefinition, ToolkitCommand } from '../kinds/definition.js';
import type { KindWorth, Pricing, RefusedItem, Variation, WorthFrame } from '../kinds/worth.js';
import type { ScenarioSource } from '../scenario/source.js';
import { runSettings, type RunOptions, type RunSettings } from './options.js';
import type { FamilyError, FamilyMethod } from '../stats/family.js';
import { seek } from './seek.js';
import { PairedWorth, type PairedModel } from './worthPaired.js';
import { pairedItems, pairedTail, rankRows, sortRows, worthPlan, WorthRuns } from './worthSearch.js';

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
   * The ranked items whose size of change cannot be told from this one's. Sieges and cascades: the 95% interval of the
   * paired difference of the two |changes| (over the trials both ran, each paired with the scenario's trial of that
   * number) contains 0. Battles (exact): the two |changes| are equal.
   */
  tiedWith?: string[];
}

export interface WorthResult extends ResultMeta {
  kind: 'war-machine' | 'siege' | 'cascade';
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
  /** The kind's words for the document (src/analysis/worthPresent.ts): what the reader sees above and in the table. */
  words: WorthWords;
  /**
   * Sieges and cascades: the half-width asked of every item's change (null: a fixed `--trials` for every variant),
   * whether every item reached it within `maxTrials` (false: the CLI warns), and the widest half-width reached.
   */
  precision?: number | null;
  precisionReached?: boolean;
  precisionHalfWidth?: number;
  maxTrials?: number;
  /** Sieges and cascades: the stages run (trials a variant) and how many items ran to each. */
  stages?: { trials: number; items: number }[];
  /**
   * Sieges and cascades: the family error the items' claims are held to (method, α, claims, findings); each item's
   * `withinNoise`, rank and equivalents follow its decision at the family's level (`familyLevel`, `changeCiFamily`).
   */
  familyError?: FamilyError;
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
export async function worth(input: ScenarioInput, options: WorthOptions = {}): Promise<WorthResult> {
  runSettings(options);
  const { scenario, source, definition, behaviour } = await loadFor('worth', input);
  refuseOthersOptions('worth', definition, options);
  const kind = behaviour.worth! as KindWorth<unknown>;
  const paired = kind.method === 'monte-carlo';
  if (paired && runSettings(options).exact)
    throw new UsageError(
      `--exact: ${definition.called} has no exact odds (worth runs every variant by Monte Carlo with the same dice)`,
    );
  const runs = new WorthRuns();
  const settings = runSettings(options);
  const edit = (apply: (copy: unknown) => boolean | void) => edited(kind, scenario, source, apply);
  const frame = await kind.frame(scenario, source, options, {
    settings,
    edit,
    async run(kernel, plan, trials) {
      const r = await runTrials({
        kernel,
        plan,
        trials,
        seed: settings.seed,
        threads: settings.threads,
        signal: options.signal,
        engine: options.engine,
      });
      runs.note({ count: 0, trials: r.trials, lost: [0, 0], threads: r.threadsUsed, interrupted: r.interrupted });
      return { acc: r.acc, trials: r.trials };
    },
  });
  // Every variation applied and validated again; those the rules refuse are listed where the kind says so.
  const refused: RefusedItem[] = [];
  const chosen: { v: Variation<unknown>; scenario: unknown }[] = [];
  for (const v of frame.variations) {
    const s = edit((copy) => v.apply(copy));
    if (typeof s === 'string') refused.push({ name: v.name, group: v.group, reason: s });
    else chosen.push({ v, scenario: s });
  }
  const groups = options.groups ?? null;
  const inGroups = <T extends { group: string }>(xs: T[]) =>
    groups === null ? xs : xs.filter((x) => groups.includes(x.group));
  const head = {
    ...resultMeta('worth'),
    kind: definition.scenarioKind as WorthResult['kind'],
    title: (scenario as { title?: string }).title ?? null,
    side: frame.side,
    sideName: frame.sideName,
    method: kind.method,
    ...frame.fields(inGroups(refused)),
    words: frame.words,
  };
  const items = inGroups(chosen.map((c) => ({ ...c, group: c.v.group })));
  if (frame.exact !== undefined) return { ...head, ...(await exactItems(frame, behaviour, scenario, source, items)) };
  return { ...head, ...(await pairedRun(frame, scenario, source, options, items, runs, edit)) };
}

/**
 * The kinds' own options are theirs: one given on a scenario of a kind that does not declare it for this command
 * is refused in one line naming the kinds that take it.
 */
export function refuseOthersOptions(
  command: ToolkitCommand,
  definition: KindDefinition<unknown, unknown>,
  options: Record<string, unknown>,
): void {
  const own = new Set((definition.options ?? []).filter((o) => o.commands.includes(command)).map((o) => o.key));
  const seen = new Set<string>();
  for (const k of KIND_LIST)
    for (const o of k.options ?? []) {
      if (!o.commands.includes(command) || own.has(o.key) || seen.has(o.key)) continue;
      seen.add(o.key);
      const value = options[o.key];
      // A negated flag (--no-npc) is given when its value is false.
      if (value === undefined || value === null || (o.flag.startsWith('--no-') && value !== false)) continue;
      const takers = KIND_LIST.filter((t) => t.options?.some((x) => x.key === o.key && x.commands.includes(command)));
      throw new UsageError(`${o.flag.split(' ')[0]}: only for ${takers.map((t) => t.called).join(' or ')}`);
    }
}

/** The scenario with `apply` made on a copy and validated again; a string: why the rules refuse it. */
function edited(
  kind: KindWorth<unknown>,
  scenario: unknown,
  source: ScenarioSource,
  apply: (copy: unknown) => boolean | void,
): unknown {
  const copy = structuredClone(scenario);
  if (apply(copy) === false) return 'does not apply';
  try {
    return kind.check(copy, source);
  } catch (err) {
    // The rules refuse it (a limit, a defender-only item, …): the message without the file's place (the file is fine).
    if (err instanceof WarcastError) return err.message.replace(/^[^:]*:\d+: /, '');
    throw err;
  }
}

type Chosen = { v: Variation<unknown>; scenario: unknown };

/** The exact path: every variant enumerated, equivalents by `seek`'s exact bisection on the priced fields. */
async function exactItems(
  frame: WorthFrame<unknown, unknown>,
  behaviour: { explainChange?(before: unknown, after: unknown): string[] },
  scenario: unknown,
  source: ScenarioSource,
  chosen: Chosen[],
) {
  const exact = frame.exact!;
  const started = performance.now();
  const base = exact.measure(scenario);
  const items: WorthItem[] = [];
  // Many items move the same number of BR points: the same measure, the same equivalents.
  const memo = new Map<string, Promise<{ value: number; win: number } | null>>();
  const once = (field: 'br' | 'troops', win: number, delta: number) => {
    const key = `${field}:${win}:${Math.sign(delta)}`;
    if (!memo.has(key)) memo.set(key, equivalent(scenario, exact.metric, frame.pricing[field]!, win, delta));
    return memo.get(key)!;
  };
  for (const { v, scenario: variant } of chosen) {
    const e = exact.measure(variant);
    const win = e.value;
    const winDelta = win - base.value;
    const casualtiesDelta: [number, number] = [e.losses[0] - base.losses[0], e.losses[1] - base.losses[1]];
    const noBattleDelta = (e.noBattle ?? 0) - (base.noBattle ?? 0);
    // No change of a priced field touches the share no side wins (a battle's P(no battle): only the pair of tactics
    // does), so an item that raises it has no equivalent: bisecting on its lower win would price it as a defeat.
    const noEquivalent = noBattleDelta > SLACK;
    const br = noEquivalent || !frame.pricing.br ? null : await once('br', win, winDelta);
    const troops = noEquivalent ? null : await once('troops', win, winDelta);
    const explain = behaviour.explainChange?.(scenario, variant) ?? [];
    items.push({
      name: v.name,
      group: v.group,
      rule: v.rule,
      ...(explain.length ? { explain } : {}),
      win,
      winDelta,
      casualtiesDelta,
      brEquivalent: br === null ? null : br.value - frame.pricing.br!.current,
      brEquivalentWin: br?.win ?? null,
      troopsEquivalent: troops === null ? null : troops.value - frame.pricing.troops.current,
      troopsEquivalentWin: troops?.win ?? null,
      ...(e.noBattle === undefined ? {} : { noBattle: e.noBattle, noBattleDelta }),
      ...(noEquivalent ? { equivalentNote: exact.noBattleNote(noBattleDelta) } : {}),
    });
  }
  // Exact odds have no noise: only equal sizes of change tie.
  rankRows(items, (a, b) => Math.abs(Math.abs(items[a].winDelta) - Math.abs(items[b].winDelta)) <= SLACK);
  sortRows(items);
  return {
    win: base.value,
    ...(base.noBattle === undefined ? {} : { noBattle: base.noBattle }),
    casualties: frame.casualties ? frame.casualties(base.losses) : base.losses,
    items,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** Probabilities equal up to rounding (the same outcome reached through a different sum) count as reached. */
const SLACK = 1e-12;

/**
 * The value of a priced field whose exact measure reaches `win`: for a gain, the smallest value above the current
 * one with P ≥ win; for a loss, the largest below it with P ≤ win. Null when no value in the range does, or the
 * search could not vouch for a crossing (not monotone).
 */
async function equivalent(
  s: unknown,
  metric: string,
  price: Pricing<unknown>,
  win: number,
  delta: number,
): Promise<{ value: number; win: number } | null> {
  const { current, lo, hi } = price;
  if (delta === 0) return { value: current, win };
  const gain = delta > 0;
  const threshold = gain ? Math.max(0, win - SLACK) : Math.min(1, win + SLACK);
  try {
    const r = await seek(s as ScenarioInput & object, {
      vary: price.path!,
      target: `${metric} ${gain ? '>=' : '<='} ${threshold.toFixed(15)}`,
      from: gain ? current : lo,
      to: gain ? hi : current,
      largest: !gain,
      fullScanLimit: 0,
      // 17 evenly spaced values check monotonicity (the bisection then adds about log2 of the range).
      sample: 17,
    });
    return r.value === null || r.at === null ? null : { value: r.value, win: r.at.probability };
  } catch (err) {
    if (err instanceof UsageError) return null;
    throw err;
  }
}

/** The paired path: every variant run trial by trial beside the scenario, staged; equivalents on the same trials. */
async function pairedRun(
  frame: WorthFrame<unknown, unknown>,
  scenario: unknown,
  source: ScenarioSource,
  options: WorthOptions,
  chosen: Chosen[],
  runs: WorthRuns,
  edit: (apply: (copy: unknown) => boolean | void) => unknown,
) {
  const path = frame.paired!;
  const settings: RunSettings = runSettings({ ...options, trials: options.trials ?? path.trials });
  const model = (s: unknown, kindOptions?: Readonly<Record<string, unknown>>): PairedModel<unknown> => {
    const plan = path.plan(s, kindOptions);
    const [own, enemy] = path.losses;
    return {
      kernel: path.kernel,
      plan,
      read: {
        hits: (acc, trials) => path.measure.read(plan, acc, trials),
        lost(acc, out) {
          out[0] = own.read(plan, acc, 0);
          out[1] = enemy.read(plan, acc, 0);
        },
      },
    };
  };
  const paired = new PairedWorth(model(scenario), worthPlan(settings, options, path.unit));
  const priced = (p: Pricing<unknown>) => ({
    current: p.current,
    lo: p.lo,
    hi: p.hi,
    model(value: number) {
      const s = edit((copy) => p.set(copy, value));
      return typeof s === 'string' ? null : model(s);
    },
  });
  const items = await pairedItems(
    paired,
    chosen.map((c) => ({ name: c.v.name, group: c.v.group, rule: c.v.rule, model: model(c.scenario, c.v.options) })),
    {
      ...(frame.pricing.br ? { br: priced(frame.pricing.br) } : {}),
      troops: priced(frame.pricing.troops),
    },
    path.noTroopsNote,
  );
  return pairedTail(paired, runs, items, frame.casualties);
}
