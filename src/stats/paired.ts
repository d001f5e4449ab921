/**
 * Differences measured on paired trials (common random numbers: trial t of two variants plays the same dice), each
 * with its 95% interval from the pairs themselves (docs/design.md, "Paired differences"). Pure.
 */
import { Z95 } from './index.js';

/** A difference and its 95% interval. */
export interface PairedDifference {
  difference: number;
  ci95: [number, number];
}

/**
 * The difference of two proportions measured on the same n trials: P(variant) − P(base) from the discordant
 * pairs (trials the base wins and the variant loses, `baseOnly`, and the other way, `variantOnly`). The interval
 * is Agresti and Min's adjusted Wald interval for matched pairs (add ½ to each of the four cells of the pairs'
 * 2 × 2 table, then the Wald interval of p₀₁ − p₁₀; "Simple improved confidence intervals for comparing matched
 * proportions", Statistics in Medicine 24 (2005) 729–740): close to 95% coverage even with few discordant pairs,
 * and never of zero width (no discordant pair in n trials still leaves about ± 1/n). The point is the plain
 * (variantOnly − baseOnly) / n.
 */
export function pairedProportionDifference(
  baseOnly: number,
  variantOnly: number,
  n: number,
  z: number = Z95,
): PairedDifference {
  if (n <= 0) return { difference: 0, ci95: [-1, 1] };
  const b = baseOnly + 0.5;
  const c = variantOnly + 0.5;
  const N = n + 2;
  const d = (c - b) / N;
  const variance = Math.max(0, (b + c) / N - d * d) / N;
  const half = z * Math.sqrt(variance);
  return { difference: (variantOnly - baseOnly) / n, ci95: [Math.max(-1, d - half), Math.min(1, d + half)] };
}

/**
 * The same difference as a normal statistic: the estimate pairedProportionDifference centres its interval on, and its
 * standard error (z = estimate ÷ se; its interval at any level is estimate ± Φ⁻¹(1 − level/2) × se).
 */
export function pairedProportionZ(baseOnly: number, variantOnly: number, n: number): { z: number; se: number } {
  if (n <= 0) return { z: 0, se: Infinity };
  const b = baseOnly + 0.5;
  const c = variantOnly + 0.5;
  const N = n + 2;
  const d = (c - b) / N;
  const se = Math.sqrt(Math.max(0, (b + c) / N - d * d) / N);
  return { z: se > 0 ? d / se : 0, se };
}

/**
 * The mean of per-trial differences (e.g. troops lost by the variant minus by the base, trial by trial) from
 * their sum and sum of squares over n pairs: the t-free normal interval, mean ± z·s/√n (n is thousands here).
 */
export function pairedMeanDifference(sum: number, sumOfSquares: number, n: number, z: number = Z95): PairedDifference {
  if (n <= 0) return { difference: 0, ci95: [-Infinity, Infinity] };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sumOfSquares - sum * mean) / (n - 1)) : 0;
  const half = z * Math.sqrt(variance / n);
  return { difference: mean, ci95: [mean - half, mean + half] };
}

/** Whether a difference's interval contains zero: the change is within the noise of the trials run. */
export const withinNoise = (ci: readonly [number, number]): boolean => ci[0] <= 0 && ci[1] >= 0;

/** Half the width of an interval. */
export const halfWidth = (ci: readonly [number, number]): number => (ci[1] - ci[0]) / 2;
