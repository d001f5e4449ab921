/**
 * Golden vectors: the Siege Machine rules as the Rules Cyclopedia (RC, docs/sources/rc-siege.md, line numbers of
 * the RC text) and the sheet (docs/sources/war-machine-sheet.txt) print them. Each block quotes its line.
 */
import { describe, expect, it } from 'vitest';
import {
  attackerEquipmentBr,
  concentrateEngines,
  concentratedTroops,
  countOf,
  crewOf,
  defenderEquipmentBr,
  equipmentSets,
  fortificationBr,
  galleryShedBr,
  itemBr,
  manning,
  sumLines,
  weaponAmmoCost,
  weaponBr,
} from '../../src/rules/siege/equipment.js';
import { A_BOMBARD, A_HARASS, compileSiege } from '../../src/kinds/siege/plan.js';
import { summarizeSiege } from '../../src/kinds/siege/summary.js';
import { runTrials } from '../../src/engine/run.js';
import { loadKernel } from '../../src/kinds/index.js';
import { FORTIFICATIONS } from '../../src/rules/siege/tables.js';
import { siegeSchema } from '../../src/kinds/siege/schema.js';
import {
  ammunitionGroups,
  attackerReclaim,
  defenderReclaim,
  issueAmmunition,
  SHOT_PER_UNIT,
  STONE_BUILDING_AMMUNITION_UNITS,
} from '../../src/rules/siege/ammunition.js';

const art = { harass: true, assault: true };
const assault = (inv: Parameters<typeof attackerEquipmentBr>[0], men: number, reading: 'rc' | 'sheet' = 'rc') =>
  sumLines(attackerEquipmentBr(inv, men, 'assault', art, reading));

async function run(input: Record<string, unknown>, trials = 2000) {
  const s = siegeSchema.parse({
    kind: 'siege',
    attacker: { name: 'A', troops: 1000, battleRating: 100 },
    defender: { name: 'D', troops: 200, battleRating: 80 },
    ...input,
  });
  const { plan } = compileSiege(s);
  const r = await runTrials({ kernel: await loadKernel('siege'), plan, seed: 5, trials, threads: 1 });
  return { plan, sum: summarizeSiege(plan, r.acc, r.trials) };
}

describe('1. gallery shed — RC l. 11595 "Gallery Shed … Doubles values of bore or ram"; sheet l. 421 "(bore/ram × 2)"', () => {
  it('one shed over one ram: ram 4 doubled to 8, i.e. +4 for the shed (not a flat +8)', () => {
    expect(galleryShedBr({ ram: 1, galleryShed: 1 })).toBe(4);
    expect(assault({ ram: 1, galleryShed: 1 }, 100)).toBe(8);
  });
  it('a shed doubles what its bore or ram is worth: a half-crewed ram (2) becomes 4', () => {
    expect(assault({ ram: { count: 1, crew: 5 }, galleryShed: 1 }, 100)).toBe(2 + 2);
  });
  it('sheds beyond the bores and rams add nothing', () => {
    expect(galleryShedBr({ bore: 1, ram: 1, galleryShed: 3 })).toBe(8);
  });
});

describe('2. ** items — RC l. 11603 "** All bonuses require that there be 1 piece per 1,000 men in the force"; l. 11596–11597 "+4** (+ 2 with Belfry)", "+2** (+ 2 with Belfry)"', () => {
  it('belfry, hoist, ladder: the bonus once with ⌈men/1000⌉ pieces; more pieces do not multiply it', () => {
    expect(assault({ ladder: 3 }, 2500)).toBe(2);
    expect(assault({ ladder: 30 }, 2500)).toBe(2);
    expect(assault({ ladder: 2 }, 2500)).toBe(0);
    expect(assault({ hoist: 2 }, 2500)).toBe(0);
    expect(assault({ belfry: 5 }, 1000)).toBe(10);
  });
  it('hoist and ladder +2 with a belfry (that earns its bonus)', () => {
    expect(assault({ belfry: 1, hoist: 1, ladder: 1 }, 1000)).toBe(10 + 6 + 4);
    expect(assault({ belfry: 1, hoist: 2, ladder: 2 }, 2000)).toBe(0 + 4 + 2);
  });
  it('sheet reading (policy ladderHoistFootnotes: sheet; sheet l. 423–425, 433 "m, b", "+2 for bore or ram")', () => {
    expect(assault({ ram: 1, hoist: 1, ladder: 1 }, 1000, 'sheet')).toBe(4 + 6 + 4);
    expect(assault({ belfry: 1, hoist: 1, ladder: 1 }, 1000, 'sheet')).toBe(10 + 4 + 2);
  });
});

