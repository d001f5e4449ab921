/**
 * Siege casualties: bombardment in hit dice and the hit dice → troops rule, the artillery splits of harass and
 * assault, and the scaling of War Machine casualties under siege. Seed sheet l. 333–344; docs/siege.md.
 */

/**
 * Bombard (l. 334–336): the defender loses A/10 × 1d10 hit dice, the attacker A′/10 × 2d10, A and A′ being
 * each side's bombard BR. Returned in tenths of a hit die so the arithmetic stays in integers.
 * RC example: A = 85 rolling 5 → 425 tenths = 42½ HD; A′ = 40 rolling 11 on 2d10 → 440 tenths = 44 HD.
 */
export function bombardHitDiceTenths(bombardBr: number, roll: number): number {
  return bombardBr * roll;
}

export interface TroopLosses {
  dead: number;
  wounded: number;
}

/**
 * Hit dice → troops (docs/siege.md): divide by the average HD of the side's lowest-level troops; the whole part
 * is split half dead, half wounded (an odd one wounded, as in §1.6); a leftover fraction is one more wounded.
 * `hdNum / hdDen` hit dice are lost; `averageHdHundredths` is the average HD × 100. Capped at `troops`.
 */
export function hitDiceToTroops(
  hdNum: number,
  hdDen: number,
  averageHdHundredths: number,
  troops = Infinity,
): TroopLosses {
  // troops lost = (hdNum / hdDen) / (avg / 100) = 100 hdNum / (hdDen avg)
  const top = 100 * hdNum;
  const bottom = hdDen * averageHdHundredths;
  const whole = Math.floor(top / bottom);
  const fraction = whole * bottom !== top ? 1 : 0;
  let dead = Math.floor(whole / 2);
  let wounded = whole - dead + fraction;
  if (dead + wounded > troops) {
    // not enough troops left: the dead first, then the wounded
    dead = Math.min(dead, troops);
    wounded = Math.min(wounded, troops - dead);
  }
  return { dead, wounded };
}

/**
 * Artillery casualties during harass and assault are computed as for bombarding and the total is split
 * (l. 339, 343): harass 4/1, assault 3/2, the larger share to the defender.
 */
export const ARTILLERY_SPLIT = {
  harass: { defender: 4, attacker: 1 },
  assault: { defender: 3, attacker: 2 },
} as const;

/**
 * War Machine casualty scaling under siege (l. 337–342), as [numerator, denominator] of the table percentage:
 * harass 1/10 (defenders 1/20), assault 1/2 (defenders 1/4); the simple siege halves the defender's (l. 183).
 */
export const CASUALTY_SCALE = {
  harass: { attacker: [1, 10], defender: [1, 20] },
  assault: { attacker: [1, 2], defender: [1, 4] },
  simple: { attacker: [1, 1], defender: [1, 2] },
  sally: { attacker: [1, 1], defender: [1, 1] },
} as const satisfies Record<string, { attacker: [number, number]; defender: [number, number] }>;

/** Assault: defender casualties decreased by 5 (percentage points of the table), l. 288–289. */
export const ASSAULT_DEFENDER_CASUALTY_POINTS = -5;

/** Assault: +5% to the attacker's BR, rounded up (l. 288). Sally: +10% to the defender's BR (l. 297). */
export function percentBonus(br: number, percent: number): number {
  return Math.ceil((br * percent) / 100);
}
