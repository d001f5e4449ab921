/**
 * Reading a siege accumulator: its endings by week (layout: kernel.ts `siegeLayout`), written once for the
 * summary, the precision stop, seek's `fallenBy(w)` and the metrics worth reads (`siegeMetrics`).
 */
import { E_DEFENDERS_DEPART, E_STARVED, E_STORMED } from './codes.js';
import type { Metric } from '../worth.js';
import { siegeLayout, SUM } from './kernel.js';
import type { SiegePlan } from './plan.js';

/** The endings in which the fortress falls: stormed, starved out, or given up by its defenders. */
export const FALLEN_ENDINGS = [E_STORMED, E_STARVED, E_DEFENDERS_DEPART] as const;

export interface SiegeAccumulator {
  /** Sieges that ended with `ending` (an index of ENDINGS) in week `week` (0 … weekLimit). */
  ending(acc: ArrayLike<number>, ending: number, week: number): number;
  /** Sieges that ended with `ending`, any week. */
  endingTotal(acc: ArrayLike<number>, ending: number): number;
  /** Sieges the fortress had fallen in by the end of week `week` (to the limit: `plan.weekLimit`). */
  fallenBy(acc: ArrayLike<number>, week: number): number;
}

export function siegeAccumulator(
  plan: Pick<SiegePlan, 'weekLimit'> & Parameters<typeof siegeLayout>[0],
): SiegeAccumulator {
  const { endings } = siegeLayout(plan);
  const weeks = plan.weekLimit + 1;
  const ending = (acc: ArrayLike<number>, e: number, w: number) => acc[endings + e * weeks + w];
  return {
    ending,
    endingTotal(acc, e) {
      let k = 0;
      for (let w = 0; w < weeks; w++) k += ending(acc, e, w);
      return k;
    },
    fallenBy(acc, week) {
      let k = 0;
      for (const e of FALLEN_ENDINGS) for (let w = 0; w <= Math.min(week, weeks - 1); w++) k += ending(acc, e, w);
      return k;
    },
  };
}

type SiegeReadable = Parameters<typeof siegeAccumulator>[0];

/** The kind's named metrics over (plan, accumulator, trials), as worth reads them. */
export const siegeMetrics = {
  /** `fallenBy(w)`: sieges fallen by the end of week w (a proportion). */
  fallenBy: (w: number): Metric<SiegeReadable> => ({
    name: `fallenBy(${w})`,
    type: 'proportion',
    read: (plan, acc) => siegeAccumulator(plan).fallenBy(acc, w),
  }),
  /** `heldThrough(w)`: sieges held through week w (a proportion). */
  heldThrough: (w: number): Metric<SiegeReadable> => ({
    name: `heldThrough(${w})`,
    type: 'proportion',
    read: (plan, acc, trials) => trials - siegeAccumulator(plan).fallenBy(acc, w),
  }),
  /** `lost(side)`: a side's troops lost, dead and wounded (a mean). */
  lost: (side: 'attacker' | 'defender'): Metric<SiegeReadable> => {
    const [dead, wounded] =
      side === 'attacker' ? [SUM.attackerDead, SUM.attackerWounded] : [SUM.defenderDead, SUM.defenderWounded];
    return {
      name: `lost(${side})`,
      type: 'mean',
      read: (plan, acc) => {
        const sums = siegeLayout(plan).sums;
        return acc[sums + dead] + acc[sums + wounded];
      },
    };
  },
};
