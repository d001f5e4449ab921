/**
 * How big a lane's next task is: the sizing policies, apart from the mechanics that cut and run tasks (as piscina
 * keeps its balancer apart from its pool). The chunk scheduler's lanes (engine/local.ts) and the paired runner's
 * (engine/paired.ts) size their tasks with these, in their own units (chunks or trials).
 */

/** A lane's policy: how many units its next task holds (the caller caps it by what is left). */
export interface SizingPolicy {
  size(first: boolean): number;
}

/** One unit a task: the calling thread, so Ctrl-C waits for one unit at most. */
export const oneAtATime: SizingPolicy = { size: () => 1 };

/** A fixed size: a cluster's jobs. */
export function fixedSize(units: number): SizingPolicy {
  const n = Math.max(1, Math.floor(units));
  return { size: () => n };
}

/** As many units as take `ms` at the rate seen so far (`unitMs`, 0: none seen yet: `before`), at least 1. */
export function unitsInTime(ms: number, unitMs: number, before: number): number {
  return unitMs > 0 ? Math.max(1, Math.floor(ms / unitMs)) : before;
}

/**
 * Guided self-scheduling: a share of what is left, `left() / (2 × threads)`, so the last tasks are small and the
 * threads finish together; at most `cap()` (a task's time and what keeps its sums exact); a worker's first task
 * `first` units, so units are not set aside for a worker still starting.
 */
export function guided(o: { threads: number; left: () => number; cap: () => number; first: number }): SizingPolicy {
  return {
    size: (first) =>
      first ? o.first : Math.max(1, Math.min(Math.max(1, o.cap()), Math.ceil(o.left() / (2 * o.threads)))),
  };
}
