/** Siege rules as tables and the kernel's copies of them. */
import { describe, expect, it } from 'vitest';
import { allocateDamage } from '../../src/rules/siege/damage.js';
import {
  attackerEquipmentBr,
  defenderEquipmentBr,
  equipmentSets,
  fortificationBr,
  galleryShedBr,
  sumLines,
} from '../../src/rules/siege/equipment.js';
import { starvationEffect, starvationLoss } from '../../src/rules/siege/supply.js';
import { ratioBonus, troopRatioBonus } from '../../src/rules/warMachine/adjustments.js';

describe('troop ratio as the kernels call it', () => {
  it('is troopRatioBonus for the larger force, either order, and 0 for the smaller one or against no troops', () => {
    for (let small = 1; small <= 40; small++) {
      for (let large = small; large <= 1300; large += 7) {
        expect(ratioBonus(large, small, 1)).toBe(troopRatioBonus(small, large, 'up'));
        expect(ratioBonus(large, small, 0)).toBe(troopRatioBonus(small, large, 'down'));
        expect(ratioBonus(large, small, 2)).toBe(troopRatioBonus(small, large, 'book'));
        expect(ratioBonus(small, large, 1)).toBe(large === small ? troopRatioBonus(large, small) : 0);
      }
      expect(ratioBonus(small, 0, 1)).toBe(0);
    }
  });
});

describe('equipment BR by tactic (sheet l. 310–324)', () => {
  const inv = { trebuchet: 1, lightCatapult: 1, ballista: 3, timberFort: 4, mantlet: 2, ram: 1 };
  it('defender: bombard art + ½ ballista, harass 2 art + ballista, assault 2 ballista', () => {
    expect(sumLines(defenderEquipmentBr(inv, 'bombard'))).toBe(16 + 3);
    expect(sumLines(defenderEquipmentBr(inv, 'harass'))).toBe(32 + 6);
    expect(sumLines(defenderEquipmentBr(inv, 'assault'))).toBe(12);
  });
  it('attacker: harass = ballista + timber fort + mantlet (H values) + artillery if used', () => {
    // 200 men: timber forts and mantlets need 2 per set → 2 timber-fort sets (6 each), 1 mantlet set (3).
    expect(sumLines(attackerEquipmentBr(inv, 200, 'harass', { harass: false, assault: true }))).toBe(6 + 12 + 3);
    expect(sumLines(attackerEquipmentBr(inv, 200, 'harass', { harass: true, assault: true }))).toBe(6 + 12 + 3 + 16);
    // assault: 2 × ballista 12, ram 4, timber forts 2 × 4, mantlet 2, artillery 16
    expect(sumLines(attackerEquipmentBr(inv, 200, 'assault', { harass: true, assault: true }))).toBe(
      12 + 4 + 8 + 2 + 16,
    );
  });
  it('timber forts count at most ×5; per-1000-men items once', () => {
    expect(equipmentSets('timberFort', 40, 100)).toBe(5);
    expect(equipmentSets('belfry', 3, 2500)).toBe(1);
    expect(equipmentSets('belfry', 2, 2500)).toBe(0);
    expect(galleryShedBr({ ram: 1, bore: 1, galleryShed: 3 })).toBe(8);
  });
  it('fortification BR: walls per 100 feet, structures per count', () => {
    expect(
      sumLines(
        fortificationBr([
          { structure: 'castleWall', lengthFeet: 450 },
          { structure: 'squareKeep', count: 1 },
          { structure: 'moatFilled', count: 1 },
        ]),
      ),
    ).toBe(45 + 50 + 32);
  });
});

describe('fortification damage (l. 345–355)', () => {
  const hp = [1000, 400, 200, 600, 0, 1500]; // walls, gatehouses, buildings, towers, barbicans, keeps
  it('75% of the walls first, then 20% of each class in order, then round again', () => {
    expect(allocateDamage(700, hp).byClass).toEqual([700, 0, 0, 0, 0, 0]);
    expect(allocateDamage(750 + 80 + 40 + 10, hp).byClass).toEqual([750, 80, 40, 10, 0, 0]);
    // one full pass = 750 + 80 + 40 + 120 + 0 + 300 = 1290; the next takes the last 250 of the walls first
    expect(allocateDamage(1290 + 260, hp).byClass).toEqual([1000, 90, 40, 120, 0, 300]);
  });
  it('rubble at or over the total', () => {
    expect(allocateDamage(3700, hp).rubble).toBe(true);
    expect(allocateDamage(3699, hp).rubble).toBe(false);
    expect(allocateDamage(3699, hp).byClass.reduce((a, b) => a + b)).toBe(3699);
  });
});

describe('food', () => {
  it('moderate after one week short, serious after two, −50% BR after three', () => {
    expect([0, 1, 2, 3, 4].map((w) => starvationEffect(w))).toEqual([
      { fatigue: 0, halveBr: false },
      { fatigue: 1, halveBr: false },
      { fatigue: 2, halveBr: false },
      { fatigue: 2, halveBr: true },
      { fatigue: 2, halveBr: true },
    ]);
  });
  it('10% a week, of the current (compounding) or the original (linear) numbers, rounded up', () => {
    expect(starvationLoss(81, 100, 'compounding')).toBe(9);
    expect(starvationLoss(81, 100, 'linear')).toBe(10);
    expect(starvationLoss(5, 100, 'linear')).toBe(5);
  });
});
