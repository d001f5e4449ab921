/** The marching force's troop class, which the forced-march table reads. */
import { rateSides } from '../../rules/warMachine/rating.js';
import type { TroopClassName } from '../../rules/warMachine/forceRating.js';
import type { MarchScenario } from './schema.js';

/** The force's troop class for the forced-march table: from its BFR, or as given with a direct BR. */
export function marchTroopClass(s: MarchScenario): TroopClassName {
  const side = { ...s.force, adjustments: { ...s.force.adjustments } };
  const [r] = rateSides([side, side], { ...s.policies });
  const cls = r.troopClassName ?? s.force.troopClass;
  // Without a forced march the class is never read; 'Untrained' then only labels the output.
  return (cls ?? 'Untrained') as TroopClassName;
}
