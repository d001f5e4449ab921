/**
 * Casualties: "weakest units first, and weakness is determined by the battle … militia die first. When equal
 * the first in order dies" (Dune page line 29). Weakness is the unit's value in its current role: attack value
 * for an attacking force, defence value (militia first) for defenders; ties go to the first in roster order.
 */
import { ATTACK_VALUE, DEFEND_VALUE, MILITIA } from './scores.js';

export const ROLE_ATTACK = 0;
export const ROLE_DEFEND = 1;

/** Weakness key: lower dies first. Militia sort before every legion when defending. */
export function weakness(unitType: number, role: number): number {
  if (role === ROLE_ATTACK) return ATTACK_VALUE[unitType];
  return unitType === MILITIA ? -1 : DEFEND_VALUE[unitType];
}

/**
 * Position in `list[0..count)` of the unit that dies next (the weakest alive, first in roster order on ties),
 * or −1 when none is alive. No allocation.
 */
export function weakestIndex(
  list: readonly number[],
  count: number,
  unitType: readonly number[],
  alive: readonly number[],
  role: number,
): number {
  let best = -1;
  let bestKey = Infinity;
  for (let i = 0; i < count; i++) {
    const u = list[i];
    if (alive[u] === 0) continue;
    const k = weakness(unitType[u], role);
    if (k < bestKey) {
      bestKey = k;
      best = i;
    }
  }
  return best;
}

/** The order in which a roster dies, one unit at a time (for tests and documentation). */
export function casualtyOrder(types: readonly number[], role: number): number[] {
  const alive = types.map(() => 1);
  const list = types.map((_, i) => i);
  const out: number[] = [];
  for (;;) {
    const i = weakestIndex(list, list.length, types, alive, role);
    if (i < 0) return out;
    alive[list[i]] = 0;
    out.push(list[i]);
  }
}
