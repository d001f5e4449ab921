/**
 * NPC attacks (Dune page lines 79–95): the attack count per player from 1d6 + modifier, the type die, the
 * NPC scores and the target weighting, sampled through the real round set-up and compared with the exact
 * tables; tolerances are 4.5 standard errors of the sample size.
 */
import { describe, expect, it } from 'vitest';
import { beginRound } from '../../src/rules/dune/cascade.js';
import { createState, NPC } from '../../src/rules/dune/model.js';
import { npcAttackCount, npcCountDistribution, npcModifier, npcScore } from '../../src/rules/dune/npc.js';
import { HOUSE_RAID, RAID, SEIZURE } from '../../src/rules/dune/tables.js';
import { Stream, Xoshiro128 } from '../../src/rng/index.js';
import { model } from './helpers.js';

const within = (observed: number, p: number, n: number) =>
  expect(Math.abs(observed - p)).toBeLessThanOrEqual(4.5 * Math.sqrt((p * (1 - p)) / n) + 1e-12);

/** One player holding a homeworld and `extra` ordinary locations (so every attack type has a target). */
function holder(diplomacy: number, extra: number, weight = 1, garrisoned: boolean[] = []) {
  const locations = [
    { name: 'Home', owner: 'P', isHomeworld: true, garrison: [{ name: 'L0' }] },
    ...Array.from({ length: extra }, (_, i) => ({
      name: `Loc ${i}`,
      owner: 'P',
      ...(garrisoned[i] ? { militia: 1 } : {}),
    })),
  ];
  return model(
    {
      players: [{ name: 'P', combat: 2, diplomacy, homeworld: 'Home' }],
      locations,
      policies: { ungarrisonedWeight: weight },
    },
    { npc: true, rounds: null },
  );
}

describe('NPC attack count', () => {
  it('prints the table: modifier 0 gives 0, 1, 2, 3 attacks with 1/6, 2/6, 2/6, 1/6', () => {
    expect(npcCountDistribution(0)).toEqual([1 / 6, 2 / 6, 2 / 6, 1 / 6]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(npcAttackCount)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(npcCountDistribution(-5)).toEqual([1, 0, 0, 0]);
    expect(npcCountDistribution(5)[3]).toBeCloseTo(1, 12);
  });

  it('counts every 3 locations (homeworld included), minus Diplomacy, plus 1 in rounds 1–2', () => {
    expect(npcModifier(3, 0, 3)).toBe(1);
    expect(npcModifier(5, 2, 3)).toBe(-1);
    expect(npcModifier(6, 1, 2)).toBe(2);
    expect(npcModifier(2, 0, 1)).toBe(1);
  });

  for (const [diplomacy, extra, m] of [
    [1, 2, 0], // 3 locations → +1, Diplomacy 1 → 0
    [0, 2, 1],
    [3, 2, -2],
  ] as const) {
    it(`matches the exact distribution for modifier ${m} when sampled through a round`, () => {
      const mod = holder(diplomacy, extra);
      const s = createState(mod);
      const rng = Xoshiro128.forChunk(7, Stream.cascade, 1);
      const n = 20_000;
      const counts = [0, 0, 0, 0];
      for (let i = 0; i < n; i++) {
        beginRound(mod, s, 0, rng);
        counts[s.attackCount]++;
      }
      const exact = npcCountDistribution(m);
      for (let k = 0; k < 4; k++) within(counts[k] / n, exact[k], n);
    });
  }
});

describe('NPC attack type and score', () => {
  it('rolls 1–4 raid, 5 seizure, 6 house raid, with scores 1d6+2, 1d6+4, 1d6+5', () => {
    const mod = holder(0, 5);
    const s = createState(mod);
    const rng = Xoshiro128.forChunk(8, Stream.cascade, 2);
    const types = [0, 0, 0];
    const scores: number[][] = [[], [], []];
    let total = 0;
    for (let i = 0; i < 15_000; i++) {
      beginRound(mod, s, 0, rng);
      for (let a = 0; a < s.attackCount; a++) {
        expect(s.attackPlayer[a]).toBe(NPC);
        types[s.attackType[a]]++;
        scores[s.attackType[a]].push(s.attackScore[a]);
        total++;
        if (s.attackType[a] === HOUSE_RAID) expect(s.attackLocation[a]).toBe(0);
        else expect(s.attackLocation[a]).not.toBe(0);
      }
    }
    within(types[RAID] / total, 4 / 6, total);
    within(types[SEIZURE] / total, 1 / 6, total);
    within(types[HOUSE_RAID] / total, 1 / 6, total);
    for (const [type, bonus] of [
      [RAID, 2],
      [SEIZURE, 4],
      [HOUSE_RAID, 5],
    ] as const) {
      const list = scores[type];
      expect(Math.min(...list)).toBe(1 + bonus);
      expect(Math.max(...list)).toBe(6 + bonus);
      for (let face = 1; face <= 6; face++)
        within(list.filter((x) => x === face + bonus).length / list.length, 1 / 6, list.length);
      expect(npcScore(type, 3)).toBe(3 + bonus);
    }
  });
});

describe('NPC targets (policy ungarrisonedWeight)', () => {
  const share = (weight: number) => {
    // Loc 0 ungarrisoned, Loc 1 guarded by militia: raids and seizures choose between them.
    const mod = holder(0, 2, weight, [false, true]);
    const s = createState(mod);
    const rng = Xoshiro128.forChunk(9, Stream.cascade, 3);
    let onBare = 0;
    let total = 0;
    for (let i = 0; i < 15_000; i++) {
      beginRound(mod, s, 0, rng);
      for (let a = 0; a < s.attackCount; a++) {
        if (s.attackType[a] === HOUSE_RAID) continue;
        total++;
        if (s.attackLocation[a] === 1) onBare++;
      }
    }
    return { p: onBare / total, total };
  };
  it('defaults to 3: "much more likely to attack locations which are ungarrisoned" (Dune page line 79)', () => {
    expect(
      model({ players: [{ name: 'P', combat: 2, homeworld: 'Home' }], locations: [{ name: 'Home', owner: 'P' }] })
        .policies.ungarrisonedWeight,
    ).toBe(3);
  });
  it('is uniform with weight 1', () => {
    const { p, total } = share(1);
    within(p, 1 / 2, total);
  });
  it('weighs an ungarrisoned location by ungarrisonedWeight (3 → 3/4)', () => {
    const { p, total } = share(3);
    within(p, 3 / 4, total);
  });
});

describe('NPC targets: never a location on Kaitain (no combat there, Dune page line 11)', () => {
  it('raids and seizures land only on the other locations', () => {
    const mod = model(
      {
        players: [{ name: 'P', combat: 2, homeworld: 'Home' }],
        locations: [
          { name: 'Home', owner: 'P' },
          { name: 'Embassy', owner: 'P', isKaitain: true },
          { name: 'Mine', owner: 'P' },
        ],
      },
      { npc: true, rounds: null },
    );
    const s = createState(mod);
    const rng = Xoshiro128.forChunk(5, Stream.cascade, 1);
    let onMine = 0;
    for (let i = 0; i < 5000; i++) {
      beginRound(mod, s, 0, rng);
      for (let a = 0; a < s.attackCount; a++) {
        expect(s.attackLocation[a]).not.toBe(1);
        if (s.attackLocation[a] === 2) onMine++;
      }
    }
    expect(onMine).toBeGreaterThan(1000);
  });
});
