/**
 * `sweep` (`warcast sweep <scenario> --vary <path> --from X --to Y --step S`): how the odds move as one numeric field
 * of the scenario varies. Every value is run with the same seed, hence the same chunk seeds and dice (common
 * random numbers): neighbouring points differ by the parameter, not by sampling noise.
 */
import { resultMeta } from '../resultMeta.js';
import { UsageError } from '../errors.js';
import { compileWarMachine, type CompiledWarMachine } from '../kinds/warMachine/plan.js';
import { summarizeMonteCarlo } from '../kinds/warMachine/summary.js';
import type { KindLoader, LoadedFor } from './kindHooks.js';
import type { ScenarioInput } from '../scenario/given.js';
import { formatPath, validate, type PathSegment, type ScenarioSource } from '../scenario/source.js';
import { checkWarMachine, warMachineSchema, type WarMachineScenario } from '../kinds/warMachine/schema.js';
import { exactOdds, simulateWarMachines } from '../kinds/warMachine/odds.js';
import { runSettings } from '../engine/options.js';
import { raceWarMachines, type RaceRecord } from '../kinds/warMachine/race.js';
import {
  sweepGrid,
  type SweepAnswer,
  type SweepKind,
  type SweepOptions,
  type SweepPoint,
  type SweepResult,
} from './sweepSim.js';
import { MAX_SWEEP_POINTS, parseFieldPath, resolveNumericPath, sweepValues, withValueChecked } from './vary.js';

export { MAX_SWEEP_POINTS, parseFieldPath, resolveNumericPath, sweepValues, withValueChecked };
import { baseRatings } from '../kinds/warMachine/matchup.js';

export type { SweepOptions, SweepPoint, SweepResult } from './sweepSim.js';

/** A copy of the scenario with the field at `path` set to `value`, validated and checked again. */
export function withValue(
  s: WarMachineScenario,
  source: ScenarioSource,
  path: PathSegment[],
  value: number,
): WarMachineScenario {
  return withValueChecked(s, source, path, value, (copy) =>
    checkWarMachine(source, validate(source, warMachineSchema, copy)),
  );
}

/**
 * The sweep of any kind: `warcast sweep FILE --vary … --json` prints exactly this object. A kind with a one-field
 * analysis of its own (a battle: exact odds and their Monte Carlo) uses it for one field; every other sweep is a
 * grid of the kind's own analysis (sweepSim.ts).
 */
export async function sweep(
  kinds: KindLoader<SweepKind>,
  input: ScenarioInput,
  options: SweepOptions,
): Promise<SweepAnswer> {
  const loaded = await kinds('sweep', input);
  const hooks = loaded.behaviour.sweep!;
  if (options.vary2 === undefined && hooks.single)
    return explained(loaded, options, await hooks.single(loaded.scenario, loaded.source, options));
  if ((options.race ?? null) !== null)
    throw new UsageError(hooks.single ? '--race: one field only (not with --vary2)' : '--race: battles only');
  return explained(loaded, options, await sweepGrid(loaded, options));
}

/**
 * A one-field sweep's steps where a rule threshold lies between a value and the one before, each with the kind's
 * sentences (its `explainChange` hook): why the numbers jump there. Kinds without the hook, and grids, are left as
 * they are.
 */
function explained(loaded: LoadedFor<SweepKind>, options: SweepOptions, r: SweepAnswer): SweepAnswer {
  const explain = loaded.behaviour.explainChange;
  if (!explain || options.vary2 !== undefined) return r;
  const path = resolveNumericPath(loaded.scenario, options.vary);
  const points = r.points as { value?: number; values?: number[]; explanation?: string[] }[];
  const at = (p: (typeof points)[number]) => p.value ?? p.values![0];
  let previous: unknown = null;
  points.forEach((p, i) => {
    const edited = loaded.behaviour.edit(loaded.scenario, loaded.source, path, at(p));
    if (i > 0) {
      const lines = explain(previous, edited);
      if (lines.length) p.explanation = lines;
    }
    previous = edited;
  });
  return r;
}

/** A battle's one-field sweep: exact odds at every value, and (unless exact) their Monte Carlo with common random numbers. */
export async function battleSweep(
  scenario: WarMachineScenario,
  source: ScenarioSource,
  options: SweepOptions,
): Promise<SweepResult> {
  const settings = runSettings(options);
  if (options.rounds !== undefined) throw new UsageError('--rounds: cascades only');
  const { from, to } = options;
  const step = options.step ?? 1;
  for (const [name, v] of [
    ['--from', from],
    ['--to', to],
    ['--step', step],
  ] as const) {
    if (!Number.isFinite(v)) throw new UsageError(`${name}: expected a number, got ${v}`);
  }
  const values = sweepValues(from, to, step);
  if (!options.vary) throw new UsageError("--vary: required (e.g. --vary 'sides[0].battleRating')");
  const path = resolveNumericPath(scenario, options.vary);
  const started = performance.now();
  const compiled: CompiledWarMachine[] = values.map((v) => compileWarMachine(withValue(scenario, source, path, v)));
  const exact = compiled.map((c) => exactOdds(c));

  let mc: ReturnType<typeof summarizeMonteCarlo>[] | null = null;
  let trials: number[] = values.map(() => 0);
  let threads = 0;
  let interrupted = false;
  const raceSide = options.race ?? null;
  if (raceSide !== null && (settings.exact || settings.precision !== null))
    throw new UsageError('--race: needs a Monte Carlo run to a fixed --trials (not --exact or --precision)');
  if (raceSide !== null && raceSide !== 0 && raceSide !== 1)
    throw new UsageError(`--race: expected side 0 or 1, got ${String(raceSide)}`);
  let race: RaceRecord | null = null;
  let precisionReached = true;
  if (!settings.exact) {
    const raced = raceSide === null ? null : await raceWarMachines(compiled, settings, options, raceSide);
    race = raced?.race ?? null;
    const run = raced ?? (await simulateWarMachines(compiled, settings, options));
    mc = run.results.map((r, i) => summarizeMonteCarlo(compiled[i], r.acc, Math.max(1, r.trials)));
    trials = run.results.map((r) => r.trials);
    threads = run.threadsUsed;
    interrupted = run.interrupted;
    precisionReached = run.results.every((r) => r.precisionReached !== false);
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
    schema: 'warcast/sweep@1',
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
    ...(settings.precision !== null && !settings.exact
      ? {
          precisionReached,
          precisionHalfWidth: Math.max(
            0,
            ...points.flatMap((p) => (p.winCi95 ? p.winCi95.map((ci) => (ci[1] - ci[0]) / 2) : [])),
          ),
          maxTrials: settings.maxTrials,
        }
      : {}),
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
