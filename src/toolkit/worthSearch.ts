/** The search behind `worth`'s equivalents on a Monte Carlo curve (its paired path, src/toolkit/worth.ts). */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { localEngine } from '../engine/local.js';
import { UsageError } from '../errors.js';
import { wilsonInterval, Z95 } from '../stats/index.js';
import { FAMILY_ALPHA, familyByTests, familyDecisions, familyError } from '../stats/family.js';
import { normalQuantile } from '../stats/normal.js';
import { judgedLevel } from './staging.js';
import {
  pairedMeanDifference,
  pairedProportionDifference,
  pairedProportionZ,
  type PairedDifference,
} from '../stats/paired.js';
import { countMet, discordantPairs, patternCounts, type TrialBits } from './trialBits.js';
import { progressIn, type RunSettings } from '../engine/options.js';
import type { WorthItem, WorthOptions } from '../kinds/worth.js';
import {
  FIRST_STAGE,
  WORTH_MAX_TRIALS,
  WORTH_PRECISION,
  type PairedModel,
  type PairedStats,
  type PairedVariant,
  type PairedWorth,
  type WorthPlan,
} from './worthPaired.js';

/** One equivalent searched (`bonus` in BR points, `troops`, a force's legions): the measure at a value of it. */
export interface EquivalentField<Plan> {
  current: number;
  lo: number;
  hi: number;
  /** The variant at that value (null: the rules refuse it). */
  model(value: number): PairedModel<Plan> | null;
}

/** An equivalent (null: none in range), with the values the item cannot be told apart from. */
export interface FoundEquivalent {
  value: number | null;
  /** The measure there over the item's trials (the round trip). */
  win: number | null;
  /**
   * The values whose measure, compared with the item's trial by trial over the item's trials, is within noise of it
   * (the 95% interval of the difference contains 0), low value first; null where that set runs past the range
   * searched. When no whole value is within noise (the curve steps over the item), the two values either side, and
   * `between` is true: the equivalent lies between them, and neither end is a value the item cannot be told from.
   */
  ci95: [number | null, number | null];
  between?: boolean;
  /** The item's first trials the values were compared over (0: no search). */
  trials: number;
  /** Why there is none, when the curve is to blame. */
  note?: string;
}

const notMonotone = (field: string) =>
  `no ${field === 'br' ? 'BR' : 'size'} equivalent: the measure does not move one way with ${field === 'br' ? 'bonus' : 'the force’s size'} around the scenario’s value (values on both sides cannot be told from the item, or it falls back along the search), so no one value matches the item`;

/**
 * A value is ruled out before the item's trials only when its difference to the item is this many standard errors
 * from 0 (about 1 in 16,000 each look), so the early looks leave the 95% test at the item's trials its level.
 */
export const EARLY_Z = 4;

/** How a value of a field compares with the item, trial by trial. */
interface Comparison {
  /** Clearly short of the item (along the search: below it for a gain, above it for a loss). */
  short: boolean;
  /** Clearly past it. */
  past: boolean;
  /** Its count over the trials compared reaches the item's (decided at an early look only when clearly past). */
  reaches: boolean;
  /** The trials compared: the item's, or fewer when an early look decided it. */
  trials: number;
}

/** The variant at each value tried, shared by every item's search (items with the same plan reuse the item's). */
export class Curves<Plan> {
  private readonly at = new Map<string, PairedVariant<Plan> | null>();
  constructor(
    private readonly paired: PairedWorth<Plan>,
    private readonly items: Map<string, PairedVariant<Plan>>,
  ) {}

  variant(name: string, field: EquivalentField<Plan>, value: number): PairedVariant<Plan> | null {
    const key = `${name}:${value}`;
    if (!this.at.has(key)) {
      const m = field.model(value);
      this.at.set(key, m === null ? null : (this.items.get(planKey(m.plan)) ?? this.paired.variant(m)));
    }
    return this.at.get(key)!;
  }
}

