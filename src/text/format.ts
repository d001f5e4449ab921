/** Numbers and tables as text, shared by the terminal output (src/cli/) and the reports (reports/). */

export function pct(p: number, digits = 2): string {
  return `${(p * 100).toFixed(digits)}%`;
}

export function num(x: number, digits = 1): string {
  return Number.isInteger(x) ? grouped(x) : x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * A whole number with thousands separators, as `toLocaleString('en-US')` writes it (1,234,567), without it for
 * safe integers: the first toLocaleString of a process starts ICU, 40–130 ms of a command's start-up.
 */
export function grouped(x: number): string {
  return Number.isSafeInteger(x) && !Object.is(x, -0) ? String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : x.toLocaleString('en-US');
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

/** A percentage for an interval bound: as `pct` when that shows it, else two significant digits (0.00041%). */
function boundPct(x: number, digits: number): string {
  if (x === 0 || x === 1) return pct(x, 0);
  const text = pct(x, digits);
  return Number(text.slice(0, -1)) === 0 || Number(text.slice(0, -1)) === 100 ? `${+(x * 100).toPrecision(2)}%` : text;
}

/**
 * A probability with its 95% interval: "36.12% ± 0.09" when the interval is symmetric to the digits shown,
 * "0.02% [0.0031%, 0.11%]" when it is lopsided or narrower than the digits (a Wilson interval near 0 or 1, or
 * from few trials). Exact numbers (no interval) alone.
 */
export function pctCi(p: number, ci: readonly [number, number] | null | undefined, digits = 2): string {
  const text = pct(p, digits);
  if (!ci) return text;
  const half = (ci[1] - ci[0]) / 2;
  const lopsided = Math.abs(p - ci[0] - (ci[1] - p)) > 0.1 * half;
  const tiny = half * 100 < 0.5 * 10 ** -digits;
  if (lopsided || tiny) return `${text} [${boundPct(ci[0], digits)}, ${boundPct(ci[1], digits)}]`;
  return `${text} ± ${(half * 100).toFixed(digits)}`;
}

/**
 * "1M battles, seed 42, 4 threads, 0.42 s". When fewer threads ran than were asked for, say why: a run this
 * small stays on one thread because starting a worker pool would cost more than it saves.
 */
export function runLine(r: { trials: number; seed: number; threads: number; elapsedMs: number }, unit: string, requestedThreads?: number): string {
  const threads = `${r.threads} thread${r.threads === 1 ? '' : 's'}`;
  const why = requestedThreads !== undefined && r.threads < requestedThreads ? ` (of ${requestedThreads} asked: too few ${unit}s for a worker pool to pay off)` : '';
  return `${fmtCount(r.trials)} ${unit}${r.trials === 1 ? '' : 's'}, seed ${r.seed}, ${threads}${why}, ${(r.elapsedMs / 1000).toFixed(2)} s`;
}

/** A duration as a person says it: "12 s", "3 min 20 s", "5 h 10 min", "2 d 4 h" (whole units, two at most). */
export function fmtDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  if (s < 86400) return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`;
  return `${Math.floor(s / 86400)} d${Math.floor((s % 86400) / 3600) ? ` ${Math.floor((s % 86400) / 3600)} h` : ''}`;
}

/** Trial counts in short form: 950, 12.5k, 1.2M, 3G. */
export function fmtCount(n: number): string {
  if (n >= 1e9) return `${+(n / 1e9).toFixed(2)}G`;
  if (n >= 1e6) return `${+(n / 1e6).toFixed(2)}M`;
  if (n >= 1e3) return `${+(n / 1e3).toFixed(1)}k`;
  return String(n);
}

/** A Markdown table (GitHub style) for pasting into a forum or play-by-email post; pipes in cells escaped. */
export function markdownTable(rows: string[][], header: string[]): string {
  const cell = (c: string) => c.replace(/\|/g, '\\|').trim() || ' ';
  const line = (r: string[]) => `| ${r.map(cell).join(' | ')} |`;
  return [line(header), `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`, ...rows.map(line)].join('\n') + '\n';
}
