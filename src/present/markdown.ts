/**
 * A document as Markdown, for a forum or play-by-email post (`--markdown`): the heading as `###`, verdict lines as
 * bold bullets, tables as GitHub tables, ledgers as code blocks, other lines as paragraphs with hard breaks.
 * Written from the blocks, never from the terminal text.
 */
import type { Block, Document } from './document.js';
import { plain } from './format.js';
import { textBlocks } from './text.js';

/**
 * A cell that reads as a number: it starts with one (signed, grouped, decimal, a percent or a short count such as
 * `12.5k`), whatever follows (`36.12% ± 0.09`, `667.1 (SD 267.9; …)`, `-483 ± 2`).
 */
const NUMBER_FIRST = /^[+\-−±]?\d[\d,]*(\.\d+)?(%|[kMG])?(\s|$)/;
/** Cells that say "nothing here" and do not decide a column's alignment. */
const EMPTY_CELLS = new Set(['', '—', '-', '–']);

/** Right-align a column whose cells are numbers (blank cells aside), left-align any other. */
export function numberColumn(cells: readonly string[]): boolean {
  const decided = cells.map((c) => c.trim()).filter((c) => !EMPTY_CELLS.has(c));
  return decided.length > 0 && decided.every((c) => NUMBER_FIRST.test(c));
}

/** A Markdown table (GitHub style); pipes in cells escaped; number columns right-aligned, text columns left. */
export function markdownTable(rows: string[][], header: string[]): string {
  const cell = (c: string) => c.replace(/\|/g, '\\|').trim() || ' ';
  const line = (r: string[]) => `| ${r.map(cell).join(' | ')} |`;
  const rule = header.map((_, i) => (numberColumn(rows.map((r) => r[i] ?? '')) ? ' ---: ' : ' --- '));
  return [line(header), `|${rule.join('|')}|`, ...rows.map(line)].join('\n') + '\n';
}

function blockMarkdown(b: Block): string[] {
  switch (b.type) {
    case 'heading':
      return [`### ${plain(b.text)}`, ''];
    case 'run':
    case 'note':
      return [`${plain(b.text)}  `];
    case 'verdict':
      return b.lines.map((l) => `- **${plain(l)}**`);
    case 'table': {
      const rows = b.rows.map((r) => r.map(plain));
      return ['', markdownTable(rows, b.columns.length ? b.columns : rows[0].map(() => '')).trimEnd(), ''];
    }
    case 'ledger':
      return ['```text', ...b.lines, '```'];
    case 'gap':
    case 'chart':
      return [''];
  }
}

export function renderMarkdown(doc: Document): string {
  return (
    textBlocks(doc)
      .flatMap(blockMarkdown)
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n'
  );
}