/**
 * The equivalent of an item beyond noise on one field (docs/design.md, "worth": equivalents). Every value tried is
 * compared with the item itself, trial by trial over the item's trials (all of them, the ones its change was
 * measured over, so an equivalent prices that change; the same dice: common random numbers), so the curve's noise
 * and the item's are both in the comparison:
 * - the point: the value nearest the current one, along the search, whose count reaches the item's (for a gain the
 *   smallest value above the current one with count ≥ the item's; for a loss the largest below it with count ≤);
 * - the bracket: the values whose paired difference to the item has a 95% interval containing 0 — the values the
 *   item cannot be told apart from, so it holds the true equivalent 95% of the time (the test inverted). A value
 *   far from the item is ruled out at an earlier stage when its interval at EARLY_Z already excludes 0.
 * A check on 5 evenly spaced values that the curve rises (no later one below an earlier one at EARLY_Z) comes
 * first; a curve that does not rise, or a value the rules refuse, gives no equivalent.
 */
export async function searchEquivalent<Plan>(
  paired: PairedWorth<Plan>,
  curves: Curves<Plan>,
  name: string,
  field: EquivalentField<Plan>,
  item: PairedVariant<Plan>,
  st: PairedStats,
): Promise<FoundEquivalent> {
  const none: FoundEquivalent = { value: null, win: null, ci95: [null, null], trials: 0 };
  // Every trial of the item, the ones its change was measured over: the curve and the item over the same ones.
  const n = st.trials;
  const dir = st.change.difference > 0 ? 1 : -1;
  const { current } = field;
  const end = dir > 0 ? field.hi : field.lo;
  if (dir > 0 ? end <= current : end >= current) return none;
  const looks = [...paired.stages.filter((m) => m < n), n];
  const known = new Map<number, Comparison | null>();
  const compare = async (v: number): Promise<Comparison | null> => {
    if (known.has(v)) return known.get(v)!;
    const curve = v === current ? paired.base : curves.variant(name, field, v);
    let found: Comparison | null = null;
    if (curve !== null)
      for (const m of v === current ? [n] : looks) {
        if (curve.done < m && (await (curve as PairedVariant<Plan>).stage(m)) === null) {
          paired.interrupted = true;
          break;
        }
        const last = m === n;
        const { aOnly: itemOnly, bOnly: curveOnly } = discordantPairs(item.bits, curve.bits, m);
        // The curve minus the item, turned so that positive is further along the search.
        const d = pairedProportionDifference(itemOnly, curveOnly, m, last ? Z95 : EARLY_Z);
        const lo = dir > 0 ? d.ci95[0] : -d.ci95[1];
        const hi = dir > 0 ? d.ci95[1] : -d.ci95[0];
        if (last || hi < 0 || lo > 0) {
          found = {
            short: hi < 0,
            past: lo > 0,
            reaches: last ? dir * (curveOnly - itemOnly) >= 0 : lo > 0,
            trials: m,
          };
          break;
        }
      }
    known.set(v, found);
    return found;
  };
  /** The first value along the search from a (where `holds` is false) to b (where it is true); null: stopped. */
  const firstFrom = async (a: number, b: number, holds: (c: Comparison) => boolean): Promise<number | null> => {
    while (Math.abs(b - a) > 1) {
      const mid = Math.round((a + b) / 2);
      const c = await compare(mid);
      if (c === null) return null;
      if (holds(c)) b = mid;
      else a = mid;
    }
    return b;
  };

  const values = [
    current,
    ...Array.from({ length: 5 }, (_, j) => Math.round(current + ((end - current) * (j + 1)) / 5)),
  ];
  const seen: Comparison[] = [];
  for (const v of values) {
    const c = await compare(v);
    if (c === null) return none;
    seen.push(c);
  }
  // Rising along the search: no later value clearly (EARLY_Z) below an earlier one, over the trials both ran.
  const variantAt = (v: number) => (v === current ? paired.base : curves.variant(name, field, v)!);
  for (let a = 0; a < values.length; a++)
    for (let b = a + 1; b < values.length; b++) {
      const x = variantAt(values[a]);
      const y = variantAt(values[b]);
      const m = Math.min(x.done, y.done, n);
      const { aOnly, bOnly } = discordantPairs(x.bits, y.bits, m);
      const d = pairedProportionDifference(aOnly, bOnly, m, EARLY_Z);
      if (dir > 0 ? d.ci95[1] < 0 : d.ci95[0] > 0) return { ...none, note: notMonotone(name) };
    }
  // The other side of the current value: the same steps the other way must all fall clearly short of the item (on a
  // peak, a trough or a flat stretch the item's measure is met on both sides, and no one value is its worth).
  const clamp = (v: number) => Math.min(field.hi, Math.max(field.lo, v));
  for (const v of new Set(values.slice(1).map((x) => clamp(Math.round(2 * current - x))))) {
    const c = await compare(v);
    if (paired.interrupted) return none;
    if (c !== null && !c.short) return { ...none, note: notMonotone(name) };
  }
  const step = (k: number, holds: (c: Comparison) => boolean) =>
    k <= 0 ? Promise.resolve(values[0]) : firstFrom(values[k - 1], values[k], holds);
  const firstOf = (holds: (c: Comparison) => boolean) => seen.findIndex(holds);

  // The point, then the bracket's near end (the first value not clearly short) and far end (before the first value
  // clearly past; none in range: the bracket runs past the end).
  const kPoint = firstOf((c) => c.reaches);
  let point = kPoint < 0 ? null : await step(kPoint, (c) => c.reaches);
  const kNear = firstOf((c) => !c.short);
  const near = kNear < 0 ? null : await step(kNear, (c) => !c.short);
  const kPast = firstOf((c) => c.past);
  const firstPast = kPast < 0 ? null : await step(kPast, (c) => c.past);
  if (paired.interrupted) return none;
  let win: number | null = null;
  if (point !== null) {
    // The point's count over every one of the item's trials, for the round trip (an early look decided it).
    for (;;) {
      const curve = curves.variant(name, field, point);
      if (curve === null) return none;
      if (curve.done < n && (await curve.stage(n)) === null) {
        paired.interrupted = true;
        return none;
      }
      const { aOnly: itemOnly, bOnly: curveOnly } = discordantPairs(item.bits, curve.bits, n);
      if (dir * (curveOnly - itemOnly) >= 0) {
        win = countMet(curve.bits, n) / n;
        break;
      }
      if (point === end) {
        point = null;
        break;
      }
      point += dir;
    }
  }
  let inner = near;
  let outer = firstPast === null ? null : firstPast - dir;
  // No whole value within noise: the curve steps over the item between two neighbours, which are no bracket of
  // values it cannot be told from but the two values the equivalent lies between.
  const between = inner !== null && outer !== null && dir * (outer - inner) < 0;
  if (between) [inner, outer] = [outer, inner];
  if (point !== null) {
    if (inner === null || dir * (point - inner) < 0) inner = point;
    if (outer !== null && dir * (point - outer) > 0) outer = point;
  }
  const rel = (v: number | null) => (v === null ? null : v - current);
  const ends: [number | null, number | null] = dir > 0 ? [rel(inner), rel(outer)] : [rel(outer), rel(inner)];
  return { value: rel(point), win, ci95: ends, ...(between ? { between } : {}), trials: n };
}

