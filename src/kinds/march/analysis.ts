/**
 * `warcast march <scenario>`: how far a force gets, when it arrives, how tired, and — when it meets an enemy on
 * arrival — its odds in that battle with the fatigue drawn from the march. Exact (Markov chain) by default;
 * Monte Carlo on request or when the chain would be too large, with 95% intervals.
 */
import { runTrials, runUntil, type Engine } from '../../engine/run.js';
import { summarizeMarch } from './summary.js';
import { wilsonHalfWidth } from '../../stats/index.js';
import { UsageError } from '../../errors.js';
import { marchKind } from './kind.js';
import { loadKind, type ScenarioInput } from '../load.js';
import { progressIn, runSettings, type RunOptions } from '../../engine/options.js';
import { ChainTooLarge, exactMarch } from './chain.js';
import type { MarchScenario } from './schema.js';
import { marchPlanOf, marchResultOf, type MarchResult } from './result.js';

export * from './result.js';

export interface MarchSettings {
  /** exact: the Markov chain (Monte Carlo only if the chain is too large); monte-carlo: the kernel. */
  method: 'exact' | 'monte-carlo';
  seed: number;
  trials: number;
  threads: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Where the runs compute (default: this process; src/engine/engine.ts). */
  engine?: Engine;
  /** Monte Carlo: add marches until P(arrives) is known to ± precision (95%), up to maxTrials. */
  precision?: number | null;
  maxTrials?: number;
}

/** The analysis options of `march`: the common run options and the method (default exact). */
export interface MarchOptions extends RunOptions {
  method?: 'exact' | 'monte-carlo';
}

export async function analyseMarch(s: MarchScenario, o: MarchSettings): Promise<MarchResult> {
  const started = performance.now();
  const { plan, troopClass, rate } = marchPlanOf(s);
  let method = o.method;
  let note: string | null = null;
  let weights: Float64Array | null = null;
  if (method === 'exact') {
    try {
      weights = exactMarch(plan, troopClass, s.marchPolicies);
    } catch (e) {
      if (!(e instanceof ChainTooLarge)) throw e;
      method = 'monte-carlo';
      note = `${e.message}: Monte Carlo instead`;
    }
  }
  let trials = 1;
  let interrupted = false;
  let threads: number | null = null;
  let precisionReached: boolean | undefined;
  const eps = o.precision ?? null;
  const arrivesHalfWidth = (acc: Float64Array, n: number) => {
    const p = summarizeMarch(plan, acc, Math.max(1, n), false).arrives;
    return wilsonHalfWidth(Math.round(p * n), Math.max(1, n));
  };
  if (weights === null) {
    const common = {
      kernel: await marchKind.kernel(),
      plan,
      seed: o.seed,
      threads: o.threads,
      signal: o.signal,
      onProgress: o.onProgress,
      engine: o.engine,
    };
    const maxTrials = o.maxTrials ?? o.trials;
    const run =
      eps === null
        ? await runTrials({ ...common, trials: o.trials })
        : await runUntil({
            ...common,
            initialTrials: Math.min(o.trials, maxTrials),
            maxTrials,
            done: (acc, n) => arrivesHalfWidth(acc, n) <= eps,
          });
    weights = run.acc;
    trials = Math.max(1, run.trials);
    interrupted = run.interrupted;
    threads = run.threadsUsed;
    if (eps !== null) precisionReached = run.precisionReached ?? false;
  }
  const result = marchResultOf(
    s,
    { plan, troopClass, rate },
    {
      method,
      note,
      weights,
      trials,
      seed: o.seed,
      threads,
      interrupted,
      elapsedMs: 0,
    },
  );
  result.elapsedMs = Math.round(performance.now() - started);
  if (precisionReached !== undefined)
    Object.assign(result, {
      precision: eps!,
      precisionReached,
      precisionHalfWidth: arrivesHalfWidth(weights, trials),
      maxTrials: o.maxTrials ?? o.trials,
    });
  return result;
}

/** The march analysis: `warcast march FILE --json` prints exactly this object. */
export async function march(input: ScenarioInput, options: MarchOptions = {}): Promise<MarchResult> {
  const settings = runSettings(options);
  if (settings.precision !== null && options.method !== 'monte-carlo')
    throw new UsageError('--precision: only with --monte-carlo (march is exact by default)');
  const { scenario } = await loadKind(input, 'march');
  return analyseMarch(scenario, {
    method: options.method ?? 'exact',
    seed: settings.seed,
    trials: settings.trials,
    precision: settings.precision,
    maxTrials: settings.maxTrials,
    threads: settings.threads,
    signal: options.signal,
    onProgress: progressIn(options, 'marches'),
    engine: options.engine,
  });
}
