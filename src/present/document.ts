/**
 * The presentation model of a result: one document, rendered to terminal text (`text.ts`), Markdown
 * (`markdown.ts`) and HTML (`html.ts`, the report's page and the what-if page). Numbers stay numbers here
 * (a probability with its 95% interval, a mean with its quantiles) until a renderer writes them, each concept
 * with one formatter (`format.ts`), so the three renderings cannot disagree. Pure: no Node imports.
 */
import type { Headline } from './headline.js';
import type { Quantity } from './quantity.js';

export type { Headline, HeadlineFigure, HeadlinePart } from './headline.js';

export type { Quantity } from './quantity.js';

/** Running text: words and numbers. */
export type Inline = string | Quantity;
export type Text = Inline | readonly Inline[];

/** Where a block is shown: everywhere (default) or only in the report's page (details the terminal leaves out). */
export type Only = 'report';

export interface TableBlock {
  type: 'table';
  /** The report's caption (the terminal and Markdown show the header row only). */
  caption?: string;
  columns: string[];
  rows: Text[][];
  only?: Only;
}

export type Block =
  /** The first line: what was analysed. */
  | { type: 'heading'; text: Text; only?: Only }
  /** How the numbers were made (method, trials, seed, threads, time). */
  | { type: 'run'; text: Text; only?: Only }
  /** The lines a reader reads first (→ in the terminal, bold in Markdown). */
  | { type: 'verdict'; lines: Text[]; only?: Only }
  | TableBlock
  /** A line of prose. */
  | { type: 'note'; text: Text; only?: Only }
  /** Lines aligned in columns that stay as they are (a code block in Markdown, preformatted in HTML). */
  | { type: 'ledger'; lines: string[]; only?: Only }
  /** An empty line between groups (text and Markdown only). */
  | { type: 'gap'; only?: Only }
  /** A chart of the report, by its name there (the Vega-Lite spec lives with the report's charts). */
  | { type: 'chart'; name: string; only?: Only };

export interface Document {
  /** Short title (the report's page title). */
  title: string;
  blocks: Block[];
  /** The answer in a few numbers (the what-if page's verdict panel draws it); absent: the kind gives none. */
  headline?: Headline;
}

/** Small builders, so the kinds' presentation functions read as the output does. */
export const percent = (value: number, ci?: readonly [number, number] | null, digits?: number): Quantity => ({
  q: 'percent',
  value,
  ci,
  digits,
});
/** An amount; a Monte Carlo mean with `half`, the 95% half-width of its noise (`-383 ± 2`). */
/**
 * A probability with its 95% interval where room is short (a matrix's cells): the terminal writes `32.4% ± 0.7` to
 * `compact` decimals, Markdown and HTML the interval's bounds (`32.41% [31.76%, 33.06%]`).
 */
export const compactPercent = (value: number, ci: readonly [number, number] | null, compact = 1): Quantity => ({
  q: 'percent',
  value,
  ci,
  compact,
});
export const number = (value: number, digits?: number, half?: number): Quantity => ({
  q: 'number',
  value,
  digits,
  ...(half ? { half } : {}),
});
/** A mean with its quantiles; `half`: the 95% half-width of a Monte Carlo mean's noise. */
export const spread = (
  s: { mean: number; p05: number; p50: number; p95: number; sd?: number },
  digits?: number,
  half?: number,
): Quantity => ({
  q: 'spread',
  mean: s.mean,
  p05: s.p05,
  p50: s.p50,
  p95: s.p95,
  ...(s.sd === undefined ? {} : { sd: s.sd }),
  digits,
  ...(half ? { half } : {}),
});
export const trials = (value: number): Quantity => ({ q: 'trials', value });
/**
 * A mean with the standard deviation of what it averages: `8.89 (SD 1.12)`; a Monte Carlo mean with the 95%
 * half-width of its noise first (`half`): `1.16 ± 0.0014 (SD 0.50)`.
 */
export const meanWithSd = (mean: number, sd: number, digits?: number, half?: number): Inline[] => [
  number(mean, digits, half),
  ' (SD ',
  number(sd, digits),
  ')',
];
export const change = (value: number, ci?: readonly [number, number] | null, percent = true): Quantity => ({
  q: 'change',
  value,
  ci,
  percent,
});

export const heading = (text: Text): Block => ({ type: 'heading', text });
export const run = (text: Text): Block => ({ type: 'run', text });
export const verdict = (...lines: Text[]): Block => ({ type: 'verdict', lines });
export const note = (text: Text, only?: Only): Block => ({ type: 'note', text, only });
export const gap: Block = { type: 'gap' };
export const table = (columns: string[], rows: Text[][], caption?: string, only?: Only): TableBlock => ({
  type: 'table',
  caption,
  columns,
  rows,
  only,
});