/** One variant's Monte Carlo run, as a worth analysis measures it (a siege's or a cascade's). */
export interface MeasuredVariant {
  /** Successes of the measure out of `trials`. */
  count: number;
  trials: number;
  /** Mean losses: a siege's troops (dead + wounded) of [attacker, defender]; a cascade's legions of [the player, every other player]. */
  lost: [number, number];
  threads: number;
  interrupted: boolean;
}

/** What every run of one worth analysis used (the most threads, any interrupted). */
export class WorthRuns {
  threads = 1;
  interrupted = false;
  readonly started = performance.now();
  /** Record a run made outside the paired stages (the siege's default week); returns it. */
  note<M extends MeasuredVariant>(m: M): M {
    this.threads = Math.max(this.threads, m.threads);
    this.interrupted ||= m.interrupted;
    return m;
  }
}

/** The family error worth's Monte Carlo items are held to: any false finding among them at most 5% (Holm). */
export { FAMILY_ALPHA };

/** Why a siege's or a cascade's worth runs on no engine that cannot pair trials (src/engine/engine.ts, `paired`). */
export const PAIRED_REFUSAL =
  'worth on a siege or a cascade cannot be split into shards: which variants run next, and how far, depends on the values of those before, which one shard does not have';

/** The stages of a worth run from its options: `--trials N` alone fixes N a variant; else stages by precision. */
export function worthPlan(settings: RunSettings, options: WorthOptions, unit: string): WorthPlan {
  // Paired trials are read one by one on the engine's threads or cluster (engine/paired.ts), through a checkpoint
  // when one is kept; a shard and a merge's replay have no paired runner.
  const engine = options.engine ?? localEngine;
  if (engine.paired === undefined) throw new UsageError(PAIRED_REFUSAL);
  const byPrecision = options.trials === undefined || options.precision != null;
  return {
    seed: settings.seed,
    precision: byPrecision ? (options.precision ?? WORTH_PRECISION) : null,
    first: options.trials ?? FIRST_STAGE,
    trials: settings.trials,
    maxTrials: options.maxTrials ?? WORTH_MAX_TRIALS,
    threads: settings.threads,
    signal: options.signal,
    onProgress: progressIn(options, unit),
    engine,
    family: { method: options.family ?? 'holm', alpha: FAMILY_ALPHA },
  };
}

