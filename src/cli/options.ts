/** Shared run options: defaults in one constant, errors that name the option. */
import { availableParallelism } from 'node:os';
import { UsageError } from '../errors.js';
import { MAX_SEED } from '../rng/index.js';

export const RUN_DEFAULTS = {
  trials: 1_000_000,
  seed: 42,
  /** Under --precision: never more trials than this. */
  maxTrials: 1_000_000_000,
} as const;

export interface RunFlags {
  trials?: string;
  seed?: string;
  threads?: string;
  precision?: string;
  maxTrials?: string;
  json?: boolean;
  exact?: boolean;
}

/** What every simulation result says about its run (elapsedMs and threads vary; the rest is deterministic). */
export interface RunHeader {
  seed: number;
  trials: number;
  threads: number;
  precision: number | null;
  interrupted: boolean;
  elapsedMs: number;
}

export interface RunSettings {
  trials: number;
  seed: number;
  threads: number;
  precision: number | null;
  maxTrials: number;
  json: boolean;
  exact: boolean;
}

/** Integers as users type them: 1000000, 1_000_000, 1e6, 1,000,000. */
export function parseCount(option: string, text: string, min: number, max: number): number {
  const cleaned = text.trim().replace(/[_,]/g, '');
  const n = /^[0-9]+(\.[0-9]+)?(e[0-9]+)?$/i.test(cleaned) ? Number(cleaned) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`${option}: expected a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, got '${text}'`);
  }
  return n;
}

export function runSettings(f: RunFlags): RunSettings {
  const trials = f.trials === undefined ? RUN_DEFAULTS.trials : parseCount('--trials', f.trials, 1, 1e12);
  const seed = f.seed === undefined ? RUN_DEFAULTS.seed : parseCount('--seed', f.seed, 0, MAX_SEED);
  const threads = f.threads === undefined ? availableParallelism() : parseCount('--threads', f.threads, 1, 256);
  let precision: number | null = null;
  if (f.precision !== undefined) {
    precision = Number(f.precision);
    if (!Number.isFinite(precision) || precision <= 0 || precision >= 0.5) {
      throw new UsageError(`--precision: expected a half-width between 0 and 0.5 (e.g. 0.001), got '${f.precision}'`);
    }
  }
  const maxTrials = f.maxTrials === undefined ? RUN_DEFAULTS.maxTrials : parseCount('--max-trials', f.maxTrials, 1, 1e12);
  if (f.exact && precision !== null) throw new UsageError('--exact and --precision do not go together: exact odds have no sampling error');
  return { trials, seed, threads, precision, maxTrials, json: Boolean(f.json), exact: Boolean(f.exact) };
}
