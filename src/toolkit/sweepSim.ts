/**
 * `sweep` for sieges and cascades: how a siege's fall (P(fallen), weeks to fall, losses) or a cascade's holdings
 * (P(held) per location, legions lost) move as one or two numeric fields vary (the second as a grid, drawn as a
 * heatmap). Each value is set by the same code `seek` uses (vary.ts: the document edited and validated again), and
 * each point is the kind's own analysis (`siege`, `cascade`) run with the same seed: common random numbers, so
 * neighbouring points differ by the parameter, not by noise.
 */
import { UsageError } from '../errors.js';
import type { BaseHooks, KindLoader, LoadedFor } from './kindHooks.js';
import type { ScenarioInput } from '../scenario/given.js';
import { formatPath, type ScenarioSource } from '../scenario/source.js';
import { warcastVersion } from '../version.js';
import type { ResultMeta } from '../resultMeta.js';
import type { RaceRecord } from '../kinds/warMachine/race.js';
import type { BaseRating } from '../kinds/warMachine/matchup.js';
import type { WarMachineScenario } from '../kinds/warMachine/schema.js';
import type { MetricType } from '../kinds/definition.js';
import { runSettings, type RunOptions, type RunSettings } from '../engine/options.js';
import { MAX_SWEEP_POINTS, rawWith, resolveNumericPath, sourceWith, sweepValues } from './vary.js';
import {
  bernoulliSd,
  pairedDifference,
  probabilityDifference,
  type ChunkSums,
  type Difference,
} from '../stats/batches.js';
import { ChunkRecorder } from './chunkRecorder.js';
import {
  differenceZ,
  FAMILY_ALPHA,
  judgeDifferences,
  type FamilyError,
  type FamilyMethod,
  type StagedFamily,
} from '../stats/family.js';
import { normalQuantile } from '../stats/normal.js';
import { LocalEngine, localEngine } from '../engine/local.js';
import { earlyStopLevel, judgedLevel, stagedOptions, stagesOf, type TrialsBy } from './staging.js';

/* The battle's one-field sweep (sweep.ts) answers in these. */
/** Options of `sweep` (every kind): one field, or two with `vary2` (a grid); `race` and `rounds` where the kind has them. */
export interface SweepOptions extends SimSweepOptions {
  /**
   * Race the values: stages up to `trials`, dropping values whose win probability for this side is clearly below
   * the best's (docs/design.md, "racing"). Monte Carlo with fixed trials only.
   */
  race?: 0 | 1 | null;
}

export interface SweepPoint {
  value: number;
  /** Monte Carlo win probability of A and B (exact when run with --exact). */
  win: [number, number];
  winCi95: [[number, number], [number, number]] | null;
  exactWin: [number, number];
  /** P(no winner), exact. */
  exactNoWinner: number;
  /** Mean troops lost by A and B (Monte Carlo; exact under --exact). */
  casualties: [number, number];
  exactCasualties: [number, number];
  modifiedBattleRating: [number, number];
  trials: number;
  /** The rule thresholds crossed since the value before (the kind's explainChange), when there are any. */
  explanation?: string[];
}

export interface SweepResult extends ResultMeta {
  /** Tells a battle's one-field sweep from a grid sweep (`warcast/sweep/<kind>@1`) in `SweepAnswer`. */
  schema: 'warcast/sweep@1';
  kind: 'war-machine';
  title: string | null;
  sides: [string, string];
  vary: string;
  from: number;
  to: number;
  step: number;
  method: 'monte-carlo' | 'exact';
  seed: number;
  /** Trials per point: `trials`, or under `precision` the most any point ran (each point's own count is in `points`). */
  trialsPerPoint: number;
  /** The precision target (95% half-width of every win probability), or null. */
  precision: number | null;
  /** Under precision: every value's win probabilities reached it within --max-trials (false: stopped at the cap). */
  precisionReached?: boolean;
  /** Under precision: the widest 95% half-width of a win probability over the values. */
  precisionHalfWidth?: number;
  /** Under precision: the cap on battles per value (--max-trials). */
  maxTrials?: number;
  threads: number;
  /** Every point is run with the same seed (the same chunk seeds): common random numbers. */
  commonRandomNumbers: boolean;
  interrupted: boolean;
  elapsedMs: number;
  points: SweepPoint[];
  /** With `race`: the stages, what was dropped when (indices into `points`), trials used against a full run. */
  race: RaceRecord | null;
  /** Each side's troops and rated BR before the varied field is set (battleRating computed from forces when not given). */
  ratings: [BaseRating, BaseRating];
  /** The scenario as validated (defaults filled), before the varied field is set. */
  scenario: WarMachineScenario;
}