describe('3. ‡ items — RC l. 11607 "1 piece per 100 men … Greater numbers can multiply the BR bonus up to 5 maximum"; sheet l. 434 "requires 1 per 100 men"', () => {
  it('700 mantlets with 100 men: ×5 at most → +10 (A), +15 (H), not +1,400', () => {
    expect(equipmentSets('mantlet', 700, 100)).toBe(5);
    expect(assault({ mantlet: 700 }, 100)).toBe(10);
    expect(sumLines(attackerEquipmentBr({ mantlet: 700 }, 100, 'harass', art))).toBe(15);
  });
  it('timber forts: 1,000 men need 10 a set; 25 forts = 2 sets', () => {
    expect(itemBr('timberFort', 'harass', { timberFort: 25 }, 1000)).toBe(12);
  });
});

describe('4. crews — RC l. 11639 "at least one-quarter … to be usable … less than full, but … at least half … BR+ and the Ammo Cost are half … below half but not below one-fourth … divided by four. Round all fractions down"', () => {
  it('full crews from the Weapons Table (RC l. 11581–11586): ballista 4, catapults 6 / 8, trebuchet 12, bore and ram 10', () => {
    expect(manning(2, 24, 12)).toEqual([2, 0, 0]);
    expect(manning(1, 4, 6)).toEqual([0, 1, 0]);
    expect(manning(1, 2, 6)).toEqual([0, 0, 1]);
    expect(manning(1, 1, 6)).toEqual([0, 0, 0]);
  });
  it('light catapult with 4 of 6: BR 2, ammunition 2,000 gp a week; with 2 of 6: BR 1, 1,000 gp; with 1: unusable', () => {
    expect(weaponBr({ lightCatapult: { count: 1, crew: 4 } }, 'lightCatapult')).toBe(2);
    expect(weaponAmmoCost({ lightCatapult: { count: 1, crew: 4 } }, 'lightCatapult')).toBe(2000);
    expect(weaponBr({ lightCatapult: { count: 1, crew: 2 } }, 'lightCatapult')).toBe(1);
    expect(weaponAmmoCost({ lightCatapult: { count: 1, crew: 2 } }, 'lightCatapult')).toBe(1000);
    expect(weaponBr({ lightCatapult: { count: 1, crew: 1 } }, 'lightCatapult')).toBe(0);
  });
  it('fractions down: a ballista at a quarter crew is worth ⌊2/4⌋ = 0; a line without crew is fully crewed', () => {
    expect(weaponBr({ ballista: { count: 1, crew: 1 } }, 'ballista')).toBe(0);
    expect(crewOf({ trebuchet: 2 }, 'trebuchet')).toBe(24);
    expect(countOf({ trebuchet: { count: 2, crew: 18 } }, 'trebuchet')).toBe(2);
    // 18 men for 2 trebuchets: one full (12), one half (6) → 12 + 6.
    expect(weaponBr({ trebuchet: { count: 2, crew: 18 } }, 'trebuchet')).toBe(18);
  });
  it("the castle example's defender catapult (4 of 6) gives the garrison +2 under bombard, +4 under harass", () => {
    const inv = { ballista: { count: 4, crew: 16 }, lightCatapult: { count: 1, crew: 4 } };
    expect(sumLines(defenderEquipmentBr(inv, 'bombard'))).toBe(2 + 4);
    expect(sumLines(defenderEquipmentBr(inv, 'harass'))).toBe(4 + 8);
  });
});

describe('5. hit points — RC ch. 12 Fortifications Table, l. 12674–12692', () => {
  it("castle wall 500 per 100', battlement 50, wooden wall 300, gatehouse 550, square keep 2,500, towers 300 / 350 / 250, barbican 700, buildings 40 / 60, drawbridge 50, gate 100", () => {
    const hp = Object.fromEntries(Object.entries(FORTIFICATIONS).map(([k, v]) => [k, v.hitPoints]));
    expect(hp).toMatchObject({
      castleWall: 500,
      battlement: 50,
      woodenWall: 300,
      gatehouse: 550,
      squareKeep: 2500,
      bastionTower: 300,
      roundTowerWide: 350,
      roundTowerNarrow: 250,
      barbican: 700,
      woodBuilding: 40,
      stoneBuilding: 60,
      drawbridge: 50,
      gate: 100,
    });
  });
  it('a scenario may still override them', async () => {
    const s = siegeSchema.parse({
      kind: 'siege',
      attacker: { name: 'A', troops: 100, battleRating: 10 },
      defender: { name: 'D', troops: 10, battleRating: 10 },
      foodWeeks: 1,
      strategy: { attacker: 'harass' },
      fortifications: [
        { structure: 'gatehouse', count: 1 },
        { structure: 'gate', count: 1, hitPoints: 150 },
      ],
    });
    expect(compileSiege(s).hitPointsByClass.gatehouses).toBe(550 + 150);
  });
});

