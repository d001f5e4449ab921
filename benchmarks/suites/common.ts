/** Helpers shared by suites: a compiled benchmark scenario and an in-thread kernel sample. */
import { join } from 'node:path';
import type { Kernel } from '../../src/engine/kernel.js';
import { loadScenario } from '../../src/kinds/load.js';
import type { SuiteContext, SuiteRun } from '../harness.js';

/** Load a scenario from benchmarks/scenarios/ (validated like any user file). */
export async function benchScenario<T>(ctx: SuiteContext, file: string): Promise<T> {
  return (await loadScenario(join(ctx.root, 'benchmarks', 'scenarios', file))).scenario as T;
}

/**
 * JIT warm-up on the plan being measured (docs/benchmarks.md, JIT trap): the kernel's own warm-up plan never
 * rerolls a tie or draws a tactic pairing, so those branches had no type feedback when V8 optimised the loop,
 * and the first real battles deoptimised it. Many tiny calls on the real plan first (every branch seen in the
 * interpreter), then a few whole chunks, before anything is timed.
 */
export function warmUpOnPlan<P>(k: Kernel<P>, plan: P): void {
  const acc = new Float64Array(k.accLength(plan));
  for (let i = 0; i < 400; i++) k.run(plan, i, 0, 1, 64, acc);
  for (let i = 0; i < 5; i++) k.run(plan, i, 0, 1, k.chunkTrials, acc);
}

/**
 * One sample = `batch` trials of a kernel on this thread, exactly as the runner calls it (whole chunks, a fresh
 * accumulator). Pass a kernel whose `run` comes from a fresh copy of its module (freshModule, ctx.copy). Each
 * sample starts at a different chunk so samples roll different dice. With ctx.slowdown > 0 it also runs that
 * fraction of extra trials through the same kernel (gate testing; the engine never reads that setting).
 */
export function kernelSample<P>(ctx: SuiteContext, k: Kernel<P>, plan: P, batch: number): SuiteRun {
  if (batch % k.chunkTrials !== 0) throw new Error(`batch ${batch} is not a whole number of chunks (${k.chunkTrials})`);
  const chunks = batch / k.chunkTrials;
  const extra = Math.round(batch * ctx.slowdown);
  warmUpOnPlan(k, plan);
  let sink = 0;
  return {
    run(sample) {
      const first = (sample + 1000) * chunks;
      const acc = new Float64Array(k.accLength(plan));
      k.run(plan, 42, first, chunks, (first + chunks) * k.chunkTrials, acc);
      if (extra > 0) k.run(plan, 43, first, Math.ceil(extra / k.chunkTrials), first * k.chunkTrials + extra, acc);
      sink += acc[0];
    },
    teardown() {
      if (sink < 0) console.log(sink); // keeps the results alive
    },
  };
}
