/**
 * Equipment and fortification BR by the attacker's tactic (sheet l. 310–324, 403–436; docs/siege.md).
 * Pure: the scenario's inventories in, BR with a line per item out.
 */
import { BREACH_BR_PER_10_FEET, EQUIPMENT, FORTIFICATIONS, footnotes, type Equipment, type FootnoteReading, type Fortification } from './tables.js';

export const ATTACKER_TACTICS = ['depart', 'bombard', 'harass', 'assault'] as const;
export type AttackerTactic = (typeof ATTACKER_TACTICS)[number];

export type EquipmentInventory = Partial<Record<Equipment, number>>;

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
 * How many of an item count. Footnotes c and m ("requires 1 per 100 / 1000 men", l. 433–435): a bonus is
 * earned once per full set of ⌈men / N⌉ items; docs/siege.md caps timber forts at ×5. Gallery sheds count up to
 * the bores and rams they cover. Hoist and ladder footnotes by `reading` (tables.ts `footnotes`).
 */
export function equipmentSets(item: Equipment, count: number, men: number, inv: EquipmentInventory, reading: FootnoteReading = 'rc'): number {
  const row = EQUIPMENT[item];
  if (count <= 0) return 0;
  if (item === 'galleryShed') return Math.min(count, (inv.bore ?? 0) + (inv.ram ?? 0));
  const { perMen } = footnotes(item, reading);
  if (perMen === null) return count;
  const perSet = Math.max(1, Math.ceil(men / perMen));
  const sets = Math.floor(count / perSet);
  return row.maxSets === null ? sets : Math.min(row.maxSets, sets);
}

/** BR of one item line under assault (A) or harass (H) values, the "+2 with …" footnote included. */
function itemBr(item: Equipment, sets: number, which: 'assault' | 'harass', inv: EquipmentInventory, reading: FootnoteReading = 'rc'): number {
  const row = EQUIPMENT[item];
  const { plusWith } = footnotes(item, reading);
  const has = plusWith === 'belfry' ? (inv.belfry ?? 0) > 0 : plusWith === 'boreOrRam' ? (inv.bore ?? 0) + (inv.ram ?? 0) > 0 : false;
  const bonus = has ? 2 : 0;
  return sets * (row.br[which] + bonus);
}

function groupBr(inv: EquipmentInventory, men: number, group: (typeof EQUIPMENT)[Equipment]['group'], which: 'assault' | 'harass'): number {
  let t = 0;
  for (const [item, count] of Object.entries(inv) as [Equipment, number][]) {
    if (EQUIPMENT[item].group === group) t += itemBr(item, equipmentSets(item, count, men, inv), which, inv);
  }
  return t;
}

/** Artillery bonus: catapults and trebuchets. */
export function artilleryBr(inv: EquipmentInventory): number {
  return groupBr(inv, 0, 'artillery', 'assault');
}

/** Ballista bonus. */
export function ballistaBr(inv: EquipmentInventory): number {
  return groupBr(inv, 0, 'ballista', 'assault');
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
      return [{ rule: 'artillery', value: art }, { rule: '½ ballista', value: Math.floor(bal / 2) }];
    case 'harass':
      return [{ rule: '2 × artillery', value: 2 * art }, { rule: 'ballista', value: bal }];
    case 'assault':
      return [{ rule: '2 × ballista (no artillery)', value: 2 * bal }];
    default:
      return [];
  }
}

/**
 * Attacker's equipment BR for its tactic (l. 317–324): bombard = artillery + ½ ballista; harass = ballista +
 * timber fort + mantlet (harass values) + artillery if used; assault = every item (assault values), ballista
 * doubled, + artillery if used.
 */
export function attackerEquipmentBr(inv: EquipmentInventory, men: number, tactic: AttackerTactic, artillery: ArtilleryUse, reading: FootnoteReading = 'rc'): BrLine[] {
  const art = artilleryBr(inv);
  const bal = ballistaBr(inv);
  const lines: BrLine[] = [];
  const item = (name: Equipment, which: 'assault' | 'harass') => {
    const count = inv[name] ?? 0;
    const sets = equipmentSets(name, count, men, inv, reading);
    if (count > 0) lines.push({ rule: `${EQUIPMENT[name].label} × ${sets}${sets !== count ? ` (of ${count})` : ''}`, value: itemBr(name, sets, which, inv, reading) });
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
      for (const name of ['bore', 'ram', 'belfry', 'galleryShed', 'hoist', 'ladder', 'mantlet', 'timberFort'] as const) item(name, 'assault');
      if (artillery.assault) lines.push({ rule: 'artillery (used)', value: art });
      break;
    default:
      break;
  }
  return lines.filter((l) => l.value !== 0 || l.rule.includes('×'));
}

/** One fortification inventory line: a count of structures, or a length in feet for walls and battlements. */
export interface FortificationEntry {
  structure: Fortification;
  count?: number;
  lengthFeet?: number;
  hitPoints?: number;
}

/** Fortification BR (replaces the +50 stronghold, in-place and wall bonuses, l. 117–126): per item or per 100'. */
export function fortificationBr(entries: readonly FortificationEntry[]): BrLine[] {
  return entries.map((e) => {
    const row = FORTIFICATIONS[e.structure];
    const value = row.measure === 'length' ? Math.floor((row.br * (e.lengthFeet ?? 0)) / 100) : row.br * (e.count ?? 0);
    const what = row.measure === 'length' ? `${e.lengthFeet}'` : `× ${e.count}`;
    return { rule: `${row.label} ${what}`, value };
  });
}

/** The attacker's bonus for breaches: +1 per full 10 feet. */
export function breachBr(breachFeet: number): number {
  return Math.floor(breachFeet / 10) * BREACH_BR_PER_10_FEET;
}

export const sumLines = (lines: readonly BrLine[]): number => lines.reduce((t, l) => t + l.value, 0);
