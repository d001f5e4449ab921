/** Numbers and tables as text, shared by the terminal output (src/cli/) and the reports (reports/). */
import { fixedGrouped, grouped } from '../numbers.js';

export function pct(p: number, digits = 2): string {
  return `${(p * 100).toFixed(digits)}%`;
}

export function num(x: number, digits = 1): string {
  if (Number.isInteger(x)) return grouped(x);
  const text = fixedGrouped(x, digits, digits);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text; // -0.004 shows as 0.0, not "-0.0"
}

export { fixedGrouped, grouped } from '../numbers.js';

/**
 * The columns text output may use: the command line sets 100 (`--wide`: no limit); the library and the reports
 * keep every table whole.
 */
let textWidth = Infinity;
export function setTextWidth(width: number): void {
  textWidth = width;
}
export function getTextWidth(): number {
  return textWidth;
}

/** Words of `text` in lines of at most `width` characters (a longer word stands alone). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines;
}

/**
 * Left column flush left, the others flush right. Wider than the text width, the first column (the labels) wraps
 * onto continuation lines; if even that cannot fit, each row is stacked as `label` then `header: value` lines.
 */
export function table(rows: string[][], header?: string[]): string {
  const all = header ? [header, ...rows] : rows;
  const widthsOf = (rs: string[][]) => rs[0].map((_, c) => Math.max(...rs.map((r) => (r[c] ?? '').length)));
  let widths = widthsOf(all);
  const total = widths.reduce((t, w) => t + w, 0) + 2 * (widths.length - 1);
  if (total > textWidth) {
    const first = widths[0] - (total - textWidth);
    if (first < 16) return stacked(rows, header);
    // Each row's label in lines of at most `first` characters; the numbers stay on the row's first line.
    const wrap = (rs: string[][]) => rs.flatMap((r) => wrapWords(r[0] ?? '', first).map((part, k) => (k === 0 ? [part, ...r.slice(1)] : [part, ...r.slice(1).map(() => '')])));
    const wrapped = wrap(all);
    widths = widthsOf(wrapped);
    return render(wrapped, header ? wrap([header]).length : 0, widths);
  }
  return render(all, header ? 1 : 0, widths);
}

function render(all: string[][], headerLines: number, widths: number[]): string {
  const line = (r: string[]) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd();
  const out = all.map(line);
  if (headerLines > 0) out.splice(headerLines, 0, widths.map((w) => '─'.repeat(w)).join('  '));
  return out.join('\n') + '\n';
}

/** A table too wide to wrap: each row as its label, then one `header: value` line per column. */
function stacked(rows: string[][], header?: string[]): string {
  const out: string[] = [];
  for (const r of rows) {
    out.push(r[0] ?? '');
    r.slice(1).forEach((cell, i) => out.push(`  ${header?.[i + 1] ? `${header[i + 1]}: ` : ''}${cell}`));
  }
  return out.join('\n') + '\n';
}

/**
 * Text output fitted to the text width: a prose line longer than it wraps at words, continuation lines indented
 * under its first word; table lines (cells apart by two spaces) are left to `table`.
 */
export function fitText(text: string, width: number = textWidth): string {
  if (!Number.isFinite(width)) return text;
  return text
    .split('\n')
    .flatMap((line) => {
      if (line.length <= width || /\S {2,}\S/.test(line.trimStart())) return [line];
      const indent = /^\s*(→ |- |• )?/.exec(line)![0];
      const pad = ' '.repeat(indent.length);
      return wrapWords(line.slice(indent.length), width - indent.length).map((part, k) => (k === 0 ? indent : pad) + part);
    })
    .join('\n');
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
  return `${fmtCount(r.trials)} ${unit}${r.trials === 1 ? '' : 's'}, seed ${r.seed}, ${threadsText(r.threads, `${unit}s`, requestedThreads)}, ${(r.elapsedMs / 1000).toFixed(2)} s`;
}

/**
 * "1 thread (not 2: too few battles for a worker pool to pay off)": why fewer threads ran than `--threads` (given
 * or its default, the machine's parallelism: so not "asked", which a user who gave no --threads did not).
 */
export function threadsText(threads: number, units: string, requestedThreads?: number): string {
  const why = requestedThreads !== undefined && threads < requestedThreads ? ` (not ${requestedThreads}: too few ${units} for a worker pool to pay off)` : '';
  return `${threads} thread${threads === 1 ? '' : 's'}${why}`;
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
