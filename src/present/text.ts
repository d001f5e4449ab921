/**
 * A document as terminal text: the heading, the run line, the verdict lines (→), tables with a ─ rule under the
 * header, notes. `width` is the columns to fit (the terminal's; Infinity keeps every line whole, as pipes, files
 * and the library get it): wider tables are laid out to fit (textTable), prose wraps at words.
 */
import type { Block, Document } from './document.js';
import { numberColumn } from './align.js';
import { terminalPlain } from './format.js';

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
 * How a table was printed (a test's view; nothing in warcast listens): whole, laid out to fit its width, or wider
 * than its width because nothing was left to shorten.
 */
export interface TableLayout {
  header: string[] | undefined;
  rows: string[][];
  width: number;
  layout: 'whole' | 'fitted' | 'overflow';
}
let layoutSeen: ((t: TableLayout) => void) | undefined;
/** Calls `seen` for each table printed as text (tests); `undefined` stops. */
export function observeTableLayouts(seen: ((t: TableLayout) => void) | undefined): void {
  layoutSeen = seen;
}

const widthsOf = (rs: readonly string[][]) => rs[0].map((_, c) => Math.max(...rs.map((r) => (r[c] ?? '').length)));
const spanOf = (widths: readonly number[]) => widths.reduce((t, w) => t + w, 0) + 2 * (widths.length - 1);

/**
 * A table in columns, left column flush left, the others flush right, one line per row at any width: a table
 * wider than `width` is laid out to fit rather than wrapped (a wrapped row or a row stacked as `header: value`
 * lines reads as a different table). In this order, as far as needed: headers wrap onto several lines over
 * their column; a long text cell (`stormed: the garrison is beaten…`) keeps its first words with the rest in a
 * legend under the table, or becomes a mark `[1]` with its text under the table; the columns are split into
 * groups, each repeating the row labels.
 */
export function textTable(rows: string[][], header: string[] | undefined, width: number): string {
  const all = header ? [header, ...rows] : rows;
  if (all.length === 0) return '';
  const widths = widthsOf(all);
  if (!Number.isFinite(width) || spanOf(widths) <= width) {
    layoutSeen?.({ header, rows, width, layout: 'whole' });
    return render(all, header ? [header] : [], widths);
  }
  return fitted(rows, header, width);
}

/** `left`: the columns flush left (default: the first). */
function render(all: string[][], headerLines: string[][], widths: number[], left?: readonly boolean[]): string {
  const line = (r: string[]) =>
    r
      .map((cell, c) => ((left ? left[c] : c === 0) ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
      .join('  ')
      .trimEnd();
  const body = all.slice(headerLines.length ? 1 : 0);
  const out = [...headerLines.map(line)];
  if (headerLines.length) out.push(widths.map((w) => '─'.repeat(w)).join('  '));
  out.push(...body.map(line));
  return out.join('\n') + '\n';
}

/** Cells longer than this in a text column are shortened (first words and a legend, or a mark) when a table must. */
const SHORT = 14;

function fitted(rows0: string[][], header: string[] | undefined, width: number): string {
  const n = Math.max(header?.length ?? 0, ...rows0.map((r) => r.length));
  const rows = rows0.map((r) => Array.from({ length: n }, (_, c) => r[c] ?? ''));
  const under: string[] = [];
  let marks = 0;
  const shortened = new Set<number>();
  // A text cell this long crowds the table out even when its columns could be split into groups; row labels may
  // take half the width.
  const longText = (c: number) => Math.max(36, width * (c === 0 ? 0.5 : 0.4));
  // A text column: one whose cells are not all numbers (the label column counts as text).
  const isText = (c: number) => c === 0 || !numberColumn(rows.map((r) => r[c]));
  const cellWidth = (c: number) => Math.max(0, ...rows.map((r) => r[c].length));
  for (;;) {
    const candidates = Array.from({ length: n }, (_, c) => c).filter(
      (c) => !shortened.has(c) && isText(c) && cellWidth(c) > SHORT,
    );
    const worst = candidates.sort((a, b) => cellWidth(b) - cellWidth(a))[0];
    const layout = grouped(
      rows,
      header,
      width,
      Array.from({ length: n }, (_, c) => isText(c)),
    );
    // Words crowd a table; a column of results in words (`John 98.80% [98.22%, 99.19%], NPC 1.20% …`) stays in
    // it while the groups fit.
    const prose = (c: number) => !rows.some((r) => /\d%/.test(r[c]));
    const crowded = worst !== undefined && prose(worst) && cellWidth(worst) > longText(worst);
    if (layout !== null && !crowded) {
      layoutSeen?.({ header, rows: rows0, width, layout: 'fitted' });
      return layout + underText(under, width);
    }
    if (worst === undefined) {
      // Nothing left to shorten: a number column wider than the screen. Printed whole, never as records.
      layoutSeen?.({ header, rows: rows0, width, layout: 'overflow' });
      const all = header ? [header, ...rows] : rows;
      return (layout ?? render(all, header ? [header] : [], widthsOf(all))) + underText(under, width);
    }
    shortened.add(worst);
    marks = shorten(rows, worst, under, marks);
  }
}

/**
 * Shortens column `c`'s long cells in place: `first words: the rest` keeps its first words when they tell the
 * cells apart (the rest goes to the legend under the table), any other long cell becomes a mark `[k]` with its
 * text under the table (a text repeated shares its mark). Returns the marks used so far.
 */
function shorten(rows: string[][], c: number, under: string[], marks: number): number {
  const long = [...new Set(rows.map((r) => r[c]).filter((t) => t.length > SHORT))];
  const heads = long.map((t) => /^([^:]{1,14}): (.+)$/.exec(t));
  const shortCells = new Set(rows.map((r) => r[c]).filter((t) => t.length <= SHORT));
  const headWords = heads.map((m) => m?.[1]);
  const distinct =
    heads.every((m) => m !== null) &&
    new Set(headWords).size === headWords.length &&
    headWords.every((h) => !shortCells.has(h!));
  const replacement = new Map<string, string>();
  if (distinct) {
    long.forEach((t, i) => {
      replacement.set(t, heads[i]![1]);
      under.push(`${heads[i]![1]}: ${heads[i]![2]}`);
    });
  } else {
    for (const t of long) {
      replacement.set(t, `[${++marks}]`);
      under.push(`[${marks}] ${t}`);
    }
  }
  for (const r of rows) r[c] = replacement.get(r[c]) ?? r[c];
  return marks;
}

/** The lines under a table, after an empty line, each wrapped at words (continuation lines indented). */
function underText(under: readonly string[], width: number): string {
  if (under.length === 0) return '';
  return (
    '\n' +
    under
      .flatMap((line) => {
        if (line.length <= width) return [line];
        return wrapWords(line, width - 4).map((part, k) => (k === 0 ? part : `    ${part}`));
      })
      .join('\n') +
    '\n'
  );
}

/**
 * The table with headers wrapped over their columns and, if still too wide, its columns in groups that each
 * repeat the row labels (the first column, and the second when the first is a rank or a count); null when even one
 * column beside the labels cannot fit. `text`: the text columns, flush left (numbers flush right).
 */
function grouped(
  rows: string[][],
  header: string[] | undefined,
  width: number,
  text: readonly boolean[],
): string | null {
  const n = rows[0]?.length ?? header?.length ?? 0;
  const cells = widthsOf(rows.length ? rows : [Array.from({ length: n }, () => '')]);
  const longestWord = (h: string) => Math.max(0, ...h.split(' ').map((w) => w.length));
  const least = cells.map((w, c) => Math.max(w, longestWord(header?.[c] ?? '')));
  const keys = least[0] <= 4 && n > 2 ? [0, 1] : [0];
  const keySpan = spanOf(keys.map((c) => least[c]));
  const rest = Array.from({ length: n }, (_, c) => c).filter((c) => !keys.includes(c));
  const groups: number[][] = [];
  let span = keySpan;
  for (const c of rest) {
    if (keySpan + 2 + least[c] > width) return null;
    if (groups.length === 0 || span + 2 + least[c] > width) {
      groups.push([]);
      span = keySpan;
    }
    groups[groups.length - 1].push(c);
    span += 2 + least[c];
  }
  if (groups.length === 0) groups.push([]);
  return groups
    .map((g) => {
      const cols = [...keys, ...g];
      const w = cols.map((c) => least[c]);
      // Room left: widen the columns whose header wraps, the shortest header first, each to the least width that
      // takes its header on as few lines as the room allows.
      let spare = width - spanOf(w);
      cols
        .map((c, i) => ({ i, text: header?.[c] ?? '' }))
        .filter(({ i, text }) => text.length > w[i])
        .sort((a, b) => a.text.length - b.text.length)
        .forEach(({ i, text }) => {
          const most = Math.min(text.length, w[i] + spare);
          const fewest = wrapWords(text, most).length;
          let best = w[i];
          while (wrapWords(text, best).length > fewest) best++;
          spare -= best - w[i];
          w[i] = best;
        });
      const pick = (r: string[]) => cols.map((c) => r[c]);
      const left = cols.map((c) => text[c]);
      if (!header) return render(rows.map(pick), [], w, left);
      const wrapped = cols.map((c, i) => wrapWords(header[c] ?? '', w[i]));
      const height = Math.max(...wrapped.map((l) => l.length));
      // Headers sit on the rule: a short one on the last header line.
      const headerLines = Array.from({ length: height }, (_, k) =>
        wrapped.map((l) => l[k - (height - l.length)] ?? ''),
      );
      return render([headerLines[0], ...rows.map(pick)], headerLines, w, left);
    })
    .join('\n');
}

/**
 * Text fitted to `width`: a prose line longer than it wraps at words, continuation lines indented under its first
 * word; table lines (cells apart by two spaces) are left to `textTable`.
 */
export function fitText(text: string, width: number): string {
  if (!Number.isFinite(width)) return text;
  return text
    .split('\n')
    .flatMap((line) => {
      if (line.length <= width || /\S {2,}\S/.test(line.trimStart())) return [line];
      const indent = /^\s*(→ |- |• )?/.exec(line)![0];
      const pad = ' '.repeat(indent.length);
      return wrapWords(line.slice(indent.length), width - indent.length).map(
        (part, k) => (k === 0 ? indent : pad) + part,
      );
    })
    .join('\n');
}

/** The blocks the terminal and Markdown show (not the report's details, not charts). */
export function textBlocks(doc: Document): Block[] {
  return doc.blocks.filter((b) => !b.only && b.type !== 'chart');
}

function blockText(b: Block, width: number): string {
  switch (b.type) {
    case 'heading':
    case 'run':
    case 'note':
      return terminalPlain(b.text);
    case 'verdict':
      return b.lines.map((l) => `→ ${terminalPlain(l)}`).join('\n');
    case 'table':
      return textTable(
        b.rows.map((r) => r.map(terminalPlain)),
        b.columns.length ? b.columns : undefined,
        width,
      );
    case 'ledger':
      return b.lines.join('\n');
    case 'gap':
    case 'chart':
      return '';
  }
}

let renderSeen: ((doc: Document, width: number) => void) | undefined;
/** Calls `seen` with each document rendered as text and its width (tests); `undefined` stops. */
export function observeTextRenders(seen: ((doc: Document, width: number) => void) | undefined): void {
  renderSeen = seen;
}

/** The document as terminal text, ending with one newline. */
export function renderText(doc: Document, width = Infinity): string {
  renderSeen?.(doc, width);
  const text = fitText(
    textBlocks(doc)
      .map((b) => blockText(b, width))
      .join('\n'),
    width,
  );
  return text.endsWith('\n') ? text : text + '\n';
}
