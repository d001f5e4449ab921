/**
 * Golden vectors for Siege Machine bombardment and a hand-checked assault week.
 * Source: D&D Rules Cyclopedia (TSR 1991) ch. 9 Siege Machine, bombard example (attacker's artillery BR 85
 * rolling 5 on 1d10 → 42½ HD of defenders; defender's BR 40 rolling 11 on 2d10 → 44 HD of attackers);
 * sheet 002 l. 334–343; docs/siege.md.
 */
import { describe, expect, it } from 'vitest';
import { bombardHitDiceTenths, hitDiceToTroops, percentBonus } from '../../src/rules/siege/casualties.js';
import { A_ASSAULT, B_ASSAULT, compileSiege, idx } from '../../src/kinds/siege/plan.js';
import { ratioBonus } from '../../src/rules/warMachine/adjustments.js';
import { resultsRow } from '../../src/rules/warMachine/results.js';
import { casualties } from '../../src/rules/warMachine/casualties.js';
import { siegeSchema } from '../../src/kinds/siege/schema.js';

describe('RC bombard example', () => {
  it('attacker artillery BR 85 rolling 5 → 42½ hit dice of defenders', () => {
    expect(bombardHitDiceTenths(85, 5) / 10).toBe(42.5);
  });
  it('defender BR 40 rolling 11 on 2d10 → 44 hit dice of attackers', () => {
    expect(bombardHitDiceTenths(40, 11) / 10).toBe(44);
  });
});

describe('hit dice → troops', () => {
  it('42½ HD of 1-HD troops: 42 whole → 21 dead, 21 wounded; the ½ left over is one more wounded', () => {
    expect(hitDiceToTroops(425, 10, 100)).toEqual({ dead: 21, wounded: 22 });
  });
  it('44 HD of 1-HD troops: 22 dead, 22 wounded, no fraction', () => {
    expect(hitDiceToTroops(440, 10, 100)).toEqual({ dead: 22, wounded: 22 });
  });
  it('42½ HD of 2-HD troops: 21¼ → 21 whole (10 dead, 11 wounded) + 1 wounded for the ¼', () => {
    expect(hitDiceToTroops(425, 10, 200)).toEqual({ dead: 10, wounded: 12 });
  });
  it('never more than the troops left', () => {
    expect(hitDiceToTroops(440, 10, 100, 30)).toEqual({ dead: 22, wounded: 8 });
  });
});

describe('a hand-checked assault week', () => {
  const scenario = siegeSchema.parse({
    kind: 'siege',
    attacker: { name: 'A', troops: 1000, battleRating: 100 },
    defender: { name: 'D', troops: 200, battleRating: 80 },
    fortifications: [
      { structure: 'castleWall', lengthFeet: 400 },
      { structure: 'gatehouse', count: 1 },
    ],
    equipment: {
      attacker: { ram: { count: 1 }, ladder: { count: 1 }, ballista: { count: 2 }, trebuchet: { count: 1 } },
      defender: { ballista: { count: 2 } },
    },
    foodWeeks: 10,
    strategy: { attacker: 'assault' },
  });
  const { plan } = compileSiege(scenario);

  it('builds both BRs as the rules say', () => {
    // Fortification: castle wall 400' × 10 per 100' = 40, gatehouse 11 → 51.
    expect(plan.fortBr).toBe(51);
    // Attacker's assault equipment: 2 × ballista (2 × 4) = 8, ram 4, 1 ladder (1 per 1000 men: one set; +2 only with
    // a belfry, docs/siege.md) 2, trebuchet (artillery, used) 12 → 26. Defender: 2 × ballista = 8.
    expect(plan.eqAttacker[A_ASSAULT]).toBe(26);
    expect(plan.eqDefender[A_ASSAULT]).toBe(8);
    // Troop ratio: 1000 against 200 × 4 = 800, R = 1.25 → +15 to the attacker. Assault: +5% of 100 = 5.
    expect(ratioBonus(1000, 800, 1)).toBe(15);
    expect(plan.assaultBonus).toBe(percentBonus(100, 5));
    expect(plan.assaultBonus).toBe(5);
    // Attacker 100 + 15 + 26 + 5 = 146; defender 80 + 51 + 8 = 139.
    const attacker = plan.baseBr[0] + 15 + plan.eqAttacker[A_ASSAULT] + plan.assaultBonus;
    const defender = plan.baseBr[1] + plan.fortBr + plan.eqDefender[A_ASSAULT];
    expect([attacker, defender]).toEqual([146, 139]);
  });

  it('reads casualties at ½ (attacker) and (table − 5) × ¼ (defender)', () => {
    // Rolls 52 and 30: C = 198 against 169, D = 29 → row 25–30: 10% / 30%, location F / R+1.
    const row = resultsRow(146 + 52 - (139 + 30));
    expect(row).toBe(3);
    const a = idx(B_ASSAULT, 0, row, 0);
    const d = idx(B_ASSAULT, 0, row, 1);
    // Attacker: 10% × ½ = 5% of 1000 = 50 → 25 dead, 25 wounded.
    expect(plan.pctNum[a] / plan.pctDen[a]).toBe(5);
    expect(casualties(1000, { num: plan.pctNum[a], den: plan.pctDen[a] }, false)).toEqual({
      lost: 50,
      dead: 25,
      wounded: 25,
    });
    // Defender: (30 − 5) × ¼ = 6.25% of 200 = 12.5 → 13 lost: 6 dead, 7 wounded; R+1 is not a rout: the walls hold.
    expect(plan.pctNum[d] / plan.pctDen[d]).toBe(6.25);
    expect(casualties(200, { num: plan.pctNum[d], den: plan.pctDen[d] }, false)).toEqual({
      lost: 13,
      dead: 6,
      wounded: 7,
    });
    expect(plan.ends[d]).toBe(0);
    // A rout row (91–100) drives the defenders from the fortification: the siege is won.
    expect(plan.ends[idx(B_ASSAULT, 0, 9, 1)]).toBe(1);
  });

  it('splits the artillery casualties 3/2', () => {
    // A = trebuchet 12 + ½ ballista 2 = 14 rolling 6; A′ = ½ × 4 = 2 rolling 9 on 2d10: 84 + 18 = 102 tenths = 10.2 HD.
    expect(plan.bombardAttacker[A_ASSAULT]).toBe(14);
    expect(plan.bombardDefender[0]).toBe(2);
    const tenths = bombardHitDiceTenths(14, 6) + bombardHitDiceTenths(2, 9);
    expect(tenths).toBe(102);
    // Defender 3/5 = 6.12 HD → 6 whole (3 dead, 3 wounded) + 1 wounded; attacker 2/5 = 4.08 HD → 2 dead, 2 + 1 wounded.
    expect(hitDiceToTroops(tenths * 3, 50, 100)).toEqual({ dead: 3, wounded: 4 });
    expect(hitDiceToTroops(tenths * 2, 50, 100)).toEqual({ dead: 2, wounded: 3 });
  });
});
