/**
 * How big a lane's next task is: small named policies, apart from the scheduler's mechanics (engine/scheduler.ts),
 * as piscina keeps its balancer apart from its pool. A policy sees what the lane asks with — its first task or
 * not, the units (chunks or trials) of the current work not yet handed out, and the time one unit took on the
 * calling thread so far — and answers a number of units; the scheduler then gives at least 1 and at most what is
 * left. Chunk runs and paired trials use the same policies (engine/local.ts, engine/paired.ts).
 */

export interface SizeContext {
  /** The lane's first task. */
  first: boolean;
  /** Units of the current work not yet handed out. */
  left: number;
  /** Milliseconds per unit seen on the calling thread (a smoothed minimum; 0: none timed yet). */
  msPerUnit: number;
}

export interface SizePolicy {
  /** In words (timings, tests). */
  readonly name: string;
  size(c: SizeContext): number;
}

/** One unit a task: the calling thread's chunks, so Ctrl-C waits for one chunk at most. */
export const oneAtATime: SizePolicy = { name: 'one at a time', size: () => 1 };

/** The same size every time: a cluster's jobs, cut in order so each job is a pure function of its range. */
export function fixedJobs(units: number): SizePolicy {
  return { name: `fixed jobs of ${units}`, size: () => units };
}

/**
 * A minimum task time: as many units as take about `ms` on the calling thread once it has timed some (a task
 * long enough to pay for its messages, or short enough that Ctrl-C and pool results get a turn), `untilTimed`
 * before; never below `atLeast`.
 */
export function minimumTaskTime(ms: number, o: { untilTimed: number; atLeast?: number }): SizePolicy {
  const least = o.atLeast ?? 1;
  return {
    name: `about ${ms} ms a task`,
    size: (c) => Math.max(least, c.msPerUnit > 0 ? Math.floor(ms / c.msPerUnit) : o.untilTimed),
  };
}

/** `policy`, but never more than `most` units (a kernel's task limit, exact sums). */
export function atMost(most: number, policy: SizePolicy): SizePolicy {
  return { name: `${policy.name}, at most ${most}`, size: (c) => Math.min(most, policy.size(c)) };
}

/**
 * Guided: a share of what is left over `threads` threads (half a thread's share), capped by `cap`, so the last
 * tasks are small and the threads finish together. `firstTask`: a lane's first task instead (one chunk, so units
 * are not set aside for a worker still starting).
 */
export function guidedShare(threads: number, cap: SizePolicy, firstTask?: number): SizePolicy {
  return {
    name: `guided over ${threads} threads (${cap.name})`,
    size: (c) =>
      c.first && firstTask !== undefined
        ? firstTask
        : Math.max(1, Math.min(cap.size(c), Math.ceil(c.left / (2 * threads)))),
  };
}

/**
 * `policy`, but never less than about `ms` of units once the calling thread has timed some: a floor for tasks whose
 * messages cost more than a guided share's last small pieces save (a paired job of 2,000 sieges cut in four went to
 * a worker as four messages of ~0.5 ms of work each).
 */
export function noLessThan(ms: number, policy: SizePolicy): SizePolicy {
  return {
    name: `${policy.name}, at least ${ms} ms`,
    size: (c) => Math.max(policy.size(c), c.msPerUnit > 0 ? Math.floor(ms / c.msPerUnit) : 0),
  };
}
