import type { ForceFactors } from '../../src/rules/warMachine/forceRating.js';

/** A force with nothing to its name: every BFR factor zero. Tests override what they check. */
export function plainForce(overrides: Partial<ForceFactors> = {}): ForceFactors {
  return {
    troops: 400,
    leader: { level: 0, intelligence: 10, wisdom: 10, charisma: 10 },
    nameLevelTroops: 0,
    officers: { count: 0, averageLevel: 0 },
    averageTroopLevel: 0,
    victories: 0,
    routs: 0,
    weeksTrained: 0,
    weeksWithLeader: 0,
    monthsOnDuty: 0,
    weapons: 'none',
    secondWeapon: false,
    armourClass5OrBetter: false,
    allElvesOrDwarves: false,
    twoAsteriskTroops: 0,
    ...overrides,
  };
}
