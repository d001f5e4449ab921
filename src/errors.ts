/** Exit codes: a contract with scripts and CI (docs/architecture.md, Errors). */
export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  invalidScenario: 3,
  interrupted: 130,
  /** Stopped by SIGTERM (128 + 15), after printing what finished. */
  terminated: 143,
} as const;

/** An error meant for the user: one line, no stack trace, a distinct exit code. */
export class WarcastError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = ExitCode.failure) {
    super(message);
    this.name = 'WarcastError';
    this.exitCode = exitCode;
  }
}

/** Bad command-line use (unknown option, out-of-range value): exit 2. */
export class UsageError extends WarcastError {
  constructor(message: string) {
    super(message, ExitCode.usage);
    this.name = 'UsageError';
  }
}

/** A scenario file that cannot be used: exit 3, message `file:line: path: what was expected`. */
export class ScenarioError extends WarcastError {
  readonly file: string;
  readonly line: number | null;
  readonly path: string;
  constructor(file: string, line: number | null, path: string, expected: string) {
    const where = line === null ? file : `${file}:${line}`;
    super(`${where}: ${path ? path + ': ' : ''}${expected}`, ExitCode.invalidScenario);
    this.name = 'ScenarioError';
    this.file = file;
    this.line = line;
    this.path = path;
  }
}
