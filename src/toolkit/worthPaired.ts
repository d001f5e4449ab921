/**
 * The paired, staged runs behind `worth` on a Monte Carlo kind (sieges, cascades; docs/design.md, "worth":
 * "Paired differences" and "Staged runs"). Trial t of every variant — the scenario as it stands, each item, each
 * value an equivalent's search tries — is run as the kernel's chunk t cut to one trial, so it plays the dice of
 * (seed, t) alone: the same dice for trial t in every variant, whatever ran before it. A difference is then read
 * trial by trial (which trials the item turns from a loss into a win, and back) and carries the interval of those
 * pairs (src/stats/paired.ts), far narrower than two independent runs' when the item changes few trials.
 *
 * Runs stop at fixed trial counts (the stages: a first cheap stage, then doubling up to the cap), so an item's
 * numbers are a pure function of (scenario, seed, its stage). The trials run on `--threads` threads
 * (engine/paired.ts): a worker runs a block of trials and hands back each trial's outcome and losses, read by a
 * probe derived from the variant's reader; this thread folds them in trial order, so the bytes are the same for
 * any thread count and any split.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kernel } from '../engine/kernel.js';
import type { Engine, PairedRunner, TrialProbe } from '../engine/engine.js';
import type { FamilyError, FamilyMethod } from '../stats/family.js';
import { localEngine } from '../engine/local.js';
import {
  pairedMeanDifference,
  pairedProportionDifference,
  pairedProportionZ,
  type PairedDifference,
} from '../stats/paired.js';
import { wilsonInterval } from '../stats/index.js';
import { normalQuantile } from '../stats/normal.js';
import { FAMILY_ALPHA } from '../stats/family.js';
import { earlyStopLevel, settled, stagesOf } from './staging.js';
import { TrialBits } from './trialBits.js';

/**
 * How a variant's accumulator is read: running totals, so one trial's values are the change over its call. Both
 * functions are affine in the accumulator (sums of slots, times constants), which is what lets a worker read
 * them off one trial (probeOf).
 */
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

/** A trial's numbers as the probe gives them: [meets the measure (0 or 1), own losses, the enemy's]. */
const OUTPUTS = 3;

/**
 * The reader as a probe a worker can apply (engine/paired.ts): its change from one more count in each slot it
 * reads, which describes an affine reader entirely. A trial's outcome is then the change in hits over the trial
 * (the count of trials included), its losses the change in the sums. The slots read are found by reading an
 * empty accumulator through a proxy (a reader that calls the array's methods is probed slot by slot), and the
 * probe is checked against the reader on a filled accumulator, so a reader that is not affine fails loudly.
 */
export function probeOf(model: PairedModel<unknown>): TrialProbe {
  const { kernel, plan, read } = model;
  const acc = probeScratch(kernel.accLength(plan));
  const lost0 = new Float64Array(2);
  const lost = new Float64Array(2);
  const hits0 = read.hits(acc, 0);
  read.lost(acc, lost0);
  const touched = new Set<number>();
  let candidates: Iterable<number>;
  try {
    const tracked = new Proxy(acc, {
      get(target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) touched.add(Number(key));
        return Reflect.get(target, key) as unknown;
      },
    });
    read.hits(tracked, 0);
    read.hits(tracked, 1);
    read.lost(tracked, lost);
    candidates = [...touched].sort((a, b) => a - b);
  } catch {
    candidates = acc.keys();
  }
  const slots: number[] = [];
  const rows: number[][] = [[], [], []];
  for (const i of candidates) {
    acc[i] = 1;
    const h = read.hits(acc, 0) - hits0;
    read.lost(acc, lost);
    acc[i] = 0;
    const w = [h, lost[0] - lost0[0], lost[1] - lost0[1]];
    if (w.every((x) => x === 0)) continue;
    slots.push(i);
    w.forEach((x, o) => rows[o].push(x));
  }
  const probe = { slots, constants: [read.hits(acc, 1) - hits0, 0, 0], weights: rows.flat() };
  // The check: counts in every slot (small whole numbers, so every sum is exact), 5 trials.
  acc.set(checkCounts(acc.length));
  read.lost(acc, lost);
  const expected = [read.hits(acc, 5) - hits0, lost[0] - lost0[0], lost[1] - lost0[1]];
  const width = slots.length;
  for (let o = 0; o < OUTPUTS; o++) {
    let v = probe.constants[o] * (o === 0 ? 5 : 1);
    for (let j = 0; j < width; j++) v += probe.weights[o * width + j] * acc[slots[j]];
    if (v !== expected[o]) throw new Error(`worth: a paired reader is not affine in the accumulator (output ${o})`);
  }
  return probe;
}

