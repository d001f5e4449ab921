/**
 * The fixed reference loop every benchmark figure is divided by. It never calls project code, so a change to
 * warcast cannot move it, while anything that slows the machine (other processes, a slower CPU, frequency
 * scaling) slows it about as much as the kernels: a tight integer loop with a table lookup, like a kernel's
 * dice-and-table inner loop. Changing anything here changes every ratio: refresh the baseline if you do.
 */

/** 16 KB of pseudo-random integers (about the size of a kernel's outcome-code table). */
const TABLE_BITS = 12;
const TABLE_MASK = (1 << TABLE_BITS) - 1;
const TABLE = new Int32Array(1 << TABLE_BITS);
{
  let x = 0x9e3779b9 | 0;
  for (let i = 0; i < TABLE.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    TABLE[i] = x;
  }
}

/** `iterations` steps of xorshift32 plus one table lookup each; returns a checksum so nothing is optimised away. */
export function referenceLoop(iterations: number, seed: number): number {
  const table = TABLE;
  const n = iterations | 0;
  let x = seed | 0 || 1;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    sum = (sum + table[x & TABLE_MASK]) | 0;
  }
  return sum;
}

/**
 * Warm-up (PERFORMANCE.md, JIT trap): many tiny calls first, so the interpreter collects type feedback for the
 * whole function before V8 optimises it; a first call long enough to be optimised mid-loop (OSR) left the
 * function without feedback for its prologue, and after the resulting deopt some processes ran this loop
 * 2.4× slower for good (measured: 243 vs 570 M iterations/s, about 4 processes in 10).
 */
export function warmUpReference(): number {
  let s = 0;
  for (let i = 0; i < 500; i++) s ^= referenceLoop(64, i + 1);
  for (let i = 0; i < 50; i++) s ^= referenceLoop(20_000, i + 1);
  return s;
}
