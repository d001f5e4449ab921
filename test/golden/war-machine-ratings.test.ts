/**
 * Golden vectors from the rule books.
 * RC = D&D Rules Cyclopedia (TSR 1991), ch. 9 "War Machine"; seed = docs/sources/war-machine-sheet.txt.
 */
import { describe, expect, it } from 'vitest';
import { troopRatioBonus } from '../../src/rules/warMachine/adjustments.js';
import { battleRating, makeupPercent, statementsFromMakeup } from '../../src/rules/warMachine/battleRating.js';
import {
  basicForceRating,
  percentOfForce,
  troopClass,
  troopClassName,
} from '../../src/rules/warMachine/forceRating.js';
import { rateSides } from '../../src/rules/warMachine/rating.js';
import { loadText } from '../helpers/load.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';
import { plainForce } from '../helpers/forceFactors.js';

describe('Battle Rating (RC ch. 9 step 2, seed lines 46–49)', () => {
  it('the elven prince: BFR 96 with 8 true statements is BR 176', () => {
    expect(battleRating(96, 8)).toBe(176);
  });

  it('a BFR 63 army with 2 true statements is BR 77, troop class Fair', () => {
    expect(battleRating(63, 2)).toBe(77);
    expect(troopClassName(troopClass(63))).toBe('Fair');
  });

  it('the same through a scenario file, statements derived from the make-up', () => {
    const { scenario } = loadText(`
kind: war-machine
sides:
  - { name: A, troops: 100, basicForceRating: 63, makeup: { mounted: 25, missiles: 20 } }
  - { name: B, troops: 100, basicForceRating: 96, statements: [mounted20, mounted50, missiles20, missiles100ft, magical1, magical20, spellcasters5, movement100] }
`);
    const [a, b] = rateSides(
      (scenario as WarMachineScenario).sides as never,
      (scenario as WarMachineScenario).policies,
    );
    expect(a.battleRating).toBe(77);
    expect(a.troopClassName).toBe('Fair');
    expect(b.battleRating).toBe(176);
  });
});

describe('Special troop factor (RC ch. 9 step 1)', () => {
  it('10 spectres in 300 troops = 4% (rounded up) → +8', () => {
    expect(percentOfForce(10, 300)).toBe(4);
    const r = basicForceRating(plainForce({ troops: 300, twoAsteriskTroops: 10 }));
    expect(r.factors.special).toBe(8);
  });
});

describe('Troop ratio (seed lines 73–81; docs/rules.md §3)', () => {
  it.each([
    [140, 100, 15],
    [200, 100, 30],
    [800, 400, 30],
    [100, 100, 0],
    [25, 1, 130],
    [150, 100, 15],
    [151, 100, 30],
    [300, 100, 45],
    [301, 100, 60],
    [1000, 100, 100],
    [1001, 100, 110],
    [2000, 100, 120],
    [3000, 100, 130],
    [4000, 100, 140],
  ])('%i : %i → +%i', (a, b, bonus) => {
    expect(troopRatioBonus(a, b)).toBe(bonus);
    expect(troopRatioBonus(b, a)).toBe(bonus);
  });

  it('rounding down reads the largest printed band not above the ratio', () => {
    expect(troopRatioBonus(140, 100, 'down')).toBe(0);
    expect(troopRatioBonus(150, 100, 'down')).toBe(15);
    expect(troopRatioBonus(199, 100, 'down')).toBe(15);
    expect(troopRatioBonus(950, 100, 'down')).toBe(90);
    expect(troopRatioBonus(25, 1, 'down')).toBe(120);
    expect(troopRatioBonus(30, 1, 'down')).toBe(130);
  });
});

describe('Defender-only terrain when attackers fly (seed lines 117–118)', () => {
  const scenario = (attacker: string) =>
    loadText(`
kind: war-machine
sides:
  - { name: A, troops: 100, basicForceRating: 50, ${attacker} }
  - { name: B, troops: 100, battleRating: 50, defending: true, adjustments: { inStronghold: true } }
`).scenario as WarMachineScenario;
  const strongholdBonus = (s: WarMachineScenario) =>
    rateSides(s.sides as never, s.policies)[1].adjustments.find((a) => a.rule.startsWith('In stronghold'))!.value;

  it('full +50 when fewer than 5% fly, half (+25) from 5%, none when all fly', () => {
    expect(strongholdBonus(scenario('makeup: { flying: 4 }'))).toBe(50);
    expect(strongholdBonus(scenario('makeup: { flying: 5 }'))).toBe(25);
    expect(strongholdBonus(scenario('statements: [flying1, flying20]'))).toBe(25);
    expect(strongholdBonus(scenario('makeup: { flying: 100 }'))).toBe(0);
  });
});

describe('Make-up percentages are rounded up before the statement thresholds (RC l. 10904)', () => {
  // RC ch. 9 l. 10904: "In the calculations, round all fractions *up* unless the instructions say otherwise."
  // RC l. 10991: "h. 5% or more of the force can cast spells." 21 spellcasters in 500 troops = 4.2% → 5%.
  it('21 spellcasters in 500 (4.2%) satisfy "5% or more can cast spells"', () => {
    expect(makeupPercent((100 * 21) / 500)).toBe(5);
    expect(statementsFromMakeup({ spellcasters: (100 * 21) / 500 })).toContain('spellcasters5');
  });
  it('whole percentages stay put; any fraction rounds up (29.1% → 30%, 0.2% → 1%)', () => {
    expect(makeupPercent((100 * 7) / 35)).toBe(20); // 20.000000000000004 in doubles
    expect(statementsFromMakeup({ spellcasters: 29.1 })).toContain('spellcasters30');
    expect(statementsFromMakeup({ spellcasters: 0 })).toEqual([]);
    expect(statementsFromMakeup({ magical: 0.2 })).toEqual(['magical1']);
    expect(statementsFromMakeup({ mounted: 19 })).toEqual([]);
  });
});