/** A measure's change from the previous value of a one-field sweep (or from the first value to the last). */
export interface PointChange extends Difference {
  /** The value compared with (the previous one, or the first). */
  from: number;
  /**
   * The change's interval at the family's level (two-sided `familyLevel`): a sweep's changes are many claims at once,
   * held together by the result's `familyError`; `withinNoise` follows it (`ci95` stays the change's own 95%).
   */
  ciFamily?: [number, number];
  familyLevel?: number;
  /**
   * Staged: the change was beyond noise at the stage level (the result's `stageLevel`) after a stage before the last,
   * and is the change as it stood then (its points may have run on for their other changes).
   */
  decided?: true;
}

/** One varied field: its path, the range asked and the values run. */
export interface SweepAxis {
  vary: string;
  from: number;
  to: number;
  step: number;
  values: number[];
}

export interface SiegeSweepPoint {
  /** The value of each axis at this point (one or two). */
  values: number[];
  trials: number;
  /** P(the fortress falls within the week limit: stormed, starved out, or the defenders leave) and its 95% interval. */
  fallen: number;
  fallenCi95: [number, number];
  /** P(the fortress is held to the week limit) = 1 − fallen. */
  held: number;
  heldCi95: [number, number];
  /**
   * P(held) minus the previous point's, paired chunk by chunk (the same seed, so the same dice per chunk), with
   * its 95% interval (src/stats/batches.ts); null at the first point and in a grid.
   */
  heldChange?: PointChange | null;
  /** Weeks to fall of the sieges that fell (null: none fell). */
  weeksToFallMean: number | null;
  weeksToFallMedian: number | null;
  /** SD of the weeks to fall over the sieges that fell (null: none fell). */
  weeksToFallSd: number | null;
  meanWeeks: number;
  /** SD of a siege's length in weeks (from sums of squares). */
  meanWeeksSd: number;
  attackerDeadMean: number;
  defenderDeadMean: number;
  /** SD per siege of each side's dead (from sums of squares): the spread, not the mean's noise (that is SD / √trials). */
  attackerDeadSd: number;
  defenderDeadSd: number;
  /** Staged: the point stopped because every change it is part of was decided (not held to ± precision). */
  decided?: true;
}

export interface CascadePoint {
  values: number[];
  trials: number;
  /** Location → P(still held by its owner after the last round) and its 95% interval. */
  held: Record<string, number>;
  heldCi95: Record<string, [number, number]>;
  /** Location → P(held) minus the previous point's, paired chunk by chunk, with its 95% interval (null: first point, grid). */
  heldChange?: Record<string, PointChange> | null;
  /** Player → mean legions lost. */
  legionsLostMean: Record<string, number>;
  /** Player → SD of the legions lost (from sums of squares). */
  legionsLostSd: Record<string, number>;
  /** Staged: the point stopped because every change it is part of was decided (not held to ± precision). */
  decided?: true;
}

