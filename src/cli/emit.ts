/** The tail every analysis command shares: print the result, then say whether the run was cut short. */
import { ExitCode } from '../errors.js';
import { grouped } from '../numbers.js';
import { warn } from './ignored.js';
import type { Io } from './io.js';
import type { Document } from '../present/document.js';
import { renderMarkdown } from '../present/markdown.js';
import { renderText } from '../present/text.js';

/**
 * One JSON document on stdout with --json; otherwise the result's document as Markdown with --markdown, or as text
 * fitted to the terminal's width (io.textWidth, set before the action from the terminal and --wide). Every command's
 * result is a document: nothing is read back from text.
 */
export function emitResult(
  io: Io,
  flags: { json?: boolean; markdown?: boolean },
  result: unknown,
  present: () => Document,
): void {
  warnPrecisionMissed(io, Boolean(flags.json), result);
  if (flags.json) return io.out(JSON.stringify(result, null, 2) + '\n');
  const width = flags.markdown ? Infinity : (io.textWidth ?? Infinity);
  const shown = present();
  io.out(flags.markdown ? renderMarkdown(shown) : renderText(shown, width));
}

/**
 * A `--precision` not reached within `--max-trials`: one warning line (stderr; a JSON document under --json, whose
 * result says `precisionReached: false` and the `precisionHalfWidth` achieved). The run's answer stands, less precise.
 */
const pctSignificant = (p: number) => `${+(p * 100).toPrecision(2)}%`;

export function warnPrecisionMissed(io: Io, json: boolean, result: unknown): void {
  const r = result as {
    precision?: unknown;
    precisionReached?: unknown;
    precisionHalfWidth?: unknown;
    trials?: unknown;
    maxTrials?: unknown;
    interrupted?: unknown;
  } | null;
  if (
    !r ||
    typeof r !== 'object' ||
    r.precisionReached !== false ||
    typeof r.precision !== 'number' ||
    r.interrupted === true
  )
    return;
  const achieved =
    typeof r.precisionHalfWidth === 'number'
      ? `: the widest 95% interval is ± ${pctSignificant(r.precisionHalfWidth)}`
      : '';
  warn(
    io,
    json,
    `--precision ${r.precision} not reached at the cap of ${grouped(Number(typeof r.maxTrials === 'number' ? r.maxTrials : r.trials))} trials (--max-trials)${achieved}, not ± ${pctSignificant(r.precision)}`,
  );
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
      const lines = t
        .trim()
        .split('\n')
        .map((l) => l.replace(/^warcast: /, ''));
      io.err(
        JSON.stringify({
          error: lines.length > 1 ? { message: lines.join('\n'), errors: lines } : { message: lines[0] },
        }) + '\n',
      );
    },
  };
}
