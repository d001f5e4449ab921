/** From an error to its one line on stderr and its exit code (docs/reliability.md, exit codes). */
import { CommanderError } from 'commander';
import { ExitCode, ScenarioErrors, UsageError, WarcastError } from '../errors.js';
import { escapeControls } from '../scenario/controls.js';
import type { Io } from './io.js';

export function exitCodeFor(err: unknown, io: Io): number {
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help')
      return ExitCode.ok;
    // Commander kept its error in warcast's words, the hint joined to it (src/cli/program.ts): one line, as our own.
    io.err(`warcast: ${oneLine((io.usageText ?? err.message).trim().replace(/^error: /, ''))}\n`);
    return ExitCode.usage;
  }
  if (err instanceof ScenarioErrors) {
    io.err(err.lines.map((l) => `warcast: ${oneLine(l)}\n`).join(''));
    return err.exitCode;
  }
  if (err instanceof UsageError || err instanceof WarcastError || isWarcastErrorFromAnotherCopy(err)) {
    io.err(`warcast: ${oneLine(err.message)}\n`);
    return err.exitCode;
  }
  io.err(`warcast: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  return ExitCode.failure;
}

/**
 * A WarcastError thrown by `warcast bench`, which the command line's bundle loads from dist/src/ beside it
 * (src/build/bundle.ts) with its own copy of src/errors.ts: another class, so instanceof misses it.
 */
function isWarcastErrorFromAnotherCopy(err: unknown): err is WarcastError {
  return (
    err instanceof Error &&
    /^(Warcast|Usage)Error$/.test(err.name) &&
    Number.isInteger((err as { exitCode?: unknown }).exitCode)
  );
}

/** Most threads worth starting: 4 per core (at least 8). */
export function threadCap(): number {
  // node:os loaded here, not at start-up: every command loads this file, few ask for the cap.
  return Math.max(8, 4 * process.getBuiltinModule('node:os').availableParallelism());
}

/** An error message as one bounded line: control characters escaped, at most 1,000 characters. */
function oneLine(message: string): string {
  const m = escapeControls(message.replace(/\n/g, ' '));
  return m.length > 1000 ? `${m.slice(0, 1000)}… (${m.length.toLocaleString('en-US')} characters)` : m;
}
