/**
 * The paired, staged runs behind `worth` on a Monte Carlo kind (sieges, cascades; docs/design.md, "worth":
 * "Paired differences" and "Staged runs"). Trial t of every variant — the scenario as it stands, each item, each
 * value an equivalent's search tries — is run as the kernel's chunk t cut to one trial, so it plays the dice of
 * (seed, t) alone: the same dice for trial t in every variant, whatever ran before it. A difference is then read
 * trial by trial (which trials the item turns from a loss into a win, and back) and carries the interval of those
 * pairs (src/stats/paired.ts), far narrower than two independent runs' when the item changes few trials.
 *
 * Runs stop at fixed trial counts (the stages: a first cheap stage, then doubling up to the cap), so an item's
 * numbers are a pure function of (scenario, seed, its stage): the same bytes for any thread count. The runs stay
 * on the calling thread (a one-trial call cannot be cut into pool tasks).
 */
import type { Kernel } from '../engine/kernel.js';
import { pairedMeanDifference, pairedProportionDifference, type PairedDifference } from '../stats/paired.js';
import { wilsonInterval } from '../stats/index.js';
import { settled, stagesOf } from './staging.js';
import { TrialBits } from './trialBits.js';

/** How a variant's accumulator is read: running totals, so one trial's values are the change over its call. */
export interface PairedReader {
  /** Of the first `trials` trials, those that meet the measure (e.g. fallen by week N; the player holds the location). */
  hits(acc: Float64Array, trials: number): number;
  /** Running sums of the two losses measured ([own, the enemy's]), written into `out`. */
  lost(acc: Float64Array, out: Float64Array): void;
}

/** One variant compiled: the kernel, its plan and how to read it. */
export interface PairedModel<Plan> {
  kernel: Kernel<Plan>;
  plan: Plan;
  read: PairedReader;
}

/** A variant's numbers at one stage (n trials), against the base over the same n trials. */
export interface PairedStats {
  trials: number;
  hits: number;
  /** Trials the base meets the measure and the variant does not, and the other way. */
  baseOnly: number;
  variantOnly: number;
  change: PairedDifference;
  /** Mean losses of the variant ([own, enemy]) and their paired differences from the base's. */
  lost: [number, number];
  lostChange: [PairedDifference, PairedDifference];
}

const CHECK_EVERY = 64;

/** The scenario as it stands: its per-trial outcomes and losses are kept, for every variant to pair with. */
export class PairedBase<Plan> {
  done = 0;
  /** Which trials met the measure (the same as `outcomeOf`), for comparisons trial by trial. */
  readonly bits = new TrialBits();
  private outcome = new Uint8Array(1024);
  private losses = new Float64Array(2048);
  private readonly acc: Float64Array;
  private readonly sums = new Float64Array(2);
  private readonly before = new Float64Array(2);
  private readonly at = new Map<number, { hits: number; lost: [number, number] }>();
  private hitsSoFar = 0;

  constructor(
    private readonly model: PairedModel<Plan>,
    private readonly seed: number,
    private readonly stages: readonly number[],
    private readonly signal?: AbortSignal,
  ) {
    this.acc = new Float64Array(model.kernel.accLength(model.plan));
  }

  /** Run trials up to n (a stage), keeping every stage on the way; false when stopped by the signal first. */
  extend(n: number): boolean {
    for (const s of this.stages) if (s > this.done && s < n && !this.runTo(s)) return false;
    return this.runTo(n);
  }

  private runTo(n: number): boolean {
    if (n > this.outcome.length) {
      let size = this.outcome.length;
      while (size < n) size *= 2;
      const o = new Uint8Array(size);
      o.set(this.outcome);
      this.outcome = o;
      const l = new Float64Array(2 * size);
      l.set(this.losses);
      this.losses = l;
    }
    const { kernel, plan, read } = this.model;
    const chunk = kernel.chunkTrials;
    for (let t = this.done; t < n; t++) {
      if (t % CHECK_EVERY === 0 && this.signal?.aborted) return false;
      read.lost(this.acc, this.before);
      kernel.run(plan, this.seed, t, 1, t * chunk + 1, this.acc);
      const h = read.hits(this.acc, t + 1);
      this.outcome[t] = h - this.hitsSoFar;
      this.bits.set(t, this.outcome[t]);
      this.hitsSoFar = h;
      read.lost(this.acc, this.sums);
      this.losses[2 * t] = this.sums[0] - this.before[0];
      this.losses[2 * t + 1] = this.sums[1] - this.before[1];
      this.done = t + 1;
    }
    read.lost(this.acc, this.sums);
    this.at.set(n, { hits: this.hitsSoFar, lost: [this.sums[0] / n, this.sums[1] / n] });
    return true;
  }

  /** The largest stage run to its end (0: none). */
  get lastStage(): number {
    return Math.max(0, ...this.at.keys());
  }

  /** Trial t met the measure (1) or not (0). */
  outcomeOf(t: number): number {
    return this.outcome[t];
  }
  lossOf(t: number, side: 0 | 1): number {
    return this.losses[2 * t + side];
  }

  /** Hits and mean losses at a stage already run. */
  stage(n: number): { hits: number; lost: [number, number]; ci95: [number, number] } {
    const s = this.at.get(n);
    if (!s) throw new Error(`worth: the base was not run to ${n} trials`);
    return { ...s, ci95: wilsonInterval(s.hits, n) };
  }
}

/** An item, or a value an equivalent's search tries: run trial by trial beside the base. */
export class PairedVariant<Plan> {
  done = 0;
  /** Which trials met the measure: kept so two variants (an item, a value searched) compare trial by trial. */
  readonly bits = new TrialBits();
  private readonly acc: Float64Array;
  private readonly sums = new Float64Array(2);
  private readonly before = new Float64Array(2);
  private hitsSoFar = 0;
  private baseOnly = 0;
  private variantOnly = 0;
  private readonly lossSum = [0, 0];
  private readonly lossSq = [0, 0];
  private readonly at = new Map<number, PairedStats>();

