/**
 * Differences between two Monte Carlo runs made with the same seed, paired chunk by chunk: chunk c of either run
 * draws from the generator of (seed, stream, c) alone (docs/architecture.md, Determinism), so the chunks are
 * independent pairs and the spread of the chunk-by-chunk differences measures the difference's noise, whatever the
 * correlation the shared dice give (batch means; docs/design.md, "Intervals"). Pure.
 */
import { wilsonInterval, Z95 } from './index.js';

/** A difference with its 95% interval, and how the interval was made. */
export interface Difference {
  /** b − a. */
  difference: number;
  ci95: [number, number];
  /** The interval contains zero: the two runs do not differ beyond their noise. */
  withinNoise: boolean;
  /**
   * 'paired': from the chunk-by-chunk differences (Student's t on chunks − 1 degrees of freedom);
   * 'bound': too few chunks to pair, so the widest the noise can be (the two standard errors added, which holds
   * for any correlation between the runs).
   */
  method: 'paired' | 'bound';
  /** Chunks paired (both runs ran them). */
  chunks: number;
}

/** Chunks from which the paired interval is used; fewer give the bound (a t on 1–8 degrees of freedom is wide and its variance estimate rough). */
export const MIN_PAIRED_CHUNKS = 10;

/** The 97.5th percentile of Student's t with `df` degrees of freedom (a two-sided 95% interval). */
export function t975(df: number): number {
  const table = [
    12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157, 2.228139, 2.200985,
    2.178813, 2.160369, 2.144787, 2.13145, 2.119905, 2.109816, 2.100922, 2.093024, 2.085963, 2.079614, 2.073873,
    2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407, 2.04523, 2.042272,
  ];
  if (df < 1) return Infinity;
  if (df <= table.length) return table[Math.floor(df) - 1];
  // Cornish–Fisher expansion in 1/df (Abramowitz & Stegun 26.7.5): within 1e-6 of the exact value past 30.
  const z = Z95;
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  const g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3;
}

/**
 * One run's per-chunk numbers: trials in each chunk and the sum of the measure over them (a count of successes for
 * a probability, a sum of losses for a mean), in chunk order from chunk 0.
 */
export interface ChunkSums {
  trials: readonly number[];
  sums: readonly number[];
}

/**
 * b's mean minus a's, per trial, over the chunks both ran (the first min(chunks) chunks; a last chunk cut short
 * in either run is left out unless both ran it equally), with its 95% interval from the paired chunk differences.
 * `sd` gives each run's per-trial standard deviation for the bound used with fewer than MIN_PAIRED_CHUNKS chunks.
 */
export function pairedDifference(a: ChunkSums, b: ChunkSums, sd: (mean: number, run: 'a' | 'b') => number): Difference {
  let chunks = 0;
  const limit = Math.min(a.trials.length, b.trials.length);
  while (chunks < limit && a.trials[chunks] === b.trials[chunks] && a.trials[chunks] > 0) chunks++;
  let n = 0;
  let sa = 0;
  let sb = 0;
  for (let c = 0; c < chunks; c++) {
    n += a.trials[c];
    sa += a.sums[c];
    sb += b.sums[c];
  }
  if (n === 0) return { difference: 0, ci95: [-Infinity, Infinity], withinNoise: true, method: 'bound', chunks };
  const d = (sb - sa) / n;
  let half: number;
  let method: Difference['method'];
  if (chunks >= MIN_PAIRED_CHUNKS) {
    // Per-trial variance of the difference from the chunks' deviations around d (chunks may differ in size: a
    // ratio estimator, each chunk's squared deviation divided by its trials).
    let ss = 0;
    for (let c = 0; c < chunks; c++) {
      const dev = b.sums[c] - a.sums[c] - d * a.trials[c];
      ss += (dev * dev) / a.trials[c];
    }
    const variance = ss / (chunks - 1);
    half = t975(chunks - 1) * Math.sqrt(variance / n);
    method = 'paired';
  } else {
    half = Z95 * ((sd(sa / n, 'a') + sd(sb / n, 'b')) / Math.sqrt(n));
    method = 'bound';
  }
  const ci95: [number, number] = [d - half, d + half];
  return { difference: d, ci95, withinNoise: ci95[0] <= 0 && ci95[1] >= 0, method, chunks };
}

/**
 * Newcombe's hybrid score interval (95%) for b − a of two probabilities, each from its own Wilson interval
 * (src/stats/index.ts): the runs treated as independent, which the shared dice only make wider than needed. It
 * never has zero width: a run that saw no success in n trials still has its Wilson upper end ≈ 3.84 / n (the rule
 * of three's kind of bound).
 */
export function newcombeInterval(a: { p: number; trials: number }, b: { p: number; trials: number }): [number, number] {
  const [la, ua] = wilsonInterval(Math.round(a.p * a.trials), Math.max(1, a.trials));
  const [lb, ub] = wilsonInterval(Math.round(b.p * b.trials), Math.max(1, b.trials));
  const d = b.p - a.p;
  return [d - Math.hypot(b.p - lb, ua - a.p), d + Math.hypot(ub - b.p, a.p - la)];
}

/**
 * A probability's difference whose own interval cannot be trusted to have seen the noise, widened to Newcombe's
 * (`newcombeInterval`, method 'bound'): an interval of no width (every chunk's difference the same, as when both
 * runs saw only falls or only holds), or a bound where a run saw 0 or only successes (its Bernoulli SD is then
 * 0, though the probability is not known to be exactly 0 or 1). A Monte Carlo difference never reads as exact.
 */
export function probabilityDifference(
  d: Difference,
  a: { p: number; trials: number },
  b: { p: number; trials: number },
): Difference {
  const edge = (p: number) => p <= 0 || p >= 1;
  const zeroWidth = d.ci95[1] - d.ci95[0] <= 0;
  if (!zeroWidth && !(d.method === 'bound' && (edge(a.p) || edge(b.p)))) return d;
  const n = newcombeInterval(a, b);
  const ci95: [number, number] = [Math.min(d.ci95[0], n[0]), Math.max(d.ci95[1], n[1])];
  return { ...d, ci95, withinNoise: ci95[0] <= 0 && ci95[1] >= 0, method: 'bound' };
}

/** A probability's per-trial standard deviation (Bernoulli), for `pairedDifference`'s bound. */
export const bernoulliSd = (p: number): number => Math.sqrt(Math.max(0, p * (1 - p)));

/** Mean and sample standard deviation from a count, a sum and a sum of squares. */
export function meanSd(n: number, sum: number, sumOfSquares: number): { mean: number; sd: number } {
  if (n <= 0) return { mean: 0, sd: 0 };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sumOfSquares - sum * mean) / (n - 1)) : 0;
  return { mean, sd: Math.sqrt(variance) };
}
