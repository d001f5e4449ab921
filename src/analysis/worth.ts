/**
 * `worth` (`warcast worth <scenario> [--side 0|1]`): scale factors. For each adjustment that could apply to a side
 * (each morale, environment, terrain, leader-loss and heroics item, each defender item when it defends, each
 * immunity, fatigue, information and surprise choice, each tactic, +10% troops, +10 BR), the exact change in the
 * side's win probability and casualties, and its equivalent in BR points and in troops: the change of `bonus`
 * (or of `troops`) that gives the same win probability, found by `seek`'s exact bisection.
 */
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import { UsageError, WarcastError } from '../errors.js';
import { loadFor } from './behaviours.js';
import type { ScenarioInput } from '../kinds/load.js';
import { compileWarMachine } from '../kinds/warMachine/plan.js';
import { checkWarMachine, warMachineSchema, type WarMachineScenario } from '../kinds/warMachine/schema.js';
import {
  CHOICE_ADJUSTMENTS,
  CHOICE_RULES,
  DEFENDER_ADJUSTMENTS,
  FLAG_ADJUSTMENTS,
} from '../rules/warMachine/adjustments.js';
import { TACTICS } from '../rules/warMachine/tactics.js';
import { validate, type ScenarioSource } from '../scenario/source.js';
import { pct } from '../present/format.js';
import type { FamilyError, FamilyMethod } from '../stats/family.js';
import { explainWarMachineChange } from './explainChange.js';
import { exactOdds } from './odds.js';
import { runSettings, type RunOptions } from './options.js';
import { seek } from './seek.js';
import { rankRows, sortRows } from './worthSearch.js';

