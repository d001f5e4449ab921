/**
 * Sequential tests on binomial proportions, looked at as a run grows: the error split over the looks so that
 * stopping at the first decisive look keeps the overall error below α. `warcast seek` asks at each look whether
 * a probability is above or below a threshold; the race (sweeps, tournaments) drops candidates clearly below
 * the best after each stage. Intervals are Wilson's (./index.ts).
 */
import { wilsonInterval } from './index.js';
import { normalQuantile } from './normal.js';

/**
 * z of the k-th term of an α-spending sequence (k ≥ 1): a two-sided test at α / 2^k. The terms over every k
 * sum to α, so any number of looks, each at its own term, errs with probability below α (Bonferroni).
 */
export function spendingZ(k: number, alpha = 0.05): number {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`spendingZ: k must be a whole number ≥ 1, got ${k}`);
  return normalQuantile(1 - alpha / 2 ** k / 2);
}

/** Whether the Wilson interval of `successes` in `n` at `z` lies wholly above or wholly below `threshold`. */
export function excludesThreshold(successes: number, n: number, threshold: number, z: number): boolean {
  const [lo, hi] = wilsonInterval(successes, n, z);
  return lo > threshold || hi < threshold;
}

/** z of each of `decisions` two-sided decisions sharing α equally (Bonferroni): α / decisions each. */
export function bonferroniZ(decisions: number, alpha = 0.05): number {
  return normalQuantile(1 - alpha / (2 * Math.max(1, decisions)));
}

/**
 * The trial counts at the end of each stage of a doubling schedule: final ÷ 2^(stages−1), …, ÷ 4, ÷ 2 rounded up
 * to whole chunks (counts not below the next merged), then final.
 */
export function doublingStages(final: number, chunk: number, stages: number): number[] {
  const targets: number[] = [];
  for (let k = stages - 1; k >= 1; k--) {
    const t = Math.ceil(final / 2 ** k / chunk) * chunk;
    if (t < final && (targets.length === 0 || t > targets[targets.length - 1])) targets.push(t);
  }
  targets.push(final);
  return targets;
}

/** Indices of the intervals wholly below the best lower bound among them: clearly worse than the best. */
export function clearlyBelowBest(intervals: readonly (readonly [number, number])[]): number[] {
  const bestLow = Math.max(...intervals.map((b) => b[0]));
  return intervals.flatMap((b, i) => (b[1] < bestLow ? [i] : []));
}
