/** Estimates and intervals. One function per concept, each with its source. */
/**
 * z for a two-sided 95% interval: Φ⁻¹(0.975) = 1.959963984540054 (to double precision). A constant, because
 * simple-statistics' `probit` is an approximation (1.95716 here), too coarse for published intervals.
 */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for a binomial proportion (E. B. Wilson, "Probable inference, the law of succession,
 * and statistical inference", JASA 22 (1927) 209–212). Better than the normal approximation near 0 and 1.
 */
export function wilsonInterval(successes: number, n: number, z: number = Z95): [number, number] {
  if (n <= 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At 0 (or n) successes the bound is exactly 0 (or 1); rounding would leave e.g. 2e-19 for 0 of 1,000.
  return [successes <= 0 ? 0 : Math.max(0, centre - half), successes >= n ? 1 : Math.min(1, centre + half)];
}

/** Half the width of the Wilson interval. */
export function wilsonHalfWidth(successes: number, n: number, z: number = Z95): number {
  const [lo, hi] = wilsonInterval(successes, n, z);
  return (hi - lo) / 2;
}

/** Standard error of a proportion estimated from n trials when the true value is p. */
export function proportionStandardError(p: number, n: number): number {
  const q = Math.min(1, Math.max(0, p));
  return Math.sqrt((q * (1 - q)) / n);
}

/** A discrete distribution: values (ascending) with weights (counts or probabilities). */
export interface Discrete {
  values: number[];
  weights: number[];
}

/** Collect (value, weight) pairs into a sorted discrete distribution. */
export function discrete(pairs: Iterable<[number, number]>): Discrete {
  const m = new Map<number, number>();
  for (const [v, w] of pairs) if (w > 0) m.set(v, (m.get(v) ?? 0) + w);
  const values = [...m.keys()].sort((a, b) => a - b);
  return { values, weights: values.map((v) => m.get(v)!) };
}

/**
 * The "at most / at least" view of a discrete distribution: for each value x (ascending), P(X ≤ x) and P(X ≥ x),
 * from running sums of the weights over the total (prefix sums for `atMost`, suffix sums for `atLeast`, so both
 * ends are exactly 1 and the tail probabilities keep their precision).
 */
export interface Cumulative {
  values: number[];
  atMost: number[];
  atLeast: number[];
}

export function cumulativeOf(d: Discrete): Cumulative {
  const n = d.values.length;
  const total = d.weights.reduce((a, b) => a + b, 0);
  const atMost = new Array<number>(n);
  const atLeast = new Array<number>(n);
  let below = 0;
  let above = 0;
  for (let i = 0; i < n; i++) {
    below += d.weights[i];
    atMost[i] = total > 0 ? Math.min(1, below / total) : 0;
  }
  for (let i = n - 1; i >= 0; i--) {
    above += d.weights[i];
    atLeast[i] = total > 0 ? Math.min(1, above / total) : 0;
  }
  if (n > 0 && total > 0) {
    atMost[n - 1] = 1;
    atLeast[0] = 1;
  }
  return { values: [...d.values], atMost, atLeast };
}

export function discreteMean(d: Discrete): number {
  let s = 0;
  let w = 0;
  for (let i = 0; i < d.values.length; i++) {
    s += d.values[i] * d.weights[i];
    w += d.weights[i];
  }
  return w > 0 ? s / w : 0;
}

/**
 * The p-quantile of a weighted discrete distribution: the smallest value whose cumulative weight reaches
 * p of the total (the inverse of the empirical CDF, Hyndman & Fan 1996 definition 1). Used instead of
 * simple-statistics' `quantileSorted` because the histograms hold millions of trials in a few bins.
 */
export function discreteQuantile(d: Discrete, p: number): number {
  const total = d.weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return 0;
  const target = p * total;
  let cum = 0;
  for (let i = 0; i < d.values.length; i++) {
    cum += d.weights[i];
    if (cum >= target - total * 1e-12) return d.values[i];
  }
  return d.values[d.values.length - 1];
}

/** A count's mean and its 5th, 50th and 95th percentiles: how every result reports losses. */
export interface Spread {
  mean: number;
  p05: number;
  p50: number;
  p95: number;
}

/** A Spread with the quartiles too (siege weeks and losses). */
export interface SpreadWithQuartiles extends Spread {
  p25: number;
  p75: number;
}
