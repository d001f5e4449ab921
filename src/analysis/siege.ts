/** `siege`: how long the fortress holds, how sieges end, what they cost, what is left standing. */
import { UsageError } from '../errors.js';
import { compileSiege, type CompiledSiege } from '../kinds/siege/plan.js';
import { summarizeSiege } from '../kinds/siege/summary.js';
import { runTrials, runUntil, type RunResult } from '../engine/run.js';
import { loadKernel } from '../kinds/index.js';
import { loadKind, type ScenarioInput } from '../kinds/load.js';
import { mark } from '../engine/timings.js';
import { wilsonHalfWidth } from '../stats/index.js';
import { progressIn, runSettings, type RunOptions, type RunSettings } from './options.js';
import { siegeResultOf, type SiegeResult } from './siegeResult.js';

export type { SiegeResult };
import { ENDINGS } from '../kinds/siege/plan.js';
import { siegeAccumulator } from '../kinds/siege/accumulator.js';

/** Simulate a compiled siege for the settings' trials, or until every ending is known to ± precision. */
export async function simulateSiege(c: CompiledSiege, s: RunSettings, o: RunOptions = {}): Promise<RunResult> {
  const common = { kernel: await loadKernel('siege'), plan: c.plan, seed: s.seed, threads: s.threads, signal: o.signal, onProgress: progressIn(o, 'sieges'), minPoolTrials: o.minPoolTrials };
  if (s.precision === null) return runTrials({ ...common, trials: s.trials });
  const eps = s.precision;
  const run = await runUntil({
    ...common,
    initialTrials: Math.min(s.trials, s.maxTrials),
    maxTrials: s.maxTrials,
    done: (acc, n) => {
      // every ending's probability and the fall probability known to ± eps
      const read = siegeAccumulator(c.plan);
      for (let e = 0; e < ENDINGS.length; e++) if (wilsonHalfWidth(read.endingTotal(acc, e), n) > eps) return false;
      return wilsonHalfWidth(read.fallenBy(acc, c.plan.weekLimit), n) <= eps;
    },
  });
  return run;
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
  return result;
}
