/**
 * The dice of `warcast roll`, drawn by the seed or typed from the table. Rules read dice through `Dice`
 * (src/rules/dice.ts); two implementations of it here make a roll's dice visible and replaceable:
 *
 * - `RecordingDice` draws from the seeded generator exactly as before and writes down every die it returned;
 * - `TypedDice` hands the rules the dice a game master typed, in the same order, checking each against its range.
 *
 * A rule sometimes draws several dice as one number (a War Machine battle's two d100 as one draw below 10,000, a
 * siege week's 1d10 and 2d10 as one below 1,000): each kind says how such a draw splits into dice (`DiceShapes`),
 * so the record lists dice as they are rolled at the table. A draw that is no die (a tactic drawn from a mix, the
 * order of tied attacks) is a "draw" from 0 to 2³²−1. Typed dice equal to a seeded roll's record give the same roll.
 */
import { UsageError } from '../errors.js';
import type { DiceShapes } from '../kinds/roll.js';
import type { Dice } from '../rules/dice.js';

export type { DiceShape, DiceShapes } from '../kinds/roll.js';

/** One die as it fell: its name (e.g. "d100 A"), its faces (1…sides; a draw: 0…2³²−1) and its value. */
export interface DieRecord {
  die: string;
  sides: number;
  value: number;
}

export const DRAW_SIDES = 2 ** 32;
const DRAW = 'draw';

/** The range of a die, in words: "1 to 100", a draw "0 to 4294967295". */
export function dieRange(sides: number): string {
  return sides === DRAW_SIDES ? `0 to ${DRAW_SIDES - 1}` : `1 to ${sides}`;
}

function singleName(shapes: DiceShapes, sides: number): string {
  return shapes.names?.[sides] ?? `d${sides}`;
}

/** Shared by both: turn a rule's calls into dice and back. */
abstract class DiceBase implements Dice {
  readonly record: DieRecord[] = [];
  constructor(protected readonly shapes: DiceShapes) {}
  protected abstract take(die: string, sides: number): number;

  next(): number {
    return this.take(DRAW, DRAW_SIDES);
  }
  unit(): number {
    return this.next() / DRAW_SIDES;
  }
  die(sides: number): number {
    return this.take(singleName(this.shapes, sides), sides);
  }
  below(n: number): number {
    const shape = this.shapes.below?.[n];
    if (!shape) return this.take(singleName(this.shapes, n), n) - 1;
    let v = 0;
    for (const d of shape.dice) v += (this.take(d.die, d.sides) - 1) * d.weight;
    return v;
  }
}

/** What a seeded generator gives (src/rng's Xoshiro128). */
export interface Generator {
  next(): number;
  below(n: number): number;
}

/** The seeded dice, written down as they fall (the same numbers the generator alone gives the rules). */
export class RecordingDice extends DiceBase {
  constructor(
    private readonly rng: Generator,
    shapes: DiceShapes,
  ) {
    super(shapes);
  }
  protected take(die: string, sides: number): number {
    const value = sides === DRAW_SIDES ? this.rng.next() : this.rng.below(sides) + 1;
    this.record.push({ die, sides, value });
    return value;
  }
  override below(n: number): number {
    const shape = this.shapes.below?.[n];
    if (!shape) return super.below(n);
    // One draw below n, as the kernels draw it, then its dice read off for the record.
    const v = this.rng.below(n);
    for (const d of shape.dice)
      this.record.push({ die: d.die, sides: d.sides, value: (Math.floor(v / d.weight) % d.sides) + 1 });
    return v;
  }
}

/** The rules asked for one more die than was typed. */
export class MissingDie extends Error {
  constructor(
    readonly index: number,
    readonly die: string,
    readonly sides: number,
  ) {
    super(`die ${index + 1} (${die}) missing: expected a value from ${dieRange(sides)}`);
    this.name = 'MissingDie';
  }
}

/** The dice a game master typed, handed to the rules in order; a value out of its die's range is a usage error. */
export class TypedDice extends DiceBase {
  private used = 0;
  constructor(
    private readonly values: readonly number[],
    shapes: DiceShapes,
    private readonly option = '--dice',
  ) {
    super(shapes);
  }
  get consumed(): number {
    return this.used;
  }
  protected take(die: string, sides: number): number {
    const i = this.used;
    if (i >= this.values.length) throw new MissingDie(i, die, sides);
    const value = this.values[i];
    const low = sides === DRAW_SIDES ? 0 : 1;
    const high = sides === DRAW_SIDES ? DRAW_SIDES - 1 : sides;
    if (!Number.isInteger(value) || value < low || value > high)
      throw new UsageError(`${this.option}: die ${i + 1} (${die}) must be ${dieRange(sides)}, got ${value}`);
    this.used++;
    this.record.push({ die, sides, value });
    return value;
  }
}

/** `--dice "37 82, 4"`: whole numbers separated by spaces or commas. */
export function parseDiceList(text: string, option = '--dice'): number[] {
  const parts = text.split(/[\s,]+/).filter((p) => p !== '');
  return parts.map((p, i) => {
    if (!/^\d+$/.test(p))
      throw new UsageError(`${option}: die ${i + 1}: expected a whole number, got ${JSON.stringify(p)}`);
    return Number(p);
  });
}

/** A question on the terminal (null: the player gave up, e.g. end of input). */
export type Ask = (question: string) => Promise<string | null>;

/**
 * Play with typed dice: `play` runs the rules from the start on the dice so far. Without `ask`, a missing die is a
 * usage error naming it and its range; with `ask`, the die is asked for and the play runs again (the rules are
 * deterministic in their dice, so each run repeats the last and goes one die further). Extra dice are an error.
 */
export async function playTyped<R>(
  play: (dice: TypedDice) => R,
  values: readonly number[],
  shapes: DiceShapes,
  ask?: Ask,
  option = '--dice',
): Promise<{ result: R; dice: DieRecord[] }> {
  const typed = [...values];
  for (;;) {
    const dice = new TypedDice(typed, shapes, option);
    try {
      const result = play(dice);
      if (dice.consumed < typed.length)
        throw new UsageError(
          `${option}: ${typed.length} dice given, the roll used ${dice.consumed}: die ${dice.consumed + 1} onwards (${typed.slice(dice.consumed).join(' ')}) is not needed`,
        );
      return { result, dice: dice.record };
    } catch (e) {
      if (!(e instanceof MissingDie)) throw e;
      if (!ask) throw new UsageError(`${option}: ${e.message}`);
      typed.push(await askDie(ask, e));
    }
  }
}

async function askDie(ask: Ask, e: MissingDie): Promise<number> {
  const low = e.sides === DRAW_SIDES ? 0 : 1;
  const high = e.sides === DRAW_SIDES ? DRAW_SIDES - 1 : e.sides;
  for (;;) {
    const answer = await ask(`die ${e.index + 1}, ${e.die} (${dieRange(e.sides)}): `);
    if (answer === null)
      throw new UsageError(`--dice: input ended before die ${e.index + 1} (${e.die}, ${dieRange(e.sides)})`);
    const v = Number(answer.trim());
    if (/^\d+$/.test(answer.trim()) && v >= low && v <= high) return v;
  }
}
