/** `warcast compare <a> <b>`: two scenarios of one kind side by side, the difference, and whether it is beyond noise. */
import type { CompareResult } from '../toolkit/compare.js';
import { compare } from './registeredToolkit.js';
import { scenarioArg } from './scenarioArg.js';
import { ExitCode } from '../errors.js';
import { presentCompare } from './format/compare.js';
import { renderText } from '../present/text.js';
import { emitResult } from './emit.js';
import type { Io } from './io.js';
import type { RunFlags } from './options.js';
import { withRun } from './run.js';
import type { FamilyMethod } from '../stats/family.js';

export async function compareCommand(
  a: string,
  b: string,
  flags: RunFlags & { family?: FamilyMethod },
  io: Io,
): Promise<number> {
  const result = await withRun(io, flags, async (o) =>
    compare(await scenarioArg(a, o.signal), await scenarioArg(b, o.signal), {
      ...o,
      // Not given: sieges and cascades stop by the default precision (src/toolkit/staging.ts).
      trials: flags.trials === undefined ? undefined : o.trials,
      maxTrials: flags.maxTrials === undefined ? undefined : o.maxTrials,
      family: flags.family,
    }),
  );
  emitResult(io, flags, result, () => presentCompare(result));
  return ExitCode.ok;
}

export function formatCompare(r: CompareResult): string {
  return renderText(presentCompare(r));
}
