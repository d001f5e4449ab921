/** Casualties (docs/rules.md §6; seed line 179 "half killed, half wounded"). */
import { describe, expect, it } from 'vitest';
import { casualties, casualtyPercent } from '../../src/rules/warMachine/casualties.js';
import { decidedSides, pairEffects } from '../../src/rules/warMachine/battle.js';

describe('casualties', () => {
  it('rounds troops lost up, then splits half dead (rounded down), half wounded', () => {
    expect(casualties(400, { num: 10, den: 1 }, false)).toEqual({ lost: 40, dead: 20, wounded: 20 });
    expect(casualties(25, { num: 10, den: 1 }, false)).toEqual({ lost: 3, dead: 1, wounded: 2 });
    expect(casualties(1, { num: 10, den: 1 }, false)).toEqual({ lost: 1, dead: 0, wounded: 1 });
    expect(casualties(1000, { num: 0, den: 1 }, false)).toEqual({ lost: 0, dead: 0, wounded: 0 });
  });

  it('a force that leaves the field counts its wounded as dead', () => {
    expect(casualties(25, { num: 10, den: 1 }, true)).toEqual({ lost: 3, dead: 3, wounded: 0 });
  });

  it('tactic modifiers: additive points clamped to 0–100, or multiplicative', () => {
    expect(casualtyPercent(10, 20, 'additive')).toEqual({ num: 30, den: 1 });
    expect(casualtyPercent(10, -20, 'additive')).toEqual({ num: 0, den: 1 });
    expect(casualtyPercent(100, 30, 'additive')).toEqual({ num: 100, den: 1 });
    // 30% × 1.2 = 36%
    expect(casualties(1000, casualtyPercent(30, 20, 'multiplicative'), false).lost).toBe(360);
    // 25% × 0.9 = 22.5% of 101 = 22.725 → 23
    expect(casualties(101, casualtyPercent(25, -10, 'multiplicative'), false).lost).toBe(23);
  });

  it('mercy rule halves the loser’s casualties; retreat makes the wounded dead', () => {
    const sides = [
      { troops: 800, modifiedBattleRating: 100, tactic: null },
      { troops: 400, modifiedBattleRating: 80, tactic: null },
    ] as const;
    // row 3 (25–30): 10% / 30%, F / R+1
    const normal = decidedSides(sides, pairEffects(null, null), 0, 3, {
      tie: 'reroll',
      casualtyMod: 'additive',
      mercy: false,
    });
    expect(normal[0].losses).toEqual({ lost: 80, dead: 40, wounded: 40 });
    expect(normal[1].losses).toEqual({ lost: 120, dead: 120, wounded: 0 });
    expect(normal[1].location).toBe('R+1');
    const mercy = decidedSides(sides, pairEffects(null, null), 0, 3, {
      tie: 'reroll',
      casualtyMod: 'additive',
      mercy: true,
    });
    expect(mercy[1].losses.lost).toBe(60);
  });

  it('withdraw: the withdrawing winner moves off instead of holding, unless the enemy chose Attack+', () => {
    const sides = [
      { troops: 100, modifiedBattleRating: 100, tactic: 'withdraw' },
      { troops: 100, modifiedBattleRating: 80, tactic: 'attack' },
    ] as const;
    const p = { tie: 'reroll', casualtyMod: 'additive', mercy: false } as const;
    expect(decidedSides(sides, pairEffects('withdraw', 'attack'), 0, 0, p)[0].location).toBe('withdraws');
    expect(decidedSides(sides, pairEffects('withdraw', 'attack-plus'), 0, 0, p)[0].location).toBe('F');
    // a withdrawing loser still takes the table's retreat
    expect(decidedSides(sides, pairEffects('withdraw', 'attack'), 1, 5, p)[0].location).toBe('R+2');
  });
});

describe('staff of healing (seed line 178; docs/rules.md §6)', () => {
  const p = { tie: 'reroll', casualtyMod: 'additive', mercy: false } as const;
  it('cures up to 500 wounded when its side holds the field, none when it retreats', () => {
    const sides = [
      { troops: 10_000, modifiedBattleRating: 100, tactic: null, healsWounded: 500 },
      { troops: 10_000, modifiedBattleRating: 80, tactic: null, healsWounded: 500 },
    ] as const;
    // row 7 (64–80): 30% / 60%, F+1 / R+3: the winner loses 3,000 = 1,500 dead + 1,500 wounded, 500 cured
    const out = decidedSides(sides, pairEffects(null, null), 0, 7, p);
    expect(out[0].losses).toEqual({ lost: 2500, dead: 1500, wounded: 1000 });
    expect(out[1].losses).toEqual({ lost: 6000, dead: 6000, wounded: 0 });
    // few wounded: all of them cured
    const small = decidedSides([{ ...sides[0], troops: 100 }, sides[1]], pairEffects(null, null), 0, 7, p);
    expect(small[0].losses).toEqual({ lost: 15, dead: 15, wounded: 0 });
  });
});
