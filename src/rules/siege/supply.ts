/**
 * Food, fatigue and the simple siege (docs/siege.md, §2.2; sheet l. 182–186, 331, 363–366).
 */

/** Fatigue levels and their BR adjustment (War Machine, docs/rules.md §3): none, moderate −10, serious −30. */
export const FATIGUE_BR = [0, -10, -30] as const;
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
 * Simple siege starvation (l. 185): after its food is gone the defender loses 10% of its numbers each week.
 * `compounding` (default): 10% of the current numbers; `linear`: 10% of the original. Rounded up, capped.
 */
export function starvationLoss(current: number, original: number, policy: StarvationPolicy): number {
  const base = policy === 'compounding' ? current : original;
  return Math.min(current, Math.ceil(base / 10));
}
