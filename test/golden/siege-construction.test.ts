/**
 * Golden vectors for field construction, from the Rules Cyclopedia ch. 9 "Field Construction" (RC l. 11736–11748,
 * copied in docs/sources/rc-siege.md) and the Siege Weapons Table (RC l. 7318–7324, costs; l. 11581–11586, hp).
 */
import { describe, expect, it } from 'vitest';
import {
  buildDays,
  constructionSchedule,
  CONSTRUCTION,
  hardwareCost,
  joinedBy,
  maxWorkers,
  woodDays,
} from '../../src/rules/siege/construction.js';
import { weaponBr, withFullyCrewedPieces } from '../../src/rules/siege/equipment.js';

describe('RC l. 11746: "if six men work on a light catapult … 3 hit points per day, taking six days to complete an 18 hit point catapult. No more than nine men can work on it at once."', () => {
  it('light catapult: 18 hp, 6 men → 6 days; at most 9 men (half its hit points)', () => {
    expect(CONSTRUCTION.lightCatapult.hitPoints).toBe(18);
    expect(buildDays(18, 6)).toBe(6);
    expect(maxWorkers(18)).toBe(9);
    expect(buildDays(18, 9)).toBe(4);
  });
  it('the schedule agrees: one engineer, one artillerist, 6 workers finish on day 6; it joins in week 2', () => {
    const s = constructionSchedule(
      { engineers: 1, artillerists: 1, workers: 6, woodMiles: null, build: [{ engine: 'lightCatapult', count: 1 }] },
      70,
    );
    expect(s.engines).toEqual([{ engine: 'lightCatapult', startDay: 1, finishDay: 6, week: 2 }]);
  });
});

describe('RC l. 11740: "The cost of hardware is 10% of the listed cost of the piece of equipment."', () => {
  it('trebuchet 400 gp (RC l. 7322) → 40 gp; ballista 75 gp (l. 7319) → 7.5 gp', () => {
    expect(hardwareCost('trebuchet')).toBe(40);
    expect(hardwareCost('ballista')).toBe(7.5);
  });
});

describe('RC l. 11742: "10 men can gather enough wood in one day to make 5 hit points … 5-10 miles away, double the time … 15-20 miles away, quadruple"', () => {
  it('36 hp (a trebuchet) by 10 men: 8 days within 5 miles, 16 at 5–10 miles, 29 at 15–20; 20 men halve it', () => {
    expect(woodDays(36, 10, 3)).toBe(8);
    expect(woodDays(36, 10, 8)).toBe(15); // 36 × 2 / 5 = 14.4 → 15
    expect(woodDays(36, 10, 20)).toBe(29); // 36 × 4 / 5 = 28.8 → 29
    expect(woodDays(36, 20, 3)).toBe(4);
    expect(woodDays(36, 9, 3)).toBeNull();
    expect(woodDays(36, 10, 21)).toBeNull();
  });
});

