/**
 * Running one kernel on many plans with the same seed: the cells of a tactic matchup, the points of a
 * sweep. Every plan gets the same chunk seeds (common random numbers), so two plans differ by what the plans
 * differ in, not by the dice. Small batches stay on the main thread, one plan after another; a batch big
 * enough to pay for a pool (by the kernel's own threshold, counted over all plans) runs all plans at once on
 * the pool, so each thread always has work. Each plan's answer is what `runTrials` would give it alone, for
 * any thread count.
 */
import { setMaxListeners } from 'node:events';
import type { Kernel } from './kernel.js';
import type { Engine } from './engine.js';
import { localEngine } from './local.js';
import { runTrials, runUntil, type RunResult } from './run.js';

export interface ManyOptions<P = unknown> {
  kernel: Kernel<P>;
  plans: readonly P[];
  seed: number;
  /** Trials per plan (the first batch under `precision`). */
  trials: number;
  threads: number;
  /** Keep adding chunks to plan i until done(i, acc, trials) or maxTrials. */
  precision?: { done(plan: number, acc: Float64Array, trials: number): boolean; maxTrials: number } | null;
  signal?: AbortSignal;
  /** Trials done over all plans, and the total planned (grows under `precision`). */
  onProgress?: (done: number, total: number) => void;
  /** Where the runs compute (default: this process). */
  engine?: Engine;
}

export interface ManyResult {
  results: RunResult[];
  threadsUsed: number;
  interrupted: boolean;
}

export async function runMany<P>(o: ManyOptions<P>): Promise<ManyResult> {
  const k = o.kernel;
  const engine = o.engine ?? localEngine;
  const threshold = engine.poolFrom(k as Kernel<unknown>);
  const planned = o.precision ? Math.min(o.trials, o.precision.maxTrials) : o.trials;
  const usePool = o.threads > 1 && planned * o.plans.length >= threshold;
  const done = new Array<number>(o.plans.length).fill(0);
  const totals = new Array<number>(o.plans.length).fill(planned);
  const report = () => o.onProgress?.(sum(done), sum(totals));
  // On the pool every plan runs at once and each listens for the abort: one signal of our own, linked once to
  // the caller's and allowed a listener a plan, so 12 plans are not taken for a leak (MaxListenersExceededWarning).
  const local = o.signal ? new AbortController() : null;
  const forward = () => local!.abort(o.signal!.reason);
  if (local) {
    setMaxListeners(o.plans.length + 10, local.signal);
    if (o.signal!.aborted) forward();
    else o.signal!.addEventListener('abort', forward, { once: true });
  }
  const signal = local?.signal;
  const one = (i: number): Promise<RunResult> => {
    const common = {
      kernel: k,
      plan: o.plans[i],
      seed: o.seed,
      threads: o.threads,
      signal,
      engine,
      placement: usePool ? ('pool' as const) : ('main' as const),
      onProgress: (d: number, t: number) => {
        done[i] = d;
        totals[i] = Math.max(t, d);
        report();
      },
    };
    if (!o.precision) return runTrials({ ...common, trials: o.trials });
    const p = o.precision;
    return runUntil({ ...common, initialTrials: planned, maxTrials: p.maxTrials, done: (acc, n) => p.done(i, acc, n) });
  };
  let results: RunResult[];
  try {
    if (usePool) results = await Promise.all(o.plans.map((_, i) => one(i)));
    else {
      results = [];
      for (let i = 0; i < o.plans.length; i++) results.push(await one(i));
    }
  } finally {
    o.signal?.removeEventListener('abort', forward);
  }
  return {
    results,
    threadsUsed: Math.max(1, ...results.map((r) => r.threadsUsed)),
    interrupted: results.some((r) => r.interrupted),
  };
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}
