/**
 * What a run was asked and what it reports about itself: plain types every layer above the engine shares (the
 * kinds' result builders, the analyses, the reports). The options as a caller gives them, with their defaults and
 * checks, are in src/engine/options.ts.
 */
import type { Engine } from './run.js';

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
