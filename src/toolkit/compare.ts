/**
 * `compare`: two scenarios of one kind side by side — the numbers a game master weighs (win, losses, weeks to
 * fall, who holds what) — with the difference, its 95% interval and whether that interval excludes zero. Both run
 * with the same seed, so they share their dice chunk by chunk (common random numbers): sieges and cascades pair
 * their chunks for the interval (src/stats/batches.ts); a battle's win odds are exact, and its mean losses carry
 * each run's standard deviation from sums of squares.
 */
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import { UsageError } from '../errors.js';
import type { BaseHooks, KindLoader } from './kindHooks.js';
import type { ScenarioInput } from '../scenario/given.js';
import { runSettings, type RunOptions } from '../engine/options.js';
import { wilsonHalfWidth, Z95 } from '../stats/index.js';
import { MIN_PAIRED_CHUNKS, probabilityDifference, type Difference } from '../stats/batches.js';
import { FIRST_STAGE, stagedOptions, type TrialsBy } from './staging.js';
import { judgeDifferences, type FamilyError, type FamilyMethod } from '../stats/family.js';

export interface CompareRow {
  metric: string;
  a: number;
  b: number;
  /** b − a. */
  difference: number;
  /** 95% interval of the difference (null: both exact, or its noise not estimated). */
  ci95: [number, number] | null;
  /**
   * How the interval was made: 'exact' (no noise), 'paired' (chunk by chunk: both runs share each chunk's dice,
   * src/stats/batches.ts), 'bound' (too few chunks to pair: the two standard errors added, which holds for any
   * correlation), 'independent' (each run's own standard error, the runs treated as independent), or
   * 'not estimated'.
   */
  interval: 'exact' | 'paired' | 'bound' | 'independent' | 'not estimated';
  /** Half-width of the difference's 95% interval (0: both exact; null: not estimated). */
  noise: number | null;
  /** The interval excludes zero (exact: the numbers differ); null when not estimated. */
  beyondNoise: boolean | null;
  /** Both numbers exact (no Monte Carlo noise). */
  exact: boolean;
  /** 'probability', or a mean's unit (troops, weeks, legions; a kind's own, e.g. rounds). */
  unit: 'probability' | 'troops' | 'weeks' | 'legions' | (string & {});
  /** A mean's per-trial standard deviation in each run (from sums of squares), when known. */
  sd?: [number, number];
  /** 'paired': the chunks paired (Student's t on chunks − 1 degrees of freedom). */
  chunks?: number;
  /**
   * A Monte Carlo row among several: the interval of B − A at the family's level (two-sided `familyLevel`): the rows
   * are claims made at once, held together by the result's `familyError`; `beyondNoise` follows it (`ci95` stays
   * the row's own 95%).
   */
  ciFamily?: [number, number];
  familyLevel?: number;
}

export interface CompareResult extends ResultMeta {
  kind: string;
  files: [string, string];
  seed: number;
  trials: [number, number];
  /**
   * Monte Carlo kinds: how the runs were sized — 'given' (`--trials`), 'precision' (`--precision`),
   * 'staged-default' (neither given: the default precision), 'fixed-default' (another engine: the default count);
   * src/toolkit/staging.ts.
   */
  trialsBy?: TrialsBy;
  rows: CompareRow[];
  /** Under --precision: the target, whether both runs reached it within --max-trials, the widest half-width got. */
  precision?: number;
  precisionReached?: boolean;
  precisionHalfWidth?: number;
  maxTrials?: number;
  /**
   * Monte Carlo rows: the family error they are held to as many claims at once (method, α, claims, findings;
   * src/stats/family.ts); absent when no row has noise (a battle's exact odds alone).
   */
  familyError?: FamilyError;
}

/** Both runs' precision outcome (each as its analysis reports it), for a kind's compare hook. */
export function bothPrecision(
  a: { precisionReached?: boolean; precisionHalfWidth?: number },
  b: { precisionReached?: boolean; precisionHalfWidth?: number },
): { precisionReached: boolean; precisionHalfWidth: number } | undefined {
  if (a.precisionReached === undefined && b.precisionReached === undefined) return undefined;
  return {
    precisionReached: a.precisionReached !== false && b.precisionReached !== false,
    precisionHalfWidth: Math.max(a.precisionHalfWidth ?? 0, b.precisionHalfWidth ?? 0),
  };
}

