/** The run options as typed on the command line: text into numbers, errors that name the option. */
import { wholeNumber } from '../kinds/optionText.js';
import { InvalidArgumentError, Option, type Command, type OutputConfiguration } from 'commander';
import type { Io } from './io.js';
import { UsageError } from '../errors.js';
import { MAX_SEED } from '../rng/index.js';
import { MAX_THREADS, runSettings, type RunOptions, type RunSettings } from '../engine/options.js';

export { RUN_DEFAULTS } from '../engine/options.js';

/** What `--trials` counts for a command (its help text, with the default) and the unit `--precision` adds. */
export interface TrialWords {
  trials: string;
  unit: string;
}

/** The run options as commander hands them over: numbers, parsed and range-checked by `countOption`/`precisionOption`. */
export interface RunFlags {
  trials?: number;
  seed?: number;
  threads?: number;
  precision?: number;
  maxTrials?: number;
  json?: boolean;
  markdown?: boolean;
  exact?: boolean;
  /** Checkpoints (cli/checkpoint.ts). */
  checkpoint?: string;
  resume?: string;
  checkpointEvery?: number;
}

/** Integers as users type them: 1000000, 1_000_000, 1e6, 1,000,000. */
export function parseCount(option: string, text: string, min: number, max: number): number {
  return wholeNumber(option, text, min, max);
}

/**
 * A whole-number option parsed where commander reads it (`argParser`): a bad value stops the command before any
 * work, with commander's line naming the option and ours saying what was expected (exit 2).
 */
export function countOption(flags: string, description: string, min: number, max: number): Option {
  const name = flags.split(' ')[0];
  return new Option(flags, description).argParser((text) => {
    try {
      return parseCount(name, text, min, max);
    } catch (err) {
      throw new InvalidArgumentError((err as Error).message);
    }
  });
}

/** `--precision <eps>`: a 95% half-width strictly between 0 and 0.5. */
export function parsePrecision(text: string): number {
  const precision = Number(text.trim());
  if (!Number.isFinite(precision) || precision <= 0 || precision >= 0.5) {
    throw new UsageError(`--precision: expected a half-width between 0 and 0.5 (e.g. 0.001), got '${text}'`);
  }
  return precision;
}

export function precisionOption(description: string): Option {
  return new Option('--precision <eps>', description).argParser((text) => {
    try {
      return parsePrecision(text);
    } catch (err) {
      throw new InvalidArgumentError((err as Error).message);
    }
  });
}

/**
 * `--family holm|bh`: how a command's many Monte Carlo claims are held together (src/stats/family.ts); `claims`
 * names them ("the items", "the points' changes").
 */
export function familyOption(claims: string): Option {
  return new Option(
    '--family <method>',
    `how ${claims} are held together as many claims — holm (default: any false "beyond noise" ≤ 5%) or bh (Benjamini–Hochberg: the expected share of false ones ≤ 5%)`,
  ).choices(['holm', 'bh']);
}

/**
 * Commander's usage error in warcast's words, for the one line `warcast: …` (src/cli/exit.ts): an option value our
 * parser refused reads exactly as our own errors do ("--precision: expected …, got '7'", no hint: the line says
 * what was expected); a missing value says what to write ("--seed needs a value: --seed <n>"); the
 * others keep commander's words ("unknown option '--bogus'"). `hint`: whether the help hint should follow.
 */
export function usageMessage(text: string): { message: string; hint: boolean } {
  const message = text
    .trim()
    .replace(/^error: /, '')
    .replace(/\s*\n\s*/g, ' ');
  const invalid = /^option '(-[^\s',]+)[^']*' argument '.*?' is invalid\. (.*)$/s.exec(message);
  if (invalid)
    return {
      message: invalid[2].startsWith(`${invalid[1]}:`) ? invalid[2] : `${invalid[1]}: ${invalid[2]}`,
      hint: false,
    };
  const missing = /^option '(-[^\s',]+)[^']*?(<[^>]+>|\[[^\]]+\])' argument missing$/.exec(message);
  if (missing) return { message: `${missing[1]} needs a value: ${missing[1]} ${missing[2]}`, hint: true };
  return { message: message.replace(/\.$/, ''), hint: true };
}

/**
 * Commander's output: help on stdout; a usage error kept in warcast's words (`usageMessage`), its hint joined to
 * it, for the one line `warcast: …` (or one JSON error under --json) that src/cli/exit.ts prints.
 */
export function usageOutput(io: Io): OutputConfiguration {
  let inError = false;
  let hint = false;
  return {
    writeOut: (s) => io.out(s),
    outputError: (s) => {
      const usage = usageMessage(s);
      io.usageText = usage.message;
      hint = usage.hint;
      inError = true;
    },
    writeErr: (s) => {
      if (!inError) return io.json ? void (io.usageText = (io.usageText ?? '') + s) : io.err(s);
      if (hint) io.usageText += `; ${s.trim().replace(/^\((.*)\)$/s, '$1')}`;
      hint = false;
    },
  };
}

/** The flags as analysis options; commander has parsed them, `runSettings` checks what a library caller passes. */
export function runOptions(f: RunFlags): RunOptions & RunSettings {
  const options: RunOptions = {
    trials: f.trials,
    seed: f.seed,
    threads: f.threads,
    precision: f.precision ?? null,
    maxTrials: f.maxTrials,
    exact: Boolean(f.exact),
  };
  return { ...options, ...runSettings(options) };
}

export { MAX_SEED, MAX_THREADS };

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
    .addOption(
      new Option(
        '--checkpoint-every <s>',
        'seconds between checkpoint writes (default 5; 0: after every task)',
      ).argParser((text) => {
        const seconds = Number(text.trim());
        if (text.trim() === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > 86_400)
          throw new InvalidArgumentError(`--checkpoint-every: expected seconds from 0 to 86400, got '${text}'`);
        return seconds;
      }),
    );
}
