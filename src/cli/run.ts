/** From the command line to an analysis call: flags into options, Ctrl-C into the signal, progress onto stderr. */
import type { RunOptions, RunSettings } from '../engine/options.js';
import type { Io } from './io.js';
import { runOptions, type RunFlags } from './options.js';
import { progressBar, type Progress } from './progress.js';

export interface CliRun {
  options: RunOptions & RunSettings;
  /** Clear the progress bar (call when the analysis returns or throws). */
  done(): void;
}

/** The analysis options of a command: parsed flags, the Ctrl-C signal, a progress bar per phase (battles, engagements, …). */
export function cliRun(io: Io, flags: RunFlags): CliRun {
  let bar: Progress | null = null;
  let unit = '';
  return {
    options: {
      ...runOptions(flags),
      signal: io.signal,
      ...(io.engine ? { engine: io.engine } : {}),
      onProgress: (done, total, u) => {
        if (u !== unit) {
          bar?.finish();
          bar = progressBar(io, u, { precision: flags.precision !== undefined });
          unit = u;
        }
        bar!.update(done, total);
      },
    },
    done: () => bar?.finish(),
  };
}

/** Run `f` with the command's options, clearing the progress bar however it ends. */
export async function withRun<T>(io: Io, flags: RunFlags, f: (options: CliRun['options']) => Promise<T>): Promise<T> {
  const run = cliRun(io, flags);
  try {
    if (flags.checkpoint === undefined && flags.resume === undefined) return await f(run.options);
    const { withCheckpointFlags } = await import('./checkpoint.js');
    return await withCheckpointFlags(io, flags, (engine) => f({ ...run.options, engine }));
  } finally {
    run.done();
  }
}
