/**
 * `warcast roll <siege> --weekly [--state FILE]`: a siege played as it is at the table, one week at a time. Each
 * week both sides choose a tactic (--attacker, --defender; asked on a terminal), the dice are drawn by the seed or
 * typed, and the week is narrated. The state file keeps the scenario's hash, the seed (or every die typed) and the
 * choices so far, written atomically; each call replays the weeks before from it, so a siege resumed over several
 * sessions is exactly the siege played in one.
 */
import { existsSync } from 'node:fs';
import { freshSeed, playSeeded, playWithTypedDice, type RollResult } from '../behaviours/roll.js';
import { loadForRoll } from './registeredRoll.js';
import { parseDiceList } from '../toolkit/rollDice.js';
import { sha256 } from '../behaviours/rollSeal.js';
import { checkOutputFile, writeOutputFile } from '../files/output.js';
import { ExitCode, UsageError } from '../errors.js';
import type { Io } from './io.js';
import { emitRoll, parseLimit, typedDice, type RollFlags } from './roll.js';
import { readInputFile } from '../files/read.js';
import { webhookUrl } from './rollPost.js';

export const WEEKLY_SCHEMA = 'warcast/roll-weekly@1';

export interface WeeklyState {
  schema: typeof WEEKLY_SCHEMA;
  scenarioSha256: string;
  /** The seed the weeks draw from (null: the dice are typed, all of them in `dice`). */
  seed: number | null;
  dice: number[];
  weeks: { attacker: string; defender: string }[];
}

function readState(file: string, scenarioSha256: string): WeeklyState | null {
  // The state is written back after the week: its path is checked first (a folder, a FIFO, a name too long, a
  // path through a file: one line, exit 2), and an existing file is replaced only once read as a state below.
  checkOutputFile(file, { option: '--state', whyNotReplace: () => null });
  if (!existsSync(file)) return null;
  const bytes = readInputFile(file, 'state');
  let s: WeeklyState;
  try {
    s = JSON.parse(bytes.toString('utf8')) as WeeklyState;
  } catch {
    throw new UsageError(`${file}: not a weekly state file (expected the JSON that roll --weekly --state writes)`);
  }
  if (s?.schema !== WEEKLY_SCHEMA || !Array.isArray(s.weeks) || !Array.isArray(s.dice))
    throw new UsageError(`${file}: not a ${WEEKLY_SCHEMA} file`);
  if (s.scenarioSha256 !== scenarioSha256)
    throw new UsageError(
      `${file}: the scenario changed since this state was saved (its SHA-256 differs): the weeks played cannot be replayed`,
    );
  return s;
}

function choice(flag: string | undefined, option: string, allowed: readonly string[]): string | undefined {
  if (flag !== undefined && !allowed.includes(flag))
    throw new UsageError(`--${option}: expected ${allowed.join(', ')}, got ${JSON.stringify(flag)}`);
  return flag;
}

async function askChoice(
  io: Io,
  side: string,
  allowed: readonly string[],
  last: string | undefined,
): Promise<string | null> {
  for (;;) {
    const a = await io.ask!(`${side} tactic (${allowed.join(', ')}${last ? `; Enter: ${last}` : ''}; q to stop): `);
    if (a === null || a.trim() === 'q') return null;
    const t = a.trim() || last;
    if (t && allowed.includes(t)) return t;
  }
}

