/** From the command line to an analysis call: flags into options, Ctrl-C into the signal, progress onto stderr. */
import type { RunOptions, RunSettings } from '../analysis/options.js';
import type { Io } from './io.js';
import { loadKernel, type KindName } from '../kinds/index.js';
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
      onProgress: (done, total, u) => {
        if (u !== unit) {
          bar?.finish();
          bar = progressBar(io, u);
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
    return await f(run.options);
  } finally {
    run.done();
  }
}

/**
 * Text mode: say on stderr when a run given --threads N > 1 stayed on one thread because it was below its
 * kind's pool threshold (a second thread's start-up and JIT warm-up would cost more than it saves; the
 * thresholds are measured: docs/benchmarks.md, "Threads").
 */
export async function noteThreads(io: Io, flags: RunFlags, used: number, trials: number, kind: KindName, unit: string): Promise<void> {
  // Only when --threads asked for more: by default the header's "1 thread" says it, and a note on every small run would be noise.
  if (flags.json || flags.exact || flags.threads === undefined || used !== 1 || trials === 0) return;
  const requested = runOptions(flags).threads;
  if (requested <= 1) return;
  const { minPoolTrials } = await loadKernel(kind);
  if (trials >= minPoolTrials) return;
  io.err(`note: ran on 1 thread of ${requested}: below ${minPoolTrials.toLocaleString('en-US')} ${unit} a second thread's start-up and warm-up cost more than it saves\n`);
}
