/**
 * Equipment and fortification BR by the attacker's tactic (sheet l. 310–324, 403–436; RC l. 11529–11543,
 * 11577–11607, 11639, 11772–11775; docs/siege.md). Pure: the scenario's inventories in, BR with a line per item out.
 */
import {
  BREACH_BR_PER_10_FEET,
  CONCENTRATED,
  CREW_SHARES,
  ENGINES,
  EQUIPMENT,
  FOOTNOTE_MAX_MULTIPLE,
  FOOTNOTE_MEN,
  FORTIFICATIONS,
  plusWith,
  type Equipment,
  type EquipmentRow,
  type FootnoteReading,
  type Fortification,
} from './tables.js';

export const ATTACKER_TACTICS = ['depart', 'bombard', 'harass', 'assault'] as const;
export type AttackerTactic = (typeof ATTACKER_TACTICS)[number];

/** An item line: a count (crewed in full), or a count and the crew that works the whole line. */
export type EquipmentLine = number | { count: number; crew?: number };
export type EquipmentInventory = Partial<Record<Equipment, EquipmentLine>>;

export const countOf = (inv: EquipmentInventory, item: Equipment): number => {
  const l = inv[item];
  return l === undefined ? 0 : typeof l === 'number' ? l : l.count;
};
/** The crew of a line; not given = every piece fully crewed. */
export const crewOf = (inv: EquipmentInventory, item: Equipment): number => {
  const l = inv[item];
  const full = (EQUIPMENT[item] as EquipmentRow).fullCrew ?? 0;
  if (l === undefined) return 0;
  if (typeof l === 'number' || l.crew === undefined) return countOf(inv, item) * full;
  return l.crew;
};

export interface BrLine {
  rule: string;
  value: number;
}

/** Whether the attacker's artillery joins a harass or an assault ("and artillery if used", l. 321, 323). */
export interface ArtilleryUse {
  harass: boolean;
  assault: boolean;
}

/**
 * How the crew of a line mans its pieces (RC l. 11639): as many full crews as it can, then half crews, then
 * quarter crews (crewmen per share rounded up: a share needs at least that fraction of the full crew). Pieces
 * with less than a quarter crew are unusable. Returns the pieces at each share, [full, half, quarter].
 */
export function manning(count: number, crew: number, fullCrew: number): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  let left = crew;
  let pieces = count;
  CREW_SHARES.forEach((share, i) => {
    const need = Math.ceil((fullCrew * share.atLeast[0]) / share.atLeast[1]);
    const n = need > 0 ? Math.min(pieces, Math.floor(left / need)) : pieces;
    out[i] = n;
    pieces -= n;
    left -= n * need;
  });
  return out;
}

/** Per-piece values of a crewed line, best first: `value` divided by 1, 2 or 4 by crew, fractions down. */
export function crewedValues(inv: EquipmentInventory, item: Equipment, value: number): number[] {
  const row: EquipmentRow = EQUIPMENT[item];
  const count = countOf(inv, item);
  if (row.fullCrew === null) return Array<number>(count).fill(value);
  const shares = manning(count, crewOf(inv, item), row.fullCrew);
  const out: number[] = [];
  shares.forEach((n, i) => {
    for (let k = 0; k < n; k++) out.push(Math.floor(value / CREW_SHARES[i].divide));
  });
  return out;
}

/** Pieces of a line that can be used (crew at least a quarter, RC l. 11639). */
export function usablePieces(inv: EquipmentInventory, item: Equipment): number {
  return crewedValues(inv, item, 1).length;
}

/** A crewed weapon line's BR (RC l. 11639). */
export function weaponBr(inv: EquipmentInventory, item: Equipment): number {
  return crewedValues(inv, item, EQUIPMENT[item].br.assault).reduce((a, b) => a + b, 0);
}

/** A crewed weapon line's weekly ammunition cost in gp (RC l. 11579–11584, 11639): halved and quartered like BR. */
export function weaponAmmoCost(inv: EquipmentInventory, item: Equipment): number {
  const cost = (EQUIPMENT[item] as EquipmentRow).ammoCostGp;
  return cost === null ? 0 : crewedValues(inv, item, cost).reduce((a, b) => a + b, 0);
}

/**
 * How many times an item's bonus counts. `**` items (belfry, hoist, ladder; RC l. 11603): once, if there is 1
 * piece per 1,000 men (⌈men / 1000⌉ pieces); more pieces add nothing. `‡` items (mantlet, timber fort; RC
 * l. 11607): once per full set of ⌈men / 100⌉ pieces, at most ×5. Gallery sheds: see `galleryShedBr`.
 */
export function equipmentSets(item: Equipment, count: number, men: number): number {
  const row: EquipmentRow = EQUIPMENT[item];
  if (count <= 0) return 0;
  if (row.footnote === null) return count;
  const perSet = Math.max(1, Math.ceil(men / FOOTNOTE_MEN[row.footnote]));
  return Math.min(FOOTNOTE_MAX_MULTIPLE[row.footnote], Math.floor(count / perSet));
}