  constructor(
    private readonly model: PairedModel<Plan>,
    private readonly base: PairedBase<Plan>,
    private readonly seed: number,
    private readonly stages: readonly number[],
    private readonly signal?: AbortSignal,
  ) {
    this.acc = new Float64Array(model.kernel.accLength(model.plan));
  }

  /**
   * Its numbers at stage n (the base run there first); null when stopped by the signal first. Every stage on the
   * way is kept, so a value an equivalent's search tries can be read at any item's stage.
   */
  stage(n: number): PairedStats | null {
    const known = this.at.get(n);
    if (known) return known;
    if (n < this.done) throw new Error(`worth: stage ${n} after ${this.done} trials, not on the way`);
    for (const s of this.stages) {
      if (s <= this.done || s > n) continue;
      if (this.runTo(s) === null) return null;
    }
    return this.at.get(n) ?? this.runTo(n);
  }

  private runTo(n: number): PairedStats | null {
    if (this.base.done < n && !this.base.extend(n)) return null;
    const { kernel, plan, read } = this.model;
    const chunk = kernel.chunkTrials;
    for (let t = this.done; t < n; t++) {
      if (t % CHECK_EVERY === 0 && this.signal?.aborted) return null;
      read.lost(this.acc, this.before);
      kernel.run(plan, this.seed, t, 1, t * chunk + 1, this.acc);
      const h = read.hits(this.acc, t + 1);
      const mine = h - this.hitsSoFar;
      this.hitsSoFar = h;
      this.bits.set(t, mine);
      const theirs = this.base.outcomeOf(t);
      if (theirs > mine) this.baseOnly++;
      else if (mine > theirs) this.variantOnly++;
      read.lost(this.acc, this.sums);
      for (const side of [0, 1] as const) {
        const d = this.sums[side] - this.before[side] - this.base.lossOf(t, side);
        this.lossSum[side] += d;
        this.lossSq[side] += d * d;
      }
      this.done = t + 1;
    }
    read.lost(this.acc, this.sums);
    const stats: PairedStats = {
      trials: n,
      hits: this.hitsSoFar,
      baseOnly: this.baseOnly,
      variantOnly: this.variantOnly,
      change: pairedProportionDifference(this.baseOnly, this.variantOnly, n),
      lost: [this.sums[0] / n, this.sums[1] / n],
      lostChange: [
        pairedMeanDifference(this.lossSum[0], this.lossSq[0], n),
        pairedMeanDifference(this.lossSum[1], this.lossSq[1], n),
      ],
    };
    this.at.set(n, stats);
    return stats;
  }
}

// The stages and their defaults are the toolkit's one staging policy (staging.ts), shared with sweep, seek and
// compare: a first stage of 2,000 trials, then doubling; ± 0.5 points; at most 128,000 trials per variant.
export { stagesOf, FIRST_STAGE } from './staging.js';
export { STAGED_PRECISION as WORTH_PRECISION, STAGED_MAX_TRIALS as WORTH_MAX_TRIALS } from './staging.js';

/** How many trials each variant runs: stages by precision (the default), or one fixed count (`--trials`). */
export interface WorthPlan {
  seed: number;
  /** Trials of the first stage under precision. */
  first: number;
  /** null: a fixed count (`trials`), one stage. */
  precision: number | null;
  trials: number;
  maxTrials: number;
  signal?: AbortSignal;
  /** Trials run by the items so far, and so far planned (the plan grows with each stage). */
  onProgress?: (done: number, total: number) => void;
}

export interface PairedItemInput<Plan> {
  model: PairedModel<Plan>;
}

export class PairedWorth<Plan> {
  readonly base: PairedBase<Plan>;
  readonly stages: number[];
  interrupted = false;

  constructor(
    baseModel: PairedModel<Plan>,
    readonly plan: WorthPlan,
  ) {
    this.stages = plan.precision === null ? [plan.trials] : stagesOf(plan.first, plan.maxTrials);
    this.base = new PairedBase(baseModel, plan.seed, this.stages, plan.signal);
  }

  /** A variant paired with the base. */
  variant(model: PairedModel<Plan>): PairedVariant<Plan> {
    return new PairedVariant(model, this.base, this.plan.seed, this.stages, this.plan.signal);
  }

  /**
   * Every item through the stages: all of them at the first; then only those whose change is not yet within
   * ± precision, each stage twice the last, to the cap. Returns each item's last stage (null: stopped by the
   * signal before its first stage ended).
   */
  runStages(items: PairedVariant<Plan>[]): (PairedStats | null)[] {
    const final: (PairedStats | null)[] = items.map(() => null);
    const open = new Set(items.keys());
    let done = 0;
    for (const [k, n] of this.stages.entries()) {
      const last = k === this.stages.length - 1;
      let left = open.size;
      for (const i of [...open]) {
        const before = items[i].done;
        const st = items[i].stage(n);
        done += items[i].done - before;
        left--;
        this.plan.onProgress?.(done, done + left * (n - (k === 0 ? 0 : this.stages[k - 1])));
        if (st === null) {
          this.interrupted = true;
          return final;
        }
        final[i] = st;
        if (last || this.plan.precision === null || settled(st.change.ci95, this.plan.precision)) open.delete(i);
      }
      if (open.size === 0) break;
    }
    return final;
  }
}

/** The half-width of an item's change at a stage. */
export const halfWidthOf = (st: PairedStats): number => (st.change.ci95[1] - st.change.ci95[0]) / 2;
