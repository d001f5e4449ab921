/**
 * Every limit of a round (docs/sources/dune-combat.txt, the combat page) with a round
 * that breaks it and the exact one-line message; and the same rounds under --lenient, where the order is
 * listed as rejected and does not take part.
 */
import { describe, expect, it } from 'vitest';
import { compileCascade } from '../../src/kinds/cascade/plan.js';
import type { CascadeScenario } from '../../src/kinds/cascade/schema.js';
import { loadCascadeLenient, loadText } from '../helpers/load.js';
import { ScenarioError } from '../../src/errors.js';
import { hazardFee, processOrders } from '../../src/rules/dune/orders.js';
import { scenarioText } from './helpers.js';

type Doc = Record<string, unknown> & { players: Record<string, unknown>[]; locations: Record<string, unknown>[] };

/** A legal round: Ann (Combat 2) and Ben (Combat 3), a mine with militia, an elector, a location on Kaitain. */
const base = (): Doc => ({
  players: [
    { name: 'Ann', combat: 2, wealth: 5000, homeworld: 'Ann Home' },
    { name: 'Ben', combat: 3, wealth: 5000, homeworld: 'Ben Home' },
  ],
  locations: [
    { name: 'Mine', owner: 'Ann', income: 500, militia: 1, garrison: [{ name: 'A1' }] },
    { name: 'Elector', owner: 'Ann', isElector: true },
    { name: 'Ann Home', owner: 'Ann', garrison: [{ name: 'A2' }, { name: 'A3' }, { name: 'A4', type: 'elite' }] },
    {
      name: 'Ben Home',
      owner: 'Ben',
      garrison: [{ name: 'B1' }, { name: 'B2' }, { name: 'B3' }, { name: 'B4' }],
      heroes: [{ name: 'Gurney' }, { name: 'Duncan' }],
    },
    { name: 'Ben Field', owner: 'Ben', garrison: [{ name: 'B5', type: 'offensive' }] },
    { name: 'Imperial Palace', owner: 'Ben', isKaitain: true },
  ],
});

/** The message after `<scenario>:LINE: ` (the line is checked to be a number). */
function error(doc: Record<string, unknown>): string {
  try {
    loadText(scenarioText(doc));
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    // Every problem of the round is listed, one line each: their messages, one a line.
    return (e as Error).message
      .split('\n')
      .map((line) => {
        const m = /^<scenario>:(\d+): (.*)$/.exec(line);
        expect(m).not.toBeNull();
        return m![2];
      })
      .join('\n');
  }
  throw new Error('the round was accepted');
}

const lenient = (doc: Record<string, unknown>): CascadeScenario => loadCascadeLenient(scenarioText(doc)).scenario;