describe('6. food and damage weeks — sheet l. 365–366 "unfed troops desert after 1d3 days"; RC l. 11712 "Troops not fed at all will desert or rebel after only 1-3 days"; RC l. 11758 "Multiply the result by the number of weeks that the siege lasted"', () => {
  const base = {
    fortifications: [{ structure: 'castleWall', lengthFeet: 400 }],
    equipment: { attacker: { ballista: { count: 1 }, ram: { count: 1 } } },
    foodWeeks: 2,
    weekLimit: 10,
    strategy: { attacker: 'bombard' },
  };
  it('the unfed garrison is gone in the first week without food (default desertion: unfed)', async () => {
    const { sum } = await run(base);
    expect(sum.endings.starved.probability).toBe(1);
    expect(sum.endings.starved.meanWeek).toBe(3);
  });
  it("policy desertion: tenPercent keeps the simple siege's 10% a week (sheet l. 185)", async () => {
    const { sum } = await run({ ...base, policies: { desertion: 'tenPercent' } });
    expect(sum.endings.starved.probability).toBe(0);
    expect(sum.endings.standing.probability).toBe(1);
  });
  it('damage: every weapon in use, every week of siege (default damageWeeks: siege); per week fired is the policy', () => {
    const book = compileSiege(
      siegeSchema.parse({
        kind: 'siege',
        attacker: { name: 'A', troops: 100, battleRating: 10 },
        defender: { name: 'D', troops: 10, battleRating: 10 },
        ...base,
      }),
    ).plan;
    expect([book.damageEveryWeek, book.useBreaching[A_BOMBARD], book.useBreaching[A_HARASS]]).toEqual([1, 1, 1]);
    const fired = compileSiege(
      siegeSchema.parse({
        kind: 'siege',
        attacker: { name: 'A', troops: 100, battleRating: 10 },
        defender: { name: 'D', troops: 10, battleRating: 10 },
        ...base,
        policies: { damageWeeks: 'fired' },
      }),
    ).plan;
    expect([fired.damageEveryWeek, fired.useBreaching[A_BOMBARD], fired.useBreaching[A_HARASS]]).toEqual([0, 0, 0]);
  });
  it('a 2-week bombardment with a ballista (1d10+6) and a ram (1d6+8): (b + r) × 2 − d100 ≥ 0, mean matches the exact sum', async () => {
    const { sum } = await run({ ...base, weekLimit: 2, foodWeeks: 5 }, 20000);
    // exact: E[max(0, 2(b + r) − d)], b ∈ 7…16, r ∈ 9…14, d ∈ 1…100 (10.57, sd 14.9); per week fired (ballista
    // only) it would be 2.70: 4 sd / √n = 0.42 tells them apart
    let exact = 0,
      square = 0;
    for (let b = 7; b <= 16; b++) {
      for (let r = 9; r <= 14; r++) {
        for (let d = 1; d <= 100; d++) {
          const v = Math.max(0, 2 * (b + r) - d);
          exact += v / 6000;
          square += (v * v) / 6000;
        }
      }
    }
    const sd = Math.sqrt(square - exact * exact);
    expect(Math.abs(sum.damage.meanDamage - exact)).toBeLessThan((4 * sd) / Math.sqrt(20000));
  });
});

describe('7. concentrated fire — RC l. 11774–11775 "no more than 300 troops and four siege engines per 100 feet of attack frontage … full BR benefit from the section … towers with 200 feet … one-quarter … for the remaining parts"; sheet l. 356–358', () => {
  it("200' of frontage: at most 600 troops and 8 engines, the best kept", () => {
    expect(concentratedTroops(1200, 200)).toBe(600);
    const inv = concentrateEngines({ trebuchet: 2, heavyCatapult: 2, ballista: 6 }, 200);
    expect([countOf(inv, 'trebuchet'), countOf(inv, 'heavyCatapult'), countOf(inv, 'ballista')]).toEqual([2, 2, 4]);
    expect(crewOf(inv, 'ballista')).toBe(16);
  });
  it("defender: full BR from the 200' of wall attacked and 2 towers near it, ¼ of the rest", () => {
    const lines = fortificationBr(
      [
        { structure: 'castleWall', lengthFeet: 800 },
        { structure: 'roundTowerWide', count: 4, nearFront: 2 },
        { structure: 'squareKeep', count: 1 },
      ],
      200,
    );
    // full: wall 20 + towers 14; rest: wall 60 + towers 14 + keep 50 = 124 → ¼ = 31
    expect(sumLines(lines)).toBe(20 + 14 + 31);
  });
  it("the kernel fights with at most 300 troops per 100'", () => {
    const s = siegeSchema.parse({
      kind: 'siege',
      attacker: { name: 'A', troops: 1200, battleRating: 10 },
      defender: { name: 'D', troops: 10, battleRating: 10 },
      foodWeeks: 1,
      strategy: { attacker: 'harass' },
      attackFrontFeet: 100,
    });
    expect(compileSiege(s).plan.attackerTroopCap).toBe(300);
  });
});

