/**
 * Golden vectors for marching, food, forced marches, fatigue and divided forces, each quoting its source.
 * RC = D&D Rules Cyclopedia ch. 9 (OCR line numbers, docs/rules.md §9); sheet = the seed summary (its own line
 * numbers).
 */
import { describe, expect, it } from 'vitest';
import {
  choosingOrder,
  divisionProblem,
  pairForces,
  weakestOpponent,
  winnerOfTheDay,
  type DividedForce,
} from '../../src/rules/warMachine/divided.js';
import {
  FORCED_MARCH_BOOK,
  FORCED_MARCH_SHEET,
  fatigueOf,
  forageChanceInSix,
  forceMovementRate,
  hungerFatigue,
  marchDay,
  recoverOneDay,
  type Dice,
  type MarchPolicies,
  type MarchState,
} from '../../src/rules/warMachine/march.js';
import { TROOP_CLASSES } from '../../src/rules/warMachine/forceRating.js';
import { troopRatioBonus } from '../../src/rules/warMachine/adjustments.js';
import { decidedSides } from '../../src/rules/warMachine/battle.js';
import { leaderExperience, pcResourcesUsed } from '../../src/rules/warMachine/otherNotes.js';

/** Dice that return a script, and fail if asked for more. */
function script(...rolls: number[]): Dice & { left: () => number } {
  let i = 0;
  return {
    die: (sides: number) => {
      if (i >= rolls.length) throw new Error(`unscripted d${sides}`);
      const r = rolls[i++];
      if (r < 1 || r > sides) throw new Error(`d${sides} cannot roll ${r}`);
      return r;
    },
    left: () => rolls.length - i,
  };
}

const BOOK: MarchPolicies = { forcedMarchTable: 'book', forageTerrain: 0, forageInPlace: true };
const SHEET: MarchPolicies = { ...BOOK, forcedMarchTable: 'sheet' };
const fresh = (food: number): MarchState => ({
  distance: 0,
  food,
  daysWithoutFood: 0,
  exertion: { fatigue: 'N', daysLeft: 0 },
});

describe('Forced marches table, both readings (RC l. 11386–11410; sheet l. 230–241)', () => {
  // RC l. 11391–11398, as printed ("N: No forced march, no fatigue", l. 11406):
  const book = {
    Untrained: 'F F+M F+S M M M',
    Poor: 'F F+M F+S N N M',
    'Below average': 'F F+M F+M F+S M M',
    Fair: 'F F+M F+M F+M N N',
    Average: 'F F F+M F+M N M',
    Good: 'F F F+M F+M N N',
    Excellent: 'F F F F F+M N',
    Elite: 'F F F F F+M F+M',
  };
  // Sheet l. 233–240 ("F, M" written "F+M"; "---" read as N):
  const sheet = {
    Untrained: 'F F+M F+S M M M',
    Poor: 'F F+M F+S N M M',
    'Below average': 'F F+M F+M F+S M M',
    Fair: 'F F+M F+M F+M N M',
    Average: 'F F F+M F+M N M',
    Good: 'F F F+M F+M N N',
    Excellent: 'F F F F F+M N',
    Elite: 'F F F F F+M F+M',
  };
  it.each(TROOP_CLASSES.map((c) => c.name))('%s', (cls) => {
    expect(FORCED_MARCH_BOOK[cls].join(' ')).toBe(book[cls]);
    expect(FORCED_MARCH_SHEET[cls].join(' ')).toBe(sheet[cls]);
  });
  it('the readings differ in exactly two cells: Poor roll 5 and Fair roll 6', () => {
    const diffs: string[] = [];
    for (const { name } of TROOP_CLASSES)
      for (let r = 0; r < 6; r++)
        if (FORCED_MARCH_BOOK[name][r] !== FORCED_MARCH_SHEET[name][r]) diffs.push(`${name} ${r + 1}`);
    expect(diffs).toEqual(['Poor 5', 'Fair 6']);
  });
  it('F adds 50% to the day (RC l. 11400; sheet l. 196 "3V′/2"); M alone: normal move, fatigued (book vs sheet on Fair 6)', () => {
    const force = { rate: 12, troopClass: 'Fair' as const };
    const ok = marchDay(fresh(5), 'forced-march', force, BOOK, script(1));
    expect([ok.moved, ok.forced, fatigueOf(ok.state)]).toEqual([18, true, 'N']);
    const fm = marchDay(fresh(5), 'forced-march', force, BOOK, script(2, 3));
    expect([fm.moved, fatigueOf(fm.state), fm.state.exertion.daysLeft]).toEqual([18, 'M', 3]);
    const bookSix = marchDay(fresh(5), 'forced-march', force, BOOK, script(6));
    expect([bookSix.moved, bookSix.forced, fatigueOf(bookSix.state)]).toEqual([12, false, 'N']);
    const sheetSix = marchDay(fresh(5), 'forced-march', force, SHEET, script(6, 2));
    expect([sheetSix.moved, sheetSix.forced, fatigueOf(sheetSix.state)]).toEqual([12, false, 'M']);
  });
  it('"If force is already moderately fatigued, it becomes seriously fatigued" (RC l. 11408); "A force that is seriously fatigued cannot attempt a forced march" (RC l. 11414)', () => {
    const force = { rate: 12, troopClass: 'Fair' as const };
    const tired: MarchState = { ...fresh(5), exertion: { fatigue: 'M', daysLeft: 4 } };
    const d = marchDay(tired, 'forced-march', force, BOOK, script(2, 1));
    expect(fatigueOf(d.state)).toBe('S');
    const spent: MarchState = { ...fresh(5), exertion: { fatigue: 'S', daysLeft: 4 } };
    const none = marchDay(spent, 'forced-march', force, BOOK, script());
    expect(none.moved).toBe(0);
  });
});

