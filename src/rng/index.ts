/**
 * The only place that creates random generators.
 *
 * Generator: xoshiro128** 1.1 (Blackman & Vigna, https://prng.di.unimi.it/xoshiro128starstar.c), 32-bit
 * output, 128-bit state. Hot kernels copy the four state words into local variables and inline the step
 * (see `src/engine/*Kernel.ts`); everything else uses the `Xoshiro128` class below. Both must produce the
 * same stream: `test/rng/xoshiro.test.ts` pins the first outputs.
 *
 * Seeding: the state of a chunk is a hash of (master seed, stream, chunk index) only, so a chunk's numbers
 * never depend on which thread ran it or how many chunks came before (docs/architecture.md, Determinism).
 */

/** MurmurHash3's 32-bit finaliser: a bijection that spreads every input bit over the output. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function absorb(h: number, word: number): number {
  return fmix32(Math.imul(h ^ word, 0x9e3779b1) + 0x7f4a7c15);
}

/** Largest seed accepted: seeds are JSON integers and must survive a round trip through a double. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** Named streams so that different uses of one seed never share numbers. */
export const Stream = {
  warMachine: 1,
  siege: 2,
  cascade: 3,
  sweep: 4,
  engagement: 5,
} as const;

/**
 * Four state words for chunk `chunk` of `stream` under `seed`, written into `out` (no allocation).
 * Seeds are hashed first: small seeds 0, 1, 2 would otherwise give near-identical first outputs.
 */
export function chunkState(seed: number, stream: number, chunk: number, out: Uint32Array): Uint32Array {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 4294967296) >>> 0;
  let h = absorb(0x243f6a88, lo);
  h = absorb(h, hi);
  h = absorb(h, stream >>> 0);
  h = absorb(h, chunk >>> 0);
  // splitmix-style expansion of the 32-bit digest into 128 bits of state.
  let x = h;
  for (let i = 0; i < 4; i++) {
    x = (x + 0x9e3779b9) >>> 0;
    out[i] = fmix32(x ^ Math.imul(i + 1, 0x632be5ab));
  }
  if ((out[0] | out[1] | out[2] | out[3]) === 0) out[0] = 1; // the all-zero state is a fixed point
  return out;
}

/** xoshiro128** with a mutating `next()`: for code outside hot loops (tests, NPC set-up, sampling). */
export class Xoshiro128 {
  s0: number;
  s1: number;
  s2: number;
  s3: number;

  constructor(state: ArrayLike<number>) {
    this.s0 = state[0] | 0;
    this.s1 = state[1] | 0;
    this.s2 = state[2] | 0;
    this.s3 = state[3] | 0;
  }

  static forChunk(seed: number, stream: number, chunk: number): Xoshiro128 {
    return new Xoshiro128(chunkState(seed, stream, chunk, new Uint32Array(4)));
  }

  /** Next 32-bit output as an unsigned integer. */
  next(): number {
    const s1 = this.s1;
    const r = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return r >>> 0;
  }

  /**
   * Unbiased integer in [0, n) for 1 ≤ n ≤ 2^21 (so n·2^32 stays exact in a double) by Lemire's multiply-shift with rejection
   * ("Fast Random Integer Generation in an Interval", ACM TOMACS 2019).
   */
  below(n: number): number {
    const threshold = 4294967296 % n;
    for (;;) {
      const m = this.next() * n;
      if (m % 4294967296 >= threshold) return Math.floor(m / 4294967296);
    }
  }

  /** One die: an integer in [1, sides]. */
  die(sides: number): number {
    return this.below(sides) + 1;
  }

  /** A fair coin: 0 or 1. */
  coin(): number {
    return this.next() >>> 31;
  }

  /** Uniform double in [0, 1) with 32 bits of resolution. */
  unit(): number {
    return this.next() / 4294967296;
  }
}

export function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
