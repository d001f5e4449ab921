/**
 * Sums of task accumulators, exact: in doubles while the total stays a safe integer, in BigInt past 2^53
 * (rare: huge troop counts or wealth over many trials), rounded once at the end. Any grouping of chunks into
 * tasks then gives the same bytes. A checkpoint (engine/checkpoint.ts) saves the exact values and restores them.
 */
export class ExactSum {
  private readonly low: Float64Array;
  private big: Map<number, bigint> | null = null;
  constructor(length: number) {
    this.low = new Float64Array(length);
  }
  /** How many accumulators it sums. */
  get length(): number {
    return this.low.length;
  }
  add(r: ArrayLike<number>): void {
    const low = this.low;
    for (let j = 0; j < low.length; j++) {
      const v = r[j];
      if (v === 0) continue;
      const s = low[j] + v;
      if (s <= Number.MAX_SAFE_INTEGER && s >= -Number.MAX_SAFE_INTEGER) low[j] = s;
      else if (Number.isInteger(v) && Number.isInteger(low[j])) {
        this.big ??= new Map();
        this.big.set(j, (this.big.get(j) ?? 0n) + BigInt(low[j]) + BigInt(v));
        low[j] = 0;
      } else low[j] = s; // not a count: no exactness to keep
    }
  }
  /** Add another exact sum (a shard's or a task's) without rounding either. */
  addSum(other: ExactSum): void {
    this.add(other.low);
    for (const [j, b] of other.big ?? []) {
      this.big ??= new Map();
      this.big.set(j, (this.big.get(j) ?? 0n) + b);
    }
  }
  /** The totals, each rounded once to a double, written into `acc`. */
  into(acc: Float64Array): void {
    for (let j = 0; j < acc.length; j++) {
      const b = this.big?.get(j);
      acc[j] = b === undefined ? this.low[j] : Number(b + BigInt(this.low[j]));
    }
  }
  /** The totals, each rounded once to a double. */
  rounded(): Float64Array {
    const acc = new Float64Array(this.low.length);
    this.into(acc);
    return acc;
  }
  /** The entries past 2^53 exactly, as decimal text by index (undefined when there are none). */
  exact(): Record<string, string> | undefined {
    if (this.big === null || this.big.size === 0) return undefined;
    return Object.fromEntries([...this.big].map(([j, b]) => [String(j), String(b + BigInt(this.low[j]))]));
  }
  /** A sum restored from `rounded()` and `exact()` as saved. */
  static restore(acc: ArrayLike<number>, exact: Record<string, string> | undefined): ExactSum {
    const t = new ExactSum(acc.length);
    t.low.set(acc);
    for (const [j, text] of Object.entries(exact ?? {})) {
      t.big ??= new Map();
      t.big.set(Number(j), BigInt(text));
      t.low[Number(j)] = 0;
    }
    return t;
  }
}
