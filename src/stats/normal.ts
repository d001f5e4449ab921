/**
 * The standard normal quantile Φ⁻¹(p), to double precision: M. J. Wichura, "Algorithm AS 241: The percentage
 * points of the normal distribution", Applied Statistics 37 (1988) 477–484 (PPND16, relative error about 1e-16).
 * Hand-written because simple-statistics' `probit` is an approximation 0.1–0.7% off (1.95716 for Φ⁻¹(0.975) =
 * 1.959964), which moved every sequential test's z (test/stats/normal.test.ts checks it against quantiles to 17
 * digits and the printed table).
 */

/* eslint-disable no-loss-of-precision -- Wichura's coefficients as published (20 digits), so they can be checked
   against the paper; each runs as its nearest double. */

/** Rational function a(x) / b(x), coefficients lowest power first. */
function ratio(a: readonly number[], b: readonly number[], x: number): number {
  let num = 0;
  let den = 0;
  for (let i = a.length - 1; i >= 0; i--) {
    num = num * x + a[i];
    den = den * x + b[i];
  }
  return num / den;
}

// |p − ½| ≤ 0.425: r = 0.180625 − q².
const CENTRAL_A = [
  3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125, 45921.953931549871457,
  67265.770927008700853, 33430.575583588128105, 2509.0809287301226727,
];
const CENTRAL_B = [
  1, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077, 21213.794301586595867, 39307.89580009271061,
  28729.085735721942674, 5226.495278852545925,
];
// r = √(−ln min(p, 1 − p)) ≤ 5: r − 1.6.
const INTERMEDIATE_A = [
  1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504, 1.27045825245236838258,
  0.24178072517745061177, 0.0227238449892691845833, 7.7454501427834140764e-4,
];
const INTERMEDIATE_B = [
  1, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455, 0.14810397642748007459,
  0.0151986665636164571966, 5.475938084995344946e-4, 1.05075007164441684324e-9,
];
// r > 5: r − 5.
const TAIL_A = [
  6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123, 0.026532189526576123093,
  0.0012426609473880784386, 2.71155556874348757815e-5, 2.01033439929228813265e-7,
];
const TAIL_B = [
  1, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525, 7.868691311456132591e-4,
  1.8463183175100546818e-5, 1.4215117583164458887e-7, 2.04426310338993978564e-15,
];

/* eslint-enable no-loss-of-precision */

/** Φ⁻¹(p) for 0 < p < 1 (−∞ and +∞ at 0 and 1; NaN outside). */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) return q * ratio(CENTRAL_A, CENTRAL_B, 0.180625 - q * q);
  const r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const z = r <= 5 ? ratio(INTERMEDIATE_A, INTERMEDIATE_B, r - 1.6) : ratio(TAIL_A, TAIL_B, r - 5);
  return q < 0 ? -z : z;
}
