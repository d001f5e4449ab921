/** What a roll returns (roll.ts plays it; rollPlay.ts draws its dice). Types only. */
import type { BattleRoll } from '../kinds/warMachine/roll.js';
import type { CascadeRoll } from '../kinds/cascade/roll.js';
import type { DividedRoll } from '../kinds/divided/roll.js';
import type { MarchRoll } from '../kinds/march/roll.js';
import type { SiegeRoll } from '../kinds/siege/roll.js';
import type { DieRecord } from './rollDice.js';

/** What every roll result carries besides its kind's fields: where the dice came from and every die, in order. */
export interface RollDice {
  /** The seed drawn from (null: typed dice). */
  seed: number | null;
  /** Every die the roll used, in the order the rules rolled them (type them back with --dice for the same roll). */
  dice: DieRecord[];
}

export type RollResult = (BattleRoll | SiegeRoll | CascadeRoll | MarchRoll | DividedRoll) & RollDice;
