/**
 * Playing one game of a kind with dice: drawn by a seed (chunk 0 of the kind's stream, as its kernel's first trial)
 * or typed at the table. Pure (no Node built-in, no registry), so the browser's integrations (the Foundry module)
 * roll with the CLI's code; `roll` (roll.ts) loads the scenario and picks the behaviour.
 */
import type { KindRoll, RollBody, RollPlayOptions } from '../kinds/roll.js';
import { Xoshiro128 } from '../rng/index.js';
import { playTyped, RecordingDice, type Ask } from './rollDice.js';
import type { RollResult } from './rollResult.js';

type AnyRoll = KindRoll<unknown, RollBody>;

/** Play a loaded scenario with a seed: chunk 0 of the kind's stream, every die recorded. */
export function playSeeded(
  behaviour: AnyRoll,
  scenario: unknown,
  seed: number,
  options: RollPlayOptions = {},
): RollResult {
  const dice = new RecordingDice(Xoshiro128.forChunk(seed, behaviour.stream(scenario), 0), behaviour.shapes);
  const body = behaviour.play(scenario, dice, options);
  return { ...body, seed, dice: dice.record } as RollResult;
}

/** Play a loaded scenario with typed dice (asking for the missing ones when `ask` is given). */
export async function playWithTypedDice(
  behaviour: AnyRoll,
  scenario: unknown,
  values: readonly number[],
  options: RollPlayOptions = {},
  ask?: Ask,
): Promise<RollResult> {
  const { result, dice } = await playTyped((d) => behaviour.play(scenario, d, options), values, behaviour.shapes, ask);
  return { ...result, seed: null, dice } as RollResult;
}
