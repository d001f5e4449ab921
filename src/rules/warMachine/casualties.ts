/**
 * Casualties from a percentage (docs/rules.md §6; sheet line 179 "half killed, half wounded").
 * Percentages are kept as exact rationals (numerator / denominator) until troops are counted.
 */

export type CasualtyMod = 'additive' | 'multiplicative';

/** An exact percentage: numerator / denominator percent. */
export interface Percent {
  num: number;
  den: number;
}

/**
 * Final casualty percentage after a tactic's C±n.
 * additive: p + n points clamped to 0–100; multiplicative: p × (1 + n/100) clamped to 0–100.
 * `scaleNum/scaleDen` applies a further factor (e.g. ½ for the mercy rule, ¼ for assault defenders).
 */
export function casualtyPercent(
  tablePercent: number,
  tacticMod: number,
  mode: CasualtyMod,
  scaleNum = 1,
  scaleDen = 1,
): Percent {
  let num: number;
  let den: number;
  if (mode === 'additive') {
    num = Math.min(100, Math.max(0, tablePercent + tacticMod));
    den = 1;
  } else {
    num = tablePercent * (100 + tacticMod);
    den = 100;
    if (num < 0) num = 0;
    if (num > 100 * den) num = 100 * den;
  }
  return { num: num * scaleNum, den: den * scaleDen };
}

export interface Losses {
  lost: number;
  dead: number;
  wounded: number;
}

/**
 * Troops lost = ⌈N × p / 100⌉; dead = ⌊lost / 2⌋, wounded = the rest. A force that leaves the field
 * (retreat, rout, destroyed) counts its wounded as dead.
 */
export function casualties(troops: number, p: Percent, leftField: boolean): Losses {
  const lost = Math.min(troops, ceilDiv(troops * p.num, 100 * p.den));
  let dead = Math.floor(lost / 2);
  let wounded = lost - dead;
  if (leftField) {
    dead += wounded;
    wounded = 0;
  }
  return { lost, dead, wounded };
}

/** A staff of healing cures up to 500 wounded at once (seed line 178; docs/rules.md §6: if its side holds the field). */
export const STAFF_OF_HEALING_CURES = 500;

/** Cure up to `upTo` of the wounded: they are no longer lost. */
export function healWounded(l: Losses, upTo: number): Losses {
  const cured = Math.min(upTo, l.wounded);
  return { lost: l.lost - cured, dead: l.dead, wounded: l.wounded - cured };
}

function ceilDiv(a: number, b: number): number {
  // Exact for integers below 2^53; a and b are small integers here.
  const q = Math.floor(a / b);
  return q * b === a ? q : q + 1;
}