const cases: [string, (d: Doc) => void, string][] = [
  [
    'Combat above 5',
    (d) => (d.players[1].combat = 9),
    'players[1].combat: Combat 9 is above 5: “the maximum Combat Score is 5” (Dune page line 9)',
  ],
  [
    'more legions than 3 × Combat + 5',
    (d) => (
      (d.players[0].combat = 0),
      (d.locations[2].garrison = Array.from({ length: 6 }, (_, i) => ({ name: `X${i}` })))
    ),
    'players[0].combat: Ann owns 7 legions, above 3 × Combat 0 + 5 = 5: “No player may control more than three times their combat score plus five (CCC+5) legions in total” (Dune page line 9)',
  ],
  [
    'starting legions other than 2 × Combat at the game’s start',
    (d) => (d.gameStart = true),
    // Every problem at once: the count, and each legion that is not standard at the start.
    'players[1].name: Ben starts the game with 5 legions, not 2 × Combat 3 = 6: “Each Player begins with a number of Standard Legions … equal to twice their Combat Score (CC)” (Dune page line 6)\n' +
      "locations[2].garrison[2].type: 'A4' is elite at the game's start: “Each Player begins with a number of Standard Legions” (Dune page line 6)\n" +
      "locations[4].garrison[0].type: 'B5' is offensive at the game's start: “Each Player begins with a number of Standard Legions” (Dune page line 6)",
  ],
  [
    'more recruits a round than Combat',
    (d) => (d.recruits = ['R1', 'R2', 'R3'].map((name) => ({ player: 'Ann', name }))),
    'recruits[2]: Ann recruits a 3rd legion this round with Combat 2: “Players can not recruit more legions per round than their Combat Score” (Dune page line 10)',
  ],
  [
    'a recruit above Maximum Forces',
    (d) => (
      (d.players[0].combat = 1),
      (d.locations[2].garrison = Array.from({ length: 7 }, (_, i) => ({ name: `X${i}` }))),
      (d.recruits = [{ player: 'Ann', name: 'R1' }])
    ),
    'recruits[0]: Ann would own 9 legions, above 3 × Combat 1 + 5 = 8: “No player may control more than three times their combat score plus five (CCC+5) legions in total” (Dune page line 9)',
  ],
  [
    'a recruit sent the round it is recruited',
    (d) => (
      (d.recruits = [{ player: 'Ben', name: 'R1' }]),
      (d.attacks = [{ player: 'Ben', target: 'Mine', units: ['R1'] }])
    ),
    "attacks[0].units[0]: 'R1' is recruited this round and arrives on the homeworld only before combat: “new legions arrive on the Homeworld before Combat takes place that round” (Dune page line 10)",
  ],
  [
    'more action points than 2 × Combat + 1',
    (d) => (
      (d.upgrades = [
        { player: 'Ann', legion: 'A2', upgrade: 'offensive' },
        { player: 'Ann', legion: 'A3', upgrade: 'defensive' },
      ]),
      (d.attacks = [{ player: 'Ann', type: 'raid', target: 'Ben Field', units: ['A2', 'A3'] }])
    ),
    'attacks[0]: Ann would spend 6 AP this round, above 2 × Combat 2 + 1 = 5: “Combat Actions - Max (CC+1) AP per round” (Dune page line 12)',
  ],
  [
    'more legions moved than Combat (plus one hero)',
    (d) =>
      (d.moves = [
        { player: 'Ben', units: ['B1', 'B2'], to: 'Ben Field' },
        { player: 'Ben', units: ['B3', 'B4'], to: 'Ben Field' },
      ]),
    'moves[1]: Ben would move 4 legions and 0 heroes this round with Combat 3: “A player can only move 1 legion per Combat Score per round, plus 1 hero” (Dune page line 17)',
  ],
  [
    'a second hero moved takes a legion’s place',
    (d) => (d.moves = [{ player: 'Ben', units: ['B1', 'B2', 'B3'], heroes: ['Gurney', 'Duncan'], to: 'Ben Field' }]),
    'moves[0]: Ben would move 3 legions and 2 heroes this round with Combat 3: “A player can only move 1 legion per Combat Score per round, plus 1 hero” (Dune page line 17)',
  ],
  [
    'an upgrade on an elite',
    (d) => (d.upgrades = [{ player: 'Ann', legion: 'A4', upgrade: 'offensive' }]),
    "upgrades[0].legion: 'A4' is an elite unit: “they can not receive upgrades” (Dune page line 8)",
  ],
  [
    'a second upgrade on a legion',
    (d) => (d.upgrades = [{ player: 'Ben', legion: 'B5', upgrade: 'defensive' }]),
    "upgrades[0].legion: 'B5' already has an upgrade: “Any Legion may receive one Upgrade” (Dune page line 28)",
  ],
  [
    'two upgrades on one legion in one round',
    (d) =>
      (d.upgrades = [
        { player: 'Ann', legion: 'A2', upgrade: 'offensive' },
        { player: 'Ann', legion: 'A2', upgrade: 'defensive' },
      ]),
    "upgrades[1].legion: 'A2' already has an upgrade: “Any Legion may receive one Upgrade” (Dune page line 28)",
  ],
  [
    'militia on a homeworld',
    (d) => (d.locations[2].militia = 1),
    'locations[2].militia: “Militia may never be on a homeworld” (Dune page line 7)',
  ],
  [
    'militia moved',
    (d) => (d.moves = [{ player: 'Ann', units: ['Mine militia'], to: 'Elector' }]),
    "moves[0].units[0]: 'Mine militia' is militia: “Militia can not be moved from their Location” (Dune page line 7)",
  ],
  [
    'militia upgraded',
    (d) => (d.upgrades = [{ player: 'Ann', legion: 'Mine militia', upgrade: 'defensive' }]),
    "upgrades[0].legion: 'Mine militia' is militia: “Militia can not be moved from their Location or upgraded” (Dune page line 7)",
  ],
  [
    'two attacks by one player on one location',
    (d) =>
      (d.attacks = [
        { player: 'Ben', target: 'Mine', units: ['B1'] },
        { player: 'Ben', type: 'raid', target: 'Mine', units: ['B2'] },
      ]),
    "attacks[1].target: Ben already attacks 'Mine' this round: “A player can only launch 1 attack force of any type at a single location” (Dune page line 76)",
  ],
  [
    'a raid on an elector',
    (d) => (d.attacks = [{ player: 'Ben', type: 'raid', target: 'Elector', units: ['B1'] }]),
    "attacks[0].target: 'Elector' is an elector: “You can't raid Electors” (Dune page line 37)",
  ],
  [
    'a seizure on a homeworld',
    (d) => (d.attacks = [{ player: 'Ben', type: 'seizure', target: 'Ann Home', units: ['B1'] }]),
    "attacks[0].type: 'Ann Home' is a homeworld: only a house raid may attack it, not a seizure: “a Location known to them and not under their control, other than a Homeworld” (Dune page line 46)",
  ],
  [
    "a raid on a homeworld: the raid's own rule, line 37 (not the seizure's, line 46)",
    (d) => (d.attacks = [{ player: 'Ben', type: 'raid', target: 'Ann Home', units: ['B1'] }]),
    "attacks[0].type: 'Ann Home' is a homeworld: only a house raid may attack it, not a raid: “a Location known to them and not under their control, other than a Homeworld” (Dune page line 37)",
  ],
  [
    'a house raid on a location that is not a homeworld',
    (d) => (d.attacks = [{ player: 'Ben', type: 'house-raid', target: 'Mine', units: ['B1'] }]),
    "attacks[0].target: a house raid attacks a player's homeworld, and 'Mine' is not one: “the attacker directly attacks a player, not a Location” (Dune page line 55)",
  ],
  [
    'an attack on Kaitain',
    (d) => (
      (d.locations[5].owner = 'Ann'),
      (d.attacks = [{ player: 'Ben', target: 'Imperial Palace', units: ['B1'] }])
    ),
    "attacks[0].target: 'Imperial Palace' is on Kaitain: “with the exception of Kaitain, the Imperial Capital, where combat can not take place” (Dune page line 11)",
  ],
  [
    'troops sent twice in a round (not through Kaitain)',
    (d) => (
      (d.moves = [{ player: 'Ben', units: ['B1'], to: 'Ben Field' }]),
      (d.attacks = [{ player: 'Ben', target: 'Mine', units: ['B1'] }])
    ),
    "attacks[0].units[0]: 'B1' has already been sent to 'Ben Field' this round: “Normally troops can only go one place per round, the lone exception to this is the Imperial Capital of Kaitain” (Dune page line 26)",
  ],
  [
    'a move to a location the player does not hold',
    (d) => (d.moves = [{ player: 'Ben', units: ['B1'], to: 'Mine' }]),
    "moves[0].to: 'Mine' is held by Ann, so forces sent there attack it: list them under attacks; “If no one specified a type of attack, the default is a Seizure (CC) at a Location and a House Raid on a Homeworld” (Dune page line 11)",
  ],
  [
    'two states of Kanly at once',
    (d) => (
      d.players.push({ name: 'Cid', combat: 1, homeworld: 'Cid Home' }),
      d.locations.push({ name: 'Cid Home', owner: 'Cid' }),
      (d.kanly = [
        { players: ['Ann', 'Ben'], declared: 3 },
        { players: ['Ann', 'Cid'], declared: 4 },
      ])
    ),
    'kanly[1].players: Ann is already in Kanly with Ben: “a person can only have one state of Kanly at a time” (Dune page line 68)',
  ],
];

