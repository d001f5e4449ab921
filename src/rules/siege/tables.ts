/**
 * Siege Machine tables, shaped like the printed tables: the sheet's "Siege equipment/fortifications" table
 * (sheet l. 403–436), the RC's Siege Machine Weapons and Miscellaneous Equipment tables (docs/sources/rc-siege.md,
 * RC l. 11577–11607), the crew rule (RC l. 11639) and the RC ch. 12 Fortifications Table (RC l. 12671–12692).
 * Every number the siege rules use lives here with its source line. docs/siege.md.
 */

/** Fortifications: BR each (or per 100' for the walls and battlements). */
export interface FortificationRow {
  label: string;
  br: number;
  /** 'count': BR per structure; 'length': BR per 100 feet. */
  measure: 'count' | 'length';
  /** Damage class for the post-siege damage roll (null: cannot be damaged, e.g. a moat). */
  damageClass: DamageClass | null;
  /** Hit points per structure, or per 100' (RC ch. 12 Fortifications Table); an entry may give its own. */
  hitPoints: number;
  source: string;
}

const SHEET = 'sheet l. 403–436; hp RC l. 12674–12692';

export const FORTIFICATIONS = {
  barbican: { label: 'Barbican', br: 14, measure: 'count', damageClass: 'barbicans', hitPoints: 700, source: SHEET },
  battlement: {
    label: "Battlement (100')",
    br: 1,
    measure: 'length',
    damageClass: 'walls',
    hitPoints: 50,
    source: SHEET,
  },
  woodBuilding: {
    label: 'Building, wood',
    br: 2,
    measure: 'count',
    damageClass: 'buildings',
    hitPoints: 40,
    source: SHEET,
  },
  stoneBuilding: {
    label: 'Building, stone',
    br: 6,
    measure: 'count',
    damageClass: 'buildings',
    hitPoints: 60,
    source: SHEET,
  },
  gatehouse: { label: 'Gatehouse', br: 11, measure: 'count', damageClass: 'gatehouses', hitPoints: 550, source: SHEET },
  gate: {
    label: 'Gate, wooden',
    br: 0,
    measure: 'count',
    damageClass: 'gatehouses',
    hitPoints: 100,
    source: 'RC l. 12682',
  },
  drawbridge: {
    label: 'Drawbridge',
    br: 0,
    measure: 'count',
    damageClass: 'gatehouses',
    hitPoints: 50,
    source: 'RC l. 12680',
  },
  squareKeep: { label: 'Keep, square', br: 50, measure: 'count', damageClass: 'keeps', hitPoints: 2500, source: SHEET },
  moatUnfilled: { label: 'Moat, unfilled', br: 16, measure: 'count', damageClass: null, hitPoints: 0, source: SHEET },
  moatFilled: { label: 'Moat, filled', br: 32, measure: 'count', damageClass: null, hitPoints: 0, source: SHEET },
  bastionTower: {
    label: 'Tower, bastion',
    br: 6,
    measure: 'count',
    damageClass: 'towers',
    hitPoints: 300,
    source: SHEET,
  },
  roundTowerWide: {
    label: 'Tower, round (wide)',
    br: 7,
    measure: 'count',
    damageClass: 'towers',
    hitPoints: 350,
    source: SHEET,
  },
  roundTowerNarrow: {
    label: 'Tower, round (narrow)',
    br: 5,
    measure: 'count',
    damageClass: 'towers',
    hitPoints: 250,
    source: SHEET,
  },
  castleWall: {
    label: "Castle wall (100')",
    br: 10,
    measure: 'length',
    damageClass: 'walls',
    hitPoints: 500,
    source: 'RC l. 12690',
  },
  woodenWall: {
    label: "Wooden wall (100')",
    br: 5,
    measure: 'length',
    damageClass: 'walls',
    hitPoints: 300,
    source: 'RC l. 12692',
  },
} as const satisfies Record<string, FortificationRow>;

export type Fortification = keyof typeof FORTIFICATIONS;
export const FORTIFICATION_NAMES = Object.keys(FORTIFICATIONS) as Fortification[];

/** Each 10' breach gives the attacker +1 (sheet l. 430; RC l. 12691). */
export const BREACH_BR_PER_10_FEET = 1;

/**
 * Order in which damage is applied (sheet l. 345–355; RC l. 11760–11770): walls first (75%), then 20% of
 * gatehouses (gates, drawbridges), normal buildings, towers, barbicans, keeps; then walls and the list again.
 */
