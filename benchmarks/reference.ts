/**
 * The fixed reference loop every benchmark figure is divided by. It never calls project code, so a change to
 * warcast cannot move it, while anything that slows the machine (other processes, a busy neighbour on the
 * same physical core, frequency scaling) slows it about as much as the kernels. For that it does the same
 * kind of work as a kernel: a 128-bit xorshift-family generator in four local integers, a byte-table lookup
 * and a histogram increment. (A first version, one xorshift32 chain plus an Int32 lookup, was latency-bound:
 * under outside load the throughput-bound kernels lost up to 1.5× while it lost nothing, so ratios moved.)
 * Changing anything here changes every ratio: refresh the baseline (npm run bench:save) if you do.
 */

/** 16 KB of bin numbers 0…31 (a kernel's outcome-code table is 10 KB per tactic pairing). */
const TABLE_BITS = 14;
const BINS = 32;
const TABLE = new Uint8Array(1 << TABLE_BITS);
{
  let x = 0x9e3779b9 | 0;
  for (let i = 0; i < TABLE.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    TABLE[i] = (x >>> 27) & (BINS - 1);
  }
}

/** `iterations` generator steps, lookups and counts; returns a checksum so nothing is optimised away. */
export function referenceLoop(iterations: number, seed: number): number {
  const table = TABLE;
  const hist = new Float64Array(BINS);
  const n = iterations | 0;
  let s0 = seed | 0 || 1;
  let s1 = 0x6d2b79f5;
  let s2 = 0x1b873593;
  let s3 = 0x85ebca6b | 0;
  for (let i = 0; i < n; i++) {
    // xoshiro128** (Blackman & Vigna), written out here so the loop depends on nothing in src/
    let t = Math.imul(s1, 5);
    const x = Math.imul((t << 7) | (t >>> 25), 9) >>> 0;
    t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    hist[table[x >>> (32 - TABLE_BITS)]]++;
  }
  let sum = 0;
  for (let b = 0; b < BINS; b++) sum += hist[b] * (b + 1);
  return sum;
}

/**
 * Warm-up (docs/benchmarks.md, JIT trap): many tiny calls first, so the interpreter collects type feedback for the
 * whole function before V8 optimises it. With a long first call, V8 optimised mid-loop (OSR) without feedback
 * for the prologue, deoptimised, and about 4 processes in 10 then ran the loop 2.4× slower for good.
 */
export function warmUpReference(): number {
  let s = 0;
  for (let i = 0; i < 500; i++) s += referenceLoop(64, i + 1);
  for (let i = 0; i < 50; i++) s += referenceLoop(20_000, i + 1);
  return s;
}
