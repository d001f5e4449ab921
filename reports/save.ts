/**
 * Writing a finished report and telling the user where it is: the same for every kind of result. The kinds'
 * reports (`warMachine.ts`, `siege.ts`, …) build the content; this writes it.
 */
import { relative } from 'node:path';
import type { Io } from '../src/cli/io.js';
import { WarcastError } from '../src/errors.js';
import type { ReportContent } from './content.js';
import { ReportInterrupted, writeReport } from './index.js';
import type { RunHeader } from '../src/cli/options.js';

export interface SaveOptions {
  dir: string;
  /** The option that named the folder (--out or --report), for messages. */
  option: string;
  interactive?: boolean;
  /** Where to print the path: stdout unless stdout carries --json. */
  json?: boolean;
  io: Io;
}

/** Write `content` (null: the run was interrupted, nothing is written); prints and returns the index.html path. */
export async function saveReport(content: ReportContent | null, o: SaveOptions): Promise<string | null> {
  if (content === null || o.io.signal?.aborted) {
    o.io.err(`report not written: the run was interrupted (${o.option} ${o.dir} left as it was)\n`);
    return null;
  }
  let index: string;
  try {
    index = await writeReport(o.dir, content, { interactive: o.interactive, signal: o.io.signal }, { option: o.option });
  } catch (err) {
    if (err instanceof ReportInterrupted) {
      o.io.err(`report not written: interrupted while rendering (${o.option} ${o.dir} left as it was)\n`);
      return null;
    }
    if (err instanceof WarcastError) throw err;
    throw new WarcastError(`${o.option} ${o.dir}: cannot write the report: ${err instanceof Error ? err.message : String(err)}`);
  }
  const shown = relative(process.cwd(), index) || index;
  (o.json ? o.io.err : o.io.out).call(o.io, `report: ${shown.startsWith('..') ? index : shown}\n`);
  return index;
}

/** "36.12% ± 0.09" from a probability and its 95% interval. */
export function pctCi(p: number, ci: readonly [number, number] | null | undefined, digits = 2): string {
  const text = `${(p * 100).toFixed(digits)}%`;
  return ci ? `${text} ± ${(((ci[1] - ci[0]) / 2) * 100).toFixed(digits)}` : text;
}

/** "tie: reroll, …" */
export function policyText(policies: Record<string, unknown>): string {
  return Object.entries(policies).map(([k, v]) => `${k}: ${String(v)}`).join(', ');
}

export const elapsedText = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The facts every Monte Carlo run states: seed, trials (in the kind's unit), threads, precision, interruption. */
export function runFacts(r: RunHeader, unit: string): [string, string][] {
  const f: [string, string][] = [['seed', String(r.seed)], [unit, r.trials.toLocaleString('en-US')], ['threads', String(r.threads)]];
  if (r.precision !== null) f.push(['precision', `± ${r.precision} (95%)`]);
  if (r.interrupted) f.push(['interrupted', `yes: the numbers cover the ${unit} finished before Ctrl-C`]);
  return f;
}