/** A row from a difference and its interval (null: not estimated). */
function rowOf(
  metric: string,
  unit: CompareRow['unit'],
  a: number,
  b: number,
  ci: [number, number] | null,
  interval: CompareRow['interval'],
): CompareRow {
  const finite = ci !== null && Number.isFinite(ci[0]) && Number.isFinite(ci[1]);
  return {
    metric,
    a,
    b,
    difference: b - a,
    ci95: finite ? ci : null,
    interval: finite ? interval : 'not estimated',
    noise: finite ? (ci[1] - ci[0]) / 2 : null,
    beyondNoise: interval === 'exact' ? a !== b : finite ? !(ci[0] <= 0 && ci[1] >= 0) : null,
    exact: interval === 'exact',
    unit,
  };
}

/**
 * A probability in each run. Exact: no noise. Paired (`paired`, chunk by chunk): its interval. Otherwise each
 * run's Wilson interval (src/stats) gives its standard error, and the two are treated as independent.
 */
export function probability(
  metric: string,
  a: number,
  b: number,
  n: [number, number],
  exact = false,
  paired?: Difference,
): CompareRow {
  if (exact) return rowOf(metric, 'probability', a, b, [b - a, b - a], 'exact');
  if (paired) {
    // Both runs saw only falls (or only holds): the chunks' differences are all 0, yet the odds are not known
    // exactly; Newcombe's interval from each run's Wilson (src/stats/batches.ts) keeps the noise in view.
    const d = probabilityDifference(paired, { p: a, trials: n[0] }, { p: b, trials: n[1] });
    return { ...rowOf(metric, 'probability', a, b, d.ci95, d.method), difference: d.difference, chunks: d.chunks };
  }
  const se = (p: number, trials: number) => wilsonHalfWidth(Math.round(p * trials), Math.max(1, trials)) / Z95;
  const half = Z95 * Math.sqrt(se(a, n[0]) ** 2 + se(b, n[1]) ** 2);
  return rowOf(metric, 'probability', a, b, [b - a - half, b - a + half], 'independent');
}

/**
 * A mean in each run, with each run's standard deviation from its sums of squares: paired (`paired`) when given,
 * otherwise the runs treated as independent (mean ± z·√(sd²/n) each). Without a standard deviation or a pairing,
 * its noise is not estimated.
 */
export function mean(
  metric: string,
  unit: CompareRow['unit'],
  a: { mean: number; sd?: number },
  b: { mean: number; sd?: number },
  n: [number, number],
  paired?: Difference,
): CompareRow {
  const sd: [number, number] | undefined = a.sd !== undefined && b.sd !== undefined ? [a.sd, b.sd] : undefined;
  const extra = sd ? { sd } : {};
  // No spread seen on either side (every trial the same, or every chunk's difference the same): a mean has no
  // rule-of-three bound, so its noise is said to be unknown rather than an interval of no width.
  if ((paired && paired.ci95[1] - paired.ci95[0] <= 0) || (!paired && sd && sd[0] === 0 && sd[1] === 0))
    return {
      ...rowOf(metric, unit, a.mean, b.mean, null, 'not estimated'),
      difference: paired?.difference ?? b.mean - a.mean,
      ...extra,
    };
  if (paired)
    return {
      ...rowOf(metric, unit, a.mean, b.mean, paired.ci95, paired.method),
      difference: paired.difference,
      chunks: paired.chunks,
      ...extra,
    };
  if (!sd) return rowOf(metric, unit, a.mean, b.mean, null, 'not estimated');
  const half = Z95 * Math.sqrt(sd[0] ** 2 / Math.max(1, n[0]) + sd[1] ** 2 / Math.max(1, n[1]));
  const d = b.mean - a.mean;
  return { ...rowOf(metric, unit, a.mean, b.mean, [d - half, d + half], 'independent'), ...extra };
}

/** What `compare` asks of a kind: its rows of two scenarios (with the base's staging and chunk). */
export interface CompareHook {
  /** `compare`: the rows of two scenarios of this kind side by side. */
  compare?(
    a: ScenarioInput,
    b: ScenarioInput,
    options: RunOptions,
  ): Promise<{
    seed: number;
    trials: [number, number];
    rows: CompareRow[];
    /** Under --precision: whether both runs reached it, and the widest half-width (compare's `bothPrecision`). */
    precision?: { precisionReached: boolean; precisionHalfWidth: number };
  }>;
}

