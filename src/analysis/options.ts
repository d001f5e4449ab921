/**
 * Options every analysis takes, as numbers (the command line parses text into these; the library API passes
 * them directly), with their defaults in one constant and range checks that name the option.
 */
import { availableParallelism } from 'node:os';
import { UsageError } from '../errors.js';
import type { Engine } from '../engine/run.js';
import { MAX_SEED } from '../rng/index.js';

export const RUN_DEFAULTS = {
  trials: 1_000_000,
  seed: 42,
  /** Under `precision`: never more trials than this. */
  maxTrials: 1_000_000_000,
} as const;

/** Progress of a run: trials done, trials planned (grows under `precision`), and what a trial is. */
export type ProgressCallback = (done: number, total: number, unit: string) => void;

export interface RunOptions {
  /** Trials to simulate (default 1,000,000); the first batch under `precision`. */
  trials?: number;
  /** Master seed: same seed, same answer (default 42). */
  seed?: number;
  /** Worker threads (default: available parallelism). */
  threads?: number;
  /** Keep adding trials until every reported probability's 95% half-width is at most this. */
  precision?: number | null;
  /** The cap on trials under `precision` (default 10⁹). */
  maxTrials?: number;
  /** Exact answers only, where the kind has them (no Monte Carlo). */
  exact?: boolean;
  /** Stops the run after the chunks in flight; the result then covers the chunks finished (`interrupted: true`). */
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
  /** Where the runs compute (default: this process, its main thread and worker pool; src/engine/engine.ts). */
  engine?: Engine;
}

/** The options resolved: defaults filled, ranges checked. */
export interface RunSettings {
  trials: number;
  seed: number;
  threads: number;
  precision: number | null;
  maxTrials: number;
  exact: boolean;
}

/** What every simulation result says about its run (elapsedMs and threads vary; the rest is deterministic). */
export interface RunHeader {
  seed: number;
  trials: number;
  threads: number;
  precision: number | null;
  /**
   * Under `precision`: whether every probability it bounds reached ± precision before `maxTrials` (false: the
   * run stopped at the cap, short of the target; the CLI warns). Absent without `precision`.
   */
  precisionReached?: boolean;
  /** Under `precision`: the widest 95% half-width achieved among those probabilities. */
  precisionHalfWidth?: number;
  interrupted: boolean;
  elapsedMs: number;
}

/** The fields a result under `precision` adds: reached or not, and the half-width achieved. */
export function precisionOutcome(
  run: { precisionReached?: boolean } | null,
  halfWidth: number,
): Pick<RunHeader, 'precisionReached' | 'precisionHalfWidth'> {
  return { precisionReached: run?.precisionReached ?? false, precisionHalfWidth: halfWidth };
}

/** The most threads a run may ask for. */
export const MAX_THREADS = 256;

function whole(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(
      `${name}: expected a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, got ${value}`,
    );
  }
  return value;
}

/** Fill defaults and check ranges; errors name the command-line option. */
export function runSettings(o: RunOptions): RunSettings {
  const trials = o.trials === undefined ? RUN_DEFAULTS.trials : whole('--trials', o.trials, 1, 1e12);
  const seed = o.seed === undefined ? RUN_DEFAULTS.seed : whole('--seed', o.seed, 0, MAX_SEED);
  const threads = o.threads === undefined ? availableParallelism() : whole('--threads', o.threads, 1, MAX_THREADS);
  const precision = o.precision ?? null;
  if (precision !== null && (!Number.isFinite(precision) || precision <= 0 || precision >= 0.5)) {
    throw new UsageError(`--precision: expected a half-width between 0 and 0.5 (e.g. 0.001), got ${precision}`);
  }
  const maxTrials = o.maxTrials === undefined ? RUN_DEFAULTS.maxTrials : whole('--max-trials', o.maxTrials, 1, 1e12);
  const exact = Boolean(o.exact);
  if (exact && precision !== null)
    throw new UsageError('--exact and --precision do not go together: exact odds have no sampling error');
  return { trials, seed, threads, precision, maxTrials, exact };
}

/** The progress callback for one phase of a run, in that phase's unit. */
export function progressIn(o: RunOptions, unit: string): ((done: number, total: number) => void) | undefined {
  const cb = o.onProgress;
  return cb ? (done, total) => cb(done, total, unit) : undefined;
}