export const DAMAGE_CLASSES = ['walls', 'gatehouses', 'buildings', 'towers', 'barbicans', 'keeps'] as const;
export type DamageClass = (typeof DAMAGE_CLASSES)[number];
/** Share of a class's hit points taken per pass, in percent: walls 75, every other class 20. */
export const DAMAGE_PASS_PERCENT: Record<DamageClass, number> = {
  walls: 75,
  gatehouses: 20,
  buildings: 20,
  towers: 20,
  barbicans: 20,
  keeps: 20,
};

/**
 * Footnotes of the RC Miscellaneous Siege Machine Equipment Table (RC l. 11603, 11607):
 * `**` "All bonuses require that there be 1 piece per 1,000 men in the force" — the bonus once, more pieces add
 * nothing; `‡` "1 piece per 100 men … Greater numbers can multiply the BR bonus up to 5 maximum".
 */
export type Footnote = '**' | '‡';
export const FOOTNOTE_MEN: Record<Footnote, number> = { '**': 1000, '‡': 100 };
export const FOOTNOTE_MAX_MULTIPLE: Record<Footnote, number> = { '**': 1, '‡': 5 };

/** Siege equipment: BR, footnotes, crew, damage and weekly ammunition, as the RC tables print them. */
export interface EquipmentRow {
  label: string;
  /** BR under assault and harass (mantlet and timber fort differ: 2(A)/3(H), 4(A)/6(H)). */
  br: { assault: number; harass: number };
  group: 'artillery' | 'ballista' | 'breaching' | 'assault' | 'cover';
  footnote: Footnote | null;
  /** "+2 with Belfry" (RC l. 11596–11597); the sheet's footnote b reads "+2 for bore or ram" (policy). */
  plusWith: 'belfry' | null;
  /** Full crew (RC Weapons Table "Full Crew"); null: no crew rule. */
  fullCrew: number | null;
  /** Structural damage roll [count, sides, plus] (RC Weapons Table "Damage"). */
  damage: [number, number, number] | null;
  /** Ammunition cost per week, gp (RC Weapons Table "Ammo Cost/Wk."); null: none. */
  ammoCostGp: number | null;
  /** May a defender mount it on the walls? */
  defender: boolean;
  source: string;
}

const WEAPONS = 'RC l. 11579–11586; sheet l. 407–417';
const MISC = 'RC l. 11592–11607; sheet l. 419–435';
const eq = (
  label: string,
  a: number,
  h: number,
  group: EquipmentRow['group'],
  footnote: Footnote | null,
  plusWith: EquipmentRow['plusWith'],
  fullCrew: number | null,
  damage: EquipmentRow['damage'],
  ammoCostGp: number | null,
  defender: boolean,
  source: string,
): EquipmentRow => ({
  label,
  br: { assault: a, harass: h },
  group,
  footnote,
  plusWith,
  fullCrew,
  damage,
  ammoCostGp,
  defender,
  source,
});

export const EQUIPMENT = {
  ballista: eq('Ballista', 2, 2, 'ballista', null, null, 4, [1, 10, 6], 2000, true, WEAPONS),
  lightCatapult: eq('Catapult, light', 4, 4, 'artillery', null, null, 6, [1, 8, 8], 4000, true, WEAPONS),
  heavyCatapult: eq('Catapult, heavy', 8, 8, 'artillery', null, null, 8, [1, 10, 10], 6000, true, WEAPONS),
  trebuchet: eq('Trebuchet', 12, 12, 'artillery', null, null, 12, [1, 12, 13], 8000, true, WEAPONS),
  bore: eq('Bore', 4, 4, 'breaching', null, null, 10, [1, 6, 14], null, false, WEAPONS),
  ram: eq('Ram, battering', 4, 4, 'breaching', null, null, 10, [1, 6, 8], null, false, WEAPONS),
  belfry: eq('Belfry', 10, 10, 'assault', '**', null, null, null, null, false, MISC),
  /** Gallery shed: "Doubles values of bore or ram" (RC l. 11595): adds the value of the bore or ram it covers. */
  galleryShed: eq('Gallery shed', 0, 0, 'assault', null, null, null, null, null, false, MISC),
  hoist: eq('Hoist', 4, 4, 'assault', '**', 'belfry', null, null, null, false, MISC),
  ladder: eq('Ladder', 2, 2, 'assault', '**', 'belfry', null, null, null, false, MISC),
  mantlet: eq('Mantlet', 2, 3, 'cover', '‡', null, null, null, null, false, MISC),
  timberFort: eq('Timber fort', 4, 6, 'cover', '‡', null, null, null, null, false, MISC),
} as const satisfies Record<string, EquipmentRow>;

