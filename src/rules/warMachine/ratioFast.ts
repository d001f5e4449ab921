/**
 * Troop-ratio bonus for kernels whose troop counts change inside the loop (sieges, engagements): the same bands
 * as `troopRatioBonus` in rules/warMachine/adjustments.ts, without allocating. `up` is 1 for ratioRounding up.
 * Tests check the two agree on a grid of troop counts.
 */
export function ratioBonusFast(larger: number, smaller: number, up: number): number {
  if (larger <= smaller || smaller <= 0) return 0;
  if (up) {
    if (2 * larger <= 3 * smaller) return 15;
    const k = Math.ceil(larger / smaller);
    if (k <= 2) return 30;
    if (k <= 7) return k === 3 ? 45 : k === 4 ? 60 : k === 5 ? 70 : k === 6 ? 80 : 90;
    if (k <= 10) return 100;
    if (k <= 15) return 110;
    if (k <= 20) return 120;
    return 100 + 10 * Math.ceil(k / 10);
  }
  if (2 * larger < 3 * smaller) return 0;
  if (larger >= 40 * smaller) return 100 + 10 * Math.floor(larger / smaller / 10);
  if (larger >= 30 * smaller) return 130;
  if (larger >= 20 * smaller) return 120;
  if (larger >= 15 * smaller) return 110;
  if (larger >= 10 * smaller) return 100;
  if (larger >= 7 * smaller) return 90;
  if (larger >= 6 * smaller) return 80;
  if (larger >= 5 * smaller) return 70;
  if (larger >= 4 * smaller) return 60;
  if (larger >= 3 * smaller) return 45;
  if (larger >= 2 * smaller) return 30;
  return 15;
}
