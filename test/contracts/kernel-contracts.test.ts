/**
 * The determinism contract of every registered kind's kernel (src/kinds/index.ts KINDS; docs/architecture.md,
 * Determinism), each property written once and run over every kind's sample plans (./samples.ts), with seed,
 * trials and the split of chunks drawn by fast-check (seeded, so a failure replays):
 *
 * - any split of chunks into tasks, each summed apart and merged, gives the accumulator of one whole run;
 * - a prefix of whole chunks of a longer run is the run of that many trials (so an interrupted run's answer is
 *   a shorter run's), and the runner, stopped by its signal, returns such a prefix;
 * - 1 thread and a real pool of 2 give the same accumulator bytes (and another seed other bytes);
 * - a run asked for each chunk's sums (`chunks`: what a sweep pairs its changes with) hands back, on 1 thread and on
 *   a pool of 2, each chunk's own sums — the chunk run alone — and the plain run's accumulator;
 * - warm-up covers every branch (warm-up-coverage.test.ts).
 *
 * Plans and trial counts are small (a few chunks): the kernels' own tests check their numbers.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Kernel } from '../../src/engine/kernel.js';
import { ExactSum } from '../../src/engine/exactSum.js';
import { closePool } from '../../src/engine/pool.js';
import { runTrials } from '../../src/engine/run.js';
import { pooledEngine } from '../../src/engine/testing.js';
import { KINDS, kernelByName } from '../../src/kinds/index.js';
import { SAMPLES } from './samples.js';

afterAll(closePool);

const KIND_NAMES = Object.keys(KINDS);
const plansOf = new Map<string, unknown[]>();
const samples = (kind: string) => {
  if (!plansOf.has(kind)) plansOf.set(kind, SAMPLES[kind]());
  return plansOf.get(kind)!;
};

/** One kernel call over chunks [first, first + count) of a run of `trials`, into a fresh accumulator. */
function chunksOf(
  k: Kernel<unknown>,
  plan: unknown,
  seed: number,
  first: number,
  count: number,
  trials: number,
): Float64Array {
  const acc = new Float64Array(k.accLength(plan));
  k.run(plan, seed, first, count, trials, acc);
  return acc;
}

/** `chunks` chunks in all, the last holding `partial` of a chunk (at least one trial). */
const trialsOf = (k: Kernel<unknown>, chunks: number, partial: number) =>
  (chunks - 1) * k.chunkTrials + Math.max(1, Math.round(partial * k.chunkTrials));
/** The last chunk's share: small, so a property costs about its whole chunks (a cascade chunk is ~0.1–0.3 s). */
const partialArb = fc.double({ min: 0, max: 0.25, noNaN: true });

/** Seeds anywhere in the generator's range (src/rng: seeds are whole numbers below 2^53). */
const seedArb = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

describe('every registered kind has sample plans for its contracts', () => {
  it('KINDS and the samples name the same kinds; each gives at least one plan its kernel runs', async () => {
    expect(KIND_NAMES.length).toBeGreaterThan(0);
    expect(Object.keys(SAMPLES).sort()).toEqual([...KIND_NAMES].sort());
    for (const kind of KIND_NAMES) {
      const k = await kernelByName(kind);
      expect(k.name).toBe(kind);
      const plans = samples(kind);
      expect(plans.length).toBeGreaterThan(0);
      // A sample that records nothing would pass every equality below: each must count something.
      for (const plan of plans) expect(chunksOf(k, plan, 1, 0, 1, 1000).some((x) => x !== 0)).toBe(true);
    }
  });
});

