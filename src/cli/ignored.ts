/**
 * Options given together where one does nothing (docs/cli.md, "Options that do nothing"): a one-line warning on
 * stderr, and the run goes on as it would without the idle option. Options that contradict each other (two
 * output formats, exact odds with a sampling precision) are usage errors instead, checked by commander
 * (`Option.conflicts`) or by the analysis options.
 */
import type { Command } from 'commander';
import type { Io } from './io.js';
import { threadCap } from './exit.js';
import { MAX_THREADS } from '../engine/options.js';

/** The columns text output fits on a terminal whose width is unknown (80 reads well). */
export const TEXT_WIDTH = 80;

/** The columns to fit: the terminal's (or 80) on a terminal, unless --wide; whole lines when piped, for Markdown and JSON. */
export function textWidthFor(io: Io, o: { wide?: boolean; markdown?: boolean; json?: boolean }): number {
  return io.outIsTTY && !o.wide && !o.markdown && !o.json
    ? io.columns && io.columns > 0
      ? io.columns
      : TEXT_WIDTH
    : Infinity;
}

/** The options that only steer dice: idle when a command answers exactly. */
const DICE_OPTIONS = ['trials', 'seed', 'threads', 'precision', 'maxTrials', 'checkpoint', 'resume'] as const;

/** Commands that answer exactly unless `--monte-carlo` is given, and the ones that are always exact. */
const EXACT_UNLESS_MONTE_CARLO = new Set(['matchup', 'march']);
/** (`worth` is exact on a battle but Monte Carlo on a siege or a cascade: it warns itself once it knows the kind, src/cli/worth.ts.) */
const ALWAYS_EXACT = new Set<string>([]);

const flag = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The warnings for `command` as parsed: one line each, without the `warcast: warning:` prefix. */
export function idleOptionWarnings(command: Command): string[] {
  const opts = command.opts() as Record<string, unknown>;
  const has = (key: string) => command.options.some((o) => o.attributeName() === key);
  const given = (key: string) => has(key) && command.getOptionValueSource(key) === 'cli';
  const out: string[] = [];
  if (given('maxTrials') && !given('precision')) {
    out.push('--max-trials caps --precision runs only: ignored (the run is --trials long)');
  }
  if (given('interactive') && has('report') && !given('report')) {
    out.push('--interactive shapes the report only: ignored without --report <dir>');
  }
  if (given('checkpointEvery') && !given('checkpoint') && !given('resume')) {
    out.push(
      '--checkpoint-every sets how often --checkpoint FILE is written: ignored without --checkpoint or --resume',
    );
  }
  const name = command.name();
  const exactBecause = given('exact')
    ? '--exact'
    : ALWAYS_EXACT.has(name)
      ? `warcast ${name} (always exact)`
      : EXACT_UNLESS_MONTE_CARLO.has(name) && !opts.monteCarlo
        ? `warcast ${name} without --monte-carlo (exact)`
        : null;
  if (exactBecause) {
    // --exact with --precision is a usage error (the analysis options say so), not a warning.
    const idle = DICE_OPTIONS.filter(
      (k) => given(k) && !(k === 'maxTrials' && !given('precision')) && !(k === 'precision' && given('exact')),
    );
    if (idle.length > 0) out.push(`${idle.map(flag).join(', ')}: ignored under ${exactBecause}, which rolls no dice`);
  }
  return out;
}

/** Each warning on stderr: one line, or one JSON document `{"warning": {"message"}}` under --json. */
export function warnIdleOptions(io: Io, command: Command): void {
  for (const message of idleOptionWarnings(command)) warn(io, Boolean(command.opts().json), message);
}

export function warn(io: Io, json: boolean, message: string): void {
  if (io.quiet) return;
  io.err(json ? JSON.stringify({ warning: { message } }) + '\n' : `warcast: warning: ${message}\n`);
}

/** The dice options given to a command that turned out to answer exactly (as `--exact` would warn). */
export function warnIdleDice(io: Io, flags: Record<string, unknown>, because: string): void {
  const idle = DICE_OPTIONS.filter((k) => flags[k] !== undefined);
  if (idle.length > 0)
    warn(io, Boolean(flags.json), `${idle.map(flag).join(', ')}: ignored under ${because}, which rolls no dice`);
}

/**
 * Before any command runs: cap --threads (more than 4 per core only cost memory and start-up: 256 threads on
 * 2 cores took 5.6 GB and ran 28× slower; the answer does not depend on threads, so a script's setting is capped
 * with a warning rather than refused), after warning about idle options.
 */
export function beforeAction(io: Io, command: Command): void {
  const globals = command.optsWithGlobals();
  if (globals.quiet) io.quiet = true;
  // On a terminal, text fits its width unless --wide; piped text (files, scripts, the docs' samples), Markdown
  // and JSON keep whole lines and tables, as programs read them.
  io.textWidth = textWidthFor(io, globals);
  warnIdleOptions(io, command);
  const n = command.opts().threads as number | undefined; // parsed by commander (src/cli/options.ts countOption)
  const cap = Math.min(threadCap(), MAX_THREADS);
  if (n !== undefined && n > cap) {
    if (!io.quiet) io.err(`warcast: --threads ${n} is more than 4 per core here; using ${cap}\n`);
    command.setOptionValue('threads', cap);
  }
}
