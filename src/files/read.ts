/**
 * The one reader of the files a command reads besides its scenario (a post, a seal, a weekly state, a checkpoint,
 * a part): each kind with its size limit, checked before and while reading; only a regular file (a FIFO, a device
 * or a folder is refused at once, never waited on); every failure one line naming the file, what it is for, and
 * the reason in words (docs/reliability.md, "Limits on every input"). Scenarios are read by src/cli/scenarioArg.ts
 * over the same primitives (src/scenario/input.ts), which also take stdin, FIFOs and devices.
 */
import { ExitCode, UsageError, WarcastError } from '../errors.js';
import { INPUT_LIMITS, ReadFailure, readLimitedStdin, readRegularFile } from '../scenario/input.js';
import { shownPath } from './output.js';

/** The kinds of file a command reads, each with its limit (src/scenario/input.ts INPUT_LIMITS) and its name. */
export const INPUT_KINDS = {
  scenario: { limit: INPUT_LIMITS.scenario, what: 'the scenario' },
  post: { limit: INPUT_LIMITS.post, what: 'the post' },
  seal: { limit: INPUT_LIMITS.seal, what: 'the seal file' },
  state: { limit: INPUT_LIMITS.state, what: 'the weekly state' },
  checkpoint: { limit: INPUT_LIMITS.checkpoint, what: 'the checkpoint' },
  part: { limit: INPUT_LIMITS.part, what: 'a part file' },
  baseline: { limit: INPUT_LIMITS.baseline, what: 'the benchmark baseline' },
  record: { limit: INPUT_LIMITS.record, what: 'a file warcast keeps beside its output' },
} as const;
export type InputKind = keyof typeof INPUT_KINDS;

/** A failed read as its one line: `FILE: REASON (WHAT)`; exit 2, or 130 when a signal stopped it. */
export function inputError(file: string, kind: InputKind, err: unknown): Error {
  if (!(err instanceof ReadFailure)) return err as Error;
  const line = `${shownPath(file)}: ${err.reason.replace('the limit for this input', `the limit for ${INPUT_KINDS[kind].what}`)}`;
  if (err.code === 'signal') return new WarcastError(line, ExitCode.interrupted);
  return new UsageError(`${line}${err.code === 'limit' ? '' : ` (${INPUT_KINDS[kind].what})`}`);
}

/** A regular file's bytes, at most its kind's limit; anything else one line, exit 2. */
export function readInputFile(file: string, kind: InputKind): Buffer {
  try {
    return readRegularFile(file, INPUT_KINDS[kind].limit);
  } catch (err) {
    throw inputError(file, kind, err);
  }
}

/** `-`: stdin (a pipe or terminal waited on without blocking, so `signal` stops it); else readInputFile. */
export async function readInputArg(file: string, kind: InputKind, signal?: AbortSignal): Promise<Buffer> {
  if (file !== '-') return readInputFile(file, kind);
  try {
    return await readLimitedStdin(INPUT_KINDS[kind].limit, signal);
  } catch (err) {
    throw inputError('<stdin>', kind, err);
  }
}
