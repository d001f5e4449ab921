/** Attack order at one location (Dune page lines 75–76): raids highest first, then seizures lowest first. */
import { describe, expect, it } from 'vitest';
import { Stream, Xoshiro128 } from '../../src/rng/index.js';
import { play } from './helpers.js';

const players = (list: [string, number, number][]) => [
  { name: 'Owner', combat: 1, homeworld: 'Owner Home' },
  ...list.map(([name, combat, intrigue]) => ({ name, combat, intrigue, wealth: 5000, homeworld: `${name} Home` })),
];
const homes = (list: [string, number][]) =>
  list.map(([name, legions]) => ({
    name: `${name} Home`,
    owner: name,
    garrison: Array.from({ length: legions }, (_, i) => ({ name: `${name} ${i + 1}` })),
  }));
const legions = (name: string, n: number) => Array.from({ length: n }, (_, i) => `${name} ${i + 1}`);

function order(attacks: [string, string, number][], ps: [string, number, number][], seed = 1) {
  const doc = {
    players: players(ps),
    locations: [
      { name: 'Mine', owner: 'Owner', income: 1000 },
      { name: 'Owner Home', owner: 'Owner' },
      ...homes(ps.map(([n]) => [n, 5])),
    ],
    attacks: attacks.map(([player, type, n]) => ({ player, type, target: 'Mine', units: legions(player, n) })),
  };
  const { trace } = play(doc, Xoshiro128.forChunk(seed, Stream.cascade, 0));
  return trace.locations[0].order;
}

describe('attack order', () => {
  it('raids go first, highest score first; then seizures lowest score first', () => {
    const o = order(
      [
        ['S9', 'seizure', 3], // 2×3 + 3 = 9
        ['R5', 'raid', 1], // 3 + 1 + 1 = 5
        ['S7', 'seizure', 1], // 6 + 1 = 7
        ['R8', 'raid', 3], // 3 + 2 + 3 = 8
      ],
      [
        ['S9', 3, 1],
        ['R5', 3, 1],
        ['S7', 3, 1],
        ['R8', 3, 2],
      ],
    );
    expect(o.map((x) => `${x.attacker} ${x.score}`)).toEqual(['R8 8', 'R5 5', 'S7 7', 'S9 9']);
    expect(o.map((x) => x.beforeNextBecause)).toEqual(['higher score', 'raids before seizures', 'lower score', null]);
  });

  it('breaks raid ties by higher Combat, then Intrigue', () => {
    // all score 7 as raids (Combat + Intrigue + legions; no player sends more legions than its Combat)
    const o = order(
      [
        ['A', 'raid', 1],
        ['B', 'raid', 2],
        ['C', 'raid', 1],
        ['D', 'raid', 2],
      ],
      [
        ['A', 3, 3],
        ['B', 3, 2],
        ['C', 2, 4],
        ['D', 2, 3],
      ],
    );
    expect(o.map((x) => x.attacker)).toEqual(['A', 'B', 'C', 'D']);
    expect(o.map((x) => x.beforeNextBecause)).toEqual(['higher Intrigue', 'higher Combat', 'higher Intrigue', null]);
  });

  it('breaks seizure ties by fewer legions', () => {
    // A: 2×3 + 1 = 7 with 1 legion; B: 2×2 + 2 legions + a hero (+1) = 7 with 2 legions
    const doc = {
      players: players([
        ['A', 3, 0],
        ['B', 2, 0],
      ]),
      locations: [
        { name: 'Mine', owner: 'Owner', income: 1000 },
        { name: 'Owner Home', owner: 'Owner' },
        ...homes([['A', 5]]),
        { name: 'B Home', owner: 'B', garrison: [{ name: 'B 1' }, { name: 'B 2' }], heroes: [{ name: 'Gurney' }] },
      ],
      attacks: [
        { player: 'B', type: 'seizure', target: 'Mine', units: ['B 1', 'B 2'], hero: 'Gurney' },
        { player: 'A', type: 'seizure', target: 'Mine', units: ['A 1'] },
      ],
    };
    const o = play(doc, Xoshiro128.forChunk(1, Stream.cascade, 0)).trace.locations[0].order;
    expect(o.map((x) => x.attacker)).toEqual(['A', 'B']);
    expect(o[0].beforeNextBecause).toBe('fewer legions');
  });

  it('flips a fair coin when everything ties', () => {
    let aFirst = 0;
    const n = 200;
    for (let seed = 0; seed < n; seed++) {
      const o = order(
        [
          ['A', 'seizure', 2],
          ['B', 'seizure', 2],
        ],
        [
          ['A', 2, 0],
          ['B', 2, 0],
        ],
        seed,
      );
      expect(o[0].beforeNextBecause).toBe('coin flip');
      if (o[0].attacker === 'A') aFirst++;
    }
    expect(Math.abs(aFirst / n - 0.5)).toBeLessThan(4.5 * Math.sqrt(0.25 / n));
  });
});

describe('an NPC tied with players', () => {
  it('takes a uniformly random place among them, and the players keep their own tie-break order', async () => {
    const { createState, NPC } = await import('../../src/rules/dune/model.js');
    const { sortAttacks } = await import('../../src/rules/dune/ordering.js');
    const { RAID } = await import('../../src/rules/dune/tables.js');
    const { model } = await import('./helpers.js');
    // Two players with different Combat (A 3 > B 2) tie with an NPC raid on score 7.
    const m = model({
      players: players([
        ['A', 3, 1],
        ['B', 2, 1],
      ]),
      locations: [
        { name: 'Mine', owner: 'Owner', income: 1000 },
        { name: 'Owner Home', owner: 'Owner' },
        ...homes([
          ['A', 5],
          ['B', 5],
        ]),
      ],
      attacks: [],
    });
    const s = createState(m);
    const g = Xoshiro128.forChunk(3, 77, 0);
    const place = [0, 0, 0];
    const n = 30_000;
    for (let t = 0; t < n; t++) {
      s.attackCount = 3;
      [1, 2, NPC].forEach((player, i) => {
        s.attackPlayer[i] = player;
        s.attackType[i] = RAID;
        s.attackLocation[i] = 0;
        s.attackScore[i] = 7;
        s.attackLegions[i] = 1;
        s.attackKey[i] = g.next() >>> 2;
        s.order[i] = i;
      });
      sortAttacks(m, s, 3);
      const order = [s.order[0], s.order[1], s.order[2]];
      expect(order.filter((x) => x !== 2)).toEqual([0, 1]); // A (higher Combat) before B
      place[order.indexOf(2)]++;
    }
    for (const c of place) expect(Math.abs(c / n - 1 / 3)).toBeLessThan(4.5 * Math.sqrt(((1 / 3) * (2 / 3)) / n));
  });
});
