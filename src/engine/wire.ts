/**
 * Plans and accumulators as JSON, for part files and Redis jobs: typed arrays keep their type (a plan's
 * Int32Array must come back an Int32Array, or the kernel deoptimises or misreads it). Accumulators are exact
 * integers below 2^53, so JSON numbers carry them without loss.
 */

const TYPED = {
  Float64Array,
  Float32Array,
  Int32Array,
  Uint32Array,
  Int16Array,
  Uint16Array,
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
} as const;
type TypedName = keyof typeof TYPED;

/** JSON text of a value whose typed arrays become `{ "$typed": name, "values": [...] }`. */
export function toWire(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      const name = v.constructor.name as TypedName;
      if (name in TYPED) return { $typed: name, values: Array.from(v as unknown as ArrayLike<number>) };
    }
    return v;
  });
}

/** The inverse of `toWire`. */
export function fromWire<T = unknown>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && '$typed' in v && 'values' in v) {
      const t = v as { $typed: string; values: number[] };
      const ctor = TYPED[t.$typed as TypedName];
      if (ctor) return ctor.from(t.values);
    }
    return v;
  }) as T;
}

/** A short stable digest (hex) of text. */
export function digest(text: string): string {
  // node:crypto on first use, not at start-up: loading it costs every command ~7 ms (docs/benchmarks.md, start-up).
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('hex').slice(0, 32);
}
