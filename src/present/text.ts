/**
 * A document as terminal text: the heading, the run line, the verdict lines (→), tables with a ─ rule under the
 * header, notes. `width` is the columns to fit (the terminal's; Infinity keeps every line whole, as pipes, files
 * and the library get it): wider tables wrap their label column or stack, prose wraps at words.
 */
import type { Block, Document } from './document.js';
import { plain } from './format.js';

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
 * Left column flush left, the others flush right. Wider than `width`, the first column (the labels) wraps onto
 * continuation lines; if even that cannot fit, each row is stacked as `label` then `header: value` lines.
 */
export function textTable(rows: string[][], header: string[] | undefined, width: number): string {
  const all = header ? [header, ...rows] : rows;
  const widthsOf = (rs: string[][]) => rs[0].map((_, c) => Math.max(...rs.map((r) => (r[c] ?? '').length)));
  let widths = widthsOf(all);
  const total = widths.reduce((t, w) => t + w, 0) + 2 * (widths.length - 1);
  if (total > width) {
    const first = widths[0] - (total - width);
    if (first < 16) return stacked(rows, header);
    // Each row's label in lines of at most `first` characters; the numbers stay on the row's first line.
    const wrap = (rs: string[][]) =>
      rs.flatMap((r) =>
        wrapWords(r[0] ?? '', first).map((part, k) =>
          k === 0 ? [part, ...r.slice(1)] : [part, ...r.slice(1).map(() => '')],
        ),
      );
    const wrapped = wrap(all);
    widths = widthsOf(wrapped);
    return render(wrapped, header ? wrap([header]).length : 0, widths);
  }
  return render(all, header ? 1 : 0, widths);
}

function render(all: string[][], headerLines: number, widths: number[]): string {
  const line = (r: string[]) =>
    r
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
      .join('  ')
      .trimEnd();
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
      return plain(b.text);
    case 'verdict':
      return b.lines.map((l) => `→ ${plain(l)}`).join('\n');
    case 'table':
      return textTable(
        b.rows.map((r) => r.map(plain)),
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

/** The document as terminal text, ending with one newline. */
export function renderText(doc: Document, width = Infinity): string {
  const text = fitText(
    textBlocks(doc)
      .map((b) => blockText(b, width))
      .join('\n'),
    width,
  );
  return text.endsWith('\n') ? text : text + '\n';
}