describe('each limit of a round, broken, gives its one-line error with the rule’s words', () => {
  it('the base round is legal', () => {
    expect(() => loadText(scenarioText(base()))).not.toThrow();
  });
  for (const [what, mutate, message] of cases) {
    it(what, () => {
      const d = base();
      mutate(d);
      expect(error(d)).toBe(message);
    });
  }
});

describe('--lenient: an order that breaks a rule is listed as rejected and does not take part', () => {
  for (const [what, mutate, message] of cases) {
    it(what, () => {
      const d = base();
      mutate(d);
      const orderError = /^(recruits|upgrades|moves|attacks)\[\d+\]/.test(message);
      if (!orderError) {
        // The round's own state (Combat, forces owned, militia placed, Kanly) is no order to leave out.
        for (const line of message.split('\n')) expect(() => lenient(d)).toThrow(line);
        return;
      }
      const s = lenient(d);
      expect(s.rejected).toHaveLength(1);
      const r = s.rejected![0];
      expect(`${r.path}: ${r.message}`).toBe(message);
      expect(r.line).toBeGreaterThan(0);
      // The rejected order spends nothing and takes no part: no AP, no fee, no attack or move.
      const outcome = processOrders(s).outcomes.find((o) => o.list === r.list && o.index === r.index)!;
      expect(outcome.status).toBe('rejected');
      expect([outcome.ap, outcome.paid]).toEqual([0, 0]);
      const m = compileCascade(s, { npc: false, rounds: null });
      if (r.list === 'attacks') {
        const a = (s.attacks as { player: string; units: string[] }[])[r.index];
        const sent = new Set(m.attacks.units.flat().map((u) => m.units.names[u]));
        for (const u of a.units) expect(sent.has(u)).toBe(false);
      }
      if (r.list === 'recruits') expect(m.units.names).not.toContain(s.recruits[r.index].name);
    });
  }
});