export interface ItemInput<Plan> {
  name: string;
  group: string;
  rule: string;
  model: PairedModel<Plan>;
}

/**
 * Every item through the staged, paired runs (items whose plans are the same run once: many adjustments move the
 * same number of BR points), then the equivalents of each change beyond noise. `gainNote` says why an item
 * beyond noise has no troop equivalent (null: nothing to say). Largest |change| first.
 */
export async function pairedItems<Plan>(
  paired: PairedWorth<Plan>,
  inputs: ItemInput<Plan>[],
  fields: { br?: EquivalentField<Plan>; troops: EquivalentField<Plan> },
  gainNote?: (gain: boolean) => string | null,
): Promise<WorthItem[]> {
  // A plan's key is a few milliseconds: the event loop turns after each, so a signal is seen meanwhile.
  const keys: string[] = [];
  for (const input of inputs) {
    keys.push(planKey(input.model.plan));
    await nextTurn();
  }
  const unique = [...new Set(keys)];
  const variants = unique.map((k) => paired.variant(inputs[keys.indexOf(k)].model));
  const final = await paired.runStages(variants);
  // Many claims at once: each variant's change is "beyond noise" at the family's level (Holm by default: the chance
  // of any false finding over the items ≤ 5%), not at 95% each (src/stats/family.ts; docs/design.md, worth). Staged,
  // a claim is judged where it stopped at its level less the share spent on stopping early (staging.ts), and one
  // stopped early as decided passes at every level its family can give it.
  const family = paired.plan.family ?? { method: 'holm', alpha: FAMILY_ALPHA };
  const ran = variants.flatMap((_, u) => (final[u] === null ? [] : [u]));
  const looks = paired.stageLevel === null ? 1 : paired.stages.length;
  const zOf = (level: number) => normalQuantile(1 - judgedLevel(level, looks) / 2);
  const zs = ran.map((u) => Math.abs(pairedProportionZ(final[u]!.baseOnly, final[u]!.variantOnly, final[u]!.trials).z));
  const tests = familyByTests(
    ran.length,
    (j, level) => paired.decidedEarly.has(ran[j]) || zs[j] > zOf(level),
    family.alpha,
    family.method,
  );
  const decisions = tests.map((t) => ({ ...t, level: judgedLevel(t.level, looks), z: zOf(t.level) }));
  const decisionOf = new Map(ran.map((u, j) => [u, decisions[j]]));
  paired.familyError = familyError(decisions, family.alpha, family.method);
  // A value searched whose plan is an item's is that item (e.g. bonus − 25 and a −25 BR adjustment): the same trials.
  const curves = new Curves(paired, new Map(unique.map((k, u) => [k, variants[u]])));
  // Every search starts at once: each is a chain of small paired jobs (one value, one stage), so one search at a time
  // leaves the threads waiting at the end of every job; side by side their jobs share the lanes (the oldest first).
  // A search's answer depends only on the trials of the values it compares (shared curves, the same dice whoever
  // runs them first), so the bytes do not depend on the order they run in.
  const found = new Map<string, Promise<FoundEquivalent>>();
  const searchOf = (name: 'br' | 'troops', u: number): Promise<FoundEquivalent> | null => {
    const field = fields[name];
    const st = final[u];
    if (st === null || !decisionOf.get(u)!.beyond || field === undefined) return null;
    const key = `${name}:${u}`;
    if (!found.has(key)) found.set(key, searchEquivalent(paired, curves, name, field, variants[u], st));
    return found.get(key)!;
  };
  for (const u of unique.keys()) for (const name of ['br', 'troops'] as const) searchOf(name, u);
  // One failed search fails the command when it is awaited below; the others are not left unhandled meanwhile.
  for (const search of found.values()) search.catch(() => {});
  const items: WorthItem[] = [];
  const rows: { item: WorthItem; variant: PairedVariant<Plan>; trials: number }[] = [];
  for (const [i, input] of inputs.entries()) {
    const u = unique.indexOf(keys[i]);
    const st = final[u];
    if (st === null) continue; // stopped before its first stage ended
    const decision = decisionOf.get(u)!;
    const familyCi = pairedProportionDifference(st.baseOnly, st.variantOnly, st.trials, decision.z).ci95;
    const noise = !decision.beyond;
    // Stopped by the signal: a search that ended before keeps its answer, one cut short has none.
    const eq = async (name: 'br' | 'troops'): Promise<FoundEquivalent | null> => (noise ? null : searchOf(name, u));
    const br = await eq('br');
    const troops = await eq('troops');
    const n = st.trials;
    const why = [br?.note, troops?.note ?? (troops?.value == null ? gainNote?.(st.change.difference > 0) : null)];
    const note = noise
      ? 'within noise: the change’s interval at the family’s level contains 0, so no equivalent is given'
      : why.filter((x): x is string => typeof x === 'string').join('; ') || null;
    const item: WorthItem = {
      name: input.name,
      group: input.group,
      rule: input.rule,
      win: st.hits / n,
      // The scenario over the same trials: base + change = win, row by row (the header's base ran the most trials).
      baseWin: (st.hits - st.variantOnly + st.baseOnly) / n,
      winDelta: st.change.difference,
      winCi95: wilsonInterval(st.hits, n),
      changeCi95: st.change.ci95,
      changeCiFamily: familyCi,
      familyLevel: decision.level,
      withinNoise: noise,
      trials: n,
      ...(paired.decidedEarly.has(u) ? { decided: true as const } : {}),
      pairs: { baseOnly: st.baseOnly, variantOnly: st.variantOnly },
      casualtiesDelta: [st.lostChange[0].difference, st.lostChange[1].difference],
      casualtiesDeltaCi95: [st.lostChange[0].ci95, st.lostChange[1].ci95],
      brEquivalent: br?.value ?? null,
      brEquivalentWin: br?.win ?? null,
      ...(br ? { brEquivalentCi95: br.ci95 } : {}),
      ...(br?.between ? { brEquivalentBetween: true } : {}),
      troopsEquivalent: troops?.value ?? null,
      troopsEquivalentWin: troops?.win ?? null,
      ...(troops ? { troopsEquivalentCi95: troops.ci95 } : {}),
      ...(troops?.between ? { troopsEquivalentBetween: true } : {}),
      ...(Math.max(br?.trials ?? 0, troops?.trials ?? 0) > 0
        ? { equivalentTrials: Math.max(br?.trials ?? 0, troops?.trials ?? 0) }
        : {}),
      ...(note === null ? {} : { equivalentNote: note }),
    };
    items.push(item);
    rows.push({ item, variant: variants[u], trials: n });
  }
  // Two ranked items are ordered only when the difference of their sizes of change, over the trials both ran (each
  // paired with the scenario's trial of that number), is beyond noise at the family's level: every pair of ranked
  // items with different changes is a claim (this change larger than that one), held as the items are (Holm by
  // default), as tournament holds its pairs' orders. Items with the same plan are the same change: tied.
  const ranked = rows.flatMap((r, i) => (r.item.withinNoise ? [] : [i]));
  const claims: [number, number][] = [];
  for (const [j, a] of ranked.entries())
    for (const b of ranked.slice(j + 1)) if (rows[a].variant !== rows[b].variant) claims.push([a, b]);
  const size = ([a, b]: [number, number]) =>
    sizeDifference(
      paired.base.bits,
      rows[a].variant.bits,
      rows[b].variant.bits,
      Math.min(rows[a].trials, rows[b].trials),
      rows[a].item.winDelta,
      rows[b].item.winDelta,
    );
  const orders = familyDecisions(
    claims.map((c) => size(c).stat),
    family.alpha,
    family.method,
  );
  const ordered = new Set(claims.flatMap(([a, b], j) => (orders[j].beyond ? [`${a} ${b}`, `${b} ${a}`] : [])));
  if (claims.length > 0) paired.rankFamilyError = familyError(orders, family.alpha, family.method);
  rankRows(
    rows.map((r) => r.item),
    (a, b) => !ordered.has(`${a} ${b}`),
  );
  return sortRows(items);
}

