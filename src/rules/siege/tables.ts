/**
 * Siege Machine tables, shaped like the printed "Siege equipment/fortifications" table (sheet lines
 * 403–436; RC ch. 9 Siege Machine) and the siege-weapon damage column of the RC. docs/siege.md.
 */

/** Fortifications: BR each (or per 100' for the walls and battlements). */
export interface FortificationRow {
  label: string;
  br: number;
  /** 'count': BR per structure; 'length': BR per 100 feet. */
  measure: 'count' | 'length';
  /** Damage class for the post-siege damage roll (null: cannot be damaged, e.g. a moat). */
  damageClass: DamageClass | null;
  /**
   * Default hit points (per structure, or per 100'). Neither source prints structure hit points: these are
   * warcast's defaults (docs/siege.md is silent), roughly in proportion to the structures' BR and build cost;
   * every inventory entry may give its own `hitPoints`.
   */
  hitPoints: number;
  source: string;
}

const SHEET = 'sheet l. 403–436 (RC ch. 9)';

export const FORTIFICATIONS = {
  barbican: { label: 'Barbican', br: 14, measure: 'count', damageClass: 'barbicans', hitPoints: 600, source: SHEET },
  battlement: { label: "Battlement (100')", br: 1, measure: 'length', damageClass: 'walls', hitPoints: 100, source: SHEET },
  woodBuilding: { label: 'Building, wood', br: 2, measure: 'count', damageClass: 'buildings', hitPoints: 60, source: SHEET },
  stoneBuilding: { label: 'Building, stone', br: 6, measure: 'count', damageClass: 'buildings', hitPoints: 200, source: SHEET },
  gatehouse: { label: 'Gatehouse', br: 11, measure: 'count', damageClass: 'gatehouses', hitPoints: 400, source: SHEET },
  squareKeep: { label: 'Keep, square', br: 50, measure: 'count', damageClass: 'keeps', hitPoints: 1500, source: SHEET },
  moatUnfilled: { label: 'Moat, unfilled', br: 16, measure: 'count', damageClass: null, hitPoints: 0, source: SHEET },
  moatFilled: { label: 'Moat, filled', br: 32, measure: 'count', damageClass: null, hitPoints: 0, source: SHEET },
  bastionTower: { label: 'Tower, bastion', br: 6, measure: 'count', damageClass: 'towers', hitPoints: 300, source: SHEET },
  roundTowerWide: { label: 'Tower, round (wide)', br: 7, measure: 'count', damageClass: 'towers', hitPoints: 350, source: SHEET },
  roundTowerNarrow: { label: 'Tower, round (narrow)', br: 5, measure: 'count', damageClass: 'towers', hitPoints: 250, source: SHEET },
  castleWall: { label: "Castle wall (100')", br: 10, measure: 'length', damageClass: 'walls', hitPoints: 500, source: 'docs/siege.md (RC)' },
  woodenWall: { label: "Wooden wall (100')", br: 5, measure: 'length', damageClass: 'walls', hitPoints: 200, source: 'docs/siege.md (RC)' },
} as const satisfies Record<string, FortificationRow>;

export type Fortification = keyof typeof FORTIFICATIONS;
export const FORTIFICATION_NAMES = Object.keys(FORTIFICATIONS) as Fortification[];

/** Each 10' breach gives the attacker +1 (sheet l. 430). */
export const BREACH_BR_PER_10_FEET = 1;

/**
 * Order in which damage is applied (sheet l. 345–355): walls first (75%), then 20% of gatehouses
 * (gates, drawbridges), normal buildings, towers, barbicans, keeps; then walls and the list again.
 */
export const DAMAGE_CLASSES = ['walls', 'gatehouses', 'buildings', 'towers', 'barbicans', 'keeps'] as const;
export type DamageClass = (typeof DAMAGE_CLASSES)[number];
/** Share of a class's hit points taken per pass, in percent: walls 75, every other class 20. */
export const DAMAGE_PASS_PERCENT: Record<DamageClass, number> = { walls: 75, gatehouses: 20, buildings: 20, towers: 20, barbicans: 20, keeps: 20 };

