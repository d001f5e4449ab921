/** A side's forces in a divided battle: its listed forces, or its one force split as a listed split says. */
import { rateSides } from '../../rules/warMachine/rating.js';
import type { WarMachineSide } from '../warMachine/schema.js';
import type { DividedScenario, DividedSide } from './schema.js';

/** A side's forces for a split (null: its listed forces). A divided force keeps its BR (RC l. 11057). */
export function forcesOf(
  side: DividedSide,
  split: number | null,
  policies: DividedScenario['policies'],
): WarMachineSide[] {
  if (side.forces) return side.forces;
  const whole = side.force!;
  const [r] = rateSides([whole, whole], policies);
  const parts = side.splits![split ?? 0];
  return parts.map((troops, i) => {
    const { basicForceRating: _b, forceFactors: _f, statements: _s, makeup, ...rest } = whole;
    return {
      ...rest,
      name: `${whole.name} ${i + 1} (${troops})`,
      troops,
      battleRating: r.battleRating,
      troopClass: r.troopClassName ?? whole.troopClass,
      // Only the flying share is read once BR is given (defender terrain against fliers).
      makeup: makeup?.flying !== undefined ? { flying: makeup.flying } : undefined,
    } as WarMachineSide;
  });
}