/** What every grid sweep result holds, whatever the kind. */
export interface SimSweepCommon {
  warcastVersion: string;
  title: string | null;
  /** The first varied field (as in a battle sweep), then `axes` with both. */
  vary: string;
  from: number;
  to: number;
  step: number;
  axes: SweepAxis[];
  method: 'monte-carlo' | 'exact';
  seed: number;
  /**
   * The most trials any point ran: every point's count under `--trials`, the largest under a precision (staged
   * points run as many as each needs: each point's own count is its `trials`, the fewest `trialsFewest`).
   */
  trialsPerPoint: number;
  /** The fewest trials any point ran (equal to `trialsPerPoint` when every point ran the same). */
  trialsFewest: number;
  /**
   * Monte Carlo kinds: how the points' trials were sized — 'given' (`--trials`, every point the same), 'precision'
   * (`--precision`), 'staged-default' (neither given: the default precision), 'fixed-default' (another engine:
   * the default count); src/toolkit/staging.ts.
   */
  trialsBy?: TrialsBy;
  /** Monte Carlo kinds: trials over all points. */
  trialsTotal?: number;
  precision: number | null;
  /** Under precision: every point's probabilities reached it within --max-trials (false: some stopped at the cap). */
  precisionReached?: boolean;
  /** Under precision: the widest 95% half-width over the points. */
  precisionHalfWidth?: number;
  /** Under precision: the cap on trials per point (--max-trials). */
  maxTrials?: number;
  threads: number;
  /** Every point runs with the same seed (false: exact, no dice). */
  commonRandomNumbers: boolean;
  /**
   * A one-field Monte Carlo sweep: the family error its changes (each value's from the one before, and the first's
   * to the last, per measure) are held to — method, α, claims, findings (src/stats/family.ts).
   */
  familyError?: FamilyError;
  /**
   * Staged with changes to judge: the two-sided level a change stops at as decided after a stage before the last (a
   * tenth of α ÷ claims, over those stages: staging.ts `earlyStopLevel`); each change not so decided is judged at 90%
   * of its family level where it stopped.
   */
  stageLevel?: number;
  interrupted: boolean;
  elapsedMs: number;
}

export interface SiegeSweepResult extends SimSweepCommon {
  kind: 'siege';
  schema: 'warcast/sweep/siege@1';
  sides: [string, string];
  weekLimit: number;
  points: SiegeSweepPoint[];
  /** P(held) at the last value minus at the first, paired, with its 95% interval (null: a grid or one point). */
  heldChangeOverall?: PointChange | null;
}

export interface CascadeSweepResult extends SimSweepCommon {
  kind: 'cascade';
  schema: 'warcast/sweep/cascade@1';
  rounds: number;
  locations: string[];
  players: string[];
  points: CascadePoint[];
  /** Location → P(held) at the last value minus at the first, paired (null: a grid or one point). */
  heldChangeOverall?: Record<string, PointChange> | null;
}

/** A battle swept over a grid of two fields: exact odds at every point. */
export interface BattleGridPoint {
  values: number[];
  trials: number;
  /** Exact P(A wins), P(B wins). */
  win: [number, number];
  /** Mean troops lost by A and B (exact). */
  casualties: [number, number];
  modifiedBattleRating: [number, number];
}

export interface BattleGridSweepResult extends SimSweepCommon {
  kind: 'war-machine';
  schema: 'warcast/sweep/war-machine@1';
  sides: [string, string];
  points: BattleGridPoint[];
}

/** A march: whether the force arrives within its plan, and the battle on arrival, at each point (exact chain). */
export interface MarchSweepPoint {
  values: number[];
  trials: number;
  /** P(arriving within the plan). */
  arrives: number;
  /** P(arriving and winning the battle on arrival) (null: the scenario has no battle). */
  arriveAndWin: number | null;
  /** P(each side wins | arrival), mixed over the fatigue on arrival (null: no battle). */
  win: [number, number] | null;
  /** Mean distance covered. */
  distanceMean: number;
}

export interface MarchSweepResult extends SimSweepCommon {
  kind: 'march';
  schema: 'warcast/sweep/march@1';
  force: string;
  enemy: string | null;
  points: MarchSweepPoint[];
}

/** A point of a metric kind's sweep: each measure's estimate at the values of the axes. */
export interface MetricSweepPoint {
  values: number[];
  trials: number;
  measures: { name: string; value: number; ci95: [number, number]; sd?: number }[];
  /** A one-field sweep: the first proportion's change from the previous point, paired chunk by chunk. */
  change?: PointChange | null;
  /** Staged: the point stopped because every change it is part of was decided (not held to ± precision). */
  decided?: true;
}

/** The sweep of a metric kind (`warcast/sweep/metrics@1`): the kind's measures at every point. */
export interface MetricSweepResult extends SimSweepCommon {
  kind: string;
  schema: 'warcast/sweep/metrics@1';
  measures: { name: string; label: string; type: MetricType; unit?: string }[];
  points: MetricSweepPoint[];
  /** A one-field sweep: the first proportion at the last value minus at the first, paired (null: a grid or one point). */
  changeOverall?: PointChange | null;
}

