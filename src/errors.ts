/** Exit codes: a contract with scripts and CI (docs/architecture.md, Errors). */
export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  invalidScenario: 3,
  /** An optional package the command needs is not installed (cluster mode's bullmq and ioredis: src/distributed/optional.ts). */
  missingPackage: 4,
  interrupted: 130,
  /** Stdout closed by its reader (`warcast … | head -1`): 128 + SIGPIPE, as a Unix tool killed by it reports. */
  brokenPipe: 141,
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

/**
 * Every problem the schema found in one scenario file (up to SCENARIO_ERROR_LIMIT), each its own line
 * `file:line: path: expected`. The first one's file, line and path stand for the whole.
 */
export class ScenarioErrors extends ScenarioError {
  /** Each problem's line, in file order, and a last "… and N more" line past the limit. */
  readonly lines: string[];
  /** The problems listed (without the "… and N more" line) and how many more there were. */
  readonly errors: readonly ScenarioError[];
  readonly more: number;
  constructor(errors: readonly ScenarioError[], more: number) {
    const first = errors[0];
    super(first.file, first.line, first.path, '');
    this.errors = errors;
    this.more = more;
    this.lines = errors.map((e) => e.message);
    if (more > 0)
      this.lines.push(`${first.file}: … and ${more} more problem${more === 1 ? '' : 's'} (fix these and run again)`);
    this.message = this.lines.join('\n');
    this.name = 'ScenarioErrors';
  }
}

/** The most problems of one scenario file listed at once. */
export const SCENARIO_ERROR_LIMIT = 10;
