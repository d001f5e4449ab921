/**
 * Casualties weakest first in the current role, militia first, ties in roster order (Dune page line 29:
 * "an offensive upgrade unit would die before a defensive one if you were being attacked, militia die
 * first. When equal the first in order dies").
 */
import { describe, expect, it } from 'vitest';
import { casualtyOrder, ROLE_ATTACK, ROLE_DEFEND } from '../../src/rules/dune/casualties.js';
import { UNIT_CODE } from '../../src/rules/dune/scores.js';
import { play } from './helpers.js';

const { standard, offensive, defensive, elite, militia } = UNIT_CODE;

describe('casualty order', () => {
  it('defending: militia first, then by defence value, ties in roster order', () => {
    const roster = [defensive, elite, offensive, standard, militia, standard, militia];
    // militia (4, 6), then the +2s in roster order (offensive 2, standard 3, standard 5), then the +3s (0, 1)
    expect(casualtyOrder(roster, ROLE_DEFEND)).toEqual([4, 6, 2, 3, 5, 0, 1]);
  });

  it('defending: an offensive upgrade dies before a defensive one', () => {
    expect(casualtyOrder([defensive, offensive], ROLE_DEFEND)).toEqual([1, 0]);
  });

  it('attacking: by attack value, ties in roster order', () => {
    expect(casualtyOrder([elite, offensive, standard, defensive, standard], ROLE_ATTACK)).toEqual([2, 3, 4, 0, 1]);
  });
});

describe('casualties in a battle', () => {
  // A seizure at exactly 0: both sides lose one unit.
  const doc = (attackers: string[], defenders: { name: string; type?: string }[], militiaCount: number) => ({
    players: [
      { name: 'Def', combat: 3, homeworld: 'Def Home' },
      { name: 'Att', combat: 3, wealth: 5000, homeworld: 'Att Home' },
    ],
    locations: [
      { name: 'Field', owner: 'Def', militia: militiaCount, garrison: defenders },
      { name: 'Def Home', owner: 'Def' },
      {
        name: 'Att Home',
        owner: 'Att',
        garrison: [{ name: 'A1' }, { name: 'A2', type: 'offensive' }, { name: 'A3' }, { name: 'A4', type: 'elite' }],
      },
    ],
    attacks: [{ player: 'Att', type: 'seizure', target: 'Field', units: attackers }],
  });

  it('the defender loses its militia first and the attacker its first-listed weakest legion', () => {
    // Att: CC 6 + A2 2 + A3 1 + A1 1 = 10; Def: CC 6 + militia 1 + D1 3 = 10 → 0.
    const { trace } = play(doc(['A2', 'A3', 'A1'], [{ name: 'D1', type: 'defensive' }], 1));
    const b = trace.locations[0].battles[0];
    expect(b.difference).toBe(0);
    expect(b.defenderLosses).toEqual(['Field militia']);
    expect(b.attackerLosses).toEqual(['A3']);
  });

  it('among equal defenders the first in roster order dies', () => {
    // Att: 6 + 2 + 2 + 1 = 11 (A4 elite, A2 offensive, A1); Def: 6 + D1 2 + D2 3 = 11.
    const { trace } = play(
      doc(
        ['A4', 'A2', 'A1'],
        [
          { name: 'D1', type: 'offensive' },
          { name: 'D2', type: 'defensive' },
        ],
        0,
      ),
    );
    const b = trace.locations[0].battles[0];
    expect(b.difference).toBe(0);
    expect(b.defenderLosses).toEqual(['D1']);
    expect(b.attackerLosses).toEqual(['A1']);
  });
});