/**
 * Ranked rows by rank, then largest |change| (then by name), so ranks rise down the table; the unranked (within
 * noise of no change) after them, largest |change| first.
 */
export function sortRows(items: WorthItem[]): WorthItem[] {
  const order = (i: WorthItem) => (i.rank == null ? Infinity : i.rank);
  return items.sort(
    (a, b) => order(a) - order(b) || Math.abs(b.winDelta) - Math.abs(a.winDelta) || a.name.localeCompare(b.name),
  );
}

/** Why a row within noise of no change has no rank. */
export const UNRANKED_NOTE =
  'within noise: its change’s 95% interval contains 0, so its size cannot be told from no change and it is not ranked';

/**
 * Each row's `rank` (1 + the ranked rows whose |change| is larger and not tied with it) and `tiedWith` (the ranked
 * rows it is tied with), as tournament ranks forces. A row within noise of no change (`withinNoise`) is not ranked:
 * `rank` null, `rankNote` says why. `tied(a, b)`: rows a and b cannot be ordered by their size of change.
 */
export function rankRows(items: WorthItem[], tied: (a: number, b: number) => boolean): void {
  const size = items.map((i) => Math.abs(i.winDelta));
  const ranked = items.map((i) => !i.withinNoise);
  const ties = items.map((_, a) => items.map((_, b) => a !== b && ranked[a] && ranked[b] && tied(a, b)));
  items.forEach((item, a) => {
    item.tiedWith = items.filter((_, b) => ties[a][b]).map((x) => x.name);
    if (!ranked[a]) {
      item.rank = null;
      item.rankNote = UNRANKED_NOTE;
      return;
    }
    item.rank = 1 + items.filter((_, b) => ranked[b] && b !== a && size[b] > size[a] && !ties[a][b]).length;
  });
}

