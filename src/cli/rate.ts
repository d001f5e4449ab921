/** `warcast rate <scenario>`: parse, call `rate`, print each side's rating line by line. */
import { rate, type RateResult } from '../kinds/warMachine/rate.js';
import { scenarioArg } from './scenarioArg.js';
import { ExitCode } from '../errors.js';
import type { Io } from './io.js';
import { emitResult } from './emit.js';
import { presentRate } from '../kinds/warMachine/ratePresent.js';
import { renderText } from '../present/text.js';

export async function rateCommand(
  file: string,
  flags: { json?: boolean; markdown?: boolean },
  io: Io,
): Promise<number> {
  const r = await rate(await scenarioArg(file, io.signal));
  emitResult(io, flags, r, () => presentRate(r));
  return ExitCode.ok;
}

export function formatRate(r: RateResult): string {
  return renderText(presentRate(r));
}
