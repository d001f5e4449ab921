/**
 * Which trials of a paired run met the measure, one bit a trial: worth keeps them for the scenario, every item and
 * every value an equivalent's search tries, so any two of them can be compared trial by trial (they play the same
 * dice for the same trial number) without running anything again. 128,000 trials take 16 kB.
 */
export class TrialBits {
  private words = new Uint32Array(64);

  set(t: number, met: number | boolean): void {
    const w = t >>> 5;
    if (w >= this.words.length) {
      let size = this.words.length;
      while (size <= w) size *= 2;
      const grown = new Uint32Array(size);
      grown.set(this.words);
      this.words = grown;
    }
    if (met) this.words[w] |= 1 << (t & 31);
    else this.words[w] &= ~(1 << (t & 31));
  }

  get(t: number): number {
    const w = t >>> 5;
    return w < this.words.length ? (this.words[w] >>> (t & 31)) & 1 : 0;
  }

  /** Word w (32 trials, trial 32w in bit 0); 0 past what was written. */
  word(w: number): number {
    return w < this.words.length ? this.words[w] : 0;
  }
}

function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** The mask of the first `n - 32w` trials of word w (all of them when the word is full). */
const maskOf = (w: number, n: number): number => (n - 32 * w >= 32 ? 0xffffffff : (1 << (n - 32 * w)) - 1);

/** Of the first n trials: those `a` meets and `b` does not (`aOnly`), and the other way (`bOnly`). */
export function discordantPairs(a: TrialBits, b: TrialBits, n: number): { aOnly: number; bOnly: number } {
  let aOnly = 0;
  let bOnly = 0;
  for (let w = 0; 32 * w < n; w++) {
    const m = maskOf(w, n);
    const x = a.word(w) & m;
    const y = b.word(w) & m;
    aOnly += bitCount(x & ~y);
    bOnly += bitCount(y & ~x);
  }
  return { aOnly, bOnly };
}

/**
 * Of the first n trials, how many show each pattern of three runs' outcomes: index 4·a + 2·b + c, where a, b, c
 * are 1 when the run met the measure on that trial.
 */
export function patternCounts(a: TrialBits, b: TrialBits, c: TrialBits, n: number): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0, 0];
  for (let w = 0; 32 * w < n; w++) {
    const m = maskOf(w, n);
    const x = a.word(w);
    const y = b.word(w);
    const z = c.word(w);
    for (let p = 0; p < 8; p++) counts[p] += bitCount(m & (p & 4 ? x : ~x) & (p & 2 ? y : ~y) & (p & 1 ? z : ~z));
  }
  return counts;
}

/** How many of the first n trials met the measure. */
export function countMet(a: TrialBits, n: number): number {
  let count = 0;
  for (let w = 0; 32 * w < n; w++) count += bitCount(a.word(w) & maskOf(w, n));
  return count;
}