export type SimSweepResult = SiegeSweepResult | CascadeSweepResult | BattleGridSweepResult | MarchSweepResult;

/** Any grid sweep: a registered kind's own layout, or a metric kind's (src/toolkit/metricKind.ts). */
export type GridSweepResult = SimSweepResult | MetricSweepResult;

/**
 * Runs of one sweep whose chunks are kept for pairing: a point's run goes through a recorder when the sweep runs
 * on this process, checkpointed or not (an engine that is `chunkwise`), or on a shard, a merge's replay or a cluster
 * (an engine that `keepsChunks`), so a checkpointed, resumed, sharded or clustered run pairs its changes as a plain
 * one does; on any other engine differences get the bound of src/stats/batches.ts.
 */
export function chunkRecorder(options: RunOptions): ChunkRecorder | null {
  // A staged sweep hands each point its own recorder, kept from stage to stage.
  const engine = options.engine;
  if (engine instanceof ChunkRecorder) return engine;
  if (engine === undefined) return new ChunkRecorder();
  return engine.chunkwise || engine.keepsChunks ? new ChunkRecorder(engine) : null;
}

/**
 * The change of a probability between points of a one-field sweep, paired chunk by chunk: each point's chunk sums
 * of the measure (successes per chunk), its estimate, and the values compared. Absent chunks: the bound.
 */
export function probabilityChange(
  a: { value: number; p: number; sums?: ChunkSums; trials: number },
  b: { p: number; sums?: ChunkSums; trials: number },
): PointChange {
  // Without recorded chunks (a run on another engine) each run counts as one chunk: the bound.
  const n = Math.min(a.trials, b.trials);
  const one = (x: { p: number }): ChunkSums => ({ trials: [n], sums: [x.p * n] });
  const paired = pairedDifference(a.sums ?? one(a), b.sums ?? one(b), (p) => bernoulliSd(p));
  // Both points saw only holds (or only falls): never an interval of no width (src/stats/batches.ts).
  const d = probabilityDifference(paired, { p: a.p, trials: a.trials }, { p: b.p, trials: b.trials });
  return { from: a.value, ...d };
}

/** One point run: the kind's analysis of the edited scenario (point null: nothing ran, e.g. interrupted). */
export interface SweepPointRun<Point> {
  point: Point | null;
  threads: number;
  interrupted: boolean;
  /** Under precision: whether the point's run reached it, and the widest half-width it got. */
  precision?: { reached: boolean; halfWidth: number };
  /**
   * The chunk sums the point's run recorded (chunkRecorder), by the name of what they count: the toolkit keeps them
   * beside the point and hands them to `result` (`sums`), which pairs the changes between points with them. Not part
   * of the point: the result's JSON does not carry them.
   */
  sums?: Readonly<Record<string, ChunkSums>>;
}

/** A point's recorded chunk sums by name (undefined: not recorded, e.g. a run on another engine). */
export type PointSums = (point: object, name: string) => ChunkSums | undefined;

/**
 * A kind's part of `sweep` (its behaviour, src/behaviours/<kind>.ts): its own one-field analysis if it has one (a battle's exact-odds
 * sweep), and otherwise what one grid point is and the result the points make.
 */
export interface SweepHooks<Scenario> {
  /** A one-field sweep with an analysis of its own (the grid is used with --vary2). */
  single?(scenario: Scenario, source: ScenarioSource, options: SweepOptions): Promise<SweepAnswer>;
  /** Options this kind refuses or needs, checked before anything runs. */
  check?(options: SimSweepOptions, settings: RunSettings): void;
  /** One point: the scenario edited (as validated, and as written) analysed with the sweep's options. */
  point(
    edited: { scenario: Scenario; document: { kind: string }; values: number[] },
    options: SimSweepOptions,
  ): Promise<SweepPointRun<object>>;
  /** The result from the common part, the scenario before editing, the points run and their recorded sums. */
  result(
    common: SimSweepCommon,
    scenario: Scenario,
    points: object[],
    options: SimSweepOptions,
    sums: PointSums,
  ): GridSweepResult;
}

