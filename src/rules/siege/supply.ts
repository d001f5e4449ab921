/**
 * Food, fatigue and the simple siege (docs/siege.md, §2.2; sheet l. 182–186, 331, 363–366).
 */
import { CHOICE_ADJUSTMENTS } from '../warMachine/adjustments.js';

/** Fatigue levels and their BR adjustment, from the one War Machine fatigue table (docs/rules.md §3). */
const { none, moderate, serious } = CHOICE_ADJUSTMENTS.fatigue;
export const FATIGUE_BR = [none, moderate, serious] as const;
export type FatigueLevel = 0 | 1 | 2;

/**
 * Malnutrition (l. 363–365): moderate fatigue after one week short of food, serious after two, and from the
 * third the force also loses 50% of its BR. `weeksShort` counts the weeks already passed without food.
 */
export function starvationEffect(weeksShort: number): { fatigue: FatigueLevel; halveBr: boolean } {
  if (weeksShort <= 0) return { fatigue: 0, halveBr: false };
  if (weeksShort === 1) return { fatigue: 1, halveBr: false };
  return { fatigue: 2, halveBr: weeksShort >= 3 };
}

/**
 * Loss of 50% BR: the force's Battle Rating (War Machine BR, before adjustments), not the fortification, equipment
 * or troop-ratio bonuses added to it under siege. The loss is rounded up (like every other percentage here).
 */
export function halveBr(br: number): number {
  return br - Math.ceil(br / 2);
}

/**
 * "Morale drops 2 points for each week of less than normal feeding" (RC l. 11712; sheet l. 365 "lose 2 points of
 * morale per week"). War Machine morale is counted in BR points (the morale adjustments, docs/rules.md), so the
 * starving side loses 2 BR a week short (policy `malnutritionMorale`).
 */
export const MALNUTRITION_MORALE_BR = 2;

/** Fatigue from a battle lasts one week (l. 331), then it is gone; starvation fatigue comes on top. */
export function worseFatigue(a: FatigueLevel, b: FatigueLevel): FatigueLevel {
  return a > b ? a : b;
}

/** Simple siege (l. 184–185): besieging gives the attacker +5 BR per week of siege. */
export const BESIEGE_BR_PER_WEEK = 5;

/** Simple siege (l. 182–183): the defender's troops count ×4 for the troop ratio. */
export const DEFENDER_RATIO_MULTIPLIER = 4;

export type StarvationPolicy = 'compounding' | 'linear';

/**
 * Unfed troops under Siege Machine: "unfed troops desert after 1d3 days" (sheet l. 365–366); "Troops not fed at
 * all will desert or rebel after only 1-3 days" (RC l. 11712). `unfed` (default): a garrison with no food left
 * at the start of a week is gone within that week, before its battle (1d3 days < 7). `tenPercent`: the simple
 * siege's rate (sheet l. 185), 10% a week by `starvation`, with malnutrition fatigue and the 50% BR loss.
 */
export type DesertionPolicy = 'unfed' | 'tenPercent';

/**
 * Simple siege starvation (l. 185): after its food is gone the defender loses 10% of its numbers each week.
 * `compounding` (default): 10% of the current numbers; `linear`: 10% of the original. Rounded up, capped.
 */
export function starvationLoss(current: number, original: number, policy: StarvationPolicy): number {
  const base = policy === 'compounding' ? current : original;
  return Math.min(current, Math.ceil(base / 10));
}

/** A side's stores for the weekly accounting (RC l. 11549–11555, 11681–11718; sheet l. 304–305, 329–330, 363–366). */
export interface SideStores {
  /** Full rations on hand (one feeds a man for a week); null: not accounted. */
  rations: number | null;
  /** Money on hand, gp; null: not accounted. */
  money: number | null;
  /** Payroll per week, gp (the monthly payroll ÷ 4, RC l. 11681). */
  payrollPerWeek: number;
  /** Mounts to feed (double rations, RC l. 11714). */
  mounts: number;
  /** Men fed each day by the side's clerics' create food (sheet l. 388–400): not drawn from rations. */
  fedByClerics: number;
}

export interface WeekAccount {
  rationsUsed: number;
  paid: number;
  /** Troops not fed this week: they desert within 1d3 days (sheet l. 365–366). */
  unfed: number;
  /** This week's rations or payroll could not be met in full. */
  outOfRations: boolean;
  outOfMoney: boolean;
}

/**
 * Step 1 of a siege week, "Deduct costs for the battle week" (RC l. 11549–11555): one week's payroll from the
 * money, one full ration for each man not fed by clerics (troops first, then mounts at double) from the rations.
 * A ruler under siege receives no dominion income (RC l. 11555): none is added. Mutates `stores`.
 */
export function deductWeek(stores: SideStores, troops: number, mountRations: number): WeekAccount {
  const out: WeekAccount = { rationsUsed: 0, paid: 0, unfed: 0, outOfRations: false, outOfMoney: false };
  if (stores.rations !== null) {
    const men = Math.max(0, troops - stores.fedByClerics);
    const need = men + mountRations * stores.mounts;
    const forMen = Math.min(men, stores.rations);
    const forMounts = Math.min(stores.rations - forMen, mountRations * stores.mounts);
    out.rationsUsed = forMen + forMounts;
    out.unfed = men - forMen;
    out.outOfRations = out.rationsUsed < need;
    stores.rations -= out.rationsUsed;
  }
  if (stores.money !== null) {
    out.paid = Math.min(stores.money, stores.payrollPerWeek);
    out.outOfMoney = out.paid < stores.payrollPerWeek;
    stores.money -= out.paid;
  }
  return out;
}