/**
 * An empty accumulator for `probeOf`, and the check's counts, kept by length: ~130 probes a `worth` on a siege
 * (15,375 slots each) ran mostly before V8 optimised them, and allocating, zeroing and filling the arrays in the
 * interpreter cost ~3 ms a probe; set and fill are native.
 */
let scratch = new Float64Array(0);
let counts = new Float64Array(0);
function probeScratch(length: number): Float64Array {
  if (scratch.length !== length) scratch = new Float64Array(length);
  else scratch.fill(0);
  return scratch;
}
function checkCounts(length: number): Float64Array {
  if (counts.length !== length) {
    counts = new Float64Array(length);
    for (let i = 0; i < length; i++) counts[i] = (i * 7919) % 13;
  }
  return counts;
}

const probes = new WeakMap<object, TrialProbe>();
/** A model's probe, found once; the event loop turns after each (a signal is seen between two variants' probes). */
const probeFor = async (model: PairedModel<unknown>): Promise<TrialProbe> => {
  let p = probes.get(model);
  if (p === undefined) {
    probes.set(model, (p = probeOf(model)));
    await nextTurn();
  }
  return p;
};

/**
 * Trials asked of the runner at once. A stage of `--trials 100000000` is run slice by slice, so the values kept
 * grow with the trials run rather than being set aside for the whole stage at its start (gigabytes, and a second
 * of the collector's time before a signal is seen); a trial's values do not depend on the split.
 */
export const SLICE_TRIALS = 65_536;

/** The next trials of a model, run where the runner puts them, slice by slice; null when stopped first. */
async function* slicesOf<Plan>(
  runner: PairedRunner,
  model: PairedModel<Plan>,
  seed: number,
  from: number,
  to: number,
  slice: number,
): AsyncGenerator<{ from: number; to: number; values: Float64Array | null }> {
  for (let at = from; at < to; at += slice) {
    const end = Math.min(to, at + slice);
    yield { from: at, to: end, values: await trialsOf(runner, model, seed, at, end) };
  }
}

/** The next trials of a model, run where the runner puts them; null when stopped first. */
async function trialsOf<Plan>(
  runner: PairedRunner,
  model: PairedModel<Plan>,
  seed: number,
  from: number,
  to: number,
): Promise<Float64Array | null> {
  const probe = await probeFor(model as PairedModel<unknown>);
  const values = await runner.run({ kernel: model.kernel, plan: model.plan, probe, seed, from, to });
  if (values !== null)
    for (let i = 0; i < to - from; i++) {
      const h = values[i * OUTPUTS];
      if (h !== 0 && h !== 1) throw new Error(`worth: a trial met the measure ${h} times (its reader is not affine)`);
    }
  return values;
}

/** The scenario as it stands: its per-trial outcomes and losses are kept, for every variant to pair with. */
export class PairedBase<Plan> {
  done = 0;
  /** Which trials met the measure (the same as `outcomeOf`), for comparisons trial by trial. */
  readonly bits = new TrialBits();
  private outcome = new Uint8Array(1024);
  private losses = new Float64Array(2048);
  private readonly sums = [0, 0];
  private readonly at = new Map<number, { hits: number; lost: [number, number] }>();
  private hitsSoFar = 0;
  /** Extensions one after another (several variants may ask for the same stage at once). */
  private queue: Promise<boolean> = Promise.resolve(true);

  constructor(
    private readonly model: PairedModel<Plan>,
    private readonly seed: number,
    private readonly stages: readonly number[],
    private readonly runner: PairedRunner,
    private readonly slice = SLICE_TRIALS,
  ) {}

  /** Run trials up to n (a stage), keeping every stage on the way; false when stopped by the signal first. */
  extend(n: number): Promise<boolean> {
    this.queue = this.queue.then(async (ok) => {
      if (!ok) return false;
      for (const s of this.stages) if (s > this.done && s < n && !(await this.runTo(s))) return false;
      return this.done >= n || this.runTo(n);
    });
    return this.queue;
  }

  private async runTo(n: number): Promise<boolean> {
    for await (const { from, to, values } of slicesOf(this.runner, this.model, this.seed, this.done, n, this.slice)) {
      if (values === null) return false;
      this.room(to);
      for (let t = from; t < to; t++) {
        const v = (t - from) * OUTPUTS;
        this.outcome[t] = values[v];
        this.bits.set(t, values[v]);
        this.hitsSoFar += values[v];
        this.losses[2 * t] = values[v + 1];
        this.losses[2 * t + 1] = values[v + 2];
        this.sums[0] += values[v + 1];
        this.sums[1] += values[v + 2];
      }
      this.done = to;
    }
    this.at.set(n, { hits: this.hitsSoFar, lost: [this.sums[0] / n, this.sums[1] / n] });
    return true;
  }

