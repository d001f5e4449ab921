/**
 * What a War Machine force costs: the Rules Cyclopedia's prices (docs/sources/rc-costs.md, each with its line)
 * as defaults, and the arithmetic of a purchase. Pure: no I/O. docs/design.md, "Costs", gives the readings.
 *
 * - Pay: the Mercenaries Table, gp a month by troop type and race (RC l. 12318–12335), all 1st level (l. 12320);
 *   doubled for wartime duty (l. 12308, 12320); a week's pay is a month's ÷ 4 (l. 11681).
 * - Training: "Training time costs double the standard amounts" (l. 10922): a week in training costs two weeks' pay.
 * - Weapons: mercenaries come with average gear (l. 10930–10932); good weapons cost double the normal cost,
 *   excellent triple (l. 10926). The normal cost of a troop's weapons is the user's to give.
 * - Armour class of each type's gear: leather 7, chain 5, plate 3, none 9, a shield −1 (l. 552–563), so the
 *   average AC of a force (equipment factor "AC 5 or better", l. 10928) follows from what it hires.
 * - Siege engines: their listed costs (src/rules/siege/construction.ts, RC l. 7318–7324, 11594–11599).
 */
import { CONSTRUCTION, type Constructible } from '../siege/construction.js';

export const RACES = ['man', 'dwarf', 'elf', 'orc', 'goblin'] as const;
export type Race = (typeof RACES)[number];

/** What a troop type is, for the statements of a force's make-up (sheet l. 52–63) and its equipment factor. */
export interface TroopTraits {
  mounted: boolean;
  missiles: boolean;
  /** Can fire missiles to 100' (statement missiles100ft); the table does not say, so false unless given. */
  missiles100ft: boolean;
  magical: boolean;
  spellcaster: boolean;
  flying: boolean;
  /** Armour class of the type's gear (RC l. 552–563). */
  armourClass: number;
}

export interface MercenaryRow extends TroopTraits {
  /** As the table prints it. */
  label: string;
  /** gp a month by race; absent: the table has "—" (that race is not hired as that type). */
  pay: Partial<Record<Race, number>>;
  line: number;
}

const gear = (armourClass: number, t: Partial<TroopTraits> = {}): TroopTraits => ({
  mounted: false,
  missiles: false,
  missiles100ft: false,
  magical: false,
  spellcaster: false,
  flying: false,
  armourClass,
  ...t,
});
// Armour classes (RC l. 552–563): none 9, leather 7, chain 5, plate 3; a shield subtracts 1.
const NONE = 9;
const LEATHER = 7;
const CHAIN = 5;
const PLATE = 3;
const SHIELD = -1;

/** The Mercenaries Table (RC l. 12322–12335): gp a month, peacetime, by type and race. */
export const MERCENARIES = {
  archer: {
    label: 'Archer (leather, short bow, sword)',
    pay: { man: 5, elf: 10, orc: 3, goblin: 2 },
    line: 12324,
    ...gear(LEATHER, { missiles: true }),
  },
  mountedBowman: {
    label: 'Bowman, Mounted (light horse, short bow)',
    pay: { man: 15, elf: 30 },
    line: 12325,
    ...gear(NONE, { mounted: true, missiles: true }),
  },
  crossbowman: {
    label: 'Crossbowman (chain, heavy crossbow)',
    pay: { man: 4, dwarf: 6, orc: 2 },
    line: 12326,
    ...gear(CHAIN, { missiles: true }),
  },
  mountedCrossbowman: {
    label: 'Crossbowman, Mounted (mule, crossbow)',
    pay: { dwarf: 15 },
    line: 12327,
    ...gear(NONE, { mounted: true, missiles: true }),
  },
  lightFootman: {
    label: 'Footman, Light (leather, shield, sword)',
    pay: { man: 2, elf: 4, orc: 1, goblin: 0.5 },
    line: 12328,
    ...gear(LEATHER + SHIELD),
  },
  heavyFootman: {
    label: 'Footman, Heavy (chain, shield, sword)',
    pay: { man: 3, dwarf: 5, elf: 6, orc: 1.5 },
    line: 12329,
    ...gear(CHAIN + SHIELD),
  },
  lightHorseman: {
    label: 'Horseman, Light (leather, lance)',
    pay: { man: 10, elf: 20 },
    line: 12330,
    ...gear(LEATHER, { mounted: true }),
  },
  mediumHorseman: {
    label: 'Horseman, Medium (chain, lance)',
    pay: { man: 15 },
    line: 12331,
    ...gear(CHAIN, { mounted: true }),
  },
  heavyHorseman: {
    label: 'Horseman, Heavy (plate, sword, lance)',
    pay: { man: 20 },
    line: 12332,
    ...gear(PLATE, { mounted: true }),
  },
  longbowman: {
    label: 'Longbowman (chain, longbow, sword)',
    pay: { man: 10, elf: 20 },
    line: 12333,
    ...gear(CHAIN, { missiles: true }),
  },
  normalMan: { label: 'Normal Man (peasant, spear)', pay: { man: 1 }, line: 12334, ...gear(NONE) },
  wolfRider: {
    label: 'Wolf-Rider (leather, spear, wolf)',
    pay: { goblin: 5 },
    line: 12335,
    ...gear(LEATHER, { mounted: true }),
  },
} as const satisfies Record<string, MercenaryRow>;

