/**
 * Battle adjustments (RC ch. 9 step 4; sheet lines 70–168). Decisions: docs/rules.md §3.
 * Each flag a scenario may set is listed here once, with its printed value and rule text.
 */

/**
 * How the troop ratio R falls between the printed bands (docs/rules.md, policy `ratioRounding`):
 * `book` (default): RC l. 11136, "If the total is 1.01 to 1.5, the 1.5 ratio is used": below 1.01 no bonus,
 * above 1.5 by k = ⌈R⌉; `up`: the same but any R > 1 counts as 1.5 (warcast's reading before the book's line was
 * applied: 401 against 400 troops gets +15); `down`: the largest printed band not above R (sheet l. 73, "add
 * largest adjustment").
 */
export type RatioRounding = 'book' | 'up' | 'down';

// Module-level numbers, not object properties, in `ratioBonus`: it runs in the siege and pursuit loops, where a
// property load per call cost ~30% of the call (measured in isolation).
const MODE_DOWN = 0;
const MODE_UP = 1;
const MODE_BOOK = 2;
const FLOOR_NUM = 101;
const FLOOR_DEN = 100;

/** The readings as the kernels' plans carry them (`ratioBonus`'s third argument). */
export const RATIO_MODE = { down: MODE_DOWN, up: MODE_UP, book: MODE_BOOK } as const satisfies Record<
  RatioRounding,
  number
>;

/**
 * The book's floor of the first band (RC l. 11136: "1.01 to 1.5"), as a fraction `num/den` compared exactly on
 * troop counts (larger × 100 ≥ smaller × 101). R is not rounded to hundredths first: rounded up, every R above 1
 * would reach 1.01 and the floor would mean nothing.
 */
export const BOOK_RATIO_FLOOR = { num: FLOOR_NUM, den: FLOOR_DEN } as const;

/**
 * Troop-ratio bonus for the larger force, from troop counts (integers, so the bands are exact): sheet l. 73–81
 * (docs/sources/war-machine-sheet.txt), "add largest adjustment for larger force", R = n / n′; RC l. 11136.
 * `book` (default): R < 1.01 → 0, 1.01 ≤ R ≤ 1.5 → 15, else by k = ⌈R⌉: 2 → 30, 3 → 45, 4 → 60, 5 → 70, 6 → 80,
 * 7 → 90, 8–10 → 100, 11–15 → 110, 16–20 → 120, k > 20 → 100 + 10⌈k/10⌉.
 * `up`: as `book` with 1 < R < 1.01 → 15 too.
 * `down`: the largest printed band not above R (1.5, 2, 3, 4, 5, 6, 7, 10, 15, 20, 30, 40, … by tens).
 */
export function troopRatioBonus(larger: number, smaller: number, rounding: RatioRounding = 'book'): number {
  if (smaller <= 0) throw new RangeError('troop counts must be positive');
  return larger >= smaller
    ? ratioBonus(larger, smaller, RATIO_MODE[rounding])
    : ratioBonus(smaller, larger, RATIO_MODE[rounding]);
}

/**
 * `troopRatioBonus` as the kernels call it, where troop counts change inside the trial loop (sieges, pursuits):
 * `larger` first, `mode` the reading's `RATIO_MODE` code, 0 when `larger` is not the larger or `smaller` is 0
 * (no force left to compare with). No allocation, no throw.
 */
