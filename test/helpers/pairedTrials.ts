/**
 * Trial by trial, written apart from src/toolkit/worthPaired.ts: trial t of a plan played alone as the kernel's
 * chunk t cut to one trial, into a fresh accumulator, and whether it meets a measure read off that accumulator.
 * Worth's paired runs must give exactly these outcomes. One accumulator zeroed before each trial: a new one each
 * time (a siege's is 15,135 numbers) cost 2.5 s of CPU for 16,000 trials, garbage collection mostly; zeroed, 0.05 s.
 */
import type { Kernel } from '../../src/engine/kernel.js';

export function outcomesAlone<P>(
  kernel: Kernel<P>,
  plan: P,
  seed: number,
  n: number,
  meets: (acc: Float64Array) => boolean,
): Uint8Array {
  const out = new Uint8Array(n);
  const acc = new Float64Array(kernel.accLength(plan));
  for (let t = 0; t < n; t++) {
    acc.fill(0);
    kernel.run(plan, seed, t, 1, t * kernel.chunkTrials + 1, acc);
    out[t] = meets(acc) ? 1 : 0;
  }
  return out;
}

export const share = (o: Uint8Array) => o.reduce((a, b) => a + b, 0) / o.length;

/** Trials the base meets and the variant does not, and the other way. */
export function discordant(base: Uint8Array, variant: Uint8Array): { baseOnly: number; variantOnly: number } {
  let baseOnly = 0;
  let variantOnly = 0;
  for (let t = 0; t < base.length; t++) {
    if (base[t] > variant[t]) baseOnly++;
    else if (variant[t] > base[t]) variantOnly++;
  }
  return { baseOnly, variantOnly };
}
