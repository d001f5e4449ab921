/**
 * The only place that creates random generators.
 *
 * Generator: xoshiro128** 1.1 (Blackman & Vigna, https://prng.di.unimi.it/xoshiro128starstar.c), 32-bit
 * output, 128-bit state, written once: the `Xoshiro128` class below, which every kernel and every readable
 * rule uses (`test/rng/xoshiro.test.ts` pins the first outputs).
 *
 * Seeding: the state of a chunk is a hash of (master seed, stream, chunk index) only, so a chunk's numbers
 * never depend on which thread ran it or how many chunks came before (docs/architecture.md, Determinism).
 */
import type { Dice } from '../rules/dice.js';

/**
 * Constants of drawing, as a `const enum` so TypeScript writes their values into the code that uses them: V8 then
 * turns a division by 2^32 into a multiplication and compares with an immediate, where a module `const` is read
 * from memory on every draw (the War Machine kernel measured 13–20% slower so; docs/benchmarks.md, "One generator").
 */
export const enum Draw {
  /** 2^32: a 32-bit draw as a fraction of it, or its high word after a multiply. */
  TwoPow32 = 4294967296,
  /** 2^32 mod 10000: Lemire's rejection threshold for two d100 read as one index 0…9999 (`twoD100`). */
  TwoD100Reject = 4294967296 % 10000,
}

/**
 * Lemire's rejection threshold for an integer in [0, n): a draw times n whose low 32 bits fall below 2^32 mod n is
 * drawn again, so every value keeps exactly ⌊2^32 / n⌋ draws. Hot loops precompute it (`below(n, rejectBelow(n))`).
 */
export function rejectBelow(n: number): number {
  return Draw.TwoPow32 % n;
}

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
  march: 6,
} as const;

/**
 * Four state words for chunk `chunk` of `stream` under `seed`, written into `out` (no allocation).
 * Seeds are hashed first: small seeds 0, 1, 2 would otherwise give near-identical first outputs.
 */
export function chunkState(seed: number, stream: number, chunk: number, out: Uint32Array): Uint32Array {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / Draw.TwoPow32) >>> 0;
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

/**
 * xoshiro128** (the only implementation of its step), for hot kernels and readable rules alike. A kernel keeps
 * one instance for its module and reseeds it per chunk (`seedChunk`), so nothing is allocated after start-up;
 * V8 inlines these methods into a kernel's loop, where the four state fields cost no more than locals did
 * (docs/benchmarks.md, "One generator": measured against the step inlined by hand, and against a buffer of outputs
 * made 1,024 at a time, which was slower).
 */
export class Xoshiro128 implements Dice {
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;

  constructor(state: ArrayLike<number> = [1, 0, 0, 0]) {
    this.reseed(state);
  }

  static forChunk(seed: number, stream: number, chunk: number): Xoshiro128 {
    return new Xoshiro128(chunkState(seed, stream, chunk, new Uint32Array(4)));
  }

  /** Start the stream again from `state` (four words). */
  reseed(state: ArrayLike<number>): void {
    this.s0 = state[0] | 0;
    this.s1 = state[1] | 0;
    this.s2 = state[2] | 0;
    this.s3 = state[3] | 0;
  }

  /** Start the stream of chunk `chunk` of `stream` under `seed` (chunkState), without allocating. */
  seedChunk(seed: number, stream: number, chunk: number): void {
    this.reseed(chunkState(seed, stream, chunk, seedWords));
  }

  /** Next 32-bit output as an unsigned integer. */
  next(): number {
    const s1 = this.s1;
    let t = Math.imul(s1, 5);
    const r = Math.imul((t << 7) | (t >>> 25), 9);
    t = s1 << 9;
    const s2 = this.s2 ^ this.s0;
    const s3 = this.s3 ^ s1;
    this.s1 = s1 ^ s2;
    this.s0 ^= s3;
    this.s2 = s2 ^ t;
    this.s3 = (s3 << 11) | (s3 >>> 21);
    return r >>> 0;
  }

  /**
   * Unbiased integer in [0, n) for 1 ≤ n ≤ 2^21 (so n·2^32 stays exact in a double) by Lemire's multiply-shift with
   * rejection ("Fast Random Integer Generation in an Interval", ACM TOMACS 2019). `reject` is `rejectBelow(n)`:
   * hot loops pass it precomputed.
   */
  below(n: number, reject: number = Draw.TwoPow32 % n): number {
    for (;;) {
      const m = this.next() * n;
      if (m >>> 0 >= reject) return Math.floor(m / Draw.TwoPow32);
    }
  }

  /** One die: an integer in [1, sides] (`reject` as in `below`). */
  die(sides: number, reject: number = Draw.TwoPow32 % sides): number {
    return this.below(sides, reject) + 1;
  }

  /** 1d4: 4 divides 2^32, so the top two bits, never redrawn (the same numbers as `die(4)`). */
  d4(): number {
    return (this.next() >>> 30) + 1;
  }

  /**
   * Two d100 as one uniform index 0…9999 (first die × 100 + second, each 0…99): the War Machine's roll, one draw
   * for both dice.
   */
  twoD100(): number {
    // `below(10000, Draw.TwoD100Reject)`, written out: the threshold an immediate (measured faster, as above).
    for (;;) {
      const m = this.next() * 10000;
      if (m >>> 0 >= Draw.TwoD100Reject) return (m / Draw.TwoPow32) | 0;
    }
  }

  /** A fair coin: 0 or 1. */
  coin(): number {
    return this.next() >>> 31;
  }

  /** Uniform double in [0, 1) with 32 bits of resolution. */
  unit(): number {
    return this.next() / Draw.TwoPow32;
  }
}

const seedWords = new Uint32Array(4);
