/**
 * A document as HTML elements, for the report's page (reports/html.ts) and any page that shows a result. Every
 * piece of text goes through `escapeHtml` (./escape.ts, the one escaper of user text in markup). Each block carries
 * `data-block` (its type), and the report-only details `data-only="report"`, so a test can read the page's
 * numbers block by block.
 */
import type { Block, Document } from './document.js';
import { escapeHtml } from './escape.js';
import { plain } from './format.js';
import { documentAlignment } from './align.js';

export { escapeHtml };

const attrs = (b: Block) => ` data-block="${b.type}"${b.only ? ` data-only="${b.only}"` : ''}`;

/**
 * One block as HTML; a chart through `chart` (its figure in the page), nothing when absent. A table's cells carry
 * `class="num"` (right-aligned) or `class="text"` (left) by the rule Markdown uses (./align.ts): `numbers` as the
 * document decided them, else from this table's own cells.
 */
export function blockHtml(b: Block, chart?: (name: string) => string, numbers?: readonly boolean[]): string {
  switch (b.type) {
    case 'heading':
      return `<p class="lead"${attrs(b)}>${escapeHtml(plain(b.text))}</p>`;
    case 'run':
      return `<p class="run"${attrs(b)}>${escapeHtml(plain(b.text))}</p>`;
    case 'note':
      return `<p class="note"${attrs(b)}>${escapeHtml(plain(b.text))}</p>`;
    case 'verdict':
      return `<ul class="verdict"${attrs(b)}>\n${b.lines.map((l) => `<li>${escapeHtml(plain(l))}</li>`).join('\n')}\n</ul>`;
    case 'table': {
      const isNumber = numbers ?? documentAlignment([b]).get(b)!;
      const align = (k: number) => ` class="${isNumber[k] ? 'num' : 'text'}"`;
      const caption = b.caption ? `<caption>${escapeHtml(b.caption)}</caption>` : '';
      const head = b.columns.length
        ? `<thead><tr>${b.columns.map((c, k) => `<th scope="col"${align(k)}>${escapeHtml(c)}</th>`).join('')}</tr></thead>`
        : '';
      const body = b.rows
        .map(
          (r) =>
            `<tr>${r
              .map((c, k) =>
                k === 0
                  ? `<th scope="row"${align(k)}>${escapeHtml(plain(c))}</th>`
                  : `<td${align(k)}>${escapeHtml(plain(c))}</td>`,
              )
              .join('')}</tr>`,
        )
        .join('\n');
      // Its own scroll box: a wide table scrolls inside it, never the page (a phone's 390 px).
      return `<div class="scroll"><table${attrs(b)}>${caption}${head}<tbody>\n${body}\n</tbody></table></div>`;
    }
    case 'ledger':
      return `<pre class="ledger"${attrs(b)}>${escapeHtml(b.lines.join('\n'))}</pre>`;
    case 'gap':
      return '';
    case 'chart':
      return chart ? chart(b.name) : '';
  }
}

/** Blocks as HTML, in order (gaps dropped); columns of one name aligned one way across the tables. */
export function blocksHtml(blocks: readonly Block[], chart?: (name: string) => string): string {
  const numbers = documentAlignment(blocks);
  return blocks
    .map((b) => blockHtml(b, chart, numbers.get(b)))
    .filter(Boolean)
    .join('\n');
}

/** The whole document as HTML (charts left out): e.g. for a page without the report's figures. */
export function renderHtml(doc: Document): string {
  return blocksHtml(doc.blocks);
}
