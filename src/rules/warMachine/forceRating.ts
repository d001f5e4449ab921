/**
 * Basic Force Rating (BFR) and troop class.
 * Source: D&D Rules Cyclopedia (TSR 1991) ch. 9 "War Machine" step 1; sheet
 * (docs/sources/war-machine-sheet.txt) lines 10–44. Decisions: docs/rules.md §1.
 */

/** Ability score → adjustment, as the RC's table (3 → −3 … 18 → +3). */
export function abilityAdjustment(score: number): number {
  if (score <= 3) return -3;
  if (score <= 5) return -2;
  if (score <= 8) return -1;
  if (score <= 12) return 0;
  if (score <= 15) return 1;
  if (score <= 17) return 2;
  return 3;
}

/** Percent of a force, rounded up (RC: 10 spectres in 300 troops = 4%). */
export function percentOfForce(count: number, troops: number): number {
  if (count <= 0) return 0;
  return Math.ceil((100 * count) / troops - 1e-9);
}

export type AverageRounding = 'ceilAverage' | 'exact';
export type WeaponQuality = 'none' | 'average' | 'good' | 'excellent';

/** What a scenario says about a force to compute its BFR. Counts are troops, not percentages. */
export interface ForceFactors {
  troops: number;
  leader: { level: number; intelligence: number; wisdom: number; charisma: number };
  /** Troops at name level (9th level / 9 HD or more). */
  nameLevelTroops: number;
  officers: { count: number; averageLevel: number };
  averageTroopLevel: number;
  victories: number;
  routs: number;
  weeksTrained: number;
  weeksWithLeader: number;
  monthsOnDuty: number;
  weapons: WeaponQuality;
  secondWeapon: boolean;
  /** Average armour class 5 or better (lower is better in this edition). */
  armourClass5OrBetter: boolean;
  allElvesOrDwarves: boolean;
  /** Troops with two or more asterisks in their monster description. */
  twoAsteriskTroops: number;
}

export interface FactorLine {
  factor: 'leadership' | 'experience' | 'training' | 'equipment' | 'special';
  rule: string;
  value: number;
}

export interface ForceRating {
  basicForceRating: number;
  lines: FactorLine[];
  /** Input the rules leave out, said in words (a cap reached, too few officers): nothing is dropped silently. */
  dropped: string[];
  factors: Record<FactorLine['factor'], number>;
}

/** The sheet line of each force factor a scenario gives (docs/sources/war-machine-sheet.txt, "Battle force rating"). */
export const FORCE_FACTOR_LINES = {
  leaderLevel: 14,
  leaderAbilities: 15,
  nameLevelTroops: 16,
  officers: 18,
  averageTroopLevel: 20,
  victories: 21,
  routs: 22,
  weeksTrained: 24,
  weeksWithLeader: 25,
  monthsOnDuty: 26,
  weapons: 28,
  secondWeapon: 29,
  armourClass5OrBetter: 30,
  allElvesOrDwarves: 32,
  twoAsteriskTroops: 33,
} as const;

const WEAPON_POINTS: Record<WeaponQuality, number> = { none: 0, average: 5, good: 10, excellent: 15 };

function average(avg: number, rounding: AverageRounding): number {
  return rounding === 'ceilAverage' ? Math.ceil(avg - 1e-9) : avg;
}

/** RC l. 10914: "A force must have at least one officer for every 40 troops, or this part of the experience factor is zero" (sheet l. 19). */
export const TROOPS_PER_OFFICER = 40;

/** The officers a force of `troops` needs for the officers' experience factor. */
export function officersNeeded(troops: number): number {
  return Math.ceil(troops / TROOPS_PER_OFFICER);
}

/** Whether `count` officers are at least one per 40 troops (and there is an officer). */
export function officersSuffice(count: number, troops: number): boolean {
  return count > 0 && count * TROOPS_PER_OFFICER >= troops;
}

/**
 * BFR = leadership + experience + training + equipment + special troops.
 * With `averageRounding: exact` fractional averages are kept and the total is rounded down at the end.
 */
