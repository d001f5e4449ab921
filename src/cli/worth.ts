/** `warcast worth <scenario> [--side 0|1]` (a cascade: `[--player NAME] [--location NAME] [--rounds R] [--no-npc]`): parse, call `worth`, format. */
import { worth, type WorthResult } from '../analysis/worth.js';
import { UsageError } from '../errors.js';
import { presentWorth } from '../analysis/worthPresent.js';
import { renderText } from '../present/text.js';
import { emitResult, exitCodeAfter } from './emit.js';
import { warnIdleDice } from './ignored.js';
import type { Io } from './io.js';
import { parseCount, type RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';
import { scenarioArg } from './scenarioArg.js';

export interface WorthFlags extends RunFlags {
  side?: string;
  week?: string;
  player?: string;
  location?: string;
  rounds?: string;
  /** commander's --no-npc: false when given. */
  npc?: boolean;
  /** Sieges and cascades: holm (default) or bh (src/stats/family.ts). */
  family?: 'holm' | 'bh';
}

export async function worthCommand(file: string, flags: WorthFlags & ReportFlags, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  // Battles and sieges take 0 or 1; a cascade a player's index (worth checks it against the kind).
  const side = flags.side === undefined ? undefined : /^\s*\d+\s*$/.test(flags.side) ? Number(flags.side) : null;
  if (side === null) throw new UsageError(`--side: expected 0 (A) or 1 (B), got '${flags.side}'`);
  const week = flags.week === undefined ? undefined : /^\s*\d+\s*$/.test(flags.week) ? Number(flags.week) : NaN;
  if (week !== undefined && !Number.isInteger(week))
    throw new UsageError(`--week: expected a whole week, got '${flags.week}'`);
  const rounds = flags.rounds === undefined ? undefined : parseCount('--rounds', flags.rounds, 1, 1000);
  const cascade = {
    player: flags.player,
    location: flags.location,
    rounds,
    npc: flags.npc === false ? false : undefined,
  };
  const input = await scenarioArg(file, io.signal);
  const r = await withRun(io, flags, async (o) =>
    worth(input, {
      ...o,
      side,
      week,
      ...cascade,
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