/** What `sweep` returns: a battle's one-field sweep, or a grid sweep (any kind, one or two fields). */
export type SweepAnswer = SweepResult | GridSweepResult;

export interface SimSweepOptions extends RunOptions {
  vary: string;
  from: number;
  to: number;
  step?: number;
  /** A second field: the points form a grid (values of the first × values of the second). */
  vary2?: string;
  from2?: number;
  to2?: number;
  step2?: number;
  /** Cascades: rounds to play (P(held) after the last; default 1). */
  rounds?: number;
  /** How the changes are held together as many claims: `holm` (default) or `bh` (src/stats/family.ts). */
  family?: FamilyMethod;
}

function axis(
  scenario: unknown,
  option: string,
  vary: string,
  from: number,
  to: number,
  step: number,
): SweepAxis & { path: ReturnType<typeof resolveNumericPath> } {
  for (const [name, v] of [
    [`--from${option}`, from],
    [`--to${option}`, to],
    [`--step${option}`, step],
  ] as const) {
    if (!Number.isFinite(v)) throw new UsageError(`${name}: expected a number, got ${v}`);
  }
  const path = resolveNumericPath(scenario, vary);
  return { vary: formatPath(path), from, to, step, values: sweepValues(from, to, step), path };
}

/** What `sweep` asks of a kind: its part of the sweep. */
export interface SweepHook<Scenario> {
  /** `sweep` over one or two fields. */
  sweep?: SweepHooks<Scenario>;
}

/** A kind as sweep uses it. */
export type SweepKind = BaseHooks<unknown> & SweepHook<unknown>;

/**
 * The sweep of any kind that has one, over a grid of one or two fields: every point's scenario edited by the
 * kind's own field editing and validated before anything runs, then each point run by the kind's hook.
 */
export async function sweepSimulated(
  kinds: KindLoader<SweepKind>,
  input: ScenarioInput,
  options: SimSweepOptions,
): Promise<GridSweepResult> {
  return sweepGrid(await kinds('sweep', input), options);
}

/** The grid sweep of a scenario loaded for `sweep`. */
export async function sweepGrid(loaded: LoadedFor<SweepKind>, given: SimSweepOptions): Promise<GridSweepResult> {
  const { scenario, source, behaviour } = loaded;
  // A Monte Carlo kind's points stop by precision (by default ± 0.5 points): the points run side by side in
  // doubling stages; each stops once its probabilities are known that well or its changes are decided, so only the
  // close points run long.
  const { options, by } = behaviour.staged ? stagedOptions(given) : { options: given, by: null };
  const settings = runSettings(options);
  const hooks = behaviour.sweep!;
  hooks.check?.(options, settings);
  const axes = [axis(scenario, '', options.vary, options.from, options.to, options.step ?? 1)];
  if (options.vary2 !== undefined) {
    if (options.from2 === undefined || options.to2 === undefined)
      throw new UsageError('--vary2: needs --from2 and --to2');
    axes.push(axis(scenario, '2', options.vary2, options.from2, options.to2, options.step2 ?? 1));
    if (axes[1].vary === axes[0].vary) throw new UsageError('--vary2: the second field must differ from --vary');
  }
  const grid =
    axes.length === 1
      ? axes[0].values.map((v) => [v])
      : axes[0].values.flatMap((a) => axes[1].values.map((b) => [a, b]));
  if (grid.length > MAX_SWEEP_POINTS)
    throw new UsageError(
      `--step: ${grid.length.toLocaleString('en-US')} points is too many (at most ${MAX_SWEEP_POINTS.toLocaleString('en-US')}); use a larger step`,
    );
  // Every point's scenario, validated up front so a bad value is reported before anything runs.
  const edits = grid.map((values) => {
    let document: unknown = source.data;
    let edited = scenario;
    values.forEach((v, k) => {
      edited = behaviour.edit(edited, sourceWith(source, document) as ScenarioSource, axes[k].path, v);
      document = rawWith(document, axes[k].path, v);
    });
    return { scenario: edited, document: document as { kind: string }, values };
  });
  const started = performance.now();
  const frame: Frame = { scenario, axes: axes.map(({ path: _path, ...a }) => a), settings, by };
  // Side by side: a one-field sweep staged on this process (a grid has no changes to decide: its points run in turn,
  // one recorder at a time, as do more points than SIDE_BY_SIDE_POINTS).
  const sideBySide =
    settings.precision !== null &&
    axes.length === 1 &&
    edits.length <= SIDE_BY_SIDE_POINTS &&
    (options.engine === undefined || options.engine instanceof LocalEngine);
  const runs = sideBySide ? await runStaged(loaded, frame, edits, options) : await runInTurn(hooks, edits, options);
  const { points, recorded } = runs;
  // Under precision: whether every point reached it, and the widest half-width; a point stopped as decided is not
  // held to it (it stopped because its changes were made).
  let precision: { reached: boolean; halfWidth: number } | null = null;
  for (const [k, run] of runs.kept.entries()) {
    if (!run.precision) continue;
    precision ??= { reached: true, halfWidth: 0 };
    if ((points[k] as { decided?: true }).decided) continue;
    precision.reached &&= run.precision.reached;
    precision.halfWidth = Math.max(precision.halfWidth, run.precision.halfWidth);
  }
  const common = commonOf(frame, runs, precision, Math.round(performance.now() - started));
  const sums: PointSums = (point, name) => recorded.get(point)?.[name];
  const r = hooks.result(common, scenario, points, options, sums);
  const staged = runs.staged;
  if (staged === null) return heldAsFamily(r, options.family ?? 'holm');
  // A change decided at an early stage is judged as it stood then (its points may have run on for other changes).
  const claims = claimsOf(r);
  claims.forEach((c, j) => {
    const then = staged.decided.get(j);
    if (then === undefined) return;
    for (const key of Object.keys(c.change)) delete (c.change as unknown as Record<string, unknown>)[key];
    Object.assign(c.change, then, { decided: true });
  });
  const looks = staged.stageLevel === null ? 1 : staged.stages;
  const judged = heldAsFamily(r, options.family ?? 'holm', {
    judged: (level) => judgedLevel(level, looks),
    decided: claims.map((_, j) => staged.decided.has(j)),
  });
  return staged.stageLevel === null || !judged.familyError ? judged : { ...judged, stageLevel: staged.stageLevel };
}

