/**
 * Golden: the seizure-cascade worked example of the Dune play-by-email rules, both variants, exactly as the
 * seed tells it (the Dune page (docs/sources/dune-combat.txt), "Who Attacks First?", line 77):
 * "against an originally defender of BS 7, Bob launches a BS 8 attack with 2 legions on a CC of 6 and John
 * Launches a BS 10 attack with three legions and a hero, CC 6. Bob Seizes the place and loses a legion (+1
 * Seizure result). His remaining legion is now a defender (+2) and he's at minus 2 as second defender, his BS
 * is only a 6 now, John eats him alive though the place is still damaged. Alternatively, if Bob had launched
 * with 3 legions, BS 9, he'd have taken no casualties and would have defended with CC of 6 +6 for defenders,
 * -2 for 2nd defense, or 10, a tie, John and Bob both lose a legion and John's forces retreat. […] Were
 * another attack to follow that round, say Jane, with a BS of 11, poor Bob would be down to a BS of only 6
 * (2 legions but a -4 for third defense), she'll obliterate his poor wounded and reeling force."
 */
import { describe, expect, it } from 'vitest';
import { compileCascade } from '../../src/kinds/cascade/plan.js';
import { loadFile } from '../helpers/load.js';
import { resolveRound, type RoundTrace } from '../../src/rules/dune/cascade.js';
import { createState } from '../../src/rules/dune/model.js';
import { processOrders } from '../../src/rules/dune/orders.js';

function trace(file: string) {
  const { scenario } = loadFile(file);
  const m = compileCascade(scenario, { npc: false, rounds: null });
  const s = createState(m);
  const t: RoundTrace = { round: scenario.round, locations: [] };
  resolveRound(m, s, 0, null, t);
  expect(t.locations).toHaveLength(1);
  return { loc: t.locations[0], m, s };
}

const parts = (p: { parts: { value: number }[] }) => p.parts.map((x) => x.value);

describe('seed worked example: Bob BS 8 then John BS 10 against a defender of BS 7', () => {
  const { loc, m, s } = trace('examples/cascade-bob-john.yaml');

  it('orders the seizures lowest score first: Bob (8) then John (10)', () => {
    expect(loc.order.map((o) => [o.attacker, o.score])).toEqual([
      ['Bob', 8],
      ['John', 10],
    ]);
    expect(loc.order[0].beforeNextBecause).toBe('lower score');
  });

  it('Bob 8 vs 7: +1, takes the place damaged and loses a legion', () => {
    const b = loc.battles[0];
    expect(parts(b.attackerScore)).toEqual([6, 1, 1]);
    expect(b.defenderScore.total).toBe(7);
    expect(b.difference).toBe(1);
    expect(b.row).toBe('+1');
    expect(b.attackerLosses).toEqual(['Bob Leg A']);
    expect(b.ownerAfter).toBe('Bob');
    expect(b.damageAfter).toBe('damaged');
  });

  it('John 10 vs Bob 6 = 6 + 2 − 2: John eats him alive, the place still damaged', () => {
    const b = loc.battles[1];
    expect(parts(b.attackerScore)).toEqual([6, 1, 1, 1, 1]);
    expect(parts(b.defenderScore)).toEqual([6, 2, -2]);
    expect(b.defenderScore.total).toBe(6);
    expect(b.difference).toBe(4);
    expect(b.attackerLosses).toEqual([]);
    expect(b.defenderLosses).toEqual(['Bob Leg B']);
    expect(b.ownerAfter).toBe('John');
    expect(b.damageAfter).toBe('damaged');
    expect(loc.ownerAfter).toBe('John');
    expect(loc.damage).toBe('damaged');
  });

  it('is a legal round: John, Combat 3, sends three legions and a hero for 7 AP = 2 × 3 + 1 (Dune page line 12)', () => {
    const o = processOrders(loadFile('examples/cascade-bob-john.yaml').scenario);
    expect(o.violations).toEqual([]);
    expect(o.players.John).toMatchObject({ ap: 7, legionsMoved: 3, heroesMoved: 1, hazardFees: 3 * 400 });
    expect(o.players.Bob).toMatchObject({ ap: 4, legionsMoved: 2, hazardFees: 2 * 400 });
  });

  it('counts the legions lost: Bob 2, Duke 1 (and his militia), John 0', () => {
    const lost = Object.fromEntries(m.players.names.map((n, p) => [n, s.legionsLost[p]]));
    expect(lost).toEqual({ Duke: 1, Bob: 2, John: 0 });
  });
});

describe('seed worked example, variant: Bob BS 9 holds against John at 10 vs 10, then falls to Jane BS 11', () => {
  const { loc, m, s } = trace('examples/cascade-bob-john-jane.yaml');

  it('orders Bob (9), John (10), Jane (11)', () => {
    expect(loc.order.map((o) => [o.attacker, o.score])).toEqual([
      ['Bob', 9],
      ['John', 10],
      ['Jane', 11],
    ]);
  });

  it('Bob 9 vs 7: +2, takes the place damaged without casualties', () => {
    const b = loc.battles[0];
    expect(b.difference).toBe(2);
    expect(b.attackerLosses).toEqual([]);
    expect(b.ownerAfter).toBe('Bob');
    expect(b.damageAfter).toBe('damaged');
  });

  it('John 10 vs Bob 10 = 6 + 6 − 2: a tie, both lose a legion, John retreats, Bob holds', () => {
    const b = loc.battles[1];
    expect(parts(b.defenderScore)).toEqual([6, 2, 2, 2, -2]);
    expect(b.attackerScore.total).toBe(10);
    expect(b.defenderScore.total).toBe(10);
    expect(b.difference).toBe(0);
    expect(b.attackerLosses).toEqual(['John Leg A']);
    expect(b.defenderLosses).toEqual(['Bob Leg A']);
    expect(b.ownerAfter).toBe('Bob');
  });

  it('Jane 11 vs Bob 6 = 6 + 4 − 4: she obliterates his force', () => {
    const b = loc.battles[2];
    expect(b.attackerScore.total).toBe(11);
    expect(parts(b.defenderScore)).toEqual([6, 2, 2, -4]);
    expect(b.difference).toBe(5);
    expect(b.attackerLosses).toEqual([]);
    expect(b.defenderLosses).toEqual(['Bob Leg B', 'Bob Leg C']);
    expect(loc.ownerAfter).toBe('Jane');
    expect(loc.damage).toBe('damaged');
    const lost = Object.fromEntries(m.players.names.map((n, p) => [n, s.legionsLost[p]]));
    expect(lost).toEqual({ Duke: 1, Bob: 3, John: 1, Jane: 0 });
  });
});
