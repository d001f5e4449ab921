/** Plain-text tables for the terminal. */

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