export interface WorthOptions extends RunOptions {
  /** The side whose adjustments are valued (default 0, side A). Cascades: a player's index (or `player`). */
  side?: number;
  /** How far the equivalents are searched: ± this many BR points of `bonus` (default 500; sieges 100). */
  brRange?: number;
  /** Troops are searched from troops ÷ this to troops × this (default 20; sieges 4). */
  troopsFactor?: number;
  /** Sieges: the week N of the measure (P(fallen by N) for the attacker, P(held through N) for the defender). */
  week?: number;
  /** Only the items of these groups (e.g. ['size', 'engine']); default every group. */
  groups?: string[];
  /** Cascades: the player valued (default: the first player ordering a seizure, else the first location's owner). */
  player?: string;
  /** Cascades: the location whose final owner is measured (default: the player's first seizure, else its first non-homeworld location). */
  location?: string;
  /** Cascades: planning over this many rounds, as `cascade --rounds R` (default: this round only). */
  rounds?: number | null;
  /** Cascades: random NPC attacks (default true; false as `cascade --no-npc`). */
  npc?: boolean;
  /**
   * Sieges and cascades: how the items' many claims are held together (src/stats/family.ts): `holm` (default) keeps
   * the chance of any false "beyond noise" at or below 5%; `bh` the expected share of false findings.
   */
  family?: FamilyMethod;
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

type Variation = { name: string; group: string; rule: string; apply: (s: WarMachineScenario['sides'][number]) => void };

/** Everything that could be added to or changed for a side, as it stands in the scenario. */
function variations(s: WarMachineScenario, side: 0 | 1): Variation[] {
  const me = s.sides[side];
  const out: Variation[] = [];
  const adj = me.adjustments as Record<string, unknown>;
  for (const [k, a] of Object.entries(FLAG_ADJUSTMENTS)) {
    if (adj[k]) continue;
    out.push({
      name: k,
      group: a.group,
      rule: `${a.rule} (${a.value > 0 ? '+' : ''}${a.value})`,
      apply: (x) => ((x.adjustments as Record<string, unknown>)[k] = true),
    });
  }
  if (me.defending) {
    for (const [k, a] of Object.entries(DEFENDER_ADJUSTMENTS)) {
      if (adj[k]) continue;
      out.push({
        name: k,
        group: 'defender',
        rule: `${a.rule} (+${a.value})`,
        apply: (x) => ((x.adjustments as Record<string, unknown>)[k] = true),
      });
    }
  }
  for (const [group, choices] of Object.entries(CHOICE_ADJUSTMENTS)) {
    for (const [choice, value] of Object.entries(choices)) {
      if (choice === 'none' || adj[group] === choice) continue;
      out.push({
        name: `${group}: ${choice}`,
        group,
        rule: `${CHOICE_RULES[choice] ?? choice} (${value > 0 ? '+' : ''}${value})`,
        apply: (x) => ((x.adjustments as Record<string, unknown>)[group] = choice),
      });
    }
  }
  if (me.tactic !== undefined) {
    for (const t of TACTICS) {
      if (me.tactic === t) continue;
      out.push({
        name: `tactic: ${t}`,
        group: 'tactic',
        rule: `${t} instead of ${typeof me.tactic === 'string' ? me.tactic : 'the mix given'}`,
        apply: (x) => (x.tactic = t),
      });
    }
  }
  out.push({
    name: '+10% troops',
    group: 'size',
    rule: `${me.troops} → ${Math.round(me.troops * 1.1)} troops`,
    apply: (x) => (x.troops = Math.round(x.troops * 1.1)),
  });
  out.push({ name: '+10 BR', group: 'size', rule: 'bonus + 10', apply: (x) => (x.bonus += 10) });
  return out;
}

/** The worth analysis: `warcast worth FILE --json` prints exactly this object (each kind's own, by its `worth` hook). */
export async function worth(input: ScenarioInput, options: WorthOptions = {}): Promise<WorthResult> {
  runSettings(options);
  const { scenario, source, behaviour } = await loadFor('worth', input);
  return behaviour.worth!(scenario, source, options);
}

/** A battle or a siege: the cascade's options are refused, and the side is 0 or 1. */
export function twoSidedWorth(options: WorthOptions): 0 | 1 {
  for (const [k, v] of [
    ['--player', options.player],
    ['--location', options.location],
    ['--rounds', options.rounds ?? undefined],
    ['--no-npc', options.npc === false ? true : undefined],
  ] as const) {
    if (v !== undefined) throw new UsageError(`${k}: only for a cascade`);
  }
  const side = options.side ?? 0;
  if (side !== 0 && side !== 1) throw new UsageError(`--side: expected 0 or 1, got ${String(side)}`);
  return side;
}

/** A battle's worth: exact. */
export async function worthBattle(
  scenario: WarMachineScenario,
  source: ScenarioSource,
  options: WorthOptions,
): Promise<WorthResult> {
  const side = twoSidedWorth(options);
  if (options.week !== undefined) throw new UsageError('--week: only for a siege');
  const brRange = options.brRange ?? 500;
  const troopsFactor = options.troopsFactor ?? 20;
  const started = performance.now();
  const base = exactOdds(compileWarMachine(scenario));
  const me = scenario.sides[side];
  const items: WorthItem[] = [];
  // Many items move the same number of BR points: the same win probability, the same equivalents.
  const memo = new Map<string, Promise<{ value: number; win: number } | null>>();
  const once = (field: 'bonus' | 'troops', win: number, delta: number, lo: number, hi: number) => {
    const key = `${field}:${win}:${Math.sign(delta)}`;
    if (!memo.has(key)) memo.set(key, equivalent(scenario, side, field, win, delta, lo, hi));
    return memo.get(key)!;
  };
  for (const v of variations(scenario, side)) {
    if (options.groups && !options.groups.includes(v.group)) continue;
    const edited = edit(scenario, source, side, v);
    if (edited === null) continue; // not allowed for this side (e.g. a defender-only item on an attacker)
    const e = exactOdds(compileWarMachine(edited));
    const win = e.win[side];
    const winDelta = win - base.win[side];
    const casualtiesDelta: [number, number] = [
      e.casualties[side].mean - base.casualties[side].mean,
      e.casualties[1 - side].mean - base.casualties[1 - side].mean,
    ];
    const noBattleDelta = e.noCombat - base.noCombat;
    // No change of bonus or troops touches P(no battle) (only the pair of tactics does), so an item that turns
    // battles into no battle has no equivalent: bisecting on its lower win would price "no battle" as a defeat.
    const noEquivalent = noBattleDelta > SLACK;
    const br = noEquivalent ? null : await once('bonus', win, winDelta, me.bonus - brRange, me.bonus + brRange);
    const troops = noEquivalent
      ? null
      : await once(
          'troops',
          win,
          winDelta,
          Math.max(1, Math.ceil(me.troops / troopsFactor)),
          Math.min(1e9, me.troops * troopsFactor),
        );
    const explain = explainWarMachineChange(scenario, edited);
    items.push({
      name: v.name,
      group: v.group,
      rule: v.rule,
      ...(explain.length ? { explain } : {}),
      win,
      winDelta,
      casualtiesDelta,
      brEquivalent: br === null ? null : br.value - me.bonus,
      brEquivalentWin: br?.win ?? null,
      troopsEquivalent: troops === null ? null : troops.value - me.troops,
      troopsEquivalentWin: troops?.win ?? null,
      noBattle: e.noCombat,
      noBattleDelta,
      ...(noEquivalent
        ? {
            equivalentNote: `no equivalent: it turns ${pct(noBattleDelta)} of battles into no battle, which no bonus or troops do`,
          }
        : {}),
    });
  }
  // Exact odds have no noise: only equal sizes of change tie.
  rankRows(items, (a, b) => Math.abs(Math.abs(items[a].winDelta) - Math.abs(items[b].winDelta)) <= SLACK);
  sortRows(items);
  return {
    ...resultMeta('worth'),
    kind: 'war-machine',
    title: scenario.title ?? null,
    side,
    sideName: me.name,
    method: 'exact',
    words: {
      heading: `${scenario.title ? scenario.title + ': ' : ''}what each adjustment is worth to ${me.name} (side ${side === 0 ? 'A' : 'B'})`,
      measureColumn: 'win',
      equivalents: 'equivalents by exact bisection on bonus (BR points) and troops',
      unit: 'troops',
      losses: 'Δ casualties own / enemy',
    },
    win: base.win[side],
    noBattle: base.noCombat,
    casualties: [base.casualties[0].mean, base.casualties[1].mean],
    items,
    elapsedMs: Math.round(performance.now() - started),
  };
}

function edit(s: WarMachineScenario, source: ScenarioSource, side: 0 | 1, v: Variation): WarMachineScenario | null {
  const copy = structuredClone(s);
  v.apply(copy.sides[side]);
  try {
    return checkWarMachine(source, validate(source, warMachineSchema, copy));
  } catch (err) {
    if (err instanceof WarcastError) return null;
    throw err;
  }
}

/** Probabilities equal up to rounding (the same outcome reached through a different sum) count as reached. */
const SLACK = 1e-12;

/**
 * The value of `field` (bonus or troops) of the side whose exact win probability reaches `win`: for a gain, the
 * smallest value above the current one with P ≥ win; for a loss, the largest below it with P ≤ win. Null when no
 * value in [lo, hi] does, or the search could not vouch for a crossing (not monotone).
 */
async function equivalent(
  s: WarMachineScenario,
  side: 0 | 1,
  field: 'bonus' | 'troops',
  win: number,
  delta: number,
  lo: number,
  hi: number,
): Promise<{ value: number; win: number } | null> {
  const current = s.sides[side][field];
  if (delta === 0) return { value: current, win };
  const gain = delta > 0;
  const threshold = gain ? Math.max(0, win - SLACK) : Math.min(1, win + SLACK);
  try {
    const r = await seek(s as unknown as ScenarioInput & object, {
      vary: `sides[${side}].${field}`,
      target: `win[${side}] ${gain ? '>=' : '<='} ${threshold.toFixed(15)}`,
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
