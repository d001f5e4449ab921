/** `warcast worth <scenario> [--side N]` and the kinds' own options (src/cli/kindOptions.ts): parse, call `worth`, format. */
import type { WorthResult } from '../toolkit/worth.js';
import { worth } from './registeredToolkit.js';
import { UsageError } from '../errors.js';
import { presentWorth } from '../toolkit/worthPresent.js';
import { renderText } from '../present/text.js';
import { emitResult, exitCodeAfter } from './emit.js';
import { warnIdleDice } from './ignored.js';
import type { Io } from './io.js';
import { readKindOptions } from './kindOptions.js';
import type { RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';
import { scenarioArg } from './scenarioArg.js';

export interface WorthFlags extends RunFlags {
  side?: string;
  /** Sieges and cascades: holm (default) or bh (src/stats/family.ts). */
  family?: 'holm' | 'bh';
  /** The kinds' own options (`--week`, `--player`, …), by their keys. */
  [option: string]: unknown;
}

export async function worthCommand(file: string, flags: WorthFlags & ReportFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  // Battles and sieges take 0 or 1; a cascade a player's index (worth checks it against the kind).
  const side = flags.side === undefined ? undefined : /^\s*\d+\s*$/.test(flags.side) ? Number(flags.side) : null;
  if (side === null) throw new UsageError(`--side: expected 0 (A) or 1 (B), got '${flags.side}'`);
  const own = readKindOptions('worth', flags);
  const input = await scenarioArg(file, io.signal);
  const r = await withRun(io, flags, async (o) =>
    worth(input, {
      ...o,
      side,
      ...own,
      family: flags.family,
      trials: flags.trials === undefined ? undefined : o.trials,
      maxTrials: flags.maxTrials === undefined ? undefined : o.maxTrials,
    }),
  );
  if (r.method === 'exact')
    warnIdleDice(io, flags as unknown as Record<string, unknown>, 'warcast worth on a battle (always exact)');
  emitResult(io, flags, r, () => presentWorth(r));
  await saveCommandReport({ kind: 'worth', result: r }, file, flags.report, flags, io);
  // Monte Carlo kinds stop on Ctrl-C with the items finished (exit 130); a battle's exact worth is never interrupted.
  return exitCodeAfter(io, r.interrupted, 'the items listed');
}

/** The worth document as text (the terminal's layout; `--markdown` and the report render the same document). */
export function formatWorth(r: WorthResult, width = Infinity): string {
  return renderText(presentWorth(r), width);
}