describe('Kaitain: no combat there, and troops sent there may go on the same round', () => {
  it('a legion goes home → its own Kaitain location → a seizure, paying 100 + 200 MS (the first matching row: line 19, then line 21)', () => {
    const d = base();
    d.moves = [{ player: 'Ben', units: ['B1'], to: 'Imperial Palace' }];
    d.attacks = [{ player: 'Ben', target: 'Mine', units: ['B1'] }];
    const s: CascadeScenario = loadText(scenarioText(d)).scenario;
    const o = processOrders(s);
    expect(o.outcomes.map((x) => [x.list, x.status, x.paid, x.ap])).toEqual([
      ['moves', 'accepted', 100, 2],
      ['attacks', 'accepted', 200, 2],
    ]);
    expect(o.players.Ben).toMatchObject({ ap: 4, legionsMoved: 1, hazardFees: 300, wealth: 4700 });
    expect(o.outcomes[1].type).toBe('seizure'); // no type given: a seizure at a location (line 11)
  });
  it('the fee table, row by row (lines 18–25)', () => {
    const at = (place: 'homeworld' | 'controlled' | 'uncontrolled', kaitain = false) => ({ place, kaitain });
    expect(hazardFee(at('controlled'), at('homeworld'), 'move')).toBe(100);
    expect(hazardFee(at('controlled', true), at('homeworld'), 'move')).toBe(100);
    expect(hazardFee(at('uncontrolled', true), at('homeworld'), 'move')).toBe(100);
    expect(hazardFee(at('homeworld'), at('controlled'), 'move')).toBe(100);
    expect(hazardFee(at('homeworld'), at('controlled', true), 'move')).toBe(100);
    expect(hazardFee(at('controlled'), at('controlled'), 'move')).toBe(200);
    expect(hazardFee(at('homeworld'), at('uncontrolled', true), 'move')).toBe(200);
    expect(hazardFee(at('controlled', true), at('uncontrolled'), 'raid')).toBe(200);
    expect(hazardFee(at('homeworld'), at('uncontrolled'), 'raid')).toBe(300);
    expect(hazardFee(at('controlled'), at('uncontrolled'), 'raid')).toBe(400);
    expect(hazardFee(at('homeworld'), at('uncontrolled'), 'seizure')).toBe(400);
    expect(hazardFee(at('controlled'), at('uncontrolled'), 'seizure')).toBe(500);
    expect(hazardFee(at('uncontrolled'), at('uncontrolled'), 'seizure')).toBe(500);
  });
});
