/**
 * Ammunition (RC "Siege Accounting and Costs", RC l. 11643–11651, 11666–11679; sheet l. 304–305, 367–373;
 * docs/siege.md "Ammunition"). One unit is one week's worth of ammunition for one piece (RC l. 11645), its
 * price the equipment table's "Ammo Cost/Wk." (RC l. 11581–11584). A piece with less than its full crew uses
 * ½ or ¼ of a unit, as its BR (RC l. 11639). Pure: numbers in, numbers out.
 */
import { manning, countOf, crewOf, type AttackerTactic, type EquipmentInventory } from './equipment.js';
import { CREW_SHARES, EQUIPMENT, FORTIFICATIONS, type Equipment, type EquipmentRow } from './tables.js';

/**
 * "Artillery shot can be used in any piece of artillery. For conversion, consider 6 units of light catapult
 * ammunition as equal to 5 units of heavy catapult ammunition, or 4 units of trebuchet ammunition" (RC l. 11679;
 * sheet l. 372–373). warcast's reading: a side's artillery ammunition is one stock of shot, measured so that the
 * three units are whole numbers (6 × 10 = 5 × 12 = 4 × 15 = 60); any kind converts into any other whenever one
 * runs out. Ballista ammunition (bolts) is a stock of its own.
 */
export const SHOT_PER_UNIT = { lightCatapult: 10, heavyCatapult: 12, trebuchet: 15 } as const;
export type ArtilleryPiece = keyof typeof SHOT_PER_UNIT;
/** Artillery pieces best first: an ammunition shortage silences the smallest pieces first. */
export const ARTILLERY_PIECES = [
  'trebuchet',
  'heavyCatapult',
  'lightCatapult',
] as const satisfies readonly ArtilleryPiece[];

/**
 * Gathering spent ammunition (RC l. 11649–11651, 11668–11673; sheet l. 367–371): the attacker reclaims a share
 * of the artillery ammunition it fired the week before, by its tactic of the current week (¾ bombarding, ½
 * harassing, ¼ assaulting); the defender ¼ of the attacker's artillery ammunition fired; ballista ammunition is
 * ruined by firing and never reclaimed.
 */
export const RECLAIM = {
  attacker: { bombard: [3, 4], harass: [1, 2], assault: [1, 4] },
  defender: [1, 4],
} as const;

/** "Each stone building yields a number of units (weeks' worth) of ammunition equal to its BR value" (RC l. 11666; sheet l. 369–370). */
export const STONE_BUILDING_AMMUNITION_UNITS = FORTIFICATIONS.stoneBuilding.br;

/**
 * Which weapons a side fires, and how their BR counts, under the attacker's tactic (RC l. 11531–11543;
 * sheet l. 312–323): artillery × `artillery`, ballista × `ballistaHalves` / 2 (fractions down). The attacker's
 * artillery fires under harass and assault only if used (policies `artilleryInHarass`, `artilleryInAssault`).
 * The defender's artillery adds no BR against an assault but still fires (its bombardment A′ is split with the
 * attacker's, sheet l. 343), so it uses ammunition then too.
 */
export const FIRE_WEIGHTS = {
  attacker: {
    bombard: { artillery: 1, ballistaHalves: 1 },
    harass: { artillery: 1, ballistaHalves: 2 },
    assault: { artillery: 1, ballistaHalves: 4 },
  },
  defender: {
    bombard: { artillery: 1, ballistaHalves: 1 },
    harass: { artillery: 2, ballistaHalves: 2 },
    assault: { artillery: 0, ballistaHalves: 4 },
  },
} as const;
export type FiringWeek = Exclude<AttackerTactic, 'depart'>;

/** One line of a side's missile weapons at one crew share: `count` pieces each using `need` per week and worth `br`. */
export interface AmmunitionGroup {
  item: ArtilleryPiece | 'ballista';
  /** Artillery: shot per week (SHOT_PER_UNIT ÷ crew share); ballista: units per week (1 ÷ crew share). */
  need: number;
  /** BR of one piece (RC l. 11639: halved or quartered by crew, fractions down). */
  br: number;
  count: number;
}

/**
 * A side's missile weapons as groups, artillery best first (trebuchet, heavy, light; full crews, then half,
 * then quarter), then ballistas: the order in which a short stock is issued.
 */
export function ammunitionGroups(inv: EquipmentInventory): {
  artillery: AmmunitionGroup[];
  ballista: AmmunitionGroup[];
} {
  const groups = (item: ArtilleryPiece | 'ballista'): AmmunitionGroup[] => {
    const row: EquipmentRow = EQUIPMENT[item as Equipment];
    const shares = manning(countOf(inv, item), crewOf(inv, item), row.fullCrew ?? 0);
    const unit = item === 'ballista' ? 1 : SHOT_PER_UNIT[item];
    return shares
      .map((count, i) => ({
        item,
        need: unit / CREW_SHARES[i].divide,
        br: Math.floor(row.br.assault / CREW_SHARES[i].divide),
        count,
      }))
      .filter((g) => g.count > 0);
  };
  return { artillery: ARTILLERY_PIECES.flatMap(groups), ballista: groups('ballista') };
}

/** Pieces of each group that fire this week, the BR they give and the stock they use. */
export interface Issue {
  fired: number[];
  br: number;
  /** Stock the fired pieces use (deducted only when accounted and from week 2). */
  used: number;
  /** Some piece called on could not be issued its week's ammunition. */
  short: boolean;
}

/**
 * Step 1, "Ammunition: Each side deducts one week's amount of ammunition from each siege weapon's total"
 * (RC l. 11553, 11647): each group in turn fires as many of its pieces as the stock covers whole weeks of; a
 * piece without ammunition "gives no further BR bonuses" (RC l. 11677). `stock` null: not accounted (all fire).
 */
export function issueAmmunition(groups: readonly AmmunitionGroup[], stock: number | null): Issue {
  const out: Issue = { fired: [], br: 0, used: 0, short: false };
  let left = stock ?? Infinity;
  for (const g of groups) {
    const n = stock === null ? g.count : Math.min(g.count, Math.floor(left / g.need));
    if (n < g.count) out.short = true;
    out.fired.push(n);
    out.br += n * g.br;
    out.used += n * g.need;
    left -= n * g.need;
  }
  return out;
}

/** Shot the attacker gathers in a week from the artillery ammunition `fired` the week before (RC l. 11668–11673). */
export function attackerReclaim(fired: number, tactic: FiringWeek): number {
  if (tactic !== 'bombard' && tactic !== 'harass' && tactic !== 'assault') return 0;
  const [num, den] = RECLAIM.attacker[tactic];
  return (fired * num) / den;
}

/** Shot the defender gathers from the attacker's artillery ammunition `fired` the week before (sheet l. 368–369; RC l. 11651). */
export function defenderReclaim(fired: number): number {
  return (fired * RECLAIM.defender[0]) / RECLAIM.defender[1];
}

/** A side's BR from its missile weapons under the attacker's tactic, from the artillery and ballista BR that fire. */
export function missileBr(
  side: 'attacker' | 'defender',
  tactic: keyof (typeof FIRE_WEIGHTS)['attacker'],
  artillery: number,
  ballista: number,
): number {
  const w = FIRE_WEIGHTS[side][tactic];
  return w.artillery * artillery + Math.floor((w.ballistaHalves * ballista) / 2);
}