describe('8. defenders depart — sheet l. 294–296 "if 10% of defenders remain, noticed after 1 turn of assault, 1d4 hours after dawn if harassing, unnoticed if bombarding"; RC l. 11511', () => {
  it('the 10% rear guard stays behind; under bombard the departure goes unnoticed', async () => {
    const { sum } = await run(
      {
        equipment: { attacker: { ballista: { count: 1 } } },
        foodWeeks: 5,
        escapeRoute: true,
        strategy: { attacker: 'bombard', defender: 'depart' },
      },
      100,
    );
    expect(sum.endings.defendersDepart.probability).toBe(1);
    expect(sum.departure.rearGuardMean).toBe(20);
    expect(sum.departure.unnoticed).toBe(1);
  });
  it('under harass it is noticed hours after dawn; with policy rearGuard: false nobody stays', async () => {
    const { sum } = await run(
      {
        foodWeeks: 5,
        escapeRoute: true,
        strategy: { attacker: 'harass', defender: 'depart' },
        policies: { rearGuard: false },
      },
      100,
    );
    expect(sum.departure.rearGuardMean).toBe(0);
    const h = await run({ foodWeeks: 5, escapeRoute: true, strategy: { attacker: 'harass', defender: 'depart' } }, 100);
    expect(h.sum.departure.noticedHoursAfterDawn).toBe(1);
  });
});

describe('ammunition (RC l. 11639, 11645–11679; sheet l. 367–373)', () => {
  it('"6 units of light catapult ammunition as equal to 5 units of heavy catapult ammunition, or 4 units of trebuchet ammunition" (RC l. 11679)', () => {
    expect(6 * SHOT_PER_UNIT.lightCatapult).toBe(5 * SHOT_PER_UNIT.heavyCatapult);
    expect(5 * SHOT_PER_UNIT.heavyCatapult).toBe(4 * SHOT_PER_UNIT.trebuchet);
  });
  it('"Bombard: Three-quarters of the weapons fired / Harass: One-half / Assault: One-fourth" (RC l. 11670–11673); the defender "divides that total by 4" (RC l. 11651)', () => {
    expect(attackerReclaim(60, 'bombard')).toBe(45);
    expect(attackerReclaim(60, 'harass')).toBe(30);
    expect(attackerReclaim(60, 'assault')).toBe(15);
    expect(defenderReclaim(60)).toBe(15);
  });
  it('"less than full, but greater than or equal to half … the BR+ and the Ammo Cost are half normal" (RC l. 11639)', () => {
    const g = ammunitionGroups({ heavyCatapult: { count: 2, crew: 12 } });
    // 12 men: one heavy catapult at its full 8, one at half (4 of 8): 12 and 6 shot a week, BR 8 and 4
    expect(g.artillery.map((x) => [x.count, x.need, x.br])).toEqual([
      [1, 12, 8],
      [1, 6, 4],
    ]);
    // the same as the gp cost the equipment rules give (6,000 + 3,000 gp a week, RC l. 11583)
    const units = g.artillery.reduce((t, x) => t + (x.count * x.need) / SHOT_PER_UNIT.heavyCatapult, 0);
    expect(units * 6000).toBe(weaponAmmoCost({ heavyCatapult: { count: 2, crew: 12 } }, 'heavyCatapult'));
  });
  it('"If a missile weapon runs out of ammunition, it gives no further BR bonuses" (RC l. 11677)', () => {
    const g = ammunitionGroups({ trebuchet: 2 });
    // 20 shot: one trebuchet's week (15), not two
    const issue = issueAmmunition(g.artillery, 20);
    expect(issue).toEqual({ fired: [1], br: 12, used: 15, short: true });
    expect(issueAmmunition(g.artillery, null).br).toBe(24);
  });
  it('"Each stone building yields a number of units (weeks\' worth) of ammunition equal to its BR value" (RC l. 11666)', () => {
    expect(STONE_BUILDING_AMMUNITION_UNITS).toBe(6);
  });
});