describe.each(KIND_NAMES)('kernel contracts: %s', (kind) => {
  it('any split of the chunks into tasks, summed exactly, gives the whole run’s accumulator', async () => {
    const k = await kernelByName(kind);
    samples(kind).forEach((plan, s) => {
      const split = fc.integer({ min: 2, max: 3 }).chain((chunks) =>
        fc.record({
          chunks: fc.constant(chunks),
          partial: partialArb,
          cuts: fc.uniqueArray(fc.integer({ min: 1, max: chunks - 1 }), { maxLength: chunks - 1 }),
        }),
      );
      fc.assert(
        fc.property(seedArb, split, (seed, { chunks, partial, cuts }) => {
          const trials = trialsOf(k, chunks, partial);
          const whole = chunksOf(k, plan, seed, 0, chunks, trials);
          const bounds = [0, ...[...cuts].sort((a, b) => a - b), chunks];
          const sum = new ExactSum(whole.length);
          for (let t = 0; t + 1 < bounds.length; t++)
            sum.add(chunksOf(k, plan, seed, bounds[t], bounds[t + 1] - bounds[t], trials));
          const merged = new Float64Array(whole.length);
          sum.into(merged);
          expect([...merged], `sample ${s}, seed ${seed}, ${trials} trials, tasks cut at ${cuts}`).toEqual([...whole]);
        }),
        { seed: 26, numRuns: 2 },
      );
    });
  });

  it('a prefix of whole chunks is the shorter run; the runner stopped by its signal returns one', async () => {
    const k = await kernelByName(kind);
    samples(kind).forEach((plan) => {
      fc.assert(
        fc.property(
          seedArb,
          fc.constant(1),
          fc.integer({ min: 1, max: 3 }),
          partialArb,
          (seed, prefix, more, partial) => {
            const long = trialsOf(k, prefix + more, partial);
            expect([...chunksOf(k, plan, seed, 0, prefix, long)]).toEqual([
              ...chunksOf(k, plan, seed, 0, prefix, prefix * k.chunkTrials),
            ]);
          },
        ),
        { seed: 27, numRuns: 2 },
      );
    });
    // The runner: stopped after its first chunk's progress, the answer is a whole-chunk prefix, a shorter run's.
    const plan = samples(kind)[0];
    const ac = new AbortController();
    const trials = 8 * k.chunkTrials;
    const cut = await runTrials({
      kernel: k,
      plan,
      seed: 3,
      trials,
      threads: 1,
      signal: ac.signal,
      onProgress: (done) => done > 0 && ac.abort(),
    });
    expect(cut.interrupted).toBe(true);
    expect(cut.trials).toBeGreaterThan(0);
    expect(cut.trials).toBeLessThan(trials);
    expect(cut.trials % k.chunkTrials).toBe(0);
    const shorter = await runTrials({ kernel: k, plan, seed: 3, trials: cut.trials, threads: 1 });
    expect([...cut.acc]).toEqual([...shorter.acc]);
  });

  it('1 thread and a pool of 2 give the same bytes; another seed gives other bytes', async () => {
    const k = await kernelByName(kind);
    // The pool's path is the same for every plan of a kind: its first sample (the splits above take them all).
    for (const plan of samples(kind).slice(0, 1)) {
      await fc.assert(
        fc.asyncProperty(seedArb, fc.constant(2), partialArb, async (seed, chunks, partial) => {
          const trials = trialsOf(k, chunks, partial);
          const one = await runTrials({ kernel: k, plan, seed, trials, threads: 1 });
          const two = await runTrials({ kernel: k, plan, seed, trials, threads: 2, engine: pooledEngine() });
          expect(two.threadsUsed).toBe(2);
          expect(two.trials).toBe(trials);
          expect(Buffer.from(two.acc.buffer).equals(Buffer.from(one.acc.buffer))).toBe(true);
          // The seed is used: another one changes the first 1,000 trials already.
          const first = (x: number) => [...chunksOf(k, plan, x, 0, 1, 1000)];
          expect(first(seed === 0 ? 1 : seed - 1)).not.toEqual(first(seed));
        }),
        { seed: 28, numRuns: 1 },
      );
    }
  });

  it("a run asked for each chunk's sums hands back each chunk run alone, and the plain run's bytes", async () => {
    const k = await kernelByName(kind);
    const plan = samples(kind)[0];
    const trials = trialsOf(k, 3, 0.1);
    const plain = await runTrials({ kernel: k, plan, seed: 9, trials, threads: 1 });
    for (const engine of [undefined, pooledEngine()]) {
      const r = await runTrials({ kernel: k, plan, seed: 9, trials, threads: engine ? 2 : 1, engine, chunks: true });
      expect(Buffer.from(r.acc.buffer).equals(Buffer.from(plain.acc.buffer))).toBe(true);
      expect(r.chunks?.map((c) => [c.chunk, c.trials])).toEqual([
        [0, k.chunkTrials],
        [1, k.chunkTrials],
        [2, trials - 2 * k.chunkTrials],
      ]);
      r.chunks!.forEach((c) => expect([...c.acc]).toEqual([...chunksOf(k, plan, 9, c.chunk, 1, trials)]));
    }
  });
});
