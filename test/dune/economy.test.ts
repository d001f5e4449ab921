/**
 * Costs and who attacks whom (combat page, docs/sources/dune-combat.txt): orders paid when sent in a fixed
 * order, an order its player cannot pay for fails with its forces staying put (line 34), recruits (line 10),
 * militia regeneration by the location's owner (line 7), Kanly (lines 68–70), troops at a location their
 * player does not own attack it (lines 11, 72).
 */
import { describe, expect, it } from 'vitest';
import { loadText } from '../helpers/load.js';
import { endRound } from '../../src/rules/dune/cascade.js';
import { createState, resetState } from '../../src/rules/dune/model.js';
import { processOrders } from '../../src/rules/dune/orders.js';
import { model, play, scenarioText } from './helpers.js';

const round = (extra: Record<string, unknown>, wealth = 5000) => ({
  players: [
    { name: 'Ann', combat: 2, wealth: 3000, homeworld: 'Ann Home' },
    { name: 'Ben', combat: 3, wealth, homeworld: 'Ben Home' },
  ],
  locations: [
    { name: 'Mine', owner: 'Ann', income: 500, militia: 2 },
    { name: 'Ann Home', owner: 'Ann', garrison: [{ name: 'A1' }] },
    { name: 'Ben Home', owner: 'Ben', garrison: [{ name: 'B1' }, { name: 'B2' }, { name: 'B3' }] },
    { name: 'Ben Field', owner: 'Ben', income: 400 },
  ],
  ...extra,
});
const orders = (doc: Record<string, unknown>) => processOrders(loadText(scenarioText(doc)).scenario);

describe('paying for orders', () => {
  it('pays recruits, then upgrades, moves and attacks, each in its listed order; an order that cannot be paid fails and spends nothing', () => {
    // Ben has 1,500 MS: the recruit (1,000) is paid first, so the seizure (2 × 400) fails, the move (100) goes.
    const o = orders(
      round(
        {
          recruits: [{ player: 'Ben', name: 'B4' }],
          moves: [{ player: 'Ben', units: ['B3'], to: 'Ben Field' }],
          attacks: [{ player: 'Ben', target: 'Mine', units: ['B1', 'B2'] }],
        },
        1500,
      ),
    );
    expect(o.outcomes.map((x) => [x.list, x.status, x.paid, x.ap])).toEqual([
      ['recruits', 'accepted', 1000, 0],
      ['moves', 'accepted', 100, 2],
      ['attacks', 'unpaid', 0, 0],
    ]);
    expect(o.outcomes[2].reason).toBe(
      "Ben has 400 MS when the order is sent and it costs 800 MS: the forces are not committed (“unless the player couldn't afford the movement AP or cost at the time of the NB” (Dune page line 34))",
    );
    expect(o.players.Ben).toMatchObject({ ap: 2, legionsMoved: 1, hazardFees: 100, recruiting: 1000, wealth: 400 });
  });

  it('an unpaid attack does not happen: its legions stay home and defend there', () => {
    const { m, trace } = play(round({ attacks: [{ player: 'Ben', target: 'Mine', units: ['B1', 'B2'] }] }, 700));
    expect(trace.locations).toEqual([]);
    expect(m.locations.defenders[2].map((u) => m.units.names[u])).toEqual(['B1', 'B2', 'B3']);
  });

  it('recruits cost 1,000 MS unless given, and arrive on the homeworld before combat (they defend it)', () => {
    const recruits = [
      { player: 'Ann', name: 'A2' },
      { player: 'Ann', name: 'A3', type: 'elite', cost: 2500 },
    ];
    const poor = play(round({ recruits })); // Ann has 3,000 MS: the second recruit (2,500) is not paid
    expect(poor.m.players.recruiting).toEqual([1000, 0]);
    expect(poor.m.locations.defenders[1].map((u) => poor.m.units.names[u])).toEqual(['A1', 'A2']);
    const rich = round({ recruits });
    (rich.players[0] as { wealth: number }).wealth = 4000;
    const { m } = play(rich);
    expect(m.players.recruiting).toEqual([3500, 0]);
    expect(m.locations.defenders[1].map((u) => [m.units.names[u], m.units.type[u]])).toEqual([
      ['A1', 0],
      ['A2', 0],
      ['A3', 3],
    ]);
  });

  it('militia regenerate one a round for 300 MS, paid by whoever owns the location now (they pass with it)', () => {
    const m = model(round({}), { npc: true, rounds: 2 });
    const s = createState(m);
    resetState(m, s);
    const [m1, m2] = m.locations.militia[0];
    s.alive[m1] = 0;
    s.alive[m2] = 0;
    s.owner[0] = 1; // Ben took the mine
    s.defenderCount[0] = 0;
    endRound(m, s, 0);
    expect([s.alive[m1], s.alive[m2], s.regeneration[1], s.regeneration[0]]).toEqual([1, 0, 300, 0]);
    expect(Array.from({ length: s.defenderCount[0] }, (_, i) => s.defenders[0][i])).toEqual([m1]);
  });
});

