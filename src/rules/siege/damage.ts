/**
 * Fortification damage (sheet l. 345–355; docs/siege.md): the sum of the attacker's siege-weapon damage
 * rolls × weeks of siege − d100. At or over the fortification's total hit points it is rubble; otherwise the
 * damage goes to 75% of the walls' hit points first, then 20% of each class in order (gatehouses, buildings,
 * towers, barbicans, keeps), then walls and the list again, until it is spent.
 */
import { DAMAGE_CLASSES, DAMAGE_PASS_PERCENT, type DamageClass } from './tables.js';

export interface DamageResult {
  rubble: boolean;
  /** Damage taken by each class, in DAMAGE_CLASSES order. */
  byClass: number[];
}

/** Hit points taken from a class per pass: ⌈hp × share⌉ (so a pass always takes at least 1 of a class left). */
export function passSize(hitPoints: number, cls: DamageClass): number {
  return Math.ceil((hitPoints * DAMAGE_PASS_PERCENT[cls]) / 100);
}

/** Spread `damage` (an integer ≥ 0) over the classes with `hitPoints` (in DAMAGE_CLASSES order). */
export function allocateDamage(damage: number, hitPoints: readonly number[]): DamageResult {
  const total = hitPoints.reduce((a, b) => a + b, 0);
  if (total > 0 && damage >= total) return { rubble: true, byClass: [...hitPoints] };
  const byClass = hitPoints.map(() => 0);
  let left = Math.max(0, damage);
  while (left > 0) {
    let moved = 0;
    for (let c = 0; c < DAMAGE_CLASSES.length && left > 0; c++) {
      const take = Math.min(left, passSize(hitPoints[c], DAMAGE_CLASSES[c]), hitPoints[c] - byClass[c]);
      byClass[c] += take;
      left -= take;
      moved += take;
    }
    if (moved === 0) break; // nothing left to damage (no hit points at all)
  }
  return { rubble: false, byClass };
}

/** Weekly damage roll of the weapons used × weeks − d100, never below 0. */
export function netDamage(rollSum: number, weeks: number, d100: number): number {
  return Math.max(0, rollSum * weeks - d100);
}