/**
 * The most points a staged sweep runs side by side: each open point keeps its chunks between stages (sparse: about
 * 12 KB a chunk of 5,000 sieges, 0.3 MB a point at the cap), so a longer sweep runs its points in turn, each to its
 * precision, its changes judged once at the end (no early decisions).
 */
export const SIDE_BY_SIDE_POINTS = 200;

/** What the result's common part is made of, known before any point runs. */
interface Frame {
  scenario: unknown;
  axes: SweepAxis[];
  settings: RunSettings;
  by: TrialsBy | null;
}

type Edit = { scenario: unknown; document: { kind: string }; values: number[] };

/** The points run, what each recorded, and (staged) which changes were decided at an early stage. */
interface PointRuns {
  points: object[];
  /** Each point's last run (`points[k]` is `kept[k].point`). */
  kept: SweepPointRun<object>[];
  recorded: Map<object, Readonly<Record<string, ChunkSums>>>;
  threads: number;
  interrupted: boolean;
  /** Staged side by side: how many stages, the early-stop level, the changes decided early (claim index → as then). */
  staged: { stages: number; stageLevel: number | null; decided: Map<number, PointChange> } | null;
}

/** The result's common part (its keys in this order: the JSON's bytes). */
function commonOf(
  { scenario, axes, settings, by }: Frame,
  { points, threads, interrupted }: Pick<PointRuns, 'points' | 'threads' | 'interrupted'>,
  precision: { reached: boolean; halfWidth: number } | null,
  elapsedMs: number,
): SimSweepCommon {
  const trials = points.map((p) => (p as { trials: number }).trials);
  return {
    warcastVersion,
    title: (scenario as { title?: string }).title ?? null,
    vary: axes[0].vary,
    from: axes[0].from,
    to: axes[0].to,
    step: axes[0].step,
    axes,
    method: 'monte-carlo',
    seed: settings.seed,
    trialsPerPoint: Math.max(0, ...trials),
    trialsFewest: trials.length ? Math.min(...trials) : 0,
    ...(by !== null ? { trialsBy: by, trialsTotal: trials.reduce((t, n) => t + n, 0) } : {}),
    precision: settings.precision,
    ...(settings.precision !== null && precision !== null
      ? {
          precisionReached: precision.reached,
          precisionHalfWidth: precision.halfWidth,
          maxTrials: settings.maxTrials,
        }
      : {}),
    threads,
    commonRandomNumbers: true,
    interrupted,
    elapsedMs,
  };
}