/**
 * Gallery shed (RC l. 11595, "Doubles values of bore or ram"; sheet l. 421 "bore/ram × 2"): each shed covers one
 * bore or ram and adds that piece's (crewed) value again; sheds cover the best pieces first.
 */
export function galleryShedBr(inv: EquipmentInventory): number {
  const pieces = [
    ...crewedValues(inv, 'bore', EQUIPMENT.bore.br.assault),
    ...crewedValues(inv, 'ram', EQUIPMENT.ram.br.assault),
  ].sort((a, b) => b - a);
  return pieces.slice(0, countOf(inv, 'galleryShed')).reduce((a, b) => a + b, 0);
}

/** Does a "+2 with …" apply? With a belfry: the force's belfries earn their `**` bonus. */
function hasPlus(item: Equipment, inv: EquipmentInventory, men: number, reading: FootnoteReading): boolean {
  const w = plusWith(item, reading);
  if (w === 'belfry') return equipmentSets('belfry', countOf(inv, 'belfry'), men) > 0;
  if (w === 'boreOrRam') return usablePieces(inv, 'bore') + usablePieces(inv, 'ram') > 0;
  return false;
}

/** BR of one item line under assault (A) or harass (H) values, footnotes and crews included. */
export function itemBr(
  item: Equipment,
  which: 'assault' | 'harass',
  inv: EquipmentInventory,
  men: number,
  reading: FootnoteReading = 'rc',
): number {
  const row: EquipmentRow = EQUIPMENT[item];
  if (item === 'galleryShed') return galleryShedBr(inv);
  if (row.fullCrew !== null) return weaponBr(inv, item);
  const sets = equipmentSets(item, countOf(inv, item), men);
  return sets * (row.br[which] + (hasPlus(item, inv, men, reading) ? 2 : 0));
}

function groupBr(inv: EquipmentInventory, group: EquipmentRow['group']): number {
  let t = 0;
  for (const item of ENGINES) if (EQUIPMENT[item].group === group) t += weaponBr(inv, item);
  return t;
}

/** Artillery bonus: catapults and trebuchets, crewed. */
export function artilleryBr(inv: EquipmentInventory): number {
  return groupBr(inv, 'artillery');
}

/** Ballista bonus, crewed. */
export function ballistaBr(inv: EquipmentInventory): number {
  return groupBr(inv, 'ballista');
}

/**
 * Defender's equipment BR against the attacker's tactic (l. 312–316): bombard = artillery + ½ ballista;
 * harass = 2 × artillery + ballista; assault = 2 × ballista, no artillery.
 */
export function defenderEquipmentBr(inv: EquipmentInventory, tactic: AttackerTactic): BrLine[] {
  const art = artilleryBr(inv);
  const bal = ballistaBr(inv);
  switch (tactic) {
    case 'bombard':
      return [
        { rule: 'artillery', value: art },
        { rule: '½ ballista', value: Math.floor(bal / 2) },
      ];
    case 'harass':
      return [
        { rule: '2 × artillery', value: 2 * art },
        { rule: 'ballista', value: bal },
      ];
    case 'assault':
      return [{ rule: '2 × ballista (no artillery)', value: 2 * bal }];
    default:
      return [];
  }
}

/**
 * Attacker's equipment BR for its tactic (l. 317–324): bombard = artillery + ½ ballista; harass = ballista +
 * timber fort + mantlet (harass values) + artillery if used; assault = every item (assault values), ballista
 * doubled, + artillery if used. `men`: the troops the footnotes count (the force, or the troops of a
 * concentrated attack).
 */
export function attackerEquipmentBr(
  inv: EquipmentInventory,
  men: number,
  tactic: AttackerTactic,
  artillery: ArtilleryUse,
  reading: FootnoteReading = 'rc',
): BrLine[] {
  const art = artilleryBr(inv);
  const bal = ballistaBr(inv);
  const lines: BrLine[] = [];
  const item = (name: Equipment, which: 'assault' | 'harass') => {
    const count = countOf(inv, name);
    if (count <= 0) return;
    const value = itemBr(name, which, inv, men, reading);
    const row: EquipmentRow = EQUIPMENT[name];
    const sets = row.footnote !== null ? equipmentSets(name, count, men) : null;
    lines.push({
      rule: `${row.label} × ${count}${sets !== null && sets !== count ? ` (counts ×${sets})` : ''}`,
      value,
    });
  };
  switch (tactic) {
    case 'bombard':
      lines.push({ rule: 'artillery', value: art }, { rule: '½ ballista', value: Math.floor(bal / 2) });
      break;
    case 'harass':
      lines.push({ rule: 'ballista', value: bal });
      item('timberFort', 'harass');
      item('mantlet', 'harass');
      if (artillery.harass) lines.push({ rule: 'artillery (used)', value: art });
      break;
    case 'assault':
      lines.push({ rule: '2 × ballista', value: 2 * bal });
      for (const name of ['bore', 'ram', 'belfry', 'galleryShed', 'hoist', 'ladder', 'mantlet', 'timberFort'] as const)
        item(name, 'assault');
      if (artillery.assault) lines.push({ rule: 'artillery (used)', value: art });
      break;
    default:
      break;
  }
  return lines.filter((l) => l.value !== 0 || l.rule.includes('×'));
}