describe('Kanly', () => {
  const kanly = (declared: number, ended?: number) =>
    round({
      kanly: [{ players: ['Ann', 'Ben'], declared, ...(ended ? { ended } : {}) }],
      attacks: [{ player: 'Ben', target: 'Mine', units: ['B1', 'B2'] }],
    });

  it('the round it is declared, attacks between them stop: forces return home, half the fee back', () => {
    const o = orders(kanly(5));
    expect(o.outcomes[0]).toMatchObject({ status: 'returned', paid: 800, refund: 400 });
    expect(o.players.Ben).toMatchObject({ hazardFees: 800, refunds: 400, wealth: 4600 });
    const { m, trace } = play(kanly(5));
    expect(trace.locations).toEqual([]);
    expect(m.locations.defenders[2].map((u) => m.units.names[u])).toEqual(['B1', 'B2', 'B3']);
  });

  it('the round it ends, the same: forces return with half the fee', () => {
    expect(orders(kanly(2, 5)).outcomes[0]).toMatchObject({ status: 'returned', refund: 400 });
  });

  it('while it lasts, legions sent at the enemy cost 1 AP and pass the movement limit; a commanding hero costs 0 AP', () => {
    const doc = kanly(3);
    (doc.locations[2] as { heroes?: unknown }).heroes = [{ name: 'Gurney' }];
    (doc as { attacks: unknown[] }).attacks = [
      { player: 'Ben', target: 'Mine', units: ['B1', 'B2', 'B3'], hero: 'Gurney' },
    ];
    const o = orders(doc);
    expect(o.outcomes[0]).toMatchObject({ status: 'accepted', ap: 3 });
    expect(o.players.Ben).toMatchObject({ ap: 3, legionsMoved: 0, heroesMoved: 1 });
  });

  it('from the round after it is declared, a player who launches no attack at the other loses half its income', () => {
    const m = model(kanly(4), { npc: false, rounds: 2 });
    expect(m.kanlyPenalty).toEqual([1, 0, 1, 1]); // round 5: Ann did not attack Ben, Ben did; round 6: no orders
  });
});

describe('who attacks whom', () => {
  it('no type given: a seizure at a location, a house raid on a homeworld (line 11)', () => {
    const o = orders(
      round({
        attacks: [
          { player: 'Ben', target: 'Mine', units: ['B1'] },
          { player: 'Ben', target: 'Ann', units: ['B2'] },
        ],
      }),
    );
    expect(o.outcomes.map((x) => [x.type, x.location])).toEqual([
      ['seizure', 'Mine'],
      ['house-raid', 'Ann Home'],
    ]);
  });

  it('troops left behind on a location that changed hands (or sold and not moved) attack it as a seizure', () => {
    const doc = round({});
    (doc.locations[3] as { garrison?: unknown }).garrison = [{ name: 'A9', owner: 'Ann' }]; // Ann's legion on Ben's field
    const { m, trace } = play(doc);
    expect(m.attacks.player).toEqual([0]);
    expect(trace.locations[0].location).toBe('Ben Field');
    expect(trace.locations[0].battles[0]).toMatchObject({ attacker: 'Ann', type: 'seizure' });
  });

  it('moved away by their player, they do not attack', () => {
    const doc = round({ moves: [{ player: 'Ann', units: ['A9'], to: 'Ann Home' }] });
    (doc.locations[3] as { garrison?: unknown }).garrison = [{ name: 'A9', owner: 'Ann' }];
    const { m, trace } = play(doc);
    expect(trace.locations).toEqual([]);
    expect(m.locations.defenders[1].map((u) => m.units.names[u])).toEqual(['A1', 'A9']);
    expect(m.players.hazardFees).toEqual([100, 0]); // "from anywhere to your Homeworld" (line 18)
  });
});
