/**
 * What a kind gives `warcast roll`: how to play one game of it with dice (through the rules' `Dice`), how its
 * composite draws read as table dice, and its narration in the game's words. Each kind's `roll.ts` holds its
 * behaviour and its `kind.ts` registers it; `roll` (src/behaviours/roll.ts, over src/toolkit/rollPlay.ts) is written once over this interface.
 */
import type { Dice } from '../rules/dice.js';

/** A draw of `below(n)` made of several dice: value = Σ (die − 1) × weight, dice listed in the order typed. */
export interface DiceShape {
  dice: readonly { die: string; sides: number; weight: number }[];
}

/** How a kind's rules draw: composite draws by `below(n)`, and friendlier names for single dice by faces. */
export interface DiceShapes {
  below?: Readonly<Record<number, DiceShape>>;
  names?: Readonly<Record<number, string>>;
}

/** The two d100 of a War Machine battle, drawn as one number below 10,000 (src/rules/warMachine/engagement.ts). */
export const BATTLE_DICE: DiceShape = {
  dice: [
    { die: 'd100 A', sides: 100, weight: 100 },
    { die: 'd100 B', sides: 100, weight: 1 },
  ],
};

/** Options some kinds read (unknown ones are ignored). */
export interface RollPlayOptions {
  /** Cascade: NPC attacks rolled too (default true). */
  npc?: boolean;
  /** Siege played week by week: each week's tactics, chosen by the players (the siege stops after the last). */
  weeks?: readonly { attacker: string; defender: string }[];
}

/** The fields every roll result has, whatever the kind. */
export interface RollBody {
  kind: string;
  schema: string;
  warcastVersion: string;
  title: string | null;
}

/** A table in a narration (a siege's timeline): the terminal aligns it, Markdown makes it a table. */
export interface NarrationTable {
  header: string[];
  rows: string[][];
}

/** A roll's narration: its title line, paragraphs (one per day, week, pairing…, or a table) and the legend. */
export interface Narration {
  title: string;
  /** Lines under the title before the dice line (e.g. the siege's damage dice). */
  preamble?: string[];
  paragraphs: (string[] | NarrationTable)[];
  legend: string[];
}

export interface KindRoll<Scenario, Result extends RollBody> {
  /** The generator stream whose chunk 0 the roll draws from: the dice of the kernel's first trial. */
  stream(scenario: Scenario): number;
  shapes: DiceShapes;
  /** One game with these dice (the rules draw in their own order; a trace makes the narration). */
  play(scenario: Scenario, dice: Dice, options: RollPlayOptions): Result;
  narrate(result: Result): Narration;
  /** Played week by week with the players' choices (a siege): the tactics each side may choose. */
  weekly?: {
    tactics(scenario: Scenario): { attacker: readonly string[]; defender: readonly string[] };
    /** Weeks played and whether the game is over. */
    progress(result: Result): { weeksPlayed: number; over: boolean };
    /** The narration of one week (1-based) alone. */
    narrateWeek(result: Result, week: number): string[];
  };
}
