/**
 * Combat results table (winner/loser), sheet lines 206–228; RC ch. 9 step 6. docs/rules.md §4.
 * Shaped like the printed table: one row per band of the combat-result difference.
 */

export type Fatigue = 'N' | 'M' | 'S' | '-';
/** F hold, F+n advance n, R retreat, R+n retreat n, rout, '-' destroyed. */
export type Location = 'F' | 'F+1' | 'F+3' | 'F+5' | 'R' | 'R+1' | 'R+2' | 'R+3' | 'rout' | '-';

export interface ResultsRow {
  /** Smallest difference of the band (inclusive); the largest is the next row's min − 1. */
  min: number;
  max: number;
  casualties: [winner: number, loser: number];
  fatigue: [winner: Fatigue, loser: Fatigue];
  location: [winner: Location, loser: Location];
}

const row = (
  min: number,
  max: number,
  cw: number,
  cl: number,
  fw: Fatigue,
  fl: Fatigue,
  lw: Location,
  ll: Location,
): ResultsRow => ({
  min,
  max,
  casualties: [cw, cl],
  fatigue: [fw, fl],
  location: [lw, ll],
});

export const RESULTS_TABLE: readonly ResultsRow[] = [
  row(1, 8, 0, 10, 'N', 'N', 'F', 'R'),
  row(9, 15, 0, 20, 'N', 'N', 'F', 'R'),
  row(16, 24, 10, 20, 'N', 'M', 'F', 'R'),
  row(25, 30, 10, 30, 'N', 'M', 'F', 'R+1'),
  row(31, 38, 20, 40, 'M', 'S', 'R', 'R'),
  row(39, 50, 0, 30, 'N', 'S', 'F', 'R+2'),
  row(51, 63, 20, 50, 'M', 'S', 'F+1', 'R+3'),
  row(64, 80, 30, 60, 'M', 'S', 'F+1', 'R+3'),
  row(81, 90, 10, 50, 'N', 'S', 'F+3', 'R+2'),
  row(91, 100, 0, 30, 'N', '-', 'F+3', 'rout'),
  row(101, 120, 20, 70, 'N', '-', 'F+3', 'rout'),
  row(121, 150, 10, 70, 'N', '-', 'F+3', 'rout'),
  row(151, Infinity, 10, 100, 'N', '-', 'F+5', '-'),
];

export const ROW_COUNT = RESULTS_TABLE.length; // 13
/** Differences at or above this all read the last row. */
export const MAX_DIFFERENCE = 151;

export function rowLabel(r: number): string {
  const { min, max } = RESULTS_TABLE[r];
  return max === Infinity ? `${min}+` : `${min}–${max}`;
}

/** Row index for a positive difference D = C_winner − C_loser. */
export function resultsRow(difference: number): number {
  if (difference < 1) throw new RangeError('difference must be at least 1');
  for (let r = ROW_COUNT - 1; r >= 0; r--) if (difference >= RESULTS_TABLE[r].min) return r;
  return 0;
}

/** A location result means the force leaves the field (retreat, rout or destruction). */
export function leavesField(l: Location): boolean {
  return l[0] === 'R' || l === 'rout' || l === '-';
}
