/** Every policy of docs/cascade.md is switchable: unguarded, heroBonus (and a hero's own bonus), militiaRegeneration. */
import { describe, expect, it } from 'vitest';
import { createState, resetState } from '../../src/rules/dune/model.js';
import { endRound } from '../../src/rules/dune/cascade.js';
import { model, play } from './helpers.js';

const base = (policies: Record<string, unknown>, heroBonus?: number) => ({
  policies,
  players: [
    { name: 'Def', combat: 3, intrigue: 2, homeworld: 'Def Home' },
    { name: 'Att', combat: 2, intrigue: 0, wealth: 5000, homeworld: 'Att Home' }, // 2 legions and a hero: 5 AP = 2 × 2 + 1
  ],
  locations: [
    { name: 'Bare', owner: 'Def', income: 1000 },
    { name: 'Def Home', owner: 'Def' },
    {
      name: 'Att Home',
      owner: 'Att',
      garrison: [{ name: 'A1' }, { name: 'A2' }],
      heroes: [heroBonus === undefined ? { name: 'Hero' } : { name: 'Hero', bonus: heroBonus }],
    },
  ],
  attacks: [{ player: 'Att', type: 'raid', target: 'Bare', units: ['A1', 'A2'], hero: 'Hero' }],
});

describe('policy unguarded', () => {
  it('attributes (default): an unguarded location defends with the owner’s pair', () => {
    const b = play(base({})).trace.locations[0].battles[0];
    expect(b.defenderScore.total).toBe(5); // Combat 3 + Intrigue 2
    expect(b.attackerScore.total).toBe(5); // Combat 2 + Intrigue 0 + 2 legions + hero 1
    expect(b.difference).toBe(0);
    expect(b.incomeTaken).toBe(500);
  });
  it('zero: an unguarded location scores 0', () => {
    const b = play(base({ unguarded: 'zero' })).trace.locations[0].battles[0];
    expect(b.defenderScore.total).toBe(0);
    expect(b.difference).toBe(5);
    expect(b.incomeTaken).toBe(1000);
    expect(b.damageAfter).toBe('crippled');
  });
});

describe('policy heroBonus', () => {
  it('defaults to +1, follows the policy, and a hero’s own bonus wins', () => {
    expect(play(base({})).trace.locations[0].battles[0].attackerScore.total).toBe(5);
    expect(play(base({ heroBonus: 3 })).trace.locations[0].battles[0].attackerScore.total).toBe(7);
    expect(play(base({ heroBonus: 3 }, 0)).trace.locations[0].battles[0].attackerScore.total).toBe(4);
  });
});

describe('policy militiaRegeneration', () => {
  const doc = (on: boolean) => ({
    policies: { militiaRegeneration: on },
    players: [{ name: 'P', combat: 1, wealth: 1000, homeworld: 'Home' }],
    locations: [
      { name: 'Mine', owner: 'P', militia: 2 },
      { name: 'Home', owner: 'P' },
    ],
  });
  for (const on of [true, false]) {
    it(`${on ? 'brings back one militia per round for 300 MS' : 'off: destroyed militia stay dead'}`, () => {
      const m = model(doc(on), { npc: true, rounds: 3 });
      const s = createState(m);
      resetState(m, s);
      const [m1, m2] = m.locations.militia[0];
      s.alive[m1] = 0;
      s.alive[m2] = 0;
      endRound(m, s, 0);
      expect([s.alive[m1], s.alive[m2]]).toEqual(on ? [1, 0] : [0, 0]);
      endRound(m, s, 1);
      expect([s.alive[m1], s.alive[m2]]).toEqual(on ? [1, 1] : [0, 0]);
      expect(s.wealth[0]).toBe(on ? 400 : 1000);
    });
  }
});
