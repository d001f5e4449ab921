/**
 * Options every analysis takes, as numbers (the command line parses text into these; the library API passes
 * them directly), with their defaults in one constant and range checks that name the option.
 */
import { UsageError } from '../errors.js';
import { MAX_SEED } from '../rng/index.js';

export const RUN_DEFAULTS = {
  trials: 1_000_000,
  seed: 42,
  /** Under `precision`: never more trials than this. */
  maxTrials: 1_000_000_000,
} as const;

import type { RunOptions, RunSettings } from './settings.js';
export type { ProgressCallback, RunOptions } from './settings.js';
export type { RunHeader, RunSettings } from './settings.js';
export { precisionOutcome } from './settings.js';

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
  const threads =
    o.threads === undefined
      ? process.getBuiltinModule('node:os').availableParallelism()
      : whole('--threads', o.threads, 1, MAX_THREADS);
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
