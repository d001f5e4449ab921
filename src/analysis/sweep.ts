/**
 * `sweep` (`warcast sweep <scenario> --vary <path> --from X --to Y --step S`): how the odds move as one numeric field
 * of the scenario varies. Every value is run with the same seed, hence the same chunk seeds and dice (common
 * random numbers): neighbouring points differ by the parameter, not by sampling noise.
 */
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import { ScenarioError, UsageError } from '../errors.js';
import { compileWarMachine, type CompiledWarMachine } from '../kinds/warMachine/plan.js';
import { summarizeMonteCarlo } from '../kinds/warMachine/summary.js';
import { loadKind, type ScenarioInput } from '../kinds/load.js';
import { closest, formatPath, validate, type PathSegment, type ScenarioSource } from '../scenario/source.js';
import { checkWarMachine, warMachineSchema, type WarMachineScenario } from '../kinds/warMachine/schema.js';
import { exactOdds, simulateWarMachines } from './odds.js';
import { runSettings, type RunOptions } from './options.js';
import { raceWarMachines, type RaceRecord } from './race.js';
import { baseRatings, type BaseRating } from './matchup.js';

export interface SweepOptions extends RunOptions {
  /** The numeric field to vary, e.g. `sides[0].battleRating`. */
  vary: string;
  from: number;
  /** The last value (inclusive when it falls on the grid). */
  to: number;
  /** Default 1. */
  step?: number;
  /**
   * Race the values: stages up to `trials`, dropping values whose win probability for this side is clearly below
   * the best's (docs/design.md, "racing"). Monte Carlo with fixed trials only.
   */
  race?: 0 | 1 | null;
}

/** At most this many values in one sweep. */
export const MAX_SWEEP_POINTS = 10_000;

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
}