export type Equipment = keyof typeof EQUIPMENT;
export const EQUIPMENT_NAMES = Object.keys(EQUIPMENT) as Equipment[];
/** The siege engines of the RC Weapons Table (crewed, counted for concentrated fire). */
export const ENGINES = [
  'trebuchet',
  'heavyCatapult',
  'lightCatapult',
  'bore',
  'ram',
  'ballista',
] as const satisfies readonly Equipment[];

/**
 * Hoist and ladder footnotes. RC (default): "+4** (+2 with Belfry)", "+2** (+2 with Belfry)" (RC l. 11596–11597).
 * The sheet (l. 423–425, 433) marks both "m, b": 1 per 1000 men and "+2 for bore or ram"; policy
 * `ladderHoistFootnotes: sheet` plays the +2 that way (the 1-per-1000 requirement is the same in both).
 */
export type FootnoteReading = 'rc' | 'sheet';
export type PlusWith = 'belfry' | 'boreOrRam' | null;
export function plusWith(item: Equipment, reading: FootnoteReading): PlusWith {
  const row: EquipmentRow = EQUIPMENT[item];
  if (reading === 'sheet' && (item === 'hoist' || item === 'ladder')) return 'boreOrRam';
  return row.plusWith;
}

/**
 * Crews (RC l. 11639): "at least one-quarter the listed size to be usable. If a crew is less than full, but
 * greater than or equal to half …, the BR+ and the Ammo Cost are half normal. … below half but not below
 * one-fourth, … divided by four. Round all fractions down."
 */
export const CREW_SHARES = [
  { atLeast: [1, 1], divide: 1 },
  { atLeast: [1, 2], divide: 2 },
  { atLeast: [1, 4], divide: 4 },
] as const;

/** Concentrated fire (sheet l. 356–358; RC l. 11772–11775): per 100' of attack frontage. */
export const CONCENTRATED = { troopsPer100Feet: 300, enginesPer100Feet: 4, nearFeet: 200, restShare: [1, 4] } as const;

/** Defender's departure with a rear guard (sheet l. 294–296; RC l. 11511): 10% left behind. */
export const REAR_GUARD_PERCENT = 10;

/**
 * Clerics and the create food spell (sheet l. 388–400; RC l. 11693–11710): men fed per spell and per day (all of
 * a cleric's create food spells) by caster level 10–36. (The RC's OCR prints 215 for level 12; the sheet 216.)
 */
export const CREATE_FOOD: Readonly<Record<number, { perSpell: number; perDay: number }>> = {
  10: { perSpell: 36, perDay: 36 },
  11: { perSpell: 72, perDay: 144 },
  12: { perSpell: 108, perDay: 216 },
  13: { perSpell: 144, perDay: 288 },
  14: { perSpell: 180, perDay: 540 },
  15: { perSpell: 216, perDay: 648 },
  16: { perSpell: 252, perDay: 1008 },
  17: { perSpell: 288, perDay: 1152 },
  18: { perSpell: 324, perDay: 1296 },
  19: { perSpell: 360, perDay: 1440 },
  20: { perSpell: 396, perDay: 1584 },
  21: { perSpell: 432, perDay: 2160 },
  22: { perSpell: 468, perDay: 2340 },
  23: { perSpell: 504, perDay: 2520 },
  24: { perSpell: 540, perDay: 2700 },
  25: { perSpell: 576, perDay: 2880 },
  26: { perSpell: 612, perDay: 3672 },
  27: { perSpell: 648, perDay: 3888 },
  28: { perSpell: 684, perDay: 4788 },
  29: { perSpell: 720, perDay: 5040 },
  30: { perSpell: 756, perDay: 5292 },
  31: { perSpell: 792, perDay: 6336 },
  32: { perSpell: 828, perDay: 6624 },
  33: { perSpell: 864, perDay: 6912 },
  34: { perSpell: 900, perDay: 7200 },
  35: { perSpell: 936, perDay: 8424 },
  36: { perSpell: 972, perDay: 8748 },
};

/** Mounts eat double human rations (sheet l. 366; RC l. 11714). */
export const MOUNT_RATIONS = 2;
/** Payroll is given per month; a week is a quarter of it (RC l. 11681). */
export const WEEKS_PER_PAYROLL_MONTH = 4;
