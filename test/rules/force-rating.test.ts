/** BFR factors (RC ch. 9 step 1; seed lines 10–34) and troop classes (seed lines 36–44). */
import { describe, expect, it } from 'vitest';
import { abilityAdjustment, basicForceRating, troopClass } from '../../src/rules/warMachine/forceRating.js';
import { plainForce } from '../helpers/forceFactors.js';

const base = plainForce({ leader: { level: 10, intelligence: 10, wisdom: 10, charisma: 10 } });

describe('basic force rating', () => {
  it('ability adjustments follow the RC table', () => {
    expect([3, 4, 5, 6, 8, 9, 12, 13, 15, 16, 17, 18].map(abilityAdjustment)).toEqual([
      -3, -2, -2, -1, -1, 0, 0, 1, 1, 2, 2, 3,
    ]);
  });

  it('adds every factor with its caps', () => {
    const r = basicForceRating({
      ...base,
      leader: { level: 12, intelligence: 13, wisdom: 16, charisma: 18 }, // 12 + 1 + 2 + 3
      nameLevelTroops: 6, // 6/400 = 1.5% → 2% → +4
      officers: { count: 10, averageLevel: 4 }, // 10 × 40 ≥ 400 → +12
      averageTroopLevel: 2, // +4
      victories: 12, // max 10
      routs: 1, // −1
      weeksTrained: 30, // max 20
      weeksWithLeader: 8,
      monthsOnDuty: 15, // max 12
      weapons: 'good', // +10
      secondWeapon: true, // +5
      armourClass5OrBetter: true, // +5
    });
    expect(r.factors).toEqual({ leadership: 22, experience: 25, training: 40, equipment: 20, special: 0 });
    expect(r.basicForceRating).toBe(107);
  });

  it('officers count only with one officer per 40 troops', () => {
    expect(basicForceRating({ ...base, officers: { count: 9, averageLevel: 4 } }).factors.experience).toBe(0);
    expect(basicForceRating({ ...base, officers: { count: 10, averageLevel: 4 } }).factors.experience).toBe(12);
  });

  it('averages are rounded up by default, kept exact on request (total rounded down)', () => {
    const f = {
      ...base,
      leader: { ...base.leader, level: 0 },
      averageTroopLevel: 1.5,
      officers: { count: 10, averageLevel: 2.5 },
    };
    expect(basicForceRating(f).basicForceRating).toBe(2 * 2 + 3 * 3);
    expect(basicForceRating(f, 'exact').basicForceRating).toBe(Math.floor(2 * 1.5 + 3 * 2.5));
  });

  it('all elves or dwarves give 15 instead of the asterisk count', () => {
    expect(basicForceRating({ ...base, allElvesOrDwarves: true, twoAsteriskTroops: 400 }).factors.special).toBe(15);
  });

  it('troop class boundaries', () => {
    expect([0, 20, 21, 35, 36, 55, 56, 70, 71, 80, 81, 100, 101, 125, 126, 300].map(troopClass)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
    ]);
  });
});
