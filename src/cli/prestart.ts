/**
 * Starting a run's worker threads before its scenario is read (engine/pool.ts, prestartPool): the command line
 * knows from its options alone whether a run will use more than one thread, and the workers' start-up then
 * overlaps the main thread's reading, validating and compiling of the scenario (docs/benchmarks.md).
 */
import { prestartPool } from '../engine/pool.js';
import { mark } from '../engine/timings.js';
import { loadKernel, type KindName } from '../kinds/index.js';
import { runSettings, type RunOptions } from '../engine/options.js';

/**
 * Start `threads − 1` workers for a coming run of `kind`'s kernel when the options say it will use them (at least
 * two threads and at least the kernel's pool threshold of trials in its first batch); otherwise nothing. A run
 * that turns out to stay on one thread closes them at once. Bad options are left for the command to report.
 */
export async function prestartThreads(kind: KindName, options: RunOptions): Promise<void> {
  let settings;
  try {
    settings = runSettings(options);
  } catch {
    return;
  }
  if (settings.exact || settings.threads < 2) return;
  const firstBatch = Math.min(settings.trials, settings.maxTrials);
  const kernel = await loadKernel(kind);
  if (firstBatch < kernel.minPoolTrials) return;
  prestartPool(settings.threads - 1, { preload: kind });
  mark('workers started', `${settings.threads - 1}`);
}
