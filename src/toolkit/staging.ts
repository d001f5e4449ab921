/**
 * The toolkit's one staging policy for Monte Carlo candidates (worth's items, sweep's points, seek's values,
 * compare's two runs; docs/design.md, "Staged runs"): what the stages are, the default precision that makes the
 * default output honest, and when a candidate is done. The mechanics — which trials run where, on which thread —
 * stay with each command (worthPaired.ts, engine/run.ts `runUntil`); this module only decides.
 *
 * Every candidate starts with a cheap first stage; one already known to ± precision, or already clearly on one
 * side of what it is judged against, stops there; the rest run again at twice the trials until they are, or until
 * the cap — as Raidbots' staged "smart sim" culls most candidates in its first cheap stage. Stages are fixed trial
 * counts, never a clock, so a staged answer is the same bytes for any thread count.
 */
import { LocalEngine } from '../engine/local.js';
import type { RunOptions } from '../engine/options.js';

/** Trials of the first stage (a run in whole chunks rounds it up to its kernel's chunk). */
export const FIRST_STAGE = 2_000;
/** The default half-width (95%) of every staged probability: ± 0.5 points. */
export const STAGED_PRECISION = 0.005;
/**
 * The default cap on trials per candidate. A probability is known to ± 0.5 points by 38,416 trials at worst
 * (p = ½: (1.96 / 0.01)²), so the cap binds only where a candidate's measure is wider than one probability (a
 * paired difference of many rare events, a mean).
 */
export const STAGED_MAX_TRIALS = 128_000;

/** The stages: `first` trials, then doubling, the last one the cap itself. A fixed `--trials N` is one stage of N. */
export function stagesOf(first: number, cap: number): number[] {
  const out: number[] = [];
  for (let n = Math.min(first, cap); ; n *= 2) {
    if (n >= cap) {
      out.push(cap);
      return out;
    }
    out.push(n);
  }
}

/** A candidate's 95% interval is within ± precision: it stops. */
export function settled(ci95: readonly [number, number], precision: number): boolean {
  return (ci95[1] - ci95[0]) / 2 <= precision;
}

/**
 * Which side of `threshold` a candidate's interval lies on: 1 wholly above, −1 wholly below, 0 it contains the
 * threshold (still close: it runs on). A decided candidate (±1) stops, however wide its interval.
 */
export function sideOf(ci95: readonly [number, number], threshold: number): -1 | 0 | 1 {
  if (ci95[0] > threshold) return 1;
  if (ci95[1] < threshold) return -1;
  return 0;
}

/**
 * A claim judged in stages (worth's items) may stop as soon as it is decided: beyond noise at its family's level.
 * Looking at every stage and stopping at the first decision would err more often than a claim judged once, so its
 * level is split: this share of it is spent on stopping early, spread evenly over the stages before the last, and
 * the rest judges the claim at the stage where it stops. Under no change, P(called beyond noise) ≤ the share spent
 * on the early looks + the rest at the last one = the claim's level (a stop by precision depends on the spread of
 * the pairs, not on the sign of their difference). A tenth: a decided change (z ≥ 4 on 18 claims) stops at its
 * first stage, and the judgement of the others is all but that of one look (z 3.02 instead of 2.99).
 */
export const EARLY_STOP_SHARE = 0.1;

/**
 * The two-sided level an open claim stops at as decided after a stage that is not the last: the early share of
 * the strictest level its family can judge it at (α ÷ claims, Holm's first step and BH's smallest), over the
 * stages before the last. A claim stopped so is beyond noise at whatever level its family then gives it.
 */
export function earlyStopLevel(alpha: number, claims: number, stages: number): number {
  return (EARLY_STOP_SHARE * alpha) / Math.max(1, claims) / Math.max(1, stages - 1);
}

/** The two-sided level a claim of family level `level` is judged at where it stops: all of it with one stage. */
export function judgedLevel(level: number, stages: number): number {
  return stages > 1 ? (1 - EARLY_STOP_SHARE) * level : level;
}

/**
 * How a staged command's run is sized: by the user's `--trials` ('given') or `--precision`, by the default precision
 * ('staged-default'), or, on an engine that keeps fixed counts, by the run options' default count ('fixed-default').
 */
export type TrialsBy = 'given' | 'precision' | 'staged-default' | 'fixed-default';

/**
 * The run options of a command whose candidates are Monte Carlo: the user's, unless they name neither `--trials`
 * nor `--precision` (nor `--exact`), in which case the default precision, the first stage and (unless given) the
 * default cap. `--precision` without `--trials` starts at the first stage (its cap stays `--max-trials`, by
 * default the run options' own); `--trials N --precision ε` starts at N. A run on another engine than this
 * process's (a shard, a replay of shards, a cluster, a checkpoint) keeps the fixed default count, so its parts and
 * their replay agree on what was run.
 */
export function stagedOptions<O extends RunOptions>(o: O): { options: O; by: TrialsBy } {
  // A precision given alone stages from the first stage too (not from the default --trials, a million).
  if ((o.precision ?? null) !== null)
    return { options: o.trials === undefined ? { ...o, trials: FIRST_STAGE } : o, by: 'precision' };
  if (o.trials !== undefined || o.exact) return { options: o, by: 'given' };
  if (!(o.engine === undefined || o.engine instanceof LocalEngine)) return { options: o, by: 'fixed-default' };
  return {
    options: {
      ...o,
      trials: FIRST_STAGE,
      precision: STAGED_PRECISION,
      maxTrials: o.maxTrials ?? STAGED_MAX_TRIALS,
    },
    by: 'staged-default',
  };
}