/**
 * |change of a| − |change of b| over the first n trials, paired: trial t gives sₐ(aₜ − baseₜ) − s_b(bₜ − baseₜ)
 * (s: the sign of each change), so the trials both items share cancel. Same signs: the difference of the two items
 * themselves, with Agresti–Min's matched-pairs interval; opposite signs: the mean of those per-trial values
 * (−2 to 2) with its normal interval (src/stats/paired.ts). The interval at `z` (default 95%), and `stat`: the
 * difference as a normal statistic (its centre ÷ its standard error), for the ranks' family.
 */
export function sizeDifference(
  base: TrialBits,
  a: TrialBits,
  b: TrialBits,
  n: number,
  changeA: number,
  changeB: number,
  z: number = Z95,
): PairedDifference & { stat: number } {
  const sa = changeA < 0 ? -1 : 1;
  const sb = changeB < 0 ? -1 : 1;
  if (sa === sb) {
    const { aOnly, bOnly } = discordantPairs(a, b, n);
    const d = pairedProportionDifference(bOnly, aOnly, n, z); // a − b
    const stat = sa * pairedProportionZ(bOnly, aOnly, n).z;
    return sa > 0 ? { ...d, stat } : { difference: -d.difference, ci95: [-d.ci95[1], -d.ci95[0]], stat };
  }
  const counts = patternCounts(base, a, b, n);
  let sum = 0;
  let squares = 0;
  for (let p = 0; p < 8; p++) {
    const x = (p >> 2) & 1;
    const w = sa * (((p >> 1) & 1) - x) - sb * ((p & 1) - x);
    sum += counts[p] * w;
    squares += counts[p] * w * w;
  }
  const d = pairedMeanDifference(sum, squares, n, z);
  const half = (d.ci95[1] - d.ci95[0]) / 2 / z;
  return { ...d, stat: half > 0 ? d.difference / half : d.difference === 0 ? 0 : Math.sign(d.difference) * Infinity };
}