export function basicForceRating(f: ForceFactors, averageRounding: AverageRounding = 'ceilAverage'): ForceRating {
  const lines: FactorLine[] = [];
  const dropped: string[] = [];
  const add = (factor: FactorLine['factor'], rule: string, value: number) => {
    if (value !== 0) lines.push({ factor, rule, value });
  };
  // Capped counts (sheet l. 21, 22, 24, 25: "max 10", "max 20"): the excess counts for nothing, and the note says so.
  const capped = (what: string, given: number, max: number) => {
    if (given > max) dropped.push(`${what}: ${given} given, the rule counts at most ${max}`);
    return Math.min(max, given);
  };
  add('leadership', `leader's level (${f.leader.level})`, f.leader.level);
  add('leadership', `leader's Int adjustment (${f.leader.intelligence})`, abilityAdjustment(f.leader.intelligence));
  add('leadership', `leader's Wis adjustment (${f.leader.wisdom})`, abilityAdjustment(f.leader.wisdom));
  add('leadership', `leader's Cha adjustment (${f.leader.charisma})`, abilityAdjustment(f.leader.charisma));
  const namePct = percentOfForce(f.nameLevelTroops, f.troops);
  add('leadership', `2 per 1% of force at name level (${namePct}%)`, 2 * namePct);

  const officersEnough = officersSuffice(f.officers.count, f.troops);
  if (officersEnough) {
    add(
      'experience',
      `3 × average officer level (${f.officers.averageLevel})`,
      3 * average(f.officers.averageLevel, averageRounding),
    );
  } else if (f.officers.count > 0) {
    // Sheet l. 19: "must have one officer for each 40 troops".
    const needed = officersNeeded(f.troops);
    dropped.push(
      `officers: ${f.officers.count.toLocaleString('en-US')} for ${f.troops.toLocaleString('en-US')} troops fall short of one per 40 (${needed.toLocaleString('en-US')} needed): no officer bonus (would be +${3 * average(f.officers.averageLevel, averageRounding)})`,
    );
  }
  add(
    'experience',
    `2 × average troop level (${f.averageTroopLevel})`,
    2 * average(f.averageTroopLevel, averageRounding),
  );
  add('experience', `1 per victory in last 10 years (max 10)`, capped('victories', f.victories, 10));
  add('experience', `−1 per rout in last 10 years (max 10)`, -capped('routs', f.routs, 10));

  add('training', 'weeks trained in past year (max 20)', capped('weeksTrained', f.weeksTrained, 20));
  add('training', 'weeks trained with leader (max 20)', capped('weeksWithLeader', f.weeksWithLeader, 20));
  add('training', 'months on duty in past year (max 12)', Math.min(12, f.monthsOnDuty));

  add('equipment', `${f.weapons} weapons`, WEAPON_POINTS[f.weapons]);
  if (f.secondWeapon && f.weapons !== 'none') add('equipment', 'second weapon of same quality', 5);
  else if (f.secondWeapon)
    dropped.push('secondWeapon: counts only beside weapons of some quality (weapons: none here)');
  if (f.armourClass5OrBetter) add('equipment', 'average AC 5 or better', 5);

  if (f.allElvesOrDwarves) {
    add('special', 'all elves or dwarves', 15);
    // Sheet l. 32–33: 15 for elves or dwarves *or* 2 per 1% with two asterisks, not both.
    if (f.twoAsteriskTroops > 0)
      dropped.push('twoAsteriskTroops: not counted beside allElvesOrDwarves (the sheet gives one or the other)');
  } else {
    const pct = percentOfForce(f.twoAsteriskTroops, f.troops);
    add('special', `2 per 1% of force with two asterisks (${pct}%)`, 2 * pct);
  }

  const factors = { leadership: 0, experience: 0, training: 0, equipment: 0, special: 0 };
  let total = 0;
  for (const l of lines) {
    factors[l.factor] += l.value;
    total += l.value;
  }
  return { basicForceRating: Math.floor(total + 1e-9), lines, dropped, factors };
}

/** Troop classes in order; the index is the class ordinal used for the morale comparison. */
export const TROOP_CLASSES = [
  { name: 'Untrained', min: -Infinity },
  { name: 'Poor', min: 21 },
  { name: 'Below average', min: 36 },
  { name: 'Fair', min: 56 },
  { name: 'Average', min: 71 },
  { name: 'Good', min: 81 },
  { name: 'Excellent', min: 101 },
  { name: 'Elite', min: 126 },
] as const;

export type TroopClassName = (typeof TROOP_CLASSES)[number]['name'];

/** Troop class ordinal 0 (Untrained) … 7 (Elite) from BFR (sheet, "Troop class"). */
export function troopClass(basicForceRating: number): number {
  let c = 0;
  for (let i = 1; i < TROOP_CLASSES.length; i++) if (basicForceRating >= TROOP_CLASSES[i].min) c = i;
  return c;
}

export function troopClassName(ordinal: number): TroopClassName {
  return TROOP_CLASSES[ordinal].name;
}
