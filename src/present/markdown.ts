/**
 * A document as Markdown, for a forum or play-by-email post (`--markdown`): the heading as `###`, verdict lines as
 * bold bullets, tables as GitHub tables, ledgers as code blocks, other lines as paragraphs with hard breaks.
 * Written from the blocks, never from the terminal text.
 */
import type { Block, Document } from './document.js';
import { plain } from './format.js';
import { textBlocks } from './text.js';

/** A Markdown table (GitHub style); pipes in cells escaped. */
export function markdownTable(rows: string[][], header: string[]): string {
  const cell = (c: string) => c.replace(/\|/g, '\\|').trim() || ' ';
  const line = (r: string[]) => `| ${r.map(cell).join(' | ')} |`;
  return (
    [line(header), `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`, ...rows.map(line)].join(
      '\n',
    ) + '\n'
  );
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