/**
 * Concentrated fire (RC l. 11774; sheet l. 356–357): no more than 4 siege engines per 100' of attack frontage.
 * The best engines are kept (trebuchets first), each with its share of the line's crew.
 */
export function concentrateEngines(inv: EquipmentInventory, frontFeet: number): EquipmentInventory {
  let left = Math.floor((CONCENTRATED.enginesPer100Feet * frontFeet) / 100);
  const out: EquipmentInventory = { ...inv };
  for (const item of ENGINES) {
    const count = countOf(inv, item);
    if (count === 0) continue;
    const kept = Math.min(count, left);
    left -= kept;
    const full = EQUIPMENT[item].fullCrew ?? 0;
    out[item] = { count: kept, crew: Math.min(crewOf(inv, item), kept * full) };
  }
  return out;
}

/** Concentrated attack: at most 300 troops per 100' of frontage (RC l. 11774). */
export function concentratedTroops(troops: number, frontFeet: number): number {
  return Math.min(troops, Math.floor((CONCENTRATED.troopsPer100Feet * frontFeet) / 100));
}

/** One fortification inventory line: a count of structures, or a length in feet for walls and battlements. */
export interface FortificationEntry {
  structure: Fortification;
  count?: number;
  lengthFeet?: number;
  hitPoints?: number;
  /** Concentrated attack: structures of this line within 200' of the section attacked (full BR). */
  nearFront?: number;
}

/**
 * Fortification BR (replaces the +50 stronghold, in-place and wall bonuses, l. 117–126): per item or per 100'.
 * With an attack frontage (RC l. 11775; sheet l. 357–358) the defender gets full BR from the wall under attack
 * (`frontFeet` of each wall line) and the structures marked `nearFront`, and a quarter of the rest (rounded down).
 */
export function fortificationBr(entries: readonly FortificationEntry[], frontFeet: number | null = null): BrLine[] {
  const lines: BrLine[] = [];
  let rest = 0;
  for (const e of entries) {
    const row = FORTIFICATIONS[e.structure];
    const whole = row.measure === 'length' ? Math.floor((row.br * (e.lengthFeet ?? 0)) / 100) : row.br * (e.count ?? 0);
    const what = row.measure === 'length' ? `${e.lengthFeet}'` : `× ${e.count}`;
    if (frontFeet === null) {
      lines.push({ rule: `${row.label} ${what}`, value: whole });
      continue;
    }
    const full =
      row.measure === 'length'
        ? Math.floor((row.br * Math.min(frontFeet, e.lengthFeet ?? 0)) / 100)
        : row.br * Math.min(e.nearFront ?? 0, e.count ?? 0);
    lines.push({ rule: `${row.label} ${what} (full at the front)`, value: full });
    rest += whole - full;
  }
  if (frontFeet !== null)
    lines.push({
      rule: '¼ of the rest of the fortification',
      value: Math.floor((rest * CONCENTRATED.restShare[0]) / CONCENTRATED.restShare[1]),
    });
  return lines;
}

/** The attacker's bonus for breaches: +1 per full 10 feet. */
export function breachBr(breachFeet: number): number {
  return Math.floor(breachFeet / 10) * BREACH_BR_PER_10_FEET;
}

export const sumLines = (lines: readonly BrLine[]): number => lines.reduce((t, l) => t + l.value, 0);

/**
 * The inventory with `added` more pieces of some weapons, each with its full crew (RC Weapons Table "Full Crew",
 * l. 11581–11586): the line's count and crew grow together, so the crew rule (RC l. 11639) mans the whole line
 * as before. Field construction's built engines join this way (src/rules/siege/construction.ts `joinedBy`).
 */
export function withFullyCrewedPieces(
  inv: EquipmentInventory,
  added: Partial<Record<Equipment, number>>,
): EquipmentInventory {
  const out: EquipmentInventory = { ...inv };
  for (const [item, n] of Object.entries(added) as [Equipment, number][]) {
    if (!n) continue;
    const full = (EQUIPMENT[item] as EquipmentRow).fullCrew ?? 0;
    out[item] = { count: countOf(inv, item) + n, crew: crewOf(inv, item) + n * full };
  }
  return out;
}
