/**
 * Numbers packed for a file: little-endian 32-bit integers when every number is one (else 64-bit floats),
 * deflated, in base64. A checkpoint packs its paired jobs' values and long accumulators so, a shard's part its
 * chunks' sums (engine/shard.ts): a siege's accumulator is ~15,000 sums, mostly zeros.
 */

/** `count` numbers packed (packValues). */
export interface PackedNumbers {
  count: number;
  packing: 'i32' | 'f64';
  values: string;
}

const zlib = () => process.getBuiltinModule('node:zlib');

/**
 * `values` (outputs × trials, row by trial) packed output by output — a column of 0/1 outcomes, then each column of
 * losses — which deflates better than row by row.
 */
export function packValues(values: Float64Array, outputs: number): { packing: 'i32' | 'f64'; values: string } {
  const packing = values.every((v) => v === (v | 0)) ? 'i32' : 'f64';
  const size = packing === 'i32' ? 4 : 8;
  const trials = values.length / outputs;
  const bytes = new Uint8Array(values.length * size);
  const view = new DataView(bytes.buffer);
  for (let o = 0; o < outputs; o++)
    for (let t = 0; t < trials; t++) {
      const at = (o * trials + t) * size;
      if (packing === 'i32') view.setInt32(at, values[t * outputs + o], true);
      else view.setFloat64(at, values[t * outputs + o], true);
    }
  return { packing, values: zlib().deflateRawSync(bytes).toString('base64') };
}

/** Packed values in trial order (from packValues), or null when they are not `count` numbers (an edited file). */
export function unpackValues(job: {
  values: string;
  count: number;
  packing: 'i32' | 'f64';
  from: number;
  to: number;
}): Float64Array | null {
  const size = job.packing === 'i32' ? 4 : job.packing === 'f64' ? 8 : 0;
  if (size === 0) return null;
  let bytes: Buffer;
  try {
    bytes = zlib().inflateRawSync(Buffer.from(job.values, 'base64'), { maxOutputLength: job.count * size + 1 });
  } catch {
    return null;
  }
  if (bytes.length !== job.count * size) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const trials = job.to - job.from;
  const outputs = job.count / trials;
  const values = new Float64Array(job.count);
  for (let o = 0; o < outputs; o++)
    for (let t = 0; t < trials; t++) {
      const at = (o * trials + t) * size;
      values[t * outputs + o] = size === 4 ? view.getInt32(at, true) : view.getFloat64(at, true);
    }
  return values;
}

/** A list of numbers packed (one output). */
export const packNumbers = (values: Float64Array): PackedNumbers => ({
  count: values.length,
  ...packValues(values, 1),
});

/** Packed numbers, or null when they are not `count` numbers (an edited file). */
export function unpackNumbers(p: PackedNumbers): Float64Array | null {
  if (typeof p.count !== 'number' || !Number.isInteger(p.count) || p.count < 0 || typeof p.values !== 'string')
    return null;
  return unpackValues({ ...p, from: 0, to: p.count });
}
