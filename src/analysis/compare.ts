/**
 * `compare`: two scenarios of one kind side by side — the numbers a game master weighs (win, losses, weeks to
 * fall, who holds what) — with the difference and whether it is beyond the Monte Carlo's noise. Both run with
 * the same seed, so they share their dice (common random numbers); the noise test below treats them as
 * independent, which overstates the noise: "beyond noise" is then safe to believe.
 */
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import { UsageError } from '../errors.js';
import { loadFor } from '../kinds/commands.js';
import type { ScenarioInput } from '../kinds/load.js';
import type { RunOptions } from './options.js';

export interface CompareRow {
  metric: string;
  a: number;
  b: number;
  /** b − a. */
  difference: number;
  /** Half-width of the difference's 95% interval (0: both exact; null: not estimated). */
  noise: number | null;
  /** |difference| > noise. */
  beyondNoise: boolean | null;
  /** Both numbers exact (no Monte Carlo noise). */
  exact: boolean;
  unit: 'probability' | 'troops' | 'weeks' | 'legions';
}

export interface CompareResult extends ResultMeta {
  kind: string;
  files: [string, string];
  seed: number;
  trials: [number, number];
  rows: CompareRow[];
}

const Z = 1.959963984540054;

/** Agresti–Coull: p from (successes + 2) / (n + 4), so a probability seen as 0% or 100% still has noise. */
const variance = (p: number, n: number) => {
  const m = Math.max(1, n);
  const q = (p * m + 2) / (m + 4);
  return (q * (1 - q)) / (m + 4);
};

export function probability(metric: string, a: number, b: number, n: [number, number], exact = false): CompareRow {
  const noise = exact ? 0 : Z * Math.sqrt(variance(a, n[0]) + variance(b, n[1]));
  return {
    metric,
    a,
    b,
    difference: b - a,
    noise,
    beyondNoise: exact ? a !== b : Math.abs(b - a) > noise,
    unit: 'probability',
    exact,
  };
}

/** A mean with its spread read from the 5th–95th percentiles (≈ 3.29 standard deviations for a normal shape). */
export function mean(
  metric: string,
  unit: CompareRow['unit'],
  a: { mean: number; p05: number; p95: number },
  b: { mean: number; p05: number; p95: number },
  n: [number, number],
): CompareRow {
  const sd = (s: { p05: number; p95: number }) => (s.p95 - s.p05) / 3.29;
  const noise = Z * Math.sqrt(sd(a) ** 2 / Math.max(1, n[0]) + sd(b) ** 2 / Math.max(1, n[1]));
  return {
    metric,
    a: a.mean,
    b: b.mean,
    difference: b.mean - a.mean,
    noise,
    beyondNoise: Math.abs(b.mean - a.mean) > noise,
    unit,
    exact: false,
  };
}

/** Two scenarios of one kind side by side (each kind's rows, by its `compare` hook). */
export async function compare(
  fileA: ScenarioInput,
  fileB: ScenarioInput,
  options: RunOptions = {},
): Promise<CompareResult> {
  const [sa, sb] = await Promise.all([loadFor('compare', fileA), loadFor('compare', fileB)]);
  if (sa.kind !== sb.kind)
    throw new UsageError(`compare: both scenarios must be of one kind (got ${sa.kind} and ${sb.kind})`);
  const { seed, trials, rows } = await sa.behaviour.compare!(fileA, fileB, options);
  return { ...resultMeta('compare'), kind: sa.kind, files: [label(fileA), label(fileB)], seed, trials, rows };
}

const label = (f: ScenarioInput) => (typeof f === 'string' ? f : '<scenario>');
