/**
 * A document as Markdown, for a forum or play-by-email post (`--markdown`): the heading as `###`, verdict lines as
 * bold bullets, tables as GitHub tables, ledgers as code blocks, other lines as paragraphs with hard breaks.
 * Written from the blocks, never from the terminal text.
 */
import type { Block, Document } from './document.js';
import { plain } from './format.js';
import { textBlocks } from './text.js';
import { documentAlignment, numberColumn } from './align.js';

export { numberColumn };

/**
 * A Markdown table (GitHub style); pipes in cells escaped; number columns right-aligned, text columns left
 * (./align.ts; `numbers` when the document decided them, else from these rows).
 */
export function markdownTable(rows: string[][], header: string[], numbers?: readonly boolean[]): string {
  const cell = (c: string) => c.replace(/\|/g, '\\|').trim() || ' ';
  const line = (r: string[]) => `| ${r.map(cell).join(' | ')} |`;
  const rule = header.map((_, i) =>
    (numbers ? numbers[i] : numberColumn(rows.map((r) => r[i] ?? ''))) ? ' ---: ' : ' --- ',
  );
  return [line(header), `|${rule.join('|')}|`, ...rows.map(line)].join('\n') + '\n';
}

function blockMarkdown(b: Block, numbers: Map<Block, boolean[]>): string[] {
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
      return [
        '',
        markdownTable(rows, b.columns.length ? b.columns : rows[0].map(() => ''), numbers.get(b)).trimEnd(),
        '',
      ];
    }
    case 'ledger':
      return ['```text', ...b.lines, '```'];
    case 'gap':
    case 'chart':
      return [''];
  }
}

export function renderMarkdown(doc: Document): string {
  const blocks = textBlocks(doc);
  const numbers = documentAlignment(blocks);
  return (
    blocks
      .flatMap((b) => blockMarkdown(b, numbers))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n'
  );
}
