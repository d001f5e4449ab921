/** Dense matrix algebra for the statistics' small matrices. */
/**
 * Gauss–Jordan inverse with partial pivoting, for the small symmetric positive-definite matrices of a fit (an
 * information matrix of a few dozen rows). A singular matrix throws, rather than returning infinities.
 */
export function invertMatrix(m: readonly (readonly number[])[]): number[][] {
  const N = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: N }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < N; c++) {
    let piv = c;
    for (let r = c + 1; r < N; r++) if (Math.abs(a[r][c]) > Math.abs(a[piv][c])) piv = r;
    [a[c], a[piv]] = [a[piv], a[c]];
    const d = a[c][c];
    if (d === 0 || !Number.isFinite(d)) throw new RangeError(`invertMatrix: the matrix is singular (column ${c})`);
    for (let k = 0; k < 2 * N; k++) a[c][k] /= d;
    for (let r = 0; r < N; r++) {
      if (r === c) continue;
      const f = a[r][c];
      if (f !== 0) for (let k = 0; k < 2 * N; k++) a[r][k] -= f * a[c][k];
    }
  }
  return a.map((row) => row.slice(N));
}
