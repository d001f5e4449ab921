/** `warcast roll <scenario>`: one battle (with its pursuit), one siege week by week or one cascade round with seeded dice, narrated. */
import { roll } from '../analysis/roll.js';
import { scenarioArg } from './scenarioArg.js';
import { ExitCode } from '../errors.js';
import { MAX_SEED } from '../rng/index.js';
import { formatRoll } from './format/roll.js';
import type { Io } from './io.js';
import { parseCount } from './options.js';
import { emitResult } from './emit.js';

export interface RollFlags {
  seed?: string;
  json?: boolean;
  markdown?: boolean;
  npc?: boolean;
}

export async function rollCommand(file: string, flags: RollFlags, io: Io): Promise<number> {
  const seed = flags.seed === undefined ? undefined : parseCount('--seed', flags.seed, 0, MAX_SEED);
  const result = await roll(await scenarioArg(file, io.signal), { seed, npc: flags.npc !== false });
  emitResult(io, flags, result, () => formatRoll(result, file));
  return ExitCode.ok;
}