/** A plan as a string, to run items with the same plan once (typed arrays as their numbers). */
function planKey(plan: unknown): string {
  return JSON.stringify(plan, (_, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v));
}

/**
 * The closing fields of a Monte Carlo worth result: the scenario as it stands over the most trials run, the
 * precision asked and reached, the stages, the run's own facts. `casualties` orders [own, enemy] as the kind's
 * result does.
 */
export function pairedTail<Plan>(
  paired: PairedWorth<Plan>,
  runs: WorthRuns,
  items: WorthItem[],
  casualties: (ownEnemy: [number, number]) => [number, number] = (x) => x,
) {
  const n = paired.base.lastStage > 0 ? paired.base.lastStage : null;
  const base = n === null ? null : paired.base.stage(n);
  // An item stopped as decided is not held to the precision (it stopped because its claim was made).
  const widest = items
    .filter((i) => i.decided !== true)
    .reduce((w, i) => Math.max(w, (i.changeCi95![1] - i.changeCi95![0]) / 2), 0);
  const precision = paired.plan.precision;
  return {
    win: base === null ? 0 : base.hits / n!,
    winCi95: base === null ? ([0, 1] as [number, number]) : base.ci95,
    casualties: casualties(base === null ? [0, 0] : base.lost),
    items,
    ...(paired.familyError ? { familyError: paired.familyError } : {}),
    ...(paired.rankFamilyError ? { rankFamilyError: paired.rankFamilyError } : {}),
    seed: paired.plan.seed,
    trials: n ?? 0,
    precision,
    ...(precision === null
      ? {}
      : {
          precisionReached: !paired.interrupted && widest <= precision,
          precisionHalfWidth: widest,
          maxTrials: paired.plan.maxTrials,
          ...(paired.stageLevel === null ? {} : { stageLevel: paired.stageLevel }),
        }),
    stages: paired.stages
      .map((s) => ({ trials: s, items: items.filter((i) => (i.trials ?? 0) >= s).length }))
      .filter((s) => s.items > 0),
    // The paired runs use every thread asked for (engine/paired.ts).
    threads: Math.max(runs.threads, paired.plan.threads ?? 1),
    interrupted: runs.interrupted || paired.interrupted,
    elapsedMs: Math.round(performance.now() - runs.started),
  };
}