export interface SweepResult extends ResultMeta {
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

/** `sides[0].battleRating` or `sides.0.battleRating` → ['sides', 0, 'battleRating']; null if malformed. */
export function parseFieldPath(text: string): PathSegment[] | null {
  const re = /^(?:([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]|\.([A-Za-z_][A-Za-z0-9_-]*|\d+))/;
  const out: PathSegment[] = [];
  let rest = text.trim();
  if (rest === '' || rest.startsWith('.') || rest.startsWith('[')) return null;
  let first = true;
  while (rest.length > 0) {
    const m = re.exec(rest);
    if (!m || (first && m[1] === undefined) || (!first && m[1] !== undefined)) return null;
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else out.push(/^\d+$/.test(m[3]) ? Number(m[3]) : m[3]);
    rest = rest.slice(m[0].length);
    first = false;
  }
  return out;
}

/**
 * Check that `path` names a number in the validated scenario; the one-line usage error names --vary and,
 * for a misspelt key, suggests the nearest one.
 */
export function resolveNumericPath(s: unknown, text: string): PathSegment[] {
  const path = parseFieldPath(text);
  const bad = (why: string) => new UsageError(`--vary: ${why}`);
  if (path === null) throw bad(`expected a field path like sides[0].battleRating, got '${text}'`);
  let node: unknown = s;
  for (let k = 0; k < path.length; k++) {
    const seg = path[k];
    const here = formatPath(path.slice(0, k + 1));
    if (Array.isArray(node)) {
      if (typeof seg !== 'number' || seg >= node.length) throw bad(`${here}: expected an index below ${node.length}`);
      node = node[seg];
    } else if (node !== null && typeof node === 'object') {
      const obj = node as Record<string, unknown>;
      if (typeof seg !== 'string' || !(seg in obj)) {
        const hint = typeof seg === 'string' ? closest(seg, Object.keys(obj)) : null;
        throw bad(`${here}: not in this scenario${hint ? ` (did you mean '${formatPath([...path.slice(0, k), hint])}'?)` : ` (there: ${Object.keys(obj).join(', ')})`}`);
      }
      node = obj[seg];
    } else throw bad(`${formatPath(path.slice(0, k))} is not a mapping or list, so it has no '${seg}'`);
  }
  if (typeof node !== 'number') throw bad(`${formatPath(path)} is ${Array.isArray(node) ? 'a list' : typeof node === 'object' ? 'a mapping' : `a ${typeof node}`}, not a number`);
  return path;
}

/** A copy of the scenario with the field at `path` set to `value`, validated and checked again. */
export function withValue(s: WarMachineScenario, source: ScenarioSource, path: PathSegment[], value: number): WarMachineScenario {
  return withValueChecked(s, source, path, value, (copy) => checkWarMachine(source, validate(source, warMachineSchema, copy)));
}

/**
 * A copy of any kind's validated scenario with the field at `path` set to `value`, checked by `check` (the kind's
 * validator applied to the edited copy); a value the kind refuses is a usage error naming the range options.
 */
export function withValueChecked<T>(s: T, source: ScenarioSource, path: PathSegment[], value: number, check: (copy: unknown) => T): T {
  const copy = structuredClone(s) as unknown as Record<string | number, unknown>;
  let node = copy;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  try {
    return check(copy);
  } catch (err) {
    if (!(err instanceof ScenarioError)) throw err;
    // The file is fine; the value the sweep tried is not: a usage error naming the range options.
    const prefix = `${err.line === null ? err.file : `${err.file}:${err.line}`}: ${err.path ? err.path + ': ' : ''}`;
    const what = err.message.startsWith(prefix) ? err.message.slice(prefix.length) : err.message;
    throw new UsageError(`--from/--to: ${formatPath(path)} = ${value} is not allowed: ${err.path && err.path !== formatPath(path) ? `${err.path}: ` : ''}${what}`);
  }
}

/** The values from..to by step (inclusive of `to` when it falls on the grid), without drift. */
export function sweepValues(from: number, to: number, step: number): number[] {
  if (!(step > 0)) throw new UsageError(`--step: expected a positive number, got ${step}`);
  if (to < from) throw new UsageError(`--to: expected a value at least --from (${from}), got ${to}`);
  const count = Math.floor((to - from) / step + 1e-9) + 1;
  if (count > MAX_SWEEP_POINTS) throw new UsageError(`--step: ${count.toLocaleString('en-US')} values is too many (at most ${MAX_SWEEP_POINTS.toLocaleString('en-US')}); use a larger step`);
  return Array.from({ length: count }, (_, k) => Number((from + k * step).toPrecision(12)));
}

/** The sweep: `warcast sweep FILE --vary … --json` prints exactly this object. */
export async function sweep(input: ScenarioInput, options: SweepOptions): Promise<SweepResult> {
  const settings = runSettings(options);
  const { from, to } = options;
  const step = options.step ?? 1;
  for (const [name, v] of [['--from', from], ['--to', to], ['--step', step]] as const) {
    if (!Number.isFinite(v)) throw new UsageError(`${name}: expected a number, got ${v}`);
  }
  const values = sweepValues(from, to, step);
  if (!options.vary) throw new UsageError("--vary: required (e.g. --vary 'sides[0].battleRating')");
  const { scenario, source } = await loadKind(input, 'war-machine');
  const path = resolveNumericPath(scenario, options.vary);
  const started = performance.now();
  const compiled: CompiledWarMachine[] = values.map((v) => compileWarMachine(withValue(scenario, source, path, v)));
  const exact = compiled.map((c) => exactOdds(c));

  let mc: ReturnType<typeof summarizeMonteCarlo>[] | null = null;
  let trials: number[] = values.map(() => 0);
  let threads = 0;
  let interrupted = false;
  const raceSide = options.race ?? null;
  if (raceSide !== null && (settings.exact || settings.precision !== null)) throw new UsageError('--race: needs a Monte Carlo run to a fixed --trials (not --exact or --precision)');
  if (raceSide !== null && raceSide !== 0 && raceSide !== 1) throw new UsageError(`--race: expected side 0 or 1, got ${String(raceSide)}`);
  let race: RaceRecord | null = null;
  if (!settings.exact) {
    const raced = raceSide === null ? null : await raceWarMachines(compiled, settings, options, raceSide);
    race = raced?.race ?? null;
    const run = raced ?? (await simulateWarMachines(compiled, settings, options));
    mc = run.results.map((r, i) => summarizeMonteCarlo(compiled[i], r.acc, Math.max(1, r.trials)));
    trials = run.results.map((r) => r.trials);
    threads = run.threadsUsed;
    interrupted = run.interrupted;
  }
  const points: SweepPoint[] = values.map((value, i) => {
    const e = exact[i];
    // A point Ctrl-C stopped before its first chunk has no simulated numbers: it shows the exact ones.
    const m = trials[i] > 0 ? mc?.[i] : undefined;
    const exactCasualties: [number, number] = [e.casualties[0].mean, e.casualties[1].mean];
    return {
      value,
      win: m ? m.win : e.win,
      winCi95: m ? m.winCi95 : null,
      exactWin: e.win,
      exactNoWinner: e.tie,
      casualties: m ? [m.casualties[0].mean, m.casualties[1].mean] : exactCasualties,
      exactCasualties,
      modifiedBattleRating: [compiled[i].ratings[0].modifiedBattleRating, compiled[i].ratings[1].modifiedBattleRating],
      trials: trials[i],
    };
  });
  return {
    ...resultMeta('sweep'),
    kind: 'war-machine',
    title: scenario.title ?? null,
    sides: [scenario.sides[0].name, scenario.sides[1].name],
    vary: formatPath(path),
    from,
    to,
    step,
    // Ctrl-C before any chunk finished: the numbers are the exact ones, and say so (as odds does).
    method: settings.exact || trials.every((t) => t === 0) ? 'exact' : 'monte-carlo',
    seed: settings.seed,
    // Under --precision each point runs until it is known well enough: the most any point ran.
    trialsPerPoint: settings.exact ? 0 : settings.precision === null ? settings.trials : Math.max(0, ...trials),
    precision: settings.precision,
    threads,
    commonRandomNumbers: !settings.exact,
    interrupted,
    elapsedMs: Math.round(performance.now() - started),
    points,
    race,
    ratings: baseRatings(compileWarMachine(scenario)),
    scenario,
  };
}

