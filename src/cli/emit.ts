/** The tail every analysis command shares: print the result, then say whether the run was cut short. */
import { ExitCode } from '../errors.js';
import type { Io } from './io.js';
import { toMarkdown } from '../text/markdown.js';
import { fitText } from '../text/format.js';

/** One JSON document on stdout with --json, Markdown with --markdown, the text tables otherwise. */
export function emitResult(io: Io, flags: { json?: boolean; markdown?: boolean }, result: unknown, text: () => string): void {
  io.out(flags.json ? JSON.stringify(result, null, 2) + '\n' : flags.markdown ? toMarkdown(text()) : fitText(text()));
}

/** Exit 130 with a one-line note on stderr when Ctrl-C cut the run short; 0 otherwise. */
export function exitCodeAfter(io: Io, interrupted: boolean | undefined, covered: string): number {
  if (!interrupted) return ExitCode.ok;
  io.err(`interrupted: the results above cover ${covered}\n`);
  return ExitCode.interrupted;
}

/**
 * Under --json, an error is one JSON document on stderr too: {"error": {"message": …}}; a scenario with several
 * problems adds them one by one: {"error": {"message": all lines, "errors": [each line]}}.
 */
export function jsonErrors(io: Io): Io {
  return {
    ...io,
    err: (t: string) => {
      const lines = t.trim().split('\n').map((l) => l.replace(/^warcast: /, ''));
      io.err(JSON.stringify({ error: lines.length > 1 ? { message: lines.join('\n'), errors: lines } : { message: lines[0] } }) + '\n');
    },
  };
}
