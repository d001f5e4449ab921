/** The search behind `worth`'s equivalents on a Monte Carlo curve (sieges, cascades): shared by worthSiege and worthCascade. */
import { LocalEngine } from '../engine/local.js';
import { UsageError } from '../errors.js';
import { wilsonInterval } from '../stats/index.js';
import { withinNoise } from '../stats/paired.js';
import { progressIn, type RunSettings } from './options.js';
import type { WorthItem, WorthOptions } from './worth.js';
import {
  FIRST_STAGE,
  WORTH_MAX_TRIALS,
  WORTH_PRECISION,
  type EquivalentField,
  type FoundEquivalent,
  type PairedModel,
  type PairedWorth,
  type WorthPlan,
} from './worthPaired.js';

/**
 * The value of the field whose estimate (same seed and trials) reaches the item's count: for a gain the value above
 * the current one where the curve crosses (count ≥ item's, one step less below it), for a loss the value below it
 * (count ≤ item's, one step more above it). Bisection on whole numbers after a check on 5 evenly spaced values that
 * the curve rises (no two of them with disjoint 95% intervals against the rise); null when it does not, or when no
 * value in range reaches the item's count.
 */
export async function equivalent(
  count: (v: number) => Promise<number | null>,
  current: number,
  baseCount: number,
  itemCount: number,
  lo: number,
  hi: number,
  n: number,
): Promise<{ value: number; count: number } | null> {
  if (itemCount === baseCount) return { value: current, count: baseCount };
  const gain = itemCount > baseCount;
  const reaches = (k: number) => (gain ? k >= itemCount : k <= itemCount);
  // Search from the current value (which does not reach) towards the end of the range.
  const end = gain ? hi : lo;
  if (gain ? end <= current : end >= current) return null;
  const samples = Array.from({ length: 5 }, (_, j) => Math.round(current + ((end - current) * (j + 1)) / 5));
  const counts: number[] = [];
  for (const v of samples) {
    const k = await count(v);
    if (k === null) return null;
    counts.push(k);
  }
  // Rising (for the side) along the search: no later sample clearly below an earlier one.
  const seq = [baseCount, ...counts];
  for (let a = 0; a < seq.length; a++) {
    for (let b = a + 1; b < seq.length; b++) {
      const [la, ha] = wilsonInterval(seq[a], n);
      const [lb, hb] = wilsonInterval(seq[b], n);
      if (gain ? hb < la : lb > ha) return null;
    }
  }
  const first = counts.findIndex(reaches);
  if (first < 0) return null;
  // The crossing lies between the last sample that does not reach (or the current value) and the first that does.
  let fail = first === 0 ? current : samples[first - 1];
  let hold = samples[first];
  let holdCount = counts[first];
  while (Math.abs(hold - fail) > 1) {
    const mid = Math.round((fail + hold) / 2);
    const k = await count(mid);
    if (k === null) return null;
    if (reaches(k)) {
      hold = mid;
      holdCount = k;
    } else fail = mid;
  }
  return { value: hold, count: holdCount };
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

/** The stages of a worth run from its options: `--trials N` alone fixes N a variant; else stages by precision. */
export function worthPlan(settings: RunSettings, options: WorthOptions, unit: string): WorthPlan {
  // Shards, checkpoints and the cluster record and sum whole chunks; paired trials are read one by one, on this
  // process's threads (engine/paired.ts).
  if (options.engine !== undefined && !(options.engine instanceof LocalEngine))
    throw new UsageError(
      "worth on a siege or a cascade pairs its trials one by one on this machine's threads (--threads): --shard, --redis, --checkpoint and merge do not apply",
    );
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
  const keys = inputs.map((i) => planKey(i.model.plan));
  const unique = [...new Set(keys)];
  const variants = unique.map((k) => paired.variant(inputs[keys.indexOf(k)].model));
  const final = await paired.runStages(variants);
  const found = new Map<string, Promise<FoundEquivalent>>();
  const items: WorthItem[] = [];
  for (const [i, input] of inputs.entries()) {
    const u = unique.indexOf(keys[i]);
    const st = final[u];
    if (st === null) continue; // stopped before its first stage ended
    const noise = withinNoise(st.change.ci95);
    const eq = async (name: 'br' | 'troops'): Promise<FoundEquivalent | null> => {
      const field = fields[name];
      if (noise || field === undefined || paired.interrupted) return null;
      const key = `${name}:${u}`;
      if (!found.has(key)) found.set(key, paired.equivalent(name, field, st, equivalent));
      return found.get(key)!;
    };
    const br = await eq('br');
    const troops = await eq('troops');
    const n = st.trials;
    const note = noise
      ? 'within noise: the change’s 95% interval contains 0, so no equivalent is given'
      : troops?.value == null
        ? (gainNote?.(st.change.difference > 0) ?? null)
        : null;
    items.push({
      name: input.name,
      group: input.group,
      rule: input.rule,
      win: st.hits / n,
      winDelta: st.change.difference,
      winCi95: wilsonInterval(st.hits, n),
      changeCi95: st.change.ci95,
      withinNoise: noise,
      trials: n,
      pairs: { baseOnly: st.baseOnly, variantOnly: st.variantOnly },
      casualtiesDelta: [st.lostChange[0].difference, st.lostChange[1].difference],
      casualtiesDeltaCi95: [st.lostChange[0].ci95, st.lostChange[1].ci95],
      brEquivalent: br?.value ?? null,
      brEquivalentWin: br?.win ?? null,
      ...(br ? { brEquivalentCi95: br.ci95 } : {}),
      troopsEquivalent: troops?.value ?? null,
      troopsEquivalentWin: troops?.win ?? null,
      ...(troops ? { troopsEquivalentCi95: troops.ci95 } : {}),
      ...(note === null ? {} : { equivalentNote: note }),
    });
  }
  items.sort((a, b) => Math.abs(b.winDelta) - Math.abs(a.winDelta) || a.name.localeCompare(b.name));
  return items;
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
  const widest = items.reduce((w, i) => Math.max(w, (i.changeCi95![1] - i.changeCi95![0]) / 2), 0);
  const precision = paired.plan.precision;
  return {
    win: base === null ? 0 : base.hits / n!,
    winCi95: base === null ? ([0, 1] as [number, number]) : base.ci95,
    casualties: casualties(base === null ? [0, 0] : base.lost),
    items,
    seed: paired.plan.seed,
    trials: n ?? 0,
    precision,
    ...(precision === null
      ? {}
      : {
          precisionReached: !paired.interrupted && widest <= precision,
          precisionHalfWidth: widest,
          maxTrials: paired.plan.maxTrials,
        }),
    stages: paired.stages
      .map((s) => ({ trials: s, items: items.filter((i) => (i.trials ?? 0) >= s).length }))
      .filter((s) => s.items > 0),
    threads: runs.threads,
    interrupted: runs.interrupted || paired.interrupted,
    elapsedMs: Math.round(performance.now() - runs.started),
  };
}
