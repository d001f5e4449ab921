/**
 * examples/elven-pursuit.yaml is the RC's elven prince (RC l. 11019–11021: "The BFR is 96, and troop class is
 * 'Good' … The prince adds 10 to the BFR eight times"), so `warcast rate` prints the book's numbers.
 */
import { describe, expect, it } from 'vitest';
import { rateSides } from '../../src/rules/warMachine/rating.js';
import { loadFile } from '../helpers/load.js';

describe('the elven prince example', () => {
  it('BFR 96, troop class Good, eight statements, BR 176 (RC l. 11019–11021)', () => {
    const { scenario } = loadFile('examples/elven-pursuit.yaml');
    const [prince] = rateSides([scenario.sides[0], scenario.sides[1]], scenario.policies);
    expect(prince.basicForceRating).toBe(96);
    expect(prince.troopClassName).toBe('Good');
    expect(scenario.sides[0].troops).toBe(500);
    expect(prince.battleRating).toBe(176);
  });
});
