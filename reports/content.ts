/** What a report holds, independent of the kind of result: the writer and the page only see this. */
import type { Document } from '../src/present/document.js';
import { plain } from '../src/present/format.js';
import type { Chart } from './spec.js';

export interface Table {
  caption: string;
  columns: string[];
  rows: string[][];
}

export interface ReportContent {
  /** Page title and main heading (user text: escaped on output). */
  title: string;
  /** One line under the heading, e.g. "Orcs (A) vs Men (B)". */
  lead: string;
  /** The verdict lines the command prints first (→ …), shown under the lead. */
  verdict?: string[];
  /** How the numbers were made: method, seed, trials, threads, elapsed time, scenario file, policies. */
  facts: [string, string][];
  /** Scenario summary (sides, ratings, tactics) and key numbers. */
  tables: Table[];
  /** The rules the numbers come from. */
  sources: string[];
  charts: Chart[];
  /** The exact text of result.json (= what the command prints with --json). */
  resultJson: string;
  /**
   * The result's document, the one the terminal and --markdown show: the page renders its blocks (and the charts
   * it names) in order; `lead`, `verdict` and `tables` above are read from it.
   */
  document?: Document;
}

/** Report content from a result's document: the lead, verdict and tables are the document's own. */
export function documentContent(
  doc: Document,
  rest: Pick<ReportContent, 'facts' | 'sources' | 'charts' | 'resultJson'>,
): ReportContent {
  const lead = doc.blocks.find((b) => b.type === 'heading');
  return {
    title: doc.title,
    lead: lead && lead.type === 'heading' ? plain(lead.text) : '',
    verdict: doc.blocks.flatMap((b) => (b.type === 'verdict' ? b.lines.map(plain) : [])),
    tables: doc.blocks.flatMap((b) =>
      b.type === 'table'
        ? [{ caption: b.caption ?? '', columns: b.columns, rows: b.rows.map((r) => r.map(plain)) }]
        : [],
    ),
    document: doc,
    ...rest,
  };
}