export async function weeklyCommand(file: string, flags: RollFlags, io: Io): Promise<number> {
  if (flags.seal !== undefined || flags.contrib?.length)
    throw new UsageError('--weekly: not with --seal (a sealed round is rolled in one call)');
  if (file === '-') throw new UsageError('--weekly: the scenario must be a file (the state file keeps its hash)');
  const bytes = readInputFile(file, 'scenario');
  const scenarioSha256 = sha256(bytes);
  const { scenario, behaviour } = await loadForRoll({ text: bytes.toString('utf8'), file });
  const weekly = behaviour.weekly;
  if (!weekly)
    throw new UsageError(
      `--weekly: only a siege is played week by week (${file} is a ${(scenario as { kind: string }).kind} scenario)`,
    );
  const allowed = weekly.tactics(scenario);
  const limit = parseLimit(flags.limit);
  const url = flags.post === undefined ? null : webhookUrl(flags.post);
  const saved = flags.state === undefined ? null : readState(flags.state, scenarioSha256);
  const typed = typedDice(flags, io);
  if (saved && flags.seed !== undefined)
    throw new UsageError(`--seed: the state file ${flags.state} already fixes the dice`);
  if (saved && saved.seed !== null && typed)
    throw new UsageError(`--dice: the siege in ${flags.state} draws its dice from seed ${saved.seed}`);
  if (saved && saved.seed === null && !typed)
    throw new UsageError(
      `--dice: the siege in ${flags.state} is played with typed dice: type this week's (or give --dice alone on a terminal to be asked)`,
    );
  if (typed && flags.seed !== undefined)
    throw new UsageError('--seed and --dice: give one (a seed draws the dice, --dice types them)');
  const state: WeeklyState = saved ?? {
    schema: WEEKLY_SCHEMA,
    scenarioSha256,
    seed: typed ? null : (flags.seed ?? freshSeed()),
    dice: [],
    weeks: [],
  };
  const interactive = flags.attacker === undefined && flags.defender === undefined && io.ask !== undefined;
  let newDice = typed ? parseDiceList(typed.dice) : [];
  let result: RollResult | null = null;
  for (;;) {
    const done = result ? weekly.progress(result) : null;
    if (done?.over) break;
    const last = state.weeks.at(-1);
    let attacker = choice(flags.attacker, 'attacker', allowed.attacker);
    let defender = choice(flags.defender, 'defender', allowed.defender);
    if (interactive) {
      attacker = (await askChoice(io, 'attacker', allowed.attacker, last?.attacker)) ?? undefined;
      defender =
        attacker === undefined
          ? undefined
          : ((await askChoice(io, 'defender', allowed.defender, last?.defender)) ?? undefined);
      if (attacker === undefined || defender === undefined) break;
    } else if (attacker === undefined || defender === undefined) {
      throw new UsageError(
        `--weekly: choose this week's tactics: --attacker ${allowed.attacker.join('|')} --defender ${allowed.defender.join('|')}`,
      );
    }
    const weeks = [...state.weeks, { attacker, defender }];
    const next =
      state.seed !== null
        ? playSeeded(behaviour, scenario, state.seed, { weeks })
        : await playWithTypedDice(behaviour, scenario, [...state.dice, ...newDice], { weeks }, typed?.ask);
    if (weekly.progress(next).weeksPlayed < weeks.length)
      throw new UsageError(
        `the siege ${flags.state ? `in ${flags.state} ` : ''}is over after week ${weekly.progress(next).weeksPlayed}: nothing left to play`,
      );
    result = next;
    state.weeks = weeks;
    state.dice = state.seed === null ? next.dice.map((d) => d.value) : [];
    newDice = [];
    if (flags.state !== undefined) save(flags.state, state);
    const n = behaviour.narrate(next);
    const week = weekly.narrateWeek(next, weeks.length);
    const progress = weekly.progress(next);
    const status = progress.over
      ? 'the siege is over'
      : interactive
        ? `week ${weeks.length} played${flags.state ? `, saved to ${flags.state}` : ' (not saved: --state FILE keeps the siege between sessions)'}`
        : flags.state
          ? `next week: warcast roll ${file} --weekly --state ${flags.state} --attacker … --defender …${state.seed === null ? ' --dice …' : ''}`
          : 'not saved: give --state FILE to play the next week in another call';
    // One week's narration (the whole siege so far with --json, or at the end).
    await emitRoll(io, flags, next, progress.over ? n : { ...n, paragraphs: [week, [status]] }, file, limit, url);
    if (!interactive) break;
  }
  return ExitCode.ok;
}

function save(file: string, state: WeeklyState): void {
  writeOutputFile(file, JSON.stringify(state, null, 2) + '\n', '--state');
}