/** A fixed count (or another engine): each point run in turn by the kind's hook. */
async function runInTurn(hooks: SweepHooks<unknown>, edits: Edit[], options: SimSweepOptions): Promise<PointRuns> {
  const out: PointRuns = { points: [], kept: [], recorded: new Map(), threads: 0, interrupted: false, staged: null };
  for (let i = 0; i < edits.length && !out.interrupted; i++) {
    const run = await hooks.point(edits[i], options);
    out.threads = Math.max(out.threads, run.threads);
    out.interrupted = run.interrupted;
    if (run.point === null) break;
    out.points.push(run.point);
    out.kept.push(run);
    if (run.sums) out.recorded.set(run.point, run.sums);
  }
  return out;
}

/**
 * Staged by precision on this process: the points run side by side in stages — the kind's own run schedule (its
 * first stage in whole chunks, then doubling, to the cap: engine/run.ts `runUntil`), each stage every open point
 * analysed again to that stage's count through its own recorder (chunkRecorder.ts), which hands back the chunks it
 * already ran. After a stage before the last the sweep's changes are looked at: one beyond noise at the stage level
 * (staging.ts `earlyStopLevel`: a tenth of α ÷ changes, over the stages before the last) is decided, and a point
 * whose every change is decided stops there (`decided`), as does one within ± precision or at the cap. Which points
 * go on depends only on the stages' numbers, so the answer is the same bytes for any thread count; a point not
 * stopped as decided is exactly its run alone to its precision (the same stages, the same chunks).
 */
async function runStaged(
  { behaviour, definition }: LoadedFor<SweepKind>,
  frame: Frame,
  edits: Edit[],
  options: SimSweepOptions,
): Promise<PointRuns> {
  const hooks = behaviour.sweep!;
  const { settings } = frame;
  const chunk = behaviour.chunkTrials ?? (await definition.kernel()).chunkTrials;
  const cap = settings.maxTrials;
  const stages = stagesOf(Math.min(Math.ceil(settings.trials / chunk) * chunk, cap), cap);
  // Each open point's recorder, kept from stage to stage; let go once the point stops (its sums are in its run).
  const recorders: (ChunkRecorder | null)[] = edits.map(() => new ChunkRecorder(options.engine ?? localEngine));
  const last: (SweepPointRun<object> | null)[] = edits.map(() => null);
  const open = new Set(edits.keys());
  const decided = new Map<number, PointChange>();
  const decidedPoints = new Set<number>();
  let stageLevel: number | null = null;
  let threads = 0;
  let interrupted = false;
  // One progress line over the points: each point's trials so far and planned.
  const done = edits.map(() => 0);
  const planned = edits.map(() => stages[0]);
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const cb = options.onProgress;
  const progress = (i: number) =>
    cb &&
    ((d: number, t: number, unit: string) => {
      done[i] = d;
      planned[i] = Math.max(planned[i], Math.min(t, cap), d);
      cb(total(done), total(planned), unit);
    });
  for (const [k, n] of stages.entries()) {
    const now = [...open];
    for (const i of now) planned[i] = n;
    // The open points in turn, as a sweep ran its points before: a stop lands within the point under way (its
    // compile and its chunk), not after every open point's.
    const got: SweepPointRun<object>[] = [];
    for (const i of now) {
      const run = await hooks.point(edits[i], {
        ...options,
        maxTrials: n,
        engine: recorders[i]!,
        onProgress: progress(i),
      });
      got.push(run);
      if (run.interrupted) break;
    }
    got.forEach((run, j) => {
      const i = now[j];
      threads = Math.max(threads, run.threads);
      interrupted ||= run.interrupted;
      if (run.point !== null) last[i] = run;
      // Within ± precision, or at the cap: done.
      if (run.point === null || run.precision?.reached !== false || (run.point as { trials: number }).trials >= cap)
        open.delete(i);
    });
    for (const i of now) if (!open.has(i)) recorders[i] = null;
    if (interrupted || k === stages.length - 1 || open.size === 0) break;
    // The changes as they stand: each one not yet decided and beyond noise at the stage level is decided now.
    const points = last.map((r) => r!.point!);
    const recorded = new Map(last.map((r) => [r!.point!, r!.sums ?? {}] as const));
    const r = behaviour.sweep!.result(
      commonOf(frame, { points, threads, interrupted }, null, 0),
      frame.scenario,
      points,
      options,
      (point, name) => recorded.get(point)?.[name],
    );
    const claims = claimsOf(r);
    if (claims.length === 0) continue;
    stageLevel ??= earlyStopLevel(FAMILY_ALPHA, claims.length, stages.length);
    const stopZ = normalQuantile(1 - stageLevel / 2);
    const ran = new Set(now);
    claims.forEach((c, j) => {
      if (decided.has(j) || !c.between.some((i) => ran.has(i))) return;
      if (Math.abs(differenceZ(c.change).z) > stopZ) decided.set(j, structuredClone(c.change));
    });
    for (const i of [...open]) {
      const mine = claims.flatMap((c, j) => (c.between.includes(i) ? [j] : []));
      if (mine.length > 0 && mine.every((j) => decided.has(j))) {
        open.delete(i);
        decidedPoints.add(i);
        recorders[i] = null;
      }
    }
    if (open.size === 0) break;
  }
  const out: PointRuns = {
    points: [],
    kept: [],
    recorded: new Map(),
    threads,
    interrupted,
    staged: { stages: stages.length, stageLevel, decided },
  };
  // Stopped before a point's first stage ended: the points before it are the answer, as when run in turn.
  for (const [i, run] of last.entries()) {
    if (run === null) break;
    const point = run.point!;
    if (decidedPoints.has(i)) (point as { decided?: true }).decided = true;
    out.points.push(point);
    out.kept.push(run);
    if (run.sums) out.recorded.set(point, run.sums);
  }
  return out;
}