  /** Room for the outcomes and losses of n trials. */
  private room(n: number): void {
    if (n <= this.outcome.length) return;
    let size = this.outcome.length;
    while (size < n) size *= 2;
    const o = new Uint8Array(size);
    o.set(this.outcome);
    this.outcome = o;
    const l = new Float64Array(2 * size);
    l.set(this.losses);
    this.losses = l;
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
  private readonly sums = [0, 0];
  private hitsSoFar = 0;
  private baseOnly = 0;
  private variantOnly = 0;
  private readonly lossSum = [0, 0];
  private readonly lossSq = [0, 0];
  private readonly at = new Map<number, PairedStats>();
  /** Stages one after another (a curve's value may be asked for twice at once). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly model: PairedModel<Plan>,
    private readonly base: PairedBase<Plan>,
    private readonly seed: number,
    private readonly stages: readonly number[],
    private readonly runner: PairedRunner,
    private readonly slice = SLICE_TRIALS,
  ) {}

  /**
   * Its numbers at stage n (the base run there first); null when stopped by the signal first. Every stage on the
   * way is kept, so a value an equivalent's search tries can be read at any item's stage.
   */
  stage(n: number): Promise<PairedStats | null> {
    const next = this.queue.then(() => this.stageNow(n));
    this.queue = next.catch(() => {});
    return next;
  }

  private async stageNow(n: number): Promise<PairedStats | null> {
    const known = this.at.get(n);
    if (known) return known;
    if (n < this.done) throw new Error(`worth: stage ${n} after ${this.done} trials, not on the way`);
    for (const s of this.stages) {
      if (s <= this.done || s > n) continue;
      if ((await this.runTo(s)) === null) return null;
    }
    return this.at.get(n) ?? this.runTo(n);
  }

  /** Its trials up to n, slice by slice (null: stopped first). */
  private async slicesTo(n: number): Promise<{ from: number; to: number; values: Float64Array }[] | null> {
    const slices = [];
    for await (const slice of slicesOf(this.runner, this.model, this.seed, this.done, n, this.slice)) {
      if (slice.values === null) return null;
      slices.push({ ...slice, values: slice.values });
    }
    return slices;
  }

  private async runTo(n: number): Promise<PairedStats | null> {
    // The variant's trials and the base's (when not yet there) run side by side; the pairs are read in trial order.
    const [slices, baseOk] = await Promise.all([this.slicesTo(n), this.base.done < n ? this.base.extend(n) : true]);
    if (slices === null || !baseOk) return null;
    for (const { from, to, values } of slices)
      for (let t = from; t < to; t++) {
        const v = (t - from) * OUTPUTS;
        const mine = values[v];
        this.hitsSoFar += mine;
        this.bits.set(t, mine);
        const theirs = this.base.outcomeOf(t);
        if (theirs > mine) this.baseOnly++;
        else if (mine > theirs) this.variantOnly++;
        for (const side of [0, 1] as const) {
          const lost = values[v + 1 + side];
          this.sums[side] += lost;
          const d = lost - this.base.lossOf(t, side);
          this.lossSum[side] += d;
          this.lossSq[side] += d * d;
        }
      }
    this.done = n;
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
  /** Threads the trials run on (the calling thread and threads − 1 workers; default 1). */
  threads?: number;
  signal?: AbortSignal;
  /** Trials run so far (the base's and the items'), and so far planned (the plan grows with each stage). */
  onProgress?: (done: number, total: number) => void;
  /** Where the paired jobs run (its `paired` runner; default: this process, engine/local.ts). */
  engine?: Engine;
  /** The family error the items' claims are held to (src/stats/family.ts): Holm by default, at 0.05. */
  family?: { method: FamilyMethod; alpha: number };
  /** Trials asked of the runner at once (default SLICE_TRIALS; tests cut smaller). */
  slice?: number;
  /** The runner, when made before the plan (its workers then start early: `pairedRunnerFor`); default: made here. */
  runner?: EarlyRunner;
}

/** A paired runner made before its analysis (its workers start at once); its progress goes to `listen`'s callback. */
export interface EarlyRunner {
  runner: PairedRunner;
  listen(onTrials: (done: number) => void): void;
}

/**
 * The paired runner of `engine` on `threads` threads, made now: on this process its workers start loading while the
 * caller goes on (a siege's default week, the variants' checks and compiles), not when the first trial is asked for.
 */
export function pairedRunnerFor(engine: Engine, threads: number, signal?: AbortSignal): EarlyRunner {
  let listener: ((done: number) => void) | undefined;
  const runner = engine.paired!({ threads, signal, onTrials: (done) => listener?.(done) });
  return { runner, listen: (f) => void (listener = f) };
}

export interface PairedItemInput<Plan> {
  model: PairedModel<Plan>;
}

export class PairedWorth<Plan> {
  readonly base: PairedBase<Plan>;
  readonly stages: number[];
  interrupted = false;
  /** The items' family of claims, once judged (src/toolkit/worthSearch.ts pairedItems). */
  familyError: FamilyError | null = null;
  /**
   * Under precision: the two-sided level an item stops at as decided after a stage before the last (staging.ts
   * `earlyStopLevel`); null with one stage.
   */
  stageLevel: number | null = null;
  /** The items (indices into runStages' list) stopped as decided before the last stage. */
  readonly decidedEarly = new Set<number>();
  /** The ranks' claims (this item's change larger than that one's) held as one family; null: fewer than two ranked. */
  rankFamilyError: FamilyError | null = null;
  private readonly runner: PairedRunner;
  /** While the items run their stages: the trials planned so far, for the progress line. */
  private planned: number | null = null;

  constructor(
    baseModel: PairedModel<Plan>,
    readonly plan: WorthPlan,
  ) {
    this.stages = plan.precision === null ? [plan.trials] : stagesOf(plan.first, plan.maxTrials);
    const early = plan.runner ?? pairedRunnerFor(plan.engine ?? localEngine, plan.threads ?? 1, plan.signal);
    this.runner = early.runner;
    early.listen((done) => {
      if (this.planned !== null) plan.onProgress?.(done, Math.max(done, this.planned));
    });
    this.base = new PairedBase(baseModel, plan.seed, this.stages, this.runner, plan.slice);
  }

  /**
   * Start the base's first stage now, while the items are still being set up (checked, compiled, probed): the
   * threads warm up on it meanwhile. Its trials are the same whenever they run; `runStages` waits for it as before.
   */
  startBase(): void {
    this.base.extend(this.stages[0]).catch(() => {}); // a failure is seen again by the stage that waits for it
  }

  /** A variant paired with the base. */
  variant(model: PairedModel<Plan>): PairedVariant<Plan> {
    return new PairedVariant(model, this.base, this.plan.seed, this.stages, this.runner, this.plan.slice);
  }

  /**
   * Every item through the stages: all of them at the first; then only those still undecided — not yet beyond
   * noise at the family's early-stop level (staging.ts `earlyStopLevel`) — whose change is not yet within
   * ± precision, each stage twice the last, to the cap. The open items of a stage run at once (their trials
   * spread over the threads); which items go on depends on each one's own numbers only, so the stages are the
   * same for any thread count. Returns each item's last stage (null: stopped by the signal before its first
   * stage ended); `decidedEarly` says which stopped as decided.
   */
  async runStages(items: PairedVariant<Plan>[]): Promise<(PairedStats | null)[]> {
    const final: (PairedStats | null)[] = items.map(() => null);
    const open = new Set(items.keys());
    const family = this.plan.family ?? { alpha: FAMILY_ALPHA };
    const staged = this.plan.precision !== null && this.stages.length > 1;
    this.stageLevel = staged ? earlyStopLevel(family.alpha, items.length, this.stages.length) : null;
    const stopZ = this.stageLevel === null ? Infinity : normalQuantile(1 - this.stageLevel / 2);
    try {
      for (const [k, n] of this.stages.entries()) {
        const last = k === this.stages.length - 1;
        const now = [...open];
        this.planned =
          this.runner.trialsDone +
          Math.max(0, n - this.base.done) +
          now.reduce((sum, i) => sum + Math.max(0, n - items[i].done), 0);
        const stats = await Promise.all(now.map((i) => items[i].stage(n)));
        for (const [j, i] of now.entries()) {
          const st = stats[j];
          if (st === null) {
            this.interrupted = true;
            continue;
          }
          final[i] = st;
          if (last || this.plan.precision === null || settled(st.change.ci95, this.plan.precision)) open.delete(i);
          else if (Math.abs(pairedProportionZ(st.baseOnly, st.variantOnly, st.trials).z) > stopZ) {
            open.delete(i);
            this.decidedEarly.add(i);
          }
        }
        if (this.interrupted || open.size === 0) break;
      }
    } finally {
      this.planned = null;
    }
    return final;
  }
}

/** The half-width of an item's change at a stage. */
export const halfWidthOf = (st: PairedStats): number => (st.change.ci95[1] - st.change.ci95[0]) / 2;