describe('Movement rate by force size (RC l. 11374–11378; sheet l. 190–192)', () => {
  // "Up to 50 troops can move together at their base movement rate … 51-100 troops move at two-thirds their
  // usual rate. 101 or more troops move at half the usual rate." Fractions up (RC l. 10904).
  it.each([
    [50, 24, 24],
    [51, 24, 16],
    [100, 24, 16],
    [101, 24, 12],
    [5000, 24, 12],
    [80, 10, 7],
    [200, 9, 5],
  ])('%i troops at V = %i move %i a day', (troops, v, expected) => {
    expect(forceMovementRate(v, troops)).toBe(expected);
  });
  it('"Cannot move if seriously fatigued" (sheet l. 192)', () => {
    const spent: MarchState = { ...fresh(5), daysWithoutFood: 3 };
    expect(marchDay(spent, 'march', { rate: 12, troopClass: 'Good' }, BOOK, script()).moved).toBe(0);
  });
});

describe('Foraging (RC l. 11384; sheet l. 193–194)', () => {
  // "slow movement to two-thirds the normal rate, with a 2 in 6 chance of finding enough food, or … one-third
  // normal, for a 4 in 6 chance of success. Terrain can modify the chances by +1 or -1".
  const chance = (action: 'forage' | 'forage-slow', terrain = 0) => {
    let found = 0;
    for (let roll = 1; roll <= 6; roll++)
      if (
        marchDay(fresh(0), action, { rate: 12, troopClass: 'Good' }, { ...BOOK, forageTerrain: terrain }, script(roll))
          .foraged
      )
        found++;
    return `${found} in 6`;
  };
  it('2 in 6 at 2V′/3, 4 in 6 at V′/3, ±1 for terrain', () => {
    expect(chance('forage')).toBe('2 in 6');
    expect(chance('forage-slow')).toBe('4 in 6');
    expect(chance('forage', 1)).toBe('3 in 6');
    expect(chance('forage-slow', -1)).toBe('3 in 6');
    expect(forageChanceInSix('forage-slow', 5)).toBe(6);
  });
  it('moves 2V′/3 and V′/3, fractions up', () => {
    expect(marchDay(fresh(0), 'forage', { rate: 16, troopClass: 'Good' }, BOOK, script(6)).moved).toBe(11);
    expect(marchDay(fresh(0), 'forage-slow', { rate: 16, troopClass: 'Good' }, BOOK, script(6)).moved).toBe(6);
  });
});

