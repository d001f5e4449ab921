/**
 * `roll`: play one game of any kind that has a roll behaviour (src/kinds/<kind>/roll.ts: a battle with its
 * pursuit, a siege, a cascade round, a march, a divided battle) with dice drawn by a seed, typed from the table, or
 * derived from a sealed commitment (rollSeal.ts). Seeded dice are drawn exactly as the kernels draw them: the roll
 * with seed N is the first trial the Monte Carlo of the kind's command plays with seed N (tests check it).
 * Every roll lists the dice it used; typing those dice back gives the same roll.
 */
import { randomInt } from 'node:crypto';
import { UsageError } from '../errors.js';
import type { KindDefinition } from '../kinds/definition.js';
import { definitionFor } from '../kinds/commands.js';
import { loadSource, type ScenarioInput } from '../kinds/load.js';
import type { KindRoll, Narration, RollBody, RollPlayOptions } from '../kinds/roll.js';
import { warMachineRoll, type BattleRoll } from '../kinds/warMachine/roll.js';
import type { WarMachineScenario } from '../kinds/warMachine/schema.js';
import { MAX_SEED } from '../rng/index.js';
import { parseDiceList, type Ask } from '../toolkit/rollDice.js';
import { playSeeded, playWithTypedDice } from '../toolkit/rollPlay.js';
import type { RollDice, RollResult } from '../toolkit/rollResult.js';

export { playSeeded, playWithTypedDice };

export type { BattleRoll, BattleRollDay, BattleRollSide } from '../kinds/warMachine/roll.js';
export type { CascadeRoll } from '../kinds/cascade/roll.js';
export type { DividedRoll, DividedRollPairing } from '../kinds/divided/roll.js';
export type { MarchRoll, MarchRollDay } from '../kinds/march/roll.js';
export type { SiegeChoice, SiegeRoll, SiegeRollWeek } from '../kinds/siege/roll.js';
export type { DieRecord } from '../toolkit/rollDice.js';
export type { RollDice, RollResult } from '../toolkit/rollResult.js';

export interface RollOptions {
  /** The seed of the dice (default: a fresh random seed, printed so the roll can be replayed). */
  seed?: number;
  /** Dice typed at the table, in the order the roll asks for them ("37 82 4" or numbers); instead of a seed. */
  dice?: string | readonly number[];
  /** Asks for each die not typed (a terminal prompt); without it a missing die is a usage error. */
  ask?: Ask;
  /** Cascade: roll the NPC attacks too (default true). */
  npc?: boolean;
  /** Siege week by week: each week's chosen tactics. */
  weeks?: RollPlayOptions['weeks'];
}

type AnyRoll = KindRoll<unknown, RollBody>;

/** A fresh seed when none is given: the GM gets new dice each time, and the printed seed replays them. */
export function freshSeed(): number {
  return randomInt(0, 2 ** 32);
}

export function checkSeed(seed: number): number {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
    throw new UsageError(`--seed: expected a whole number from 0 to ${MAX_SEED}, got ${seed}`);
  return seed;
}

/**
 * `roll` over a list of kinds (the registry's is bound by the command line and the library API,
 * src/cli/registeredRoll.ts): every kind of the list with a roll behaviour plays.
 */
export function rollOver(kinds: readonly KindDefinition<unknown, unknown>[]) {
  const withRoll = kinds.filter((k) => k.roll && k.scenarioKind);
  /** The scenario kinds `roll` plays (every kind of the list with a roll behaviour). */
  const ROLL_KINDS: readonly string[] = withRoll.map((k) => k.scenarioKind!);

  /** The roll behaviour of a scenario kind. */
  async function rollBehaviour(kind: string): Promise<AnyRoll> {
    const def = withRoll.find((k) => k.scenarioKind === kind);
    if (!def) throw new UsageError(`roll: no roll for kind '${kind}' (roll plays ${ROLL_KINDS.join(', ')})`);
    return def.roll!();
  }

  /** The narration of a roll result, by its kind. */
  async function narrateRoll(r: RollResult): Promise<Narration> {
    return (await rollBehaviour(r.kind)).narrate(r);
  }

  /** Load a scenario `roll` plays, with its behaviour; a valid file of a kind roll does not play is refused (exit 2). */
  async function loadForRoll(input: ScenarioInput): Promise<{ scenario: unknown; kind: string; behaviour: AnyRoll }> {
    const { source } = definitionFor('roll', input, kinds);
    const { scenario } = await loadSource(source, ROLL_KINDS, kinds);
    const kind = (scenario as { kind: string }).kind;
    return { scenario, kind, behaviour: await rollBehaviour(kind) };
  }

  async function roll(input: ScenarioInput, options: RollOptions = {}): Promise<RollResult> {
    if (options.seed !== undefined && options.dice !== undefined)
      throw new UsageError('--seed and --dice: give one (a seed draws the dice, --dice types them)');
    const { scenario, behaviour } = await loadForRoll(input);
    const play = { npc: options.npc, weeks: options.weeks };
    if (options.dice !== undefined || options.ask) {
      const values = typeof options.dice === 'string' ? parseDiceList(options.dice) : (options.dice ?? []);
      return playWithTypedDice(behaviour, scenario, values, play, options.ask);
    }
    return playSeeded(behaviour, scenario, checkSeed(options.seed ?? freshSeed()), play);
  }

  return { ROLL_KINDS, rollBehaviour, narrateRoll, loadForRoll, roll };
}

/** One battle (or pursuit) with seed `seed`: the battle kernel's first trial (kept for the tests and scripts). */
export function rollBattle(s: WarMachineScenario, seed: number): BattleRoll & RollDice {
  return playSeeded(warMachineRoll as AnyRoll, s, seed) as BattleRoll & RollDice;
}
