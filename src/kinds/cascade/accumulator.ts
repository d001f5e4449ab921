/**
 * Reading a cascade accumulator (layout: kernel.ts `cascadeLayout`), written once for the summary, seek's
 * `held(r, "L")` and worth's metrics (`cascadeMetrics`): who owns each location at the end, who holds it after each round, legions lost.
 */
import type { CascadeModel } from '../../rules/dune/model.js';
import type { Metric } from '../worth.js';
import { cascadeLayout, type CascadeLayout } from './kernel.js';

export interface CascadeAccumulator {
  readonly layout: CascadeLayout;
  /** Campaigns ending with location `l` owned by player `owner` (the player count: the NPCs). */
  owner(acc: ArrayLike<number>, l: number, owner: number): number;
  /** Campaigns in which location `l`'s owner at the start still holds it after round `round` (1 …). */
  held(acc: ArrayLike<number>, round: number, l: number): number;
  /** Campaigns in which player `p` lost `k` legions. */
  legionsLost(acc: ArrayLike<number>, p: number, k: number): number;
}

export function cascadeAccumulator(m: CascadeModel): CascadeAccumulator {
  const layout = cascadeLayout(m);
  const { owners, held, legionsLost, players, locations, lostBins } = layout;
  return {
    layout,
    owner: (acc, l, o) => acc[owners + l * (players + 1) + o],
    held: (acc, round, l) => acc[held + (round - 1) * locations + l],
    legionsLost: (acc, p, k) => acc[legionsLost + p * lostBins + k],
  };
}

/** The kind's named metrics over (plan, accumulator, trials), as worth reads them. */
export const cascadeMetrics = {
  /** `owner(L) = P`: campaigns ending with location `l` owned by player `p` (a proportion). */
  owner: (l: number, p: number): Metric<CascadeModel> => ({
    name: `owner(${l}) = ${p}`,
    type: 'proportion',
    read: (plan, acc) => cascadeAccumulator(plan).owner(acc, l, p),
  }),
  /** `legionsLost(p)`: legions lost by the players `of` picks, summed (a mean). */
  legionsLost: (of: (p: number) => boolean): Metric<CascadeModel> => ({
    name: 'legionsLost(p)',
    type: 'mean',
    read(plan, acc) {
      const read = cascadeAccumulator(plan);
      const { players, lostBins } = read.layout;
      let sum = 0;
      for (let p = 0; p < players; p++)
        if (of(p)) for (let k = 1; k < lostBins; k++) sum += k * read.legionsLost(acc, p, k);
      return sum;
    },
  }),
};