/** Siege equipment. `per`: "requires 1 per N men" (footnotes c, m); `tactics` the BR by attacker tactic. */
export interface EquipmentRow {
  label: string;
  /** BR under assault and harass (mantlet and timber fort differ: 2(A)/3(H), 4(A)/6(H)). */
  br: { assault: number; harass: number };
  group: 'artillery' | 'ballista' | 'breaching' | 'assault' | 'cover';
  /** One set per this many men of the force (footnote c: 100, m: 1000); null: no requirement. */
  perMen: number | null;
  /** Most sets that count (docs/siege.md: timber fort up to ×5); null: no limit. */
  maxSets: number | null;
  /** +2 each when the force also has this (docs/siege.md: ladder +2 with a belfry; the sheet's footnote b: bore or ram). */
  plusWith: 'belfry' | 'boreOrRam' | null;
  /** Structural damage roll [count, sides, plus] (RC siege weapons table; docs/siege.md). */
  damage: [number, number, number] | null;
  /** May a defender mount it on the walls? */
  defender: boolean;
}

const eq = (label: string, a: number, h: number, group: EquipmentRow['group'], perMen: number | null, maxSets: number | null, plusWith: EquipmentRow['plusWith'], damage: EquipmentRow['damage'], defender: boolean): EquipmentRow => ({
  label,
  br: { assault: a, harass: h },
  group,
  perMen,
  maxSets,
  plusWith,
  damage,
  defender,
});

export const EQUIPMENT = {
  ballista: eq('Ballista', 2, 2, 'ballista', null, null, null, [1, 10, 6], true),
  lightCatapult: eq('Catapult, light', 4, 4, 'artillery', null, null, null, [1, 8, 8], true),
  heavyCatapult: eq('Catapult, heavy', 8, 8, 'artillery', null, null, null, [1, 10, 10], true),
  trebuchet: eq('Trebuchet', 12, 12, 'artillery', null, null, null, [1, 12, 13], true),
  bore: eq('Bore', 4, 4, 'breaching', null, null, null, [1, 6, 14], false),
  ram: eq('Ram, battering', 4, 4, 'breaching', null, null, null, [1, 6, 8], false),
  belfry: eq('Belfry', 10, 10, 'assault', 1000, null, null, null, false),
  /** Gallery shed: BR = bore/ram × 2 (one shed covers one bore or ram). */
  galleryShed: eq('Gallery shed', 8, 8, 'assault', null, null, null, null, false),
  hoist: eq('Hoist', 4, 4, 'assault', null, null, null, null, false),
  ladder: eq('Ladder', 2, 2, 'assault', 1000, null, 'belfry', null, false),
  mantlet: eq('Mantlet', 2, 3, 'cover', 100, null, null, null, false),
  timberFort: eq('Timber fort', 4, 6, 'cover', 100, 5, null, null, false),
} as const satisfies Record<string, EquipmentRow>;

export type Equipment = keyof typeof EQUIPMENT;

/**
 * Hoist and ladder footnotes. The rows above follow docs/siege.md (the RC): hoist 4 with no footnote, ladder 2
 * needing 1 per 1000 men, +2 with a belfry. the sheet (l. 423–425, 433–435) marks both "m, b": 1 per 1000
 * men and +2 for a bore or ram; policy `ladderHoistFootnotes: sheet` plays it that way.
 */
export type FootnoteReading = 'rc' | 'sheet';
export const SHEET_FOOTNOTES: Partial<Record<Equipment, Pick<EquipmentRow, 'perMen' | 'plusWith'>>> = {
  hoist: { perMen: 1000, plusWith: 'boreOrRam' },
  ladder: { perMen: 1000, plusWith: 'boreOrRam' },
};

/** An item's "requires 1 per N men" and "+2 with …" footnotes under a reading. */
export function footnotes(item: Equipment, reading: FootnoteReading): Pick<EquipmentRow, 'perMen' | 'plusWith'> {
  const row: EquipmentRow = EQUIPMENT[item];
  return (reading === 'sheet' ? SHEET_FOOTNOTES[item] : undefined) ?? { perMen: row.perMen, plusWith: row.plusWith };
}
export const EQUIPMENT_NAMES = Object.keys(EQUIPMENT) as Equipment[];
