/** What a report holds, independent of the kind of result: the writer and the page only see this. */
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
}
