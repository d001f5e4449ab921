/** `roll` for one siege with a seed: the siege kernel's first siege (the behaviour is src/kinds/siege/roll.ts). */
import type { SiegeScenario } from '../kinds/siege/schema.js';
import { siegeRoll, type SiegeRoll } from '../kinds/siege/roll.js';
import { playSeeded } from './rollPlay.js';
import type { RollDice } from './rollResult.js';
import type { KindRoll, RollBody } from '../kinds/roll.js';

export type { SiegeRoll, SiegeRollWeek } from '../kinds/siege/roll.js';

export function rollSiege(s: SiegeScenario, seed: number): SiegeRoll & RollDice {
  return playSeeded(siegeRoll as KindRoll<unknown, RollBody>, s, seed) as SiegeRoll & RollDice;
}
