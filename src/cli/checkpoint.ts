/** `--checkpoint FILE`, `--resume FILE`, `--checkpoint-every S` on the simulation commands (docs/reliability.md). */
import { Checkpoint, readCheckpoint, type CheckpointHeader } from '../engine/checkpoint.js';
import type { Engine } from '../engine/engine.js';
import { localEngine } from '../engine/local.js';
import { digest } from '../engine/wire.js';
import { UsageError } from '../errors.js';
import { fmtCount } from '../text/format.js';
import { warcastVersion } from '../version.js';
import type { Io } from './io.js';
import { runOptions, type RunFlags } from './options.js';
import { checkOutputFile, fileHead } from '../files/output.js';
import { ReadFailure, readRegularFile } from '../scenario/input.js';

export interface CheckpointFlags {
  checkpoint?: string;
  resume?: string;
  /** Seconds, parsed and checked by commander (src/cli/options.ts addCheckpointOptions). */
  checkpointEvery?: number;
}

/** Default seconds between checkpoint writes. */
export const CHECKPOINT_EVERY_S = 5;

/** Flags that say where or how a run goes, or how it is shown: a resumed run may change them. */
const NOT_THE_RUN = new Set([
  'threads',
  'json',
  'markdown',
  'report',
  'interactive',
  'out',
  'shard',
  'redis',
  'checkpoint',
  'resume',
  'checkpointEvery',
]);

/** Run `f` (the analysis call) with its runs checkpointed, and resumed from `--resume`. */
export async function withCheckpointFlags<T>(
  io: Io,
  flags: RunFlags & CheckpointFlags,
  f: (engine: Engine) => Promise<T>,
): Promise<T> {
  const path = flags.checkpoint ?? flags.resume!;
  if (io.engine !== undefined)
    throw new UsageError(
      '--checkpoint and --resume: not with --shard, --redis or warcast merge (a shard is already a unit a scheduler can rerun)',
    );
  const everyS = flags.checkpointEvery ?? CHECKPOINT_EVERY_S;
  const header = runHeader(io, flags);
  const resumed = flags.resume === undefined ? null : readCheckpoint(flags.resume, header);
  // Never written over: a file this run did not write (the scenario, notes.txt), a folder, a device.
  if (flags.checkpoint !== undefined && flags.checkpoint !== flags.resume) {
    checkOutputFile(flags.checkpoint, {
      option: '--checkpoint',
      inputs: io.invocation?.args ?? [],
      whyNotReplace: (p) => whyNotOurCheckpoint(p, header),
    });
  }
  const cp = new Checkpoint({ path, header, everyMs: everyS * 1000, resumed, warn: (line) => io.err(line) });
  if (resumed) io.err(`resuming from ${flags.resume}: ${fmtCount(cp.trialsDone)} trials already done\n`);
  // Written now: a path that cannot be written fails before the run, not after it.
  cp.write('before');
  const note = () => {
    if (io.signal?.aborted || !cp.whole)
      io.err(
        `checkpoint: ${path} holds the ${fmtCount(cp.snapshot().progress.trialsDone)} trials done; continue with --resume ${path}\n`,
      );
  };
  let result: T;
  try {
    result = await f(cp.engine(localEngine));
  } catch (err) {
    cp.write('after'); // a worker failed: keep what was done, and report the failure itself
    note();
    throw err;
  }
  cp.write('after');
  note();
  return result;
}

/** What identifies this run: command, scenario texts, seed, result-shaping options, version. */
function runHeader(io: Io, flags: RunFlags & CheckpointFlags): CheckpointHeader {
  const call = io.invocation;
  if (!call) throw new UsageError('--checkpoint: only on a command line');
  if (call.args.includes('-'))
    throw new UsageError(
      '--checkpoint and --resume: name the scenario file (not - for stdin), so a resumed run can check it is the same',
    );
  const s = runOptions(flags);
  const options: Record<string, unknown> = Object.fromEntries(
    Object.entries(flags).filter(([k, v]) => v !== undefined && !NOT_THE_RUN.has(k)),
  );
  Object.assign(options, { trials: s.trials, seed: s.seed, precision: s.precision, maxTrials: s.maxTrials });
  delete options.seed;
  return {
    version: warcastVersion,
    command: call.command,
    scenarios: call.args.map((file) => ({ file, hash: hashFile(file) })),
    seed: s.seed,
    options,
  };
}

/** Digest of a scenario file (at most 2 MiB: scenarios are limited to 1 MiB; the shared reader of regular files). */
function hashFile(file: string): string {
  try {
    return digest(readRegularFile(file, 2 << 20).toString('latin1'));
  } catch (err) {
    // missing, not a regular file, too large: the command reports it in its own words
    if (err instanceof ReadFailure) return err.code === 'ENOTREG' ? 'not a regular file' : 'unreadable';
    throw err;
  }
}

/** Why an existing file may not be replaced by this run's checkpoint, or null: only a checkpoint of this same run may. */
function whyNotOurCheckpoint(path: string, header: CheckpointHeader): string | null {
  if (!fileHead(path, 64).startsWith('{"warcastCheckpoint":')) return 'is not a warcast checkpoint';
  try {
    readCheckpoint(path, header);
    return null;
  } catch (err) {
    const prefix = `--resume ${path}: `;
    const message = (err as Error).message;
    const why = (message.startsWith(prefix) ? message.slice(prefix.length) : message).replace(
      /; a checkpoint resumes only.*$/,
      '',
    );
    return `is not a checkpoint of this run (${why}; resume it with the command that wrote it)`;
  }
}