describe('Fatigue onset without food and its cure (RC l. 11412; sheet l. 194–195)', () => {
  // "Without supplies, a force can travel for one day without penalty. After a second day, the force becomes
  // 'moderately fatigued.' After a third day, the force is 'seriously fatigued.' … One day's supply of food
  // removes all of this fatigue … but does *not* affect fatigue caused as a combat result."
  it("day 1 none, day 2 moderate, day 3 serious; a day's food removes it", () => {
    expect([0, 1, 2, 3, 4].map(hungerFatigue)).toEqual(['N', 'N', 'M', 'S', 'S']);
    const force = { rate: 12, troopClass: 'Good' as const };
    let s = fresh(1);
    const seen: string[] = [];
    for (let day = 1; day <= 4; day++) {
      s = marchDay(s, 'rest', force, BOOK, script()).state;
      seen.push(fatigueOf(s));
    }
    expect(seen).toEqual(['N', 'N', 'M', 'S']); // one day of stores, then three unfed days
    const fed = marchDay(s, 'forage-slow', force, BOOK, script(1)); // found food
    expect(fatigueOf(fed.state)).toBe('N');
  });
  it('food does not cure forced-march fatigue', () => {
    const s: MarchState = { ...fresh(3), daysWithoutFood: 3, exertion: { fatigue: 'M', daysLeft: 3 } };
    const d = marchDay(s, 'rest', { rate: 12, troopClass: 'Good' }, BOOK, script());
    expect(d.state.daysWithoutFood).toBe(0);
    expect(fatigueOf(d.state)).toBe('M');
  });
});

describe('Fatigue recovery (sheet l. 180–181; RC l. 11164)', () => {
  // Sheet: "Seriously fatigued force becomes moderately fatigued after 1d4 days; moderately fatigued force
  // recovers after 1d4 days." RC: "'Seriously fatigued' troops become 'moderately fatigued' in 1d4 days, and will
  // have their strength restored after another 1d4 days."
  it('S with 2 days left: S, S→M (roll 3), M, M, M→N', () => {
    let e = { fatigue: 'S' as const, daysLeft: 2 } as { fatigue: 'N' | 'M' | 'S'; daysLeft: number };
    const seen: string[] = [];
    const dice = script(3);
    for (let day = 0; day < 5; day++) {
      e = recoverOneDay(e, dice);
      seen.push(`${e.fatigue}${e.daysLeft}`);
    }
    expect(seen).toEqual(['S1', 'M3', 'M2', 'M1', 'N0']);
    expect(dice.left()).toBe(0);
  });
  it('the time from serious to rested is 2d4 days: 2 … 8, mean 5', () => {
    const days: number[] = [];
    for (let a = 1; a <= 4; a++)
      for (let b = 1; b <= 4; b++) {
        let e = { fatigue: 'S' as const, daysLeft: a } as { fatigue: 'N' | 'M' | 'S'; daysLeft: number };
        const dice = script(b);
        let n = 0;
        while (e.fatigue !== 'N') {
          e = recoverOneDay(e, dice);
          n++;
        }
        days.push(n);
      }
    expect(Math.min(...days)).toBe(2);
    expect(Math.max(...days)).toBe(8);
    expect(days.reduce((t, x) => t + x, 0) / 16).toBe(5);
  });
});

