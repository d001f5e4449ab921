/**
 * Battle scores: attribute pair + unit values + hero (docs/cascade.md; Dune page lines 4–8, 17, 28, 37, 46, 55).
 */
import { HOUSE_RAID, RAID, SEIZURE } from './tables.js';

export type UnitType = 'standard' | 'offensive' | 'defensive' | 'elite' | 'militia';
export const UNIT_TYPES: readonly UnitType[] = ['standard', 'offensive', 'defensive', 'elite', 'militia'];
export const UNIT_CODE: Record<UnitType, number> = { standard: 0, offensive: 1, defensive: 2, elite: 3, militia: 4 };
export const MILITIA = 4;

/**
 * Value of one unit attacking / defending.
 * - standard legion +1 / +2 (seed line 6);
 * - offensive upgrade +2 / +2, defensive upgrade +1 / +3 (line 28: "+1 to that Legion" for attack or
 *   defence; its "+3 instead of +2 to attack" is a slip for defend — +2 is the defence value);
 * - elite (Sardaukar, Fedaykin) +2 / +3 (line 8);
 * - militia never attack, +1 defending (line 7).
 */
export const UNIT_VALUES: Readonly<Record<UnitType, { attack: number; defend: number }>> = {
  standard: { attack: 1, defend: 2 },
  offensive: { attack: 2, defend: 2 },
  defensive: { attack: 1, defend: 3 },
  elite: { attack: 2, defend: 3 },
  militia: { attack: 0, defend: 1 },
};
export const ATTACK_VALUE: readonly number[] = UNIT_TYPES.map((t) => UNIT_VALUES[t].attack);
export const DEFEND_VALUE: readonly number[] = UNIT_TYPES.map((t) => UNIT_VALUES[t].defend);

export interface Attributes {
  combat: number;
  intrigue: number;
  diplomacy: number;
}

/** The attribute pair of each attack type: raid CI, seizure CC, house raid CD (seed line 4). */
export const ATTRIBUTE_PAIRS = [
  { label: 'CI', text: 'Combat + Intrigue' },
  { label: 'CC', text: '2 × Combat' },
  { label: 'CD', text: 'Combat + Diplomacy' },
] as const;

export function attributePair(type: number, a: Attributes): number {
  if (type === RAID) return a.combat + a.intrigue;
  if (type === SEIZURE) return 2 * a.combat;
  if (type === HOUSE_RAID) return a.combat + a.diplomacy;
  throw new Error(`unknown attack type ${type}`);
}

/** A hero commanding a force adds this unless the scenario gives the hero's own bonus (docs/cascade.md). */
export const HERO_BONUS_DEFAULT = 1;

/** Each earlier seizure this round at the location costs the current defender 2 (seed line 76). */
export const SEIZURE_SOFTENING = 2;

export function seizurePenalty(k: number): number {
  return SEIZURE_SOFTENING * (k - 1);
}
