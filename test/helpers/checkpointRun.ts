/**
 * Running a command in process with `--checkpoint FILE --checkpoint-every 0`, and acting as soon as the file shows
 * trials done (abort the run as Ctrl-C would, or copy the file as a kill would leave it): shared by the checkpoint
 * tests of the runs (test/engine/checkpoint.test.ts) and of the toolkit's paired and staged runs.
 */
import { readFileSync } from 'node:fs';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

export async function cli(args: string[], signal?: AbortSignal) {
  const io = memoryIo(signal);
  const code = await runCli(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

export const progress = (file: string): { trialsDone: number; callsComplete: number; calls: number } =>
  JSON.parse(readFileSync(file, 'utf8')).progress;

/**
 * Run `args` with a checkpoint written after every task; as soon as the file shows trials done, `onSaved(file)`
 * (abort the run, or copy the file as a kill would leave it). Polled between tasks (the main thread yields).
 */
export async function runWatched(
  args: string[],
  file: string,
  onSaved: (file: string) => void,
  signal?: AbortSignal,
  /** How many trials the file must show first (default: any). */
  after = 0,
) {
  let fired = false;
  const poll = setInterval(() => {
    try {
      if (!fired && progress(file).trialsDone > after) {
        fired = true;
        onSaved(file);
      }
    } catch {
      // not written yet
    }
  }, 1);
  try {
    return await cli([...args, '--checkpoint', file, '--checkpoint-every', '0'], signal);
  } finally {
    clearInterval(poll);
  }
}
