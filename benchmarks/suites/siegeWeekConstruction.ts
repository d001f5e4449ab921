/** The siege kernel on a siege whose attacker builds engines in the field that join mid-siege (several arsenals). */
import { siegeKernelSuite } from './siegeWeek.js';

export const siegeWeekConstruction = siegeKernelSuite(
  'siege week, construction',
  'siege kernel, one thread, benchmarks/scenarios/siege-construction.yaml (siege.yaml + 2 trebuchets and a ram built, joining in week 4; ≈ 7.5 weeks per siege, siege.yaml 8.9)',
  'siege-construction.yaml',
);