/**
 * A one-field sweep's claims, in one order: each point's change(s) from the one before (per measure: a siege's
 * P(held), a cascade's per location, a metric kind's first proportion), then the first's to the last; each with the
 * two points (indices) it compares. None in a grid.
 */
function claimsOf(r: GridSweepResult): { change: PointChange; between: [number, number] }[] {
  const isChange = (x: unknown): x is PointChange =>
    typeof x === 'object' && x !== null && typeof (x as PointChange).difference === 'number';
  const all = (x: unknown): PointChange[] =>
    isChange(x) ? [x] : typeof x === 'object' && x !== null ? Object.values(x).filter(isChange) : [];
  const last = r.points.length - 1;
  return [
    ...r.points.flatMap((p, i) =>
      all((p as { heldChange?: unknown; change?: unknown }).heldChange ?? (p as { change?: unknown }).change).map(
        (change) => ({ change, between: [i - 1, i] as [number, number] }),
      ),
    ),
    ...all(
      (r as { heldChangeOverall?: unknown; changeOverall?: unknown }).heldChangeOverall ??
        (r as { changeOverall?: unknown }).changeOverall,
    ).map((change) => ({ change, between: [0, last] as [number, number] })),
  ];
}

/**
 * A sweep's paired changes (each point's from the one before and the first's to the last, each measure: a siege's
 * P(held), a cascade's per location) are many claims at once: judged as one family (Holm by default: the chance of
 * any false "beyond noise" over them ≤ 5%, not 5% each), each change's `withinNoise` following its decision; staged,
 * as a family looked at in stages (src/stats/family.ts `StagedFamily`).
 */
function heldAsFamily(r: GridSweepResult, method: FamilyMethod, staged?: StagedFamily): GridSweepResult {
  const changes = claimsOf(r).map((c) => c.change);
  if (changes.length === 0) return r;
  const { judged, error } = judgeDifferences(changes, method, FAMILY_ALPHA, staged);
  changes.forEach((c, i) => Object.assign(c, judged[i]));
  return { ...r, familyError: error };
}