/** Two scenarios of one kind side by side (each kind's rows, by its `compare` hook). */
export interface CompareOptions extends RunOptions {
  /** How the Monte Carlo rows are held together as many claims: `holm` (default) or `bh` (src/stats/family.ts). */
  family?: FamilyMethod;
}

/**
 * The rows with noise are many claims at once: judged as one family (Holm by default: the chance of any false
 * "beyond noise" over them ≤ 5%), each row's `beyondNoise` following its decision at its level.
 */
export function rowsAsFamily(rows: CompareRow[], method: FamilyMethod): FamilyError | null {
  const claims = rows.filter((r) => !r.exact && r.ci95 !== null && r.beyondNoise !== null);
  if (claims.length === 0) return null;
  const { judged, error } = judgeDifferences(
    claims.map((r) => ({
      difference: r.difference,
      ci95: r.ci95!,
      withinNoise: !r.beyondNoise,
      method: r.interval === 'paired' ? 'paired' : 'bound',
      chunks: r.chunks ?? 0,
    })),
    method,
  );
  claims.forEach((r, i) => {
    r.ciFamily = judged[i].ciFamily;
    r.familyLevel = judged[i].familyLevel;
    r.beyondNoise = !judged[i].withinNoise;
  });
  return error;
}

export async function compare(
  kinds: KindLoader<BaseHooks<unknown> & CompareHook>,
  fileA: ScenarioInput,
  fileB: ScenarioInput,
  given: CompareOptions = {},
): Promise<CompareResult> {
  const [sa, sb] = await Promise.all([kinds('compare', fileA), kinds('compare', fileB)]);
  if (sa.kind !== sb.kind)
    throw new UsageError(`compare: both scenarios must be of one kind (got ${sa.kind} and ${sb.kind})`);
  // A Monte Carlo kind runs each scenario by the staging policy: by default until its probabilities are known to
  // ± 0.5 points (the paired differences are then at least as narrow, src/stats/batches.ts), not a fixed count.
  const staged = sa.behaviour.staged ? stagedOptions(given) : { options: given, by: null };
  const { by } = staged;
  let options = staged.options;
  // Its first stage is MIN_PAIRED_CHUNKS of the kernel's chunks on both sides (within the cap), never one chunk:
  // every difference then pairs chunk by chunk instead of falling back to the wider bound (src/stats/batches.ts).
  const chunk = sa.behaviour.chunkTrials;
  if (chunk && (by === 'staged-default' || (by === 'precision' && given.trials === undefined))) {
    const cap = runSettings(options).maxTrials;
    options = { ...options, trials: Math.min(cap, Math.max(options.trials ?? FIRST_STAGE, MIN_PAIRED_CHUNKS * chunk)) };
  }
  const first = await sa.behaviour.compare!(fileA, fileB, options);
  // Staged, one scenario may settle sooner (a siege that always falls is known at the first stage): both are then
  // run to the larger count, so every difference pairs all the trials of both (the same numbers for the one that
  // ran it: a run's first n trials are the same dice whatever its length).
  const [na, nb] = first.trials;
  const { seed, trials, rows } =
    (by === 'precision' || by === 'staged-default') && na !== nb && na > 0 && nb > 0
      ? await sa.behaviour.compare!(fileA, fileB, { ...options, trials: Math.max(na, nb), precision: null })
      : first;
  const precision = first.precision;
  const settings = runSettings(options);
  const familyError = rowsAsFamily(rows, given.family ?? 'holm');
  return {
    ...resultMeta('compare'),
    kind: sa.kind,
    files: [label(fileA), label(fileB)],
    seed,
    trials,
    ...(by !== null ? { trialsBy: by } : {}),
    rows,
    ...(precision && settings.precision !== null
      ? { precision: settings.precision, ...precision, maxTrials: settings.maxTrials }
      : {}),
    ...(familyError === null ? {} : { familyError }),
  };
}

const label = (f: ScenarioInput) => (typeof f === 'string' ? f : '<scenario>');
