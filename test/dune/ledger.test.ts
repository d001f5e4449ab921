/**
 * The ledger adds up, exactly, for every player in every trial: wealth after = wealth
 * before − hazard fees + Kanly refunds − recruiting + income + raided + house-raid gains − house-raid losses
 * − militia regeneration. Run on the three-house, three-round example with fees and Kanly, with NPC attacks.
 */
import { describe, expect, it } from 'vitest';
import { compileCascade } from '../../src/kinds/cascade/plan.js';
import { loadFile } from '../helpers/load.js';
import { resolveRound } from '../../src/rules/dune/cascade.js';
import { createState, resetState, type CascadeState } from '../../src/rules/dune/model.js';
import { Stream, Xoshiro128 } from '../../src/rng/index.js';
import { cascadeAccLength, runCascadeChunks } from '../../src/kinds/cascade/kernel.js';
import { summarizeCascade } from '../../src/kinds/cascade/summary.js';
import { HOUSE_RAID } from '../../src/rules/dune/tables.js';
import { play } from './helpers.js';

const FILE = 'examples/cascade-kanly-three-rounds.yaml';
const ledger = (s: CascadeState, before: number, p: number) =>
  before -
  s.hazardFees[p] +
  s.refunds[p] -
  s.recruiting[p] +
  s.income[p] +
  s.raided[p] +
  s.houseRaidGain[p] -
  s.wealthLost[p] -
  s.regeneration[p];

describe('the ledger of the three-round Kanly example', () => {
  const { scenario } = loadFile(FILE);
  const m = compileCascade(scenario, { npc: true, rounds: 3 });

  it('adds up exactly for every player in each of 20,000 trials, and every entry moves in some trial', () => {
    const s = createState(m);
    const rng = Xoshiro128.forChunk(7, Stream.cascade, 0);
    const P = m.players.names.length;
    const moved = { income: 0, raided: 0, wealthLost: 0, regeneration: 0, kanlyForfeit: 0 };
    let withoutRaided = 0;
    for (let t = 0; t < 20_000; t++) {
      resetState(m, s);
      for (let r = 0; r < 3; r++) resolveRound(m, s, r, rng, null);
      for (let p = 0; p < P; p++) {
        const before = m.players.wealth[p];
        if (s.wealth[p] !== ledger(s, before, p))
          expect.fail(`trial ${t}, ${m.players.names[p]}: wealth ${s.wealth[p]} ≠ ledger ${ledger(s, before, p)}`);
        if (s.raided[p] > 0 && s.wealth[p] !== ledger(s, before, p) - s.raided[p]) withoutRaided++;
        for (const k of Object.keys(moved) as (keyof typeof moved)[]) if (s[k][p] > 0) moved[k]++;
      }
    }
    // Each entry is exercised, so a ledger that forgot one would fail above (e.g. without raids: withoutRaided > 0).
    for (const [k, n] of Object.entries(moved)) expect(n, k).toBeGreaterThan(0);
    expect(withoutRaided).toBeGreaterThan(0);
  });

  it('the round’s orders are paid before any battle: fees, recruiting (1,000 MS each), no refunds outside Kanly’s first round', () => {
    expect(m.players.hazardFees).toEqual([4 * 400, 4 * 400, 100 + 200]); // Ordos: homeworld → its own Kaitain location (line 19), then the raid from Kaitain (line 21)
    expect(m.players.recruiting).toEqual([1000, 2000, 0]);
    expect(m.players.refunds).toEqual([0, 0, 0]);
  });

  it('Kanly: both attacked each other in round 4, so only rounds 5 and 6 cost them half their income', () => {
    // [r × P + p]: Atreides 0, Harkonnen 1, Ordos 2.
    expect(m.kanlyPenalty).toEqual([0, 0, 0, 1, 1, 0, 1, 1, 0]);
  });

  it('a house raid at +4: the defender loses min(6000, 60% W) and half goes to the attacker, in both ledgers', () => {
    const { m: hm, s: hs } = play({
      players: [
        { name: 'Att', combat: 5, diplomacy: 5, wealth: 10_000, homeworld: 'Att Home' },
        { name: 'Def', combat: 1, wealth: 5000, homeworld: 'Def Home' },
      ],
      locations: [
        { name: 'Att Home', owner: 'Att', garrison: ['A1', 'A2', 'A3', 'A4', 'A5'].map((name) => ({ name })) },
        { name: 'Def Home', owner: 'Def', income: 1000 },
      ],
      attacks: [{ player: 'Att', target: 'Def', units: ['A1', 'A2', 'A3', 'A4', 'A5'] }], // no type: a house raid on a homeworld
    });
    expect(hm.attacks.type).toEqual([HOUSE_RAID]);
    expect([hs.hazardFees[0], hs.houseRaidGain[0], hs.wealthLost[1], hs.income[1]]).toEqual([
      5 * 300,
      1500,
      3000,
      1000,
    ]);
    expect(hs.wealth).toEqual([10_000 - 1500 + 1500, 5000 - 3000 + 1000]);
    for (const p of [0, 1]) expect(hs.wealth[p]).toBe(ledger(hs, hm.players.wealth[p], p));
  });

  it('the Monte Carlo means satisfy the same identity (the kernel sums the same entries)', () => {
    const acc = new Float64Array(cascadeAccLength(m));
    runCascadeChunks(m, 11, 0, 1, 10_000, acc);
    const sum = summarizeCascade(m, acc, 10_000);
    for (const name of m.players.names) {
      const l = sum.ledger[name];
      const after =
        l.wealthBefore -
        l.hazardFees +
        l.refunds -
        l.recruiting +
        l.income +
        l.raided +
        l.houseRaidGain -
        l.houseRaidLoss -
        l.regeneration;
      expect(l.wealthAfter).toBeCloseTo(after, 6);
    }
    expect(sum.ledger.Harkonnen.kanlyForfeit).toBeGreaterThan(0);
    expect(sum.ledger.Ordos.kanlyForfeit).toBe(0);
  });
});
