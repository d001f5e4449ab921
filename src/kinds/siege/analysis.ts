/** `siege`: how long the fortress holds, how sieges end, what they cost, what is left standing. */
import { UsageError } from '../../errors.js';
import { compileSiege, type CompiledSiege } from './plan.js';
import { summarizeSiege } from './summary.js';
import { runTrials, runUntil, type RunResult } from '../../engine/run.js';
import { siegeKind } from './kind.js';
import { loadKind, type ScenarioInput } from '../load.js';
import { mark } from '../../engine/timings.js';
import { wilsonHalfWidth } from '../../stats/index.js';
import { precisionOutcome, progressIn, runSettings, type RunOptions, type RunSettings } from '../../engine/options.js';
import { siegeResultOf, type SiegeResult } from './result.js';

export type { SiegeResult };
import { ENDINGS } from './plan.js';
import { siegeAccumulator } from './accumulator.js';

/** Simulate a compiled siege for the settings' trials, or until every ending is known to ± precision. */
export async function simulateSiege(c: CompiledSiege, s: RunSettings, o: RunOptions = {}): Promise<RunResult> {
  const common = {
    kernel: await siegeKind.kernel(),
    plan: c.plan,
    seed: s.seed,
    threads: s.threads,
    signal: o.signal,
    onProgress: progressIn(o, 'sieges'),
    engine: o.engine,
  };
  if (s.precision === null) return runTrials({ ...common, trials: s.trials });
  const eps = s.precision;
  const run = await runUntil({
    ...common,
    initialTrials: Math.min(s.trials, s.maxTrials),
    maxTrials: s.maxTrials,
    // every ending's probability and the fall probability known to ± eps
    done: (acc, n) => siegeHalfWidth(c, acc, n) <= eps,
  });
  return run;
}

/** The widest 95% half-width among the probabilities `--precision` bounds: every ending's, and the fall's. */
export function siegeHalfWidth(c: CompiledSiege, acc: Float64Array, n: number): number {
  const read = siegeAccumulator(c.plan);
  let widest = wilsonHalfWidth(read.fallenBy(acc, c.plan.weekLimit), n);
  for (let e = 0; e < ENDINGS.length; e++) widest = Math.max(widest, wilsonHalfWidth(read.endingTotal(acc, e), n));
  return widest;
}

/** The siege analysis: `warcast siege FILE --json` prints exactly this object. */
export async function siege(input: ScenarioInput, options: RunOptions = {}): Promise<SiegeResult> {
  if (options.exact) throw new UsageError('siege has no --exact mode: a siege carries state from week to week');
  const settings = runSettings(options);
  const { scenario } = await loadKind(input, 'siege');
  const started = performance.now();
  const c = compileSiege(scenario);
  mark('compiled');
  const run = await simulateSiege(c, settings, options);
  const summary = summarizeSiege(c.plan, run.acc, Math.max(1, run.trials));
  mark('summarised');
  const result = siegeResultOf(scenario, c, summary, {
    seed: settings.seed,
    trials: run.trials,
    threads: run.threadsUsed,
    precision: settings.precision,
    interrupted: run.interrupted,
    elapsedMs: 0,
  });
  result.elapsedMs = Math.round(performance.now() - started);
  if (settings.precision !== null)
    Object.assign(result, precisionOutcome(run, siegeHalfWidth(c, run.acc, Math.max(1, run.trials))));
  return result;
}
