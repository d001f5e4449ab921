/** Numbers and tables as text, shared by the terminal output (src/cli/) and the reports (reports/). */

export function pct(p: number, digits = 2): string {
  return `${(p * 100).toFixed(digits)}%`;
}

export function num(x: number, digits = 1): string {
  return Number.isInteger(x) ? x.toLocaleString('en-US') : x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Left column flush left, the others flush right. */
export function table(rows: string[][], header?: string[]): string {
  const all = header ? [header, ...rows] : rows;
  const widths = all[0].map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd();
  const out = all.map(line);
  if (header) out.splice(1, 0, widths.map((w) => '─'.repeat(w)).join('  '));
  return out.join('\n') + '\n';
}

/** "36.12% ± 0.09" from a probability and its 95% interval (the interval's half-width; exact numbers alone). */
export function pctCi(p: number, ci: readonly [number, number] | null | undefined, digits = 2): string {
  const text = pct(p, digits);
  return ci ? `${text} ± ${(((ci[1] - ci[0]) / 2) * 100).toFixed(digits)}` : text;
}

/** Trial counts in short form: 950, 12.5k, 1.2M, 3G. */
export function fmtCount(n: number): string {
  if (n >= 1e9) return `${+(n / 1e9).toFixed(2)}G`;
  if (n >= 1e6) return `${+(n / 1e6).toFixed(2)}M`;
  if (n >= 1e3) return `${+(n / 1e3).toFixed(1)}k`;
  return String(n);
}
