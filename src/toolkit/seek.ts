/**
 * `seek` (`warcast seek <scenario> --vary PATH --target EXPR`): the smallest (or largest) value of one numeric
 * field on a grid for which a target holds, e.g. `win[0] >= 0.9`, `fallenBy(12) >= 0.8`, `held(5) >= 0.95`.
 *
 * War Machine battles have exact odds, so the answer is exact: a search by bisection on the grid (simple-statistics'
 * `bisect` over the grid index), after a scan that checks the target's left side is monotone in the field (every
 * value when the grid is small, otherwise an evenly spaced sample of it). Sieges and cascades are Monte Carlo:
 * every value runs with the same seed (common random numbers) and a sequential test decides, look by look,
 * whether the target holds (docs/design.md, "seek").
 */
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import { bisect } from 'simple-statistics';
import { UsageError } from '../errors.js';
import { runUntil } from '../engine/run.js';
import type { Kernel } from '../engine/kernel.js';
import type { BaseHooks, KindLoader } from './kindHooks.js';
import type { ScenarioInput } from '../scenario/given.js';
import { formatPath, type PathSegment, type ScenarioSource } from '../scenario/source.js';
import { wilsonHalfWidth, wilsonInterval, Z95 } from '../stats/index.js';
import { excludesThreshold, spendingZ } from '../stats/sequential.js';
import { FAMILY_ALPHA, familyByTests, familyError, type FamilyError, type FamilyMethod } from '../stats/family.js';
import { progressIn, runSettings, type RunOptions, type RunSettings } from '../engine/options.js';
import { resolveNumericPath } from './vary.js';
import { stagedOptions, type TrialsBy } from './staging.js';

export type Comparison = '>=' | '>' | '<=' | '<';

/** A parsed target: a probability the analysis reports, compared with a threshold. */
export type Target =
  | { measure: 'win'; side: 0 | 1; op: Comparison; threshold: number; text: string }
  | { measure: 'fallenBy'; week: number; op: Comparison; threshold: number; text: string }
  | { measure: 'held'; round: number; location: string | null; op: Comparison; threshold: number; text: string }
  | { measure: 'arrivedBy'; day: number; op: Comparison; threshold: number; text: string }
  /** A proportion a kind names by itself (src/toolkit/metricKind.ts), e.g. `wins >= 0.9`. */
  | { measure: 'metric'; name: string; op: Comparison; threshold: number; text: string };

/** `name op p`: a target naming a kind's own measure (checked against the kind once it is loaded). */
const NAMED_TARGET = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(>=|<=|>|<)\s*([0-9]*\.?[0-9]+(?:e-?\d+)?)\s*$/;

/** A target naming one of `names` (a kind's own proportions), or null when the text is not of that form. */
export function parseNamedTarget(text: string, names: readonly string[]): Target | null {
  const m = NAMED_TARGET.exec(text);
  if (!m || ['win', 'fallenBy', 'held', 'arrivedBy'].includes(m[1])) return null;
  if (!names.includes(m[1]))
    throw new UsageError(
      `--target: '${m[1]}' is not a measure of this kind${names.length ? ` (it has ${names.map((n) => `'${n}'`).join(', ')})` : ''}`,
    );
  const threshold = Number(m[3]);
  if (!(threshold >= 0 && threshold <= 1))
    throw new UsageError(`--target: a probability from 0 to 1 is expected after ${m[2]}, got ${m[3]}`);
  return { measure: 'metric', name: m[1], op: m[2] as Comparison, threshold, text: text.trim().replace(/\s+/g, ' ') };
}

