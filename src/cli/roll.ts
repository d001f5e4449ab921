/** `warcast roll <scenario>`: one game of any kind with dice drawn by a seed, typed (--dice), asked for, or sealed (--seal). */
import type { RollResult } from '../behaviours/roll.js';
import { parseSealFile } from '../behaviours/rollSeal.js';
import { narrateRoll, roll, sealedRoll } from './registeredRoll.js';
import { ExitCode, UsageError } from '../errors.js';
import type { Narration } from '../kinds/roll.js';
import { DISCORD_LIMIT, formatRoll, rollMarkdown } from './format/roll.js';
import type { Io } from './io.js';
import { parseCount } from './options.js';
import { scenarioArg } from './scenarioArg.js';
import { readInputFile } from '../files/read.js';
import { fitText } from '../present/text.js';
import { postMessages, webhookUrl } from './rollPost.js';

export interface RollFlags {
  /** Parsed by commander (src/cli/tableCommands.ts). */
  seed?: number;
  /** Typed dice; `true` (the option alone): ask for each die on the terminal. */
  dice?: string | true;
  json?: boolean;
  markdown?: boolean;
  npc?: boolean;
  limit?: string;
  post?: string;
  seal?: string;
  contrib?: string[];
  weekly?: boolean;
  state?: string;
  attacker?: string;
  defender?: string;
}

/** --limit: the longest Markdown message (0: no split; below 200 a message has no room for a paragraph). */
export function parseLimit(text: string | undefined): number {
  if (text === undefined) return DISCORD_LIMIT;
  const n = parseCount('--limit', text, 0, 1_000_000);
  if (n > 0 && n < 200) throw new UsageError(`--limit: expected 0 (no split) or at least 200 characters, got ${n}`);
  return n;
}

/** How a roll's dice are typed or asked for: `--dice LIST` types them (asking for the rest on a terminal); `--dice` alone asks. */
export function typedDice(flags: Pick<RollFlags, 'dice'>, io: Io): { dice: string; ask: Io['ask'] } | null {
  if (flags.dice === undefined) return null;
  if (flags.dice === true && !io.ask)
    throw new UsageError(
      '--dice: no dice given and stdin is not a terminal to ask for them (type them: --dice "37 82")',
    );
  return { dice: flags.dice === true ? '' : flags.dice, ask: io.ask };
}

export async function rollCommand(file: string, flags: RollFlags, io: Io): Promise<number> {
  for (const o of ['state', 'attacker', 'defender'] as const)
    if (flags[o] !== undefined) throw new UsageError(`--${o}: only with --weekly (a siege played week by week)`);
  const limit = parseLimit(flags.limit);
  const url = flags.post === undefined ? null : webhookUrl(flags.post);
  let result: RollResult;
  if (flags.seal !== undefined) {
    if (file === '-')
      throw new UsageError('--seal: the scenario must be a file (its bytes are hashed, and players check them)');
    const seal = parseSealFile(readInputFile(flags.seal, 'seal').toString('utf8'), flags.seal);
    // the scenario's bytes are hashed and checked by the players: a regular file, read once
    result = await sealedRoll(readInputFile(file, 'scenario'), file, seal, flags.contrib ?? [], {
      npc: flags.npc !== false,
    });
  } else {
    if (flags.contrib?.length) throw new UsageError('--contrib: only with --seal (contributions feed a sealed round)');
    const seed = flags.seed;
    const typed = typedDice(flags, io);
    result = await roll(await scenarioArg(file, io.signal), {
      seed,
      dice: typed?.dice,
      ask: typed?.ask,
      npc: flags.npc !== false,
    });
  }
  await emitRoll(io, flags, result, await narrateRoll(result), file, limit, url);
  return ExitCode.ok;
}

/** Print a roll (JSON, Markdown messages or text) and post its Markdown when asked. */
export async function emitRoll(
  io: Io,
  flags: Pick<RollFlags, 'json' | 'markdown'>,
  result: RollResult,
  n: Narration,
  file: string,
  limit: number,
  url: URL | null,
): Promise<void> {
  const messages = flags.markdown || url ? rollMarkdown(result, n, file, limit) : [];
  io.out(
    flags.json
      ? JSON.stringify(result, null, 2) + '\n'
      : flags.markdown
        ? messages.join('\n')
        : fitText(formatRoll(result, n, file, io.textWidth ?? Infinity), io.textWidth ?? Infinity),
  );
  if (url) await postMessages(url, messages, io);
}
