import { isatty } from 'node:tty';
import type { Engine } from '../engine/engine.js';
import { ExitCode, WarcastError } from '../errors.js';

/** What a command writes to: injectable so each command is a testable function. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (progress bars only then). */
  errIsTTY: boolean;
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal;
  /** The command being run and its arguments (set by the CLI before the action; checkpoints name them). */
  invocation?: { command: string; args: string[] };
  /** --quiet: no progress bar and no notes or warnings on stderr (errors still). */
  quiet?: boolean;
  /** Whether stdout is a terminal: text is then fitted to its width (unless --wide). */
  outIsTTY?: boolean;
  /**
   * Where the command's simulation runs compute: set by --shard, --redis and warcast merge (src/cli/distributed.ts)
   * around the command; absent: this process (src/engine/engine.ts).
   */
  engine?: Engine;
  /** The terminal's columns (process.stdout.columns), when stdout is one. */
  columns?: number;
  /** The columns text output fits: set before each command from the terminal and --wide (Infinity: whole lines). */
  textWidth?: number;
  /** --json somewhere on the command line: commander's usage errors are collected in `usageText` and printed as JSON. */
  json?: boolean;
  usageText?: string;
  /** Asks a question on the terminal and gives the answer (null: input ended); absent when stdin is no terminal. */
  ask?: (question: string) => Promise<string | null>;
}

export function processIo(signal?: AbortSignal): Io {
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    errIsTTY: Boolean(process.stderr.isTTY) && !process.env.CI,
    outIsTTY: Boolean(process.stdout.isTTY),
    columns: process.stdout.columns,
    signal,
    // isatty(0), not process.stdin.isTTY: reading process.stdin opens a stream on it (and loads fs/promises, readline) at every start.
    ask: isatty(0) ? terminalAsk : undefined,
  };
}

/** Collects output in memory (tests). */
export function memoryIo(signal?: AbortSignal): Io & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    errIsTTY: false,
    signal,
    out(t: string) {
      io.stdout += t;
    },
    err(t: string) {
      io.stderr += t;
    },
  };
  return io;
}

/** One question on the terminal (prompt on stderr, so stdout stays the result); null when input ends (Ctrl-D). */
async function terminalAsk(question: string): Promise<string | null> {
  const { createInterface } = await import('node:readline');
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  return new Promise((resolve) => {
    let answered = false;
    rl.on('close', () => {
      if (!answered) resolve(null);
    });
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
  });
}

/**
 * `work`, or as soon as `signal` aborts (Ctrl-C, SIGTERM) a WarcastError saying `line` (exit 130; 143 for SIGTERM,
 * src/cli/main.ts), after `onStop` (kill what `work` started). For work that does not watch the signal itself (a
 * bundler, child processes): the command ends at once and what `work` would have written is not written.
 */
export function untilStopped<T>(
  signal: AbortSignal | undefined,
  line: string,
  work: Promise<T>,
  onStop?: () => void,
): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      onStop?.();
      reject(new WarcastError(line, ExitCode.interrupted));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
