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
  /** The terminal's columns (process.stdout.columns), when stdout is one. */
  columns?: number;
  /** The columns text output fits: set before each command from the terminal and --wide (Infinity: whole lines). */
  textWidth?: number;
  /** --json somewhere on the command line: commander's usage errors are collected in `usageText` and printed as JSON. */
  json?: boolean;
  usageText?: string;
}

export function processIo(signal?: AbortSignal): Io {
  return {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    errIsTTY: Boolean(process.stderr.isTTY) && !process.env.CI,
    outIsTTY: Boolean(process.stdout.isTTY),
    columns: process.stdout.columns,
    signal,
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
