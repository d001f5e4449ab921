/**
 * A result's answer in a few numbers: what the what-if page's verdict panel draws for any kind (app/verdict.ts),
 * beside the form, before the full document. Each kind's `present.ts` builds it with its document (`headline`
 * on the Document), in the kind's words; the panel draws it without knowing the kind. Every number names its
 * place in the result's JSON (`path`, what `--json` prints), so a reader, and the page's test, can find it there.
 */
import type { Quantity } from './quantity.js';

/** One number of the answer: its words, its value (a probability keeps its 95% interval), where it is in the JSON. */
export interface HeadlineFigure {
  label: string;
  value: Quantity;
  /** Its path in the result's JSON (`['weeksToFall', 'probability']`, `['outcome', 'day', 'win', 0]`); absent: derived. */
  path?: readonly (string | number)[];
  /**
   * A mean's standard deviation over the trials (what one trial spreads by, not the mean's noise), shown beside it
   * as the CLI prints it (`8.90 (SD 1.12)`), at `sdPath` in the JSON.
   */
  sd?: number;
  sdPath?: readonly (string | number)[];
}

/** One way it can end: a part of the outcome bar, leaning to side 0, side 1, or neither (null). */
export interface HeadlinePart extends HeadlineFigure {
  side: 0 | 1 | null;
  /** The ending in full words (a tooltip). */
  words?: string;
}

export interface Headline {
  /** The two sides the colours stand for (side 0 warm, side 1 blue, as the reports' charts). */
  sides: readonly [string, string];
  /** Who the answer favours, in words ("Marhold garrison falls", "John holds Arrakis Spice Refinery"). */
  lead: string;
  /** The side the lead names (its colour), or null. */
  leadSide: 0 | 1 | null;
  /** The main number: a probability, with its 95% interval when it is an estimate. */
  figure: HeadlineFigure;
  /** How it ends, as parts that add to 1 (one bar), with what the bar shows. */
  outcome?: { label: string; parts: HeadlinePart[] };
  /** Further numbers, a line each. */
  facts: HeadlineFigure[];
  /** How the numbers were made: exactly, or by Monte Carlo (trials of `unit`, seed). */
  method: { exact: true; how: string } | { exact: false; trials: number; seed: number; unit: string };
}
