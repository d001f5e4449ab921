/**
 * A bridge for the commands whose output is not yet a document (sweep, seek and worth: docs/architecture.md):
 * their text as Markdown, read back from the terminal layout — each table (a header, a ─ rule, rows) becomes a
 * Markdown table, verdict lines (→) bold bullets, the first line a heading. A command that builds a document is
 * rendered by `renderMarkdown` instead and never comes here.
 */
import { markdownTable } from './markdown.js';

function columns(rule: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const m of rule.matchAll(/─+/g)) spans.push([m.index!, m.index! + m[0].length]);
  return spans;
}

function cells(line: string, spans: [number, number][]): string[] {
  return spans.map(([from, to], i) => line.slice(from, i === spans.length - 1 ? undefined : to).trim());
}

export function markdownFromText(text: string): string {
  const lines = text.replace(/\n+$/, '').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const next = lines[i + 1];
    if (next !== undefined && /^─[─ ]*$/.test(next)) {
      const spans = columns(next);
      const rows: string[][] = [];
      let j = i + 2;
      for (; j < lines.length && lines[j].trim() !== ''; j++) rows.push(cells(lines[j], spans));
      out.push('', markdownTable(rows, cells(line, spans)).trimEnd(), '');
      i = j - 1;
    } else if (i === 0) out.push(`### ${line}`, '');
    else if (line.startsWith('→ ')) out.push(`- **${line.slice(2)}**`);
    else out.push(line === '' ? '' : `${line}  `);
  }
  return (
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n'
  );
}