describe('RC l. 11738: "One siege engineer can supervise up to four constructions at one time. One artisteer can supervise only two"', () => {
  it('3 trebuchets, 1 engineer, 1 artillerist, 27 workers: the artillerist supervises two at once, the third waits', () => {
    // 36 hp: at most 18 men (half its hp; the sheet's "max 9 men per item" is the catapult example's number).
    // Day 1: 18 men on the first (72 half-hp / 18 → day 4), 9 on the second; it gets 18 from day 5 (done day 6).
    // The third begins on day 5, when the first frees the artillerist: 9 men on days 5–6, 18 after → day 9.
    const s = constructionSchedule(
      { engineers: 1, artillerists: 1, workers: 27, woodMiles: null, build: [{ engine: 'trebuchet', count: 3 }] },
      70,
    );
    expect(s.engines.map((e) => [e.startDay, e.finishDay, e.week])).toEqual([
      [1, 4, 2],
      [1, 6, 2],
      [5, 9, 3],
    ]);
    expect(s.materialsGp).toBe(120);
  });
  it('rams need no artillerist: 1 engineer runs 4 at once, the fifth waits', () => {
    const s = constructionSchedule(
      { engineers: 1, artillerists: 0, workers: 100, woodMiles: null, build: [{ engine: 'ram', count: 5 }] },
      70,
    );
    // 50 hp, at most 25 men by half its hp: 100 hp of half-points / 25 = 4 days.
    expect(s.engines.map((e) => e.finishDay)).toEqual([4, 4, 4, 4, 8]);
  });
  it('wood first: 10 men, 18 hp 8 miles away → 8 days of gathering, then 9 men build in 4: day 12', () => {
    const s = constructionSchedule(
      { engineers: 1, artillerists: 1, workers: 10, woodMiles: 8, build: [{ engine: 'lightCatapult', count: 1 }] },
      70,
    );
    expect(s.woodDays).toBe(8); // 18 × 2 / 5 = 7.2 → 8
    expect(s.engines[0]).toEqual({ engine: 'lightCatapult', startDay: 9, finishDay: 12, week: 3 });
  });
  it('a piece not finished within the siege has no week', () => {
    const s = constructionSchedule(
      { engineers: 1, artillerists: 1, workers: 1, woodMiles: null, build: [{ engine: 'trebuchet', count: 1 }] },
      14,
    );
    expect(s.engines[0]).toEqual({ engine: 'trebuchet', startDay: 1, finishDay: null, week: null });
  });
});

describe('built pieces join with the Weapons Table\'s "Full Crew" (RC l. 11581–11586), and the crew rule (RC l. 11639) mans the whole line', () => {
  it('a built trebuchet (full crew 12) joining 1 trebuchet with 6 men: 2 pieces, 18 men → one full (BR 12), one half (BR 6)', () => {
    const engines = [
      { engine: 'trebuchet' as const, startDay: 1, finishDay: 9, week: 3 },
      { engine: 'trebuchet' as const, startDay: 1, finishDay: 30, week: 6 },
    ];
    expect(joinedBy(engines, 2)).toEqual({});
    expect(joinedBy(engines, 3)).toEqual({ trebuchet: 1 });
    const inv = withFullyCrewedPieces({ trebuchet: { count: 1, crew: 6 } }, joinedBy(engines, 5));
    expect(inv).toEqual({ trebuchet: { count: 2, crew: 18 } });
    expect(weaponBr({ trebuchet: { count: 1, crew: 6 } }, 'trebuchet')).toBe(6);
    expect(weaponBr(inv, 'trebuchet')).toBe(18);
  });
});

describe('RC l. 11738 "Siege equipment can be constructed at the site of the siege": the Miscellaneous Equipment Table too (RC l. 11594–11599, "HP", cost at the standard size)', () => {
  it("belfry 25 gp/ft × 30' = 750 gp, 75 hp; gallery shed 15 gp/ft × 20' = 300 gp, 40 hp; hoist 5 gp/ft × 30' = 150 gp, 15 hp; ladder 1 gp/10' × 30' = 3 gp, 3 hp; mantlet 2 gp/ft × 8' = 16 gp, 16 hp; timber fort 4 gp/ft × 8' = 32 gp, 32 hp", () => {
    const rows = (['belfry', 'galleryShed', 'hoist', 'ladder', 'mantlet', 'timberFort'] as const).map((e) => [
      CONSTRUCTION[e].costGp,
      CONSTRUCTION[e].hitPoints,
      CONSTRUCTION[e].artillery,
    ]);
    expect(rows).toEqual([
      [750, 75, false],
      [300, 40, false],
      [150, 15, false],
      [3, 3, false],
      [16, 16, false],
      [32, 32, false],
    ]);
    // hardware 10% (RC l. 11740): a belfry's 75 gp; a ladder (3 hp) takes at most 1 man (RC l. 11746), 6 days
    expect(hardwareCost('belfry')).toBe(75);
    expect(maxWorkers(3)).toBe(1);
    expect(buildDays(3, 1)).toBe(6);
  });
});
