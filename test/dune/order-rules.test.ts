/**
 * Order rules checked against an independent reading of the combat page (docs/sources/dune-combat.txt): the
 * hazard fee of a legion sent from its homeworld to a Kaitain location its player controls (lines 19 and 21,
 * the first matching row), and Kanly's 1 AP for legions sent to a Kaitain location one controls (line 68).
 */
import { describe, expect, it } from 'vitest';
import { loadText } from '../helpers/load.js';
import { hazardFee, processOrders } from '../../src/rules/dune/orders.js';
import { scenarioText } from './helpers.js';

const doc = (extra: Record<string, unknown>) => ({
  players: [
    { name: 'Ann', combat: 2, wealth: 3000, homeworld: 'Ann Home' },
    { name: 'Ben', combat: 1, wealth: 5000, homeworld: 'Ben Home' },
    { name: 'Cal', combat: 1, wealth: 5000, homeworld: 'Cal Home' },
  ],
  locations: [
    { name: 'Ann Home', owner: 'Ann', garrison: [{ name: 'A1' }, { name: 'A2' }, { name: 'A3' }, { name: 'A4' }] },
    { name: 'Ann Field', owner: 'Ann', income: 300 },
    { name: 'Ann Quarter', owner: 'Ann', income: 300, isKaitain: true },
    { name: 'Cal Quarter', owner: 'Cal', income: 300, isKaitain: true },
    { name: 'Ben Home', owner: 'Ben', garrison: [{ name: 'B1' }] },
    { name: 'Cal Home', owner: 'Cal', garrison: [{ name: 'C1' }] },
  ],
  ...extra,
});
const orders = (extra: Record<string, unknown>) => processOrders(loadText(scenarioText(doc(extra))).scenario);

describe('hazard fees: the first row that matches, in printed order (lines 18–25)', () => {
  it('homeworld → a Kaitain location one controls: 100 MS ("any Location you control", line 19, before line 21)', () => {
    const o = orders({ moves: [{ player: 'Ann', units: ['A1'], to: 'Ann Quarter' }] });
    expect(o.outcomes[0]).toMatchObject({ status: 'accepted', paid: 100 });
  });

  it('homeworld → a Kaitain location another holds: 200 MS (line 21); Kaitain → homeworld: 100 (line 18)', () => {
    expect(orders({ moves: [{ player: 'Ann', units: ['A1'], to: 'Cal Quarter' }] }).outcomes[0]).toMatchObject({
      status: 'accepted',
      paid: 200,
    });
    const home = { place: 'homeworld', kaitain: false } as const;
    const quarter = { place: 'controlled', kaitain: true } as const;
    expect(hazardFee(quarter, home, 'move')).toBe(100);
    expect(hazardFee(home, quarter, 'move')).toBe(100);
    expect(hazardFee({ place: 'controlled', kaitain: false }, quarter, 'move')).toBe(200);
    expect(hazardFee(quarter, { place: 'uncontrolled', kaitain: false }, 'seizure')).toBe(200);
  });
});

describe('Kanly: legions sent to a location one or the enemy controls cost 1 AP and pass the movement limit (line 68)', () => {
  const kanly = [{ players: ['Ann', 'Ben'], declared: 3 }];

  it("on Kaitain too: three legions to Ann's own Kaitain location, 3 AP, though Combat 2 allows 2 moved legions", () => {
    const o = orders({ kanly, moves: [{ player: 'Ann', units: ['A1', 'A2', 'A3'], to: 'Ann Quarter' }] });
    expect(o.outcomes[0]).toMatchObject({ status: 'accepted', ap: 3 });
    expect(o.players.Ann).toMatchObject({ ap: 3, legionsMoved: 0 });
  });

  it('a Kaitain location a third player holds is neither: 2 AP a legion, within the movement limit', () => {
    const o = orders({ kanly, moves: [{ player: 'Ann', units: ['A1', 'A2'], to: 'Cal Quarter' }] });
    expect(o.outcomes[0]).toMatchObject({ status: 'accepted', ap: 4 });
    expect(o.players.Ann).toMatchObject({ ap: 4, legionsMoved: 2 });
  });

  it('without Kanly the same move is 2 AP a legion and three legions pass the limit', () => {
    expect(() => orders({ moves: [{ player: 'Ann', units: ['A1', 'A2', 'A3'], to: 'Ann Quarter' }] })).toThrow(
      'Ann would move 3 legions and 0 heroes this round with Combat 2',
    );
  });
});