describe('Dividing a force and pairing order (RC l. 11055–11065; sheet l. 66–68)', () => {
  // RC l. 11059–11065: "A force of 1,000 orcs (BR 72) meets three other forces: 200 elves (BR 83), 400 men
  // (BR 70), and 140 dwarves (BR 88). The orcs must split into three forces … These might be 100, 100 and 800 …
  // the dwarves pick one group of 100 orcs. The next highest rated force picks an opponent; the elves take the
  // other group of 100 orcs. … there is only one remaining force, the men, so the 800 orcs will fight the 400 men."
  const orcs: DividedForce[] = [100, 100, 800].map((troops, index) => ({ side: 0, index, battleRating: 72, troops }));
  const others: DividedForce[] = [
    { side: 1, index: 0, battleRating: 83, troops: 200 }, // elves
    { side: 1, index: 1, battleRating: 70, troops: 400 }, // men
    { side: 1, index: 2, battleRating: 88, troops: 140 }, // dwarves
  ];
  // The chooser prefers the battle where its modified BR most exceeds the enemy's (troop ratio included).
  const edge = (me: DividedForce, them: DividedForce) =>
    me.battleRating +
    (me.troops > them.troops ? troopRatioBonus(me.troops, them.troops) : 0) -
    them.battleRating -
    (them.troops > me.troops ? troopRatioBonus(them.troops, me.troops) : 0);
  it('dwarves choose first, then elves, then the orcs; the 800 orcs meet the 400 men', () => {
    expect(choosingOrder([orcs, others]).map((f) => `${f.side}:${f.index}`)).toEqual([
      '1:2',
      '1:0',
      '0:0',
      '0:1',
      '0:2',
      '1:1',
    ]);
    const pairs = pairForces([orcs, others], edge);
    expect(pairs).toEqual([
      [0, 2], // 100 orcs – dwarves (first choice: the first small group)
      [1, 0], // 100 orcs – elves
      [2, 1], // 800 orcs – men
    ]);
  });
  it('same number of forces, at least 10 troops each', () => {
    expect(divisionProblem([orcs, others])).toBeNull();
    expect(divisionProblem([orcs.slice(0, 2), others])).toMatch(/same number of forces/);
    expect(divisionProblem([[{ ...orcs[0], troops: 9 }], [others[0]]])).toMatch(/at least 10/);
  });
  it('the weakest-opponent preference picks the lowest BR', () => {
    const pairs = pairForces([orcs, others], weakestOpponent);
    expect(pairs.find((p) => p[1] === 2)).toBeDefined();
    // dwarves (88) choose first and take the weakest: an orc force of 100 (BR 72, fewest troops)
    expect(pairs.find((p) => p[1] === 2)![0]).toBe(0);
  });
  it('who wins the day, by each rule', () => {
    const r = [
      {
        winner: 0 as const,
        holdsField: [true, false] as [boolean, boolean],
        troopsLeft: [90, 100] as [number, number],
      },
      {
        winner: 1 as const,
        holdsField: [false, true] as [boolean, boolean],
        troopsLeft: [50, 180] as [number, number],
      },
      {
        winner: 0 as const,
        holdsField: [true, false] as [boolean, boolean],
        troopsLeft: [700, 300] as [number, number],
      },
    ];
    expect(winnerOfTheDay(r, 'battles')).toBe(0);
    expect(winnerOfTheDay(r, 'field')).toBeNull(); // both sides hold somewhere: another round may be fought
    expect(winnerOfTheDay(r, 'troops')).toBe(0);
  });
});

describe('Other notes: XP, spells and charges, mercy (RC l. 11296–11360; sheet l. 170–177)', () => {
  // RC l. 11360: "If the PC wins the battle, the PC gets that number of experience points. The PC gets one-third of
  // that number if the battle is lost."
  it('XP for leading: enemy troops on a win, a third (rounded up) on a loss', () => {
    expect(leaderExperience(400, 'won')).toBe(400);
    expect(leaderExperience(400, 'lost')).toBe(134);
    expect(leaderExperience(400, 'none')).toBe(0);
  });
  // RC l. 11358: losing side: "all combat spells and two-thirds of the charges"; winning: "one-third of the
  // applicable magical item charges are used, and the PC keeps 1 combat spell uncast".
  it('spells and item charges used', () => {
    expect(pcResourcesUsed('lost')).toEqual({ combatSpellsKept: 0, itemChargesUsed: 2 / 3 });
    expect(pcResourcesUsed('won')).toEqual({ combatSpellsKept: 1, itemChargesUsed: 1 / 3 });
  });
  // RC l. 11300–11302: mercy: "The loser's casualties are cut in half. All wounded may be recovered, even if the
  // loser has been driven from the field."
  it('mercy: a retreating loser loses half as many and keeps its wounded', () => {
    const sides = [
      { troops: 1000, modifiedBattleRating: 100, tactic: null },
      { troops: 1000, modifiedBattleRating: 50, tactic: null },
    ] as const;
    const fx = {
      noCombat: false,
      brBonus: [0, 0] as [number, number],
      casualtyMod: [0, 0] as [number, number],
      withdraws: [false, false] as [boolean, boolean],
    };
    const row = 3; // 25–30: 10% / 30%, F / R+1
    const plain = decidedSides(sides, fx, 0, row, { tie: 'reroll', casualtyMod: 'additive', mercy: false });
    const mercy = decidedSides(sides, fx, 0, row, { tie: 'reroll', casualtyMod: 'additive', mercy: true });
    expect(plain[1].losses).toEqual({ lost: 300, dead: 300, wounded: 0 }); // retreats: wounded count as dead
    expect(mercy[1].losses).toEqual({ lost: 150, dead: 75, wounded: 75 });
    expect(mercy[0].losses).toEqual(plain[0].losses);
  });
});