/** `win[0] >= 0.9`, `fallenBy(12) >= 0.8`, `held(5) >= 0.95`, `held(5, "Duke Prime") >= 0.9`, `arrivedBy(4) >= 0.9`. */
export function parseTarget(text: string): Target {
  const m =
    /^\s*(?:win\[([01])\]|fallenBy\(\s*(\d+)\s*\)|held\(\s*(\d+)\s*(?:,\s*(?:"([^"]+)"|'([^']+)'|([^)]+?))\s*)?\)|arrivedBy\(\s*(\d+)\s*\))\s*(>=|<=|>|<)\s*([0-9]*\.?[0-9]+(?:e-?\d+)?)\s*$/i.exec(
      text,
    );
  if (!m)
    throw new UsageError(
      `--target: expected e.g. 'win[0] >= 0.9', 'fallenBy(12) >= 0.8', 'held(5) >= 0.95' or 'arrivedBy(4) >= 0.9', got '${text}'`,
    );
  const op = m[8] as Comparison;
  const threshold = Number(m[9]);
  if (!(threshold >= 0 && threshold <= 1))
    throw new UsageError(`--target: a probability from 0 to 1 is expected after ${op}, got ${m[9]}`);
  const t = text.trim().replace(/\s+/g, ' ');
  if (m[1] !== undefined) return { measure: 'win', side: Number(m[1]) as 0 | 1, op, threshold, text: t };
  if (m[2] !== undefined) {
    const week = Number(m[2]);
    if (week < 1) throw new UsageError(`--target: fallenBy(week) counts weeks from 1, got ${week}`);
    return { measure: 'fallenBy', week, op, threshold, text: t };
  }
  if (m[7] !== undefined) {
    const day = Number(m[7]);
    if (day < 1) throw new UsageError(`--target: arrivedBy(day) counts days from 1, got ${day}`);
    return { measure: 'arrivedBy', day, op, threshold, text: t };
  }
  const round = Number(m[3]);
  if (round < 1 || round > 1000)
    throw new UsageError(`--target: held(round) takes a round from 1 to 1,000, got ${round}`);
  return { measure: 'held', round, location: m[4] ?? m[5] ?? m[6]?.trim() ?? null, op, threshold, text: t };
}

/** Does a probability meet the target's comparison? */
export function meets(t: Pick<Target, 'op' | 'threshold'>, p: number): boolean {
  switch (t.op) {
    case '>=':
      return p >= t.threshold;
    case '>':
      return p > t.threshold;
    case '<=':
      return p <= t.threshold;
    case '<':
      return p < t.threshold;
  }
}

export interface SeekOptions extends RunOptions {
  vary: string;
  target: string;
  /** First value of the grid (default 1 for a troops field, else 0). */
  from?: number;
  /** Last value of the grid (default 100,000 for a troops field, else 100). */
  to?: number;
  /** Grid step (default 1). */
  step?: number;
  /** The largest value that meets the target instead of the smallest. */
  largest?: boolean;
  /** Exact searches check every value when the grid has at most this many (default 2,001); otherwise a sample. */
  fullScanLimit?: number;
  /** Values of the monotonicity sample on grids too large to check whole (default 65 exact, 9 Monte Carlo). */
  sample?: number;
  /** Monte Carlo: trials at the sequential test's first look (default 10,000, at most `trials`). */
  firstLook?: number;
  /** Monte Carlo: how the values visited are held together as many claims, holm (default) or bh (src/stats/family.ts). */
  family?: FamilyMethod;
}

/** One evaluated value. */
export interface SeekPoint {
  value: number;
  /** The target's left side at this value (exact, or the Monte Carlo estimate). */
  probability: number;
  /** 95% interval of a Monte Carlo estimate (null: exact). */
  ci95: [number, number] | null;
  /** Trials run at this value (0: exact). */
  trials: number;
  holds: boolean;
  /**
   * Monte Carlo: the value is surely on the side `holds` says — its interval at its family level (`ciFamily`) excludes
   * the threshold; false: judged by its estimate alone.
   */
  sure: boolean;
  /** Monte Carlo: the looks its sequential test took (its last look's interval is at the level ÷ 2^(looks + 1)). */
  looks?: number;
  /**
   * Monte Carlo: the two-sided level its interval is judged at — the family's level for it (Holm's or BH's step)
   * split over its test's looks as the test split it — and that interval; `sure` exactly when it excludes the threshold.
   */
  familyLevel?: number;
  ciFamily?: [number, number];
  /** Under --precision: the value's run stopped decided or within ± precision (false: at --max-trials). */
  precisionReached?: boolean;
  /** War Machine: both sides' exact win probabilities and modified BRs at this value. */
  win?: [number, number];
  modifiedBattleRating?: [number, number];
}

export interface SeekResult extends ResultMeta {
  kind: string;
  title: string | null;
  vary: string;
  target: string;
  /** The answer, or null when no value on the grid meets the target that can be trusted (see `note`). */
  value: number | null;
  method: 'exact' | 'monte-carlo';
  /** Smallest (default) or largest value sought. */
  seek: 'smallest' | 'largest';
  /** The target's left side was monotone over the values checked (`checked`). */
  monotone: boolean;
  /** 'every value' when the whole grid was evaluated (exact, small grids), else how many values were. */
  checked: 'every value' | number;
  from: number;
  to: number;
  step: number;
  /** The result at the answer. */
  at: SeekPoint | null;
  /** The result at the value before the answer in search order (one step smaller; larger under --largest). */
  before: SeekPoint | null;
  /** Every value evaluated, in grid order. */
  evaluated: SeekPoint[];
  /** Why `value` is null, or a caution. */
  note: string | null;
  /**
   * Monte Carlo: the answer's uncertainty — the values (from, to) whose 95% interval contains the target's
   * threshold, found by bisection on either side of the answer; `edge` when that range runs to the end of the
   * grid searched. Null when exact, or no answer.
   */
  uncertainty: { from: number; to: number; threshold: number; edge: boolean; settled: boolean } | null;
  /**
   * Monte Carlo: the values visited held as one family of claims (each "holds" or "fails" surely, or not settled):
   * the method, α, the claims (values visited) and the findings (values settled).
   */
  familyError?: FamilyError;
  /**
   * Monte Carlo: the level each value's sequential test ran at while the search went on — α ÷ `familyPlanned`, the
   * most values the search can visit — so the trials go on until a value is settled at its share of the family's α.
   */
  stageLevel?: number;
  familyPlanned?: number;
  /** Why the target's probability jumps at the answer, in the rules' words (the kind's explainChange, when it has one). */
  explanation?: string[];
  seed: number;
  /** Trials over all values (Monte Carlo; each value's own count is its `trials`); the same seed at every value (common random numbers). */
  trials: number;
  /**
   * Monte Carlo kinds: how each value's trials were capped — 'given' (`--trials`), 'precision' (`--precision`),
   * 'staged-default' (neither given: the default precision), 'fixed-default' (another engine: the default count);
   * src/toolkit/staging.ts.
   */
  trialsBy?: TrialsBy;
  threads: number;
  precision: number | null;
  /** Under --precision (Monte Carlo): every value evaluated was decided or known to ± precision within --max-trials. */
  precisionReached?: boolean;
  /** Under --precision: the widest 95% half-width among the values evaluated. */
  precisionHalfWidth?: number;
  /** Under --precision: the cap on trials per value (--max-trials). */
  maxTrials?: number;
  interrupted: boolean;
  elapsedMs: number;
}

/** How one value is evaluated: exactly (war-machine) or by a sequential Monte Carlo test. */
type Evaluator = (value: number) => Promise<SeekPoint>;

const FULL_SCAN_LIMIT = 2001;
/** Values of the monotonicity sample on grids too large to check whole. */
const EXACT_SAMPLE = 65;
const MONTE_CARLO_SAMPLE = 9;
/** The sequential test's overall error: look k (from 1) is tested at 0.05 / 2^(k+1) (src/stats/sequential.ts `spendingZ`; the sum over looks stays below 0.05). */
const ALPHA = 0.05;

/** What `seek` asks of a kind: how one value of the field is judged. */
export interface SeekHook<Scenario> {
  /** `seek`: how one value of the field is judged against a target naming one of its metrics. */
  seek?(
    scenario: Scenario,
    source: ScenarioSource,
    path: PathSegment[],
    target: Target,
    settings: RunSettings,
    options: RunOptions & { firstLook?: number; stageAlpha?: number },
  ): SeekEvaluator;
}

/** The seek: `warcast seek FILE --vary … --target … --json` prints exactly this object. */
export async function seek(
  kinds: KindLoader<BaseHooks<unknown> & SeekHook<unknown>>,
  input: ScenarioInput,
  given: SeekOptions,
): Promise<SeekResult> {
  runSettings(given);
  if (!given.vary) throw new UsageError("--vary: required (e.g. --vary 'sides[0].troops')");
  if (!given.target) throw new UsageError("--target: required (e.g. --target 'win[0] >= 0.9')");
  // A target of the built-in forms is checked before the file is read; a plain name (`wins >= 0.9`) may be a
  // kind's own measure, checked once the kind is known.
  const named = NAMED_TARGET.test(given.target);
  const early = named ? null : parseTarget(given.target);
  const { kind, scenario, source, behaviour, definition } = await kinds('seek', input);
  const target =
    early ??
    parseNamedTarget(
      given.target,
      definition.metrics.filter((m) => m.seek && /^[A-Za-z_][A-Za-z0-9_]*$/.test(m.name)).map((m) => m.name),
    ) ??
    parseTarget(given.target);
  // A Monte Carlo kind's values stop by the staging policy: decided (the interval wholly on one side of the
  // threshold) or known to ± precision (by default ± 0.5 points), so only the values close to the crossing run long.
  const { options, by } = behaviour.staged ? stagedOptions(given) : { options: given, by: null };
  const settings = runSettings(options);
  const path = resolveNumericPath(scenario, options.vary);
  const troops = path[path.length - 1] === 'troops';
  const from = options.from ?? (troops ? 1 : 0);
  const to = options.to ?? (troops ? 100_000 : 100);
  const step = options.step ?? 1;
  for (const [name, v] of [
    ['--from', from],
    ['--to', to],
    ['--step', step],
  ] as const)
    if (!Number.isFinite(v)) throw new UsageError(`${name}: expected a number, got ${v}`);
  if (!(step > 0)) throw new UsageError(`--step: expected a positive number, got ${step}`);
  if (to < from) throw new UsageError(`--to: expected a value at least --from (${from}), got ${to}`);
  const count = Math.floor((to - from) / step + 1e-9) + 1;
  const largest = Boolean(options.largest);
  // Search order: index 0 is the first value tried (from, or to under --largest).
  const valueAt = (k: number) => Number((largest ? from + (count - 1 - k) * step : from + k * step).toPrecision(12));
  const started = performance.now();
  // A Monte Carlo search visits at most `planned` values; each value's sequential test runs at α ÷ planned (its
  // Bonferroni share, the strictest level Holm or BH can judge it at), so it stops once settled at the family's level.
  const planned = plannedValues(count, options.sample ?? MONTE_CARLO_SAMPLE);
  const stageAlpha = FAMILY_ALPHA / planned;
  const evaluator = behaviour.seek!(scenario, source, path, target, settings, { ...options, stageAlpha });
  let trials = 0;
  let threads = 0;
  let interrupted = false;
  const cache = new Map<number, SeekPoint>();
  const at = async (k: number): Promise<SeekPoint> => {
    let p = cache.get(k);
    if (!p) {
      p = await evaluator.evaluate(valueAt(k));
      trials += p.trials;
      threads = Math.max(threads, evaluator.threads());
      interrupted ||= options.signal?.aborted ?? false;
      cache.set(k, p);
    }
    return p;
  };

  const exact = evaluator.method === 'exact';
  const fullLimit = options.fullScanLimit ?? FULL_SCAN_LIMIT;
  const whole = exact && count <= fullLimit;
  const sampleSize = whole
    ? count
    : Math.min(count, Math.max(2, options.sample ?? (exact ? EXACT_SAMPLE : MONTE_CARLO_SAMPLE)));
  const sample = [
    ...new Set(
      Array.from({ length: sampleSize }, (_, j) =>
        sampleSize === 1 ? 0 : Math.round((j * (count - 1)) / (sampleSize - 1)),
      ),
    ),
  ];
  for (const k of sample) await at(k);
  const scanned = sample.map((k) => cache.get(k)!);
  const monotone = isMonotone(scanned, exact);

  let value: number | null = null;
  let answer = -1;
  let note: string | null = null;
  const firstHolding = sample.find((k) => cache.get(k)!.holds);
  const best = bestOf([...cache.values()], target);
  const bestText = `best: ${best.probability.toFixed(3)} at ${best.value}`;
  if (whole) {
    // Every value is known: the first that holds is the answer, monotone or not.
    if (firstHolding === undefined) throw impossible(path, from, to, target, bestText);
    answer = firstHolding;
    if (!monotone)
      note = `not monotone: ${target.text.split(/[<>]/)[0].trim()} rises and falls as ${formatPath(path)} varies; every value was checked, so this is the ${largest ? 'largest' : 'smallest'} that meets the target`;
  } else if (!monotone) {
    note = `not monotone: ${target.text.split(/[<>]/)[0].trim()} rises and falls as ${formatPath(path)} varies over the ${sample.length} values checked, so bisection could return a wrong crossing; narrow --from/--to${exact ? ` to at most ${fullLimit.toLocaleString('en-US')} values (then every value is checked)` : ''}`;
  } else if (firstHolding === undefined) {
    throw impossible(path, from, to, target, bestText);
  } else if (firstHolding === 0) {
    answer = 0;
  } else {
    // The crossing lies between the last sampled value that fails and the first that holds.
    const hi = firstHolding;
    const lo = sample[sample.indexOf(hi) - 1];
    answer = await crossing(lo, hi, at);
  }
  if (answer >= 0) value = valueAt(answer);
  const before = answer > 0 ? await at(answer - 1) : null;
  // Why the probability jumps between the value before and the answer: the rule thresholds crossed (the kind's hook).
  const explanation =
    value !== null && before !== null && behaviour.explainChange
      ? behaviour.explainChange(
          behaviour.edit(scenario, source, path, before.value),
          behaviour.edit(scenario, source, path, value),
        )
      : [];
  let uncertainty: SeekResult['uncertainty'] = null;
  if (value !== null && !exact && monotone) {
    // Values surely on the failing side, or surely on the holding side, at the level the search ran at (each value's
    // test at α ÷ planned): both monotone in the search order when the target's probability is.
    const surelyFails = (p: SeekPoint) => p.sure && !p.holds;
    const surelyHolds = (p: SeekPoint) => p.sure && p.holds;
    const known = [...cache.entries()];
    const lo = Math.max(-1, ...known.filter(([k, p]) => k < answer && surelyFails(p)).map(([k]) => k));
    const hi = Math.min(count, ...known.filter(([k, p]) => k > answer && surelyHolds(p)).map(([k]) => k));
    // First index in (lo, answer] not surely failing; first in [answer, hi] surely holding (more values evaluated).
    if (lo + 1 !== answer) await crossing(lo, answer, at, (p) => !surelyFails(p));
    if (!surelyHolds(cache.get(answer)!)) {
      if (hi >= count) await firstIn(answer + 1, count - 1, at, surelyHolds);
      else await crossing(answer, hi, at, surelyHolds);
    }
  }
  // Every value visited is a claim (it holds, or fails, surely): the family's decisions, at its levels, say which are
  // settled. Each value's sequential test spent its level over its looks, so it passes at a level L when its last
  // look's interval at L ÷ 2^(looks + 1) excludes the threshold (a valid test: Bonferroni over the looks).
  const family = exact ? null : judgeValues(cache, target.threshold, options.family ?? 'holm');
  if (value !== null && !exact && monotone) {
    // The range from the family's decisions over the values visited: after the last value surely failing before the
    // answer, up to the first surely holding from it (a value not visited between them is not known settled).
    const known = [...cache.entries()];
    const lo = Math.max(-1, ...known.filter(([k, p]) => k < answer && p.sure && !p.holds).map(([k]) => k));
    const holdsFrom = Math.min(count, ...known.filter(([k, p]) => k >= answer && p.sure && p.holds).map(([k]) => k));
    const first = Math.min(lo + 1, answer);
    const last = Math.max(first, Math.min(count - 1, holdsFrom - 1));
    const [a, b] = [valueAt(first), valueAt(last)];
    uncertainty = {
      from: Math.min(a, b),
      to: Math.max(a, b),
      threshold: target.threshold,
      edge: lo < 0 || holdsFrom >= count,
      // No value's interval contains the threshold: the first value not surely failing surely holds.
      settled: holdsFrom === first,
    };
  }
  const evaluated = [...cache.entries()].sort((a, b) => valueAt(a[0]) - valueAt(b[0])).map(([, p]) => p);
  if (value !== null && !exact && (!cache.get(answer)!.sure || (before !== null && !before.sure))) {
    const unsure = !cache.get(answer)!.sure ? cache.get(answer)! : before!;
    const which = unsure === before ? 'the value before it' : 'the answer';
    note =
      settings.precision !== null && unsure.precisionReached !== false
        ? `${which} is known to ± ${+(settings.precision * 100).toPrecision(2)} points but its interval still contains the threshold, so it is judged by its estimate alone: a smaller --precision for a surer answer`
        : settings.precision !== null
          ? `the Monte Carlo test could not settle ${which} within ${settings.maxTrials.toLocaleString('en-US')} trials (the --max-trials cap), so it is judged by its estimate alone: raise --max-trials for a surer answer`
          : `the Monte Carlo test could not settle ${which} within ${settings.trials.toLocaleString('en-US')} trials, so it is judged by its estimate alone: raise --trials for a surer answer`;
  }
  return {
    ...resultMeta('seek'),
    kind,
    title: (scenario as { title?: string }).title ?? null,
    vary: formatPath(path),
    target: target.text,
    value,
    method: evaluator.method,
    seek: largest ? 'largest' : 'smallest',
    monotone,
    checked: whole ? 'every value' : cache.size,
    from,
    to,
    step,
    at: answer >= 0 ? cache.get(answer)! : null,
    before,
    evaluated,
    note,
    uncertainty,
    ...(family ? { familyError: family, stageLevel: stageAlpha, familyPlanned: planned } : {}),
    ...(explanation.length ? { explanation } : {}),
    seed: settings.seed,
    trials,
    ...(by !== null ? { trialsBy: by } : {}),
    threads,
    precision: settings.precision,
    ...(settings.precision !== null && !exact
      ? {
          precisionReached: evaluated.every((p) => p.precisionReached !== false),
          precisionHalfWidth: Math.max(0, ...evaluated.map((p) => (p.ci95 ? (p.ci95[1] - p.ci95[0]) / 2 : 0))),
          maxTrials: settings.maxTrials,
        }
      : {}),
    interrupted,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/**
 * At most how many values a Monte Carlo search evaluates: the sample, the bisection between two sampled values, the
 * uncertainty's two bisections (each at most ⌈log2 count⌉ + 1 values), the end of the grid `firstIn` looks at and
 * the value before the answer; never more than the grid.
 */
export function plannedValues(count: number, sample: number): number {
  return Math.min(count, Math.min(count, Math.max(2, sample)) + 3 * (Math.ceil(Math.log2(Math.max(2, count))) + 1) + 2);
}

/** A value's interval at the two-sided family level `level`, as its sequential test split it over its looks. */
const zAt = (p: SeekPoint, level: number) => spendingZ((p.looks ?? 1) + 1, level);

/**
 * The values visited as one family (Holm or BH, src/stats/family.ts): each value's `sure`, `familyLevel` and
 * `ciFamily` set from the family's decision; the family's summary.
 */
function judgeValues(cache: Map<number, SeekPoint>, threshold: number, method: FamilyMethod): FamilyError {
  const points = [...cache.entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
  const successes = (p: SeekPoint) => Math.round(p.probability * p.trials);
  const decisions = familyByTests(
    points.length,
    (i, level) =>
      points[i].trials > 0 &&
      excludesThreshold(successes(points[i]), points[i].trials, threshold, zAt(points[i], level)),
    FAMILY_ALPHA,
    method,
  );
  points.forEach((p, i) => {
    const z = zAt(p, decisions[i].level);
    p.sure = decisions[i].beyond;
    p.familyLevel = decisions[i].level / 2 ** ((p.looks ?? 1) + 1);
    p.ciFamily = p.trials > 0 ? wilsonInterval(successes(p), p.trials, z) : [0, 1];
  });
  return familyError(decisions, FAMILY_ALPHA, method);
}

/** The first index in [from, to] where `holds` is true (bisection; `to` + 1 when none is). */
async function firstIn(
  from: number,
  to: number,
  at: (k: number) => Promise<SeekPoint>,
  holds: (p: SeekPoint) => boolean,
): Promise<number> {
  if (from > to) return to + 1;
  if (!holds(await at(to))) return to + 1;
  // from − 1 is the answer, known not to hold surely.
  return crossing(from - 1, to, at, holds);
}

/**
 * The first index in (lo, hi] where `holds` is true, given it is false at lo and true at hi: bisection on the grid
 * index (by default the target itself).
 */
async function crossing(
  lo: number,
  hi: number,
  at: (k: number) => Promise<SeekPoint>,
  holdsAt: (p: SeekPoint) => boolean = (p) => p.holds,
): Promise<number> {
  if (hi - lo === 1) return hi;
  // simple-statistics' bisect is synchronous: evaluate the midpoints it asks for in rounds, replaying its search
  // until every point it asks for is known (each round adds one new point; at most log2(hi - lo) + 1 rounds).
  const known = new Map<number, boolean>();
  const need = { index: -1 };
  for (;;) {
    need.index = -1;
    const sign = (x: number) => {
      const k = Math.ceil(x - 1e-9);
      if (k <= lo) return -1;
      if (k >= hi) return 1;
      const h = known.get(k);
      if (h === undefined) {
        need.index = k;
        throw new NeedPoint();
      }
      return h ? 1 : -1;
    };
    try {
      // Index space: g < 0 where the target fails, > 0 where it holds; stop when the bracket is under one step.
      const m = bisect(sign, lo, hi, 128, 0.5);
      const k = Math.ceil(m - 1e-9);
      const holds = k >= hi ? true : k <= lo ? false : known.get(k)!;
      return holds ? k : k + 1;
    } catch (err) {
      if (!(err instanceof NeedPoint) || need.index < 0) throw err;
      known.set(need.index, holdsAt(await at(need.index)));
    }
  }
}

class NeedPoint extends Error {}

function impossible(path: PathSegment[], from: number, to: number, t: Target, best: string): UsageError {
  return new UsageError(`no value of ${formatPath(path)} in ${from}…${to} reaches ${t.text} (${best})`);
}

function bestOf(points: SeekPoint[], t: Target): SeekPoint {
  const up = t.op === '>=' || t.op === '>';
  return points.reduce((b, p) => ((up ? p.probability > b.probability : p.probability < b.probability) ? p : b));
}

/**
 * Monotone over the values checked (in grid order)? Exact: no rise after a fall or fall after a rise. Monte
 * Carlo: no two values whose 95% intervals are disjoint against the overall trend.
 */
export function isMonotone(points: SeekPoint[], exact: boolean): boolean {
  if (points.length < 3) return true;
  const sorted = [...points].sort((a, b) => a.value - b.value);
  if (exact) {
    let up = false;
    let down = false;
    for (let i = 1; i < sorted.length; i++) {
      const d = sorted[i].probability - sorted[i - 1].probability;
      if (d > 1e-12) up = true;
      if (d < -1e-12) down = true;
    }
    return !(up && down);
  }
  const trend = Math.sign(sorted[sorted.length - 1].probability - sorted[0].probability);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const [a, b] = [sorted[i], sorted[j]];
      if (!a.ci95 || !b.ci95) continue;
      if (trend >= 0 && a.ci95[0] > b.ci95[1]) return false;
      if (trend <= 0 && a.ci95[1] < b.ci95[0]) return false;
    }
  }
  return true;
}

/** How one value of the field is judged: exactly (war-machine) or by a sequential Monte Carlo test. A kind's `seek` hook makes one. */
export interface SeekEvaluator {
  method: 'exact' | 'monte-carlo';
  evaluate: Evaluator;
  threads(): number;
}

/** The usage error of a target naming a metric the kind does not have. */
export function wrongMeasure(kind: string, t: Target, what: string): UsageError {
  return new UsageError(`--target: a ${kind} scenario has ${what}; '${t.text}' does not apply`);
}

/**
 * The Monte Carlo side of seek, shared by every kind without exact odds: `test(value, plan, count)` runs the
 * sequential test on one plan of the kind's kernel (handed in: the toolkit reads no registry), `count` reading
 * the target's successes from an accumulator.
 */
export function sequentialTest(
  kind: string,
  kernel: () => Promise<Kernel<unknown>>,
  unit: string,
  t: Target,
  s: RunSettings,
  o: RunOptions & { firstLook?: number; stageAlpha?: number },
) {
  if (s.exact)
    throw new UsageError(`--exact: a ${kind} has no exact odds (a Monte Carlo seek with a sequential test is used)`);
  let threadsUsed = 0;
  const alpha = o.stageAlpha ?? ALPHA;
  const firstLook = Math.min(o.firstLook ?? 10_000, s.trials);
  const test = async (value: number, plan: unknown, count: (acc: Float64Array) => number): Promise<SeekPoint> => {
    let look = 0;
    // Look k at (the value's share of the family's α) ÷ 2^(k + 1): stops once settled at the family's level.
    const decided = (k: number, n: number) => excludesThreshold(k, n, t.threshold, spendingZ(look + 1, alpha));
    const run = await runUntil({
      kernel: await kernel(),
      plan,
      seed: s.seed,
      threads: s.threads,
      signal: o.signal,
      engine: o.engine,
      onProgress: progressIn(o, unit),
      initialTrials: firstLook,
      // Under --precision a value runs until decided or known to ± precision, up to --max-trials.
      maxTrials: s.precision !== null ? s.maxTrials : s.trials,
      done: (acc, n) => {
        look++;
        const k = count(acc);
        if (decided(k, n)) return true;
        return s.precision !== null && wilsonHalfWidth(k, n) <= s.precision;
      },
    });
    threadsUsed = Math.max(threadsUsed, run.threadsUsed);
    const n = Math.max(1, run.trials);
    const k = count(run.acc);
    // The last look's verdict: sure when its interval (at that look's level) excludes the threshold.
    const sure = run.trials > 0 && decided(k, n);
    const p = k / n;
    return {
      value,
      probability: p,
      ci95: wilsonInterval(k, n, Z95),
      trials: run.trials,
      holds: meets(t, p),
      sure,
      looks: Math.max(1, look),
      ...(s.precision !== null ? { precisionReached: run.precisionReached ?? false } : {}),
    };
  };
  return { test, threads: () => threadsUsed };
}
