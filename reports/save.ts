/**
 * Writing a finished report and telling the user where it is: the same for every kind of result. The kinds'
 * reports (`warMachine.ts`, `siege.ts`, …) build the content; this writes it.
 */
import { WarcastError } from '../src/errors.js';
import type { ReportContent } from './content.js';
import { ReportInterrupted, writeReport } from './index.js';

export interface SaveOptions {
  dir: string;
  /** The option that named the folder (--out or --report), for messages. */
  option: string;
  interactive?: boolean;
  /** Ctrl-C or SIGTERM while rendering: nothing is written (an earlier report stays whole). */
  signal?: AbortSignal;
}

/** Write `content` into its folder; returns the index.html path, or null when the signal stopped it. */
export async function saveReport(content: ReportContent, o: SaveOptions): Promise<string | null> {
  let index: string;
  try {
    index = await writeReport(o.dir, content, { interactive: o.interactive, signal: o.signal }, { option: o.option });
  } catch (err) {
    if (err instanceof ReportInterrupted) return null;
    if (err instanceof WarcastError) throw err;
    throw new WarcastError(
      `${o.option} ${o.dir}: cannot write the report: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return index;
}

export { elapsedText, pctCi, policyText, runFacts } from './facts.js';
