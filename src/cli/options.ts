/** The run options as typed on the command line: text into numbers, errors that name the option. */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { MAX_SEED } from '../rng/index.js';
import { MAX_THREADS, runSettings, type RunOptions, type RunSettings } from '../analysis/options.js';

export { RUN_DEFAULTS } from '../analysis/options.js';

/** What `--trials` counts for a command (its help text, with the default) and the unit `--precision` adds. */
export interface TrialWords {
  trials: string;
  unit: string;
}

export interface RunFlags {
  trials?: string;
  seed?: string;
  threads?: string;
  precision?: string;
  maxTrials?: string;
  json?: boolean;
  markdown?: boolean;
  exact?: boolean;
  /** Checkpoints (cli/checkpoint.ts). */
  checkpoint?: string;
  resume?: string;
  checkpointEvery?: string;
}

/** Integers as users type them: 1000000, 1_000_000, 1e6, 1,000,000. */
export function parseCount(option: string, text: string, min: number, max: number): number {
  const cleaned = text.trim().replace(/[_,]/g, '');
  const n = /^[0-9]+(\.[0-9]+)?(e[0-9]+)?$/i.test(cleaned) ? Number(cleaned) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(
      `${option}: expected a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, got '${text}'`,
    );
  }
  return n;
}

/** The flags as analysis options (checked: a bad option fails before any work). */
export function runOptions(f: RunFlags): RunOptions & RunSettings {
  let precision: number | null = null;
  if (f.precision !== undefined) {
    precision = Number(f.precision);
    if (!Number.isFinite(precision) || precision <= 0 || precision >= 0.5) {
      throw new UsageError(`--precision: expected a half-width between 0 and 0.5 (e.g. 0.001), got '${f.precision}'`);
    }
  }
  const options: RunOptions = {
    trials: f.trials === undefined ? undefined : parseCount('--trials', f.trials, 1, 1e12),
    seed: f.seed === undefined ? undefined : parseCount('--seed', f.seed, 0, MAX_SEED),
    threads: f.threads === undefined ? undefined : parseCount('--threads', f.threads, 1, MAX_THREADS),
    precision,
    maxTrials: f.maxTrials === undefined ? undefined : parseCount('--max-trials', f.maxTrials, 1, 1e12),
    exact: Boolean(f.exact),
  };
  return { ...options, ...runSettings(options) };
}

/** `--checkpoint`, `--resume`, `--checkpoint-every` on every command that takes the run options (cli/checkpoint.ts). */
export function addCheckpointOptions(cmd: Command): Command {
  return cmd
    .option(
      '--checkpoint <file>',
      'save the trials done to FILE every few seconds and on Ctrl-C, atomically (docs/reliability.md)',
    )
    .option(
      '--resume <file>',
      'continue the run a --checkpoint FILE was written by (same scenario, seed and options), checkpointing to it',
    )
    .option('--checkpoint-every <s>', 'seconds between checkpoint writes (default 5; 0: after every task)');
}