export type MercenaryType = keyof typeof MERCENARIES;
export const MERCENARY_TYPES = Object.keys(MERCENARIES) as MercenaryType[];

/** Wartime pay is double (RC l. 12308, 12320). */
export const WARTIME_PAY_FACTOR = 2;
/** A week's pay is a month's ÷ 4 (RC l. 11681). */
export const WEEKS_PER_PAY_MONTH = 4;
/** A week in training costs double (RC l. 10922). */
export const TRAINING_PAY_FACTOR = 2;
/** Good weapons cost double the normal cost, excellent triple (RC l. 10926); average: the mercenaries' own (l. 10932). */
export const WEAPON_COST_FACTOR = { none: 0, average: 0, good: 2, excellent: 3 } as const;
export type WeaponLevel = keyof typeof WEAPON_COST_FACTOR;
/** Troop level of hired mercenaries: "All 1st level" (RC l. 12320). */
export const MERCENARY_LEVEL = 1;

/** A type's monthly pay for a race as the table prints it, or null where it prints "—". */
export function mercenaryPay(type: MercenaryType, race: Race): number | null {
  return (MERCENARIES[type].pay as Partial<Record<Race, number>>)[race] ?? null;
}

/** gp a week for monthly pay `perMonth` (wartime doubles mercenary pay). */
export function weeklyPay(perMonth: number, wartime: boolean): number {
  return (perMonth * (wartime ? WARTIME_PAY_FACTOR : 1)) / WEEKS_PER_PAY_MONTH;
}

/**
 * Pay for `weeks` weeks of service of which `trainingWeeks` are spent training: a training week costs two
 * weeks' pay, so weekly × (weeks − training + 2 × training) = weekly × (weeks + training).
 */
export function servicePay(perMonth: number, wartime: boolean, weeks: number, trainingWeeks: number): number {
  const training = Math.min(trainingWeeks, weeks);
  return weeklyPay(perMonth, wartime) * (weeks - training + TRAINING_PAY_FACTOR * training);
}

/** What arming one troop at `level` costs beyond the average gear it comes with; a second weapon costs one more. */
export function weaponsCost(level: WeaponLevel, normalCost: number, secondWeapon: boolean): number {
  const factor = WEAPON_COST_FACTOR[level];
  // A second weapon "of the same quality" (l. 10928): average ones cost their normal price, better ones 2× or 3×.
  const second = secondWeapon ? (factor === 0 ? (level === 'none' ? 0 : 1) : factor) : 0;
  return normalCost * (factor + second);
}

/** A siege engine's listed cost, gp (src/rules/siege/construction.ts with its lines). */
export function engineCost(engine: Constructible): number {
  return CONSTRUCTION[engine].costGp;
}
