/**
 * Which table columns are number columns (right-aligned) and which are text (left-aligned): one rule for the
 * Markdown and the HTML renderings, decided by a column's cells, never by its position or header.
 */
import type { Block, TableBlock } from './document.js';
import { plain } from './format.js';

/** A number: signed, grouped, decimal, with a percent or a short count suffix (`12.5k`), or a ratio (`3:1`). */
const NUM = String.raw`[+\-−±]?\d[\d,]*(?:\.\d+)?(?:%|[kMG](?![A-Za-z]))?(?::\d+(?:\.\d+)?)?`;
/**
 * A number cell: one number, then at most its unit (one word: `2,800 gp`, `1 forced-march`), more numbers joined
 * as an interval, a pair or a change (`± 0.4`, `185 / 746`, `1698–1702`, `55.40% → 60.66%`), bracketed asides
 * (`[0%, 0.19%]`, `(SD 267.9; 214 / 688 / 1,088)`) and the verdict `within noise`. Anything more is a phrase
 * (`4 × ballista, 10 weeks of food`, `400 footmen, 10 officers`, `Jane 100.00%`).
 */
const NUMBER_CELL = new RegExp(
  String.raw`^${NUM}(?: [A-Za-z][A-Za-z-]*)?` +
    String.raw`(?:\s*[±/→–]\s*${NUM}|\s*\[[^\]]*\]|\s*\([^)]*\))*` +
    String.raw`(?: within noise)?$`,
);
/** Cells that say "nothing here" and do not decide a column's alignment. */
const EMPTY_CELLS = new Set(['', '—', '-', '–']);

/** Whether one cell reads as a number (see NUMBER_CELL); blank cells are not numbers. */
export function numberCell(cell: string): boolean {
  return NUMBER_CELL.test(cell.trim());
}

/** Right-align a column whose cells are numbers (blank cells aside), left-align any other. */
export function numberColumn(cells: readonly string[]): boolean {
  const decided = cells.map((c) => c.trim()).filter((c) => !EMPTY_CELLS.has(c));
  return decided.length > 0 && decided.every(numberCell);
}

/**
 * Each table's columns as numbers (true) or text, decided over the whole document: columns of the same name in
 * several tables share one decision (all their cells together), so one document never aligns "cost" two ways.
 * Unnamed columns are decided table by table.
 */
export function documentAlignment(blocks: readonly Block[]): Map<Block, boolean[]> {
  const tables = blocks.filter((b): b is TableBlock => b.type === 'table');
  const cellsByName = new Map<string, string[]>();
  for (const t of tables)
    t.columns.forEach((name, i) => {
      if (!name.trim()) return;
      const cells = cellsByName.get(name) ?? [];
      for (const r of t.rows) cells.push(plain(r[i] ?? ''));
      cellsByName.set(name, cells);
    });
  const out = new Map<Block, boolean[]>();
  for (const t of tables) {
    const width = Math.max(t.columns.length, ...t.rows.map((r) => r.length));
    out.set(
      t,
      Array.from({ length: width }, (_, i) => {
        const name = t.columns[i] ?? '';
        return numberColumn(name.trim() ? cellsByName.get(name)! : t.rows.map((r) => plain(r[i] ?? '')));
      }),
    );
  }
  return out;
}