export function ratioBonus(larger: number, smaller: number, mode: number): number {
  if (larger <= smaller || smaller <= 0) return 0;
  if (mode !== MODE_DOWN) {
    if (mode === MODE_BOOK && FLOOR_DEN * larger < FLOOR_NUM * smaller) return 0;
    if (2 * larger <= 3 * smaller) return 15;
    const k = Math.ceil(larger / smaller);
    if (k <= 2) return 30;
    if (k <= 7) return k === 3 ? 45 : k === 4 ? 60 : k === 5 ? 70 : k === 6 ? 80 : 90;
    if (k <= 10) return 100;
    if (k <= 15) return 110;
    if (k <= 20) return 120;
    return 100 + 10 * Math.ceil(k / 10);
  }
  // down: R ≥ band compared exactly, as larger ≥ band × smaller.
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

/** Flags that add a fixed value when true ("all that apply"); `line`: the sheet line (docs/sources/war-machine-sheet.txt). */
export const FLAG_ADJUSTMENTS = {
  // Morale
  inLiegeDominion: { group: 'morale', value: 10, rule: 'In dominion of liege', line: 92 },
  beatenOpponentBefore: { group: 'morale', value: 10, rule: 'Beaten opponent before', line: 93 },
  attackingEnemyOnMarch: { group: 'morale', value: 30, rule: 'Attacking enemy on the march', line: 95 },
  accompanyingForceRouted: { group: 'morale', value: -10, rule: 'Accompanying force routed', line: 96 },
  // Environment
  extremelyFavourable: { group: 'environment', value: 25, rule: 'Extremely favourable environment', line: 101 },
  extremelyUnfavourable: { group: 'environment', value: -25, rule: 'Extremely unfavourable environment', line: 102 },
  infravisionNightBattle: {
    group: 'environment',
    value: 20,
    rule: 'Entire force has infravision in night battle',
    line: 103,
  },
  // Terrain
  higherAltitude: { group: 'terrain', value: 20, rule: 'Higher altitude', line: 108 },
  halflingsInFieldsOrWoods: { group: 'terrain', value: 20, rule: 'Halflings in fields or woods', line: 109 },
  elvesInWoods: { group: 'terrain', value: 10, rule: 'Elves in woods', line: 110 },
  dwarvesInHillsOrMountains: { group: 'terrain', value: 20, rule: 'Dwarves in hills or mountains', line: 111 },
  mountedInMountainsWoodsStronghold: {
    group: 'terrain',
    value: -20,
    rule: 'Mounted in mountains, woods, stronghold',
    line: 112,
  },
  inMire: { group: 'terrain', value: -20, rule: 'Force in mire (marsh, mud, etc.)', line: 113 },
  onShiftingGround: { group: 'terrain', value: -10, rule: 'Force on shifting ground (snow, sand, etc.)', line: 114 },
  // Leader loss (the side that removed the enemy's leader or officer gains it)
  enemyLeaderRemoved: { group: 'leader loss', value: 30, rule: "Enemy leader 'removed'", line: 157 },
  enemyOfficerRemoved: { group: 'leader loss', value: 10, rule: "Enemy officer 'removed'", line: 158 },
  // PC heroics
  pcLeaderHeroicSuccess: { group: 'PC heroics', value: 20, rule: 'PC leader accomplishes heroic task', line: 163 },
  nameLevelPcHeroicSuccess: {
    group: 'PC heroics',
    value: 10,
    rule: 'Name-level non-leader PC accomplishes heroic task',
    line: 164,
  },
  pcLeaderHeroicFailure: { group: 'PC heroics', value: -20, rule: 'PC leader fails heroic task', line: 165 },
  nameLevelPcHeroicFailure: {
    group: 'PC heroics',
    value: -10,
    rule: 'Name-level non-leader PC fails heroic task',
    line: 166,
  },
} as const;

/** Defender-only terrain (sheet lines 117–126); starred ones are replaced by fortification BR under Siege Machine. */
export const DEFENDER_ADJUSTMENTS = {
  defendingInPlace: { value: 10, starred: true, rule: 'Defending in place', line: 120 },
  defendingNarrowDefile: { value: 50, starred: false, rule: 'Defending narrow defile, pass or bridge', line: 121 },
  attackersCrossDeepWater: { value: 40, starred: false, rule: 'Attackers must cross deep water', line: 122 },
  defendingRoughOrWall: {
    value: 20,
    starred: true,
    rule: 'Defending in mountains, hills, rough terrain, or behind wall',
    line: 123,
  },
  inStronghold: { value: 50, starred: true, rule: 'In stronghold', line: 124 },
} as const;

/** "Only one" groups: the scenario names one option. */
export const CHOICE_ADJUSTMENTS = {
  immunity: {
    none: 0,
    immuneToEnemy: 150,
    onePercentImmune: 50,
    immuneTo80Percent: 50,
  },
  fatigue: { none: 0, moderate: -10, serious: -30 },
  information: { none: 0, detailedPlan: 50, goodReconnaissance: 20, someReconnaissance: 10, misinformation: -25 },
  surprise: { none: 0, ambush: 40, encampment: 20 },
} as const;

export const CHOICE_RULES: Record<string, string> = {
  immuneToEnemy: 'Entire force immune to enemy',
  onePercentImmune: '1% of force immune to enemy',
  immuneTo80Percent: 'Entire force immune to 80% of enemy',
  moderate: 'Moderately fatigued',
  serious: 'Seriously fatigued',
  detailedPlan: 'Detailed plan, traitor or spy',
  goodReconnaissance: 'Good reconnaissance',
  someReconnaissance: 'Some reconnaissance',
  misinformation: 'Misinformation',
  ambush: 'Surprise attack from ambush',
  encampment: 'Surprise attack on encampment',
};

/** The sheet line of each "only one" option, and of each group's heading. */
export const CHOICE_LINES: Record<string, number> = {
  immunity: 128,
  immuneToEnemy: 130,
  onePercentImmune: 131,
  immuneTo80Percent: 132,
  fatigue: 135,
  moderate: 137,
  serious: 138,
  information: 141,
  detailedPlan: 143,
  goodReconnaissance: 144,
  someReconnaissance: 145,
  misinformation: 146,
  surprise: 149,
  ambush: 151,
  encampment: 152,
};

export type FlagAdjustment = keyof typeof FLAG_ADJUSTMENTS;
export type DefenderAdjustment = keyof typeof DEFENDER_ADJUSTMENTS;
export type ChoiceGroup = keyof typeof CHOICE_ADJUSTMENTS;

/** Two-or-more troop class advantage: +10 morale (computed from both classes, never input). */
export const CLASS_ADVANTAGE_BONUS = 10;

/**
 * The morale bonus of a force whose troop class (ordinal, `TROOP_CLASSES`) is `mine` against `theirs`: RC l. 11092,
 * "+ 10 if troop class is 2 levels higher than the enemy"; sheet l. 94 "Two or more troop class advantage".
 */
export function classAdvantage(mine: number, theirs: number): number {
  return mine - theirs >= 2 ? CLASS_ADVANTAGE_BONUS : 0;
}

/**
 * Defender-only bonuses when attackers fly: halved (rounded up) if ≥ 5% of attackers can fly, ignored if
 * all of them fly (sheet line 117).
 */
export function defenderTerrainFactor(attackersFlyingPercent: number): 'full' | 'half' | 'none' {
  if (attackersFlyingPercent >= 100) return 'none';
  if (attackersFlyingPercent >= 5) return 'half';
  return 'full';
}
