/**
 * The toolkit over a kind that gives only data (docs/architecture.md, "How to add a kind"). As Icepool's
 * `MultisetEvaluator` has the extension supply `next_state` while the engine owns the iteration, a kind here
 * supplies its validator, its compiler to a plan, its kernel and its **measures** — named numbers read off the
 * kernel's accumulator, each a proportion (a count of trials) or a mean (a sum, with its sum of squares) — and
 * `metricHooks` gives it its primary analysis and `sweep`, `seek` and `compare`, written once here over any such
 * kind; its `worth` is its variations (src/kinds/worth.ts), run by the toolkit's one worth. Nothing here names a
 * kind or reads a registry.
 */
import type { Kernel } from '../engine/kernel.js';
import { runTrials, runUntil, type RunResult } from '../engine/run.js';
import { precisionOutcome, type RunHeader, type RunOptions, type RunSettings } from '../engine/settings.js';
import type { KindData, Measure } from '../kinds/data.js';
import type { KindDefinition, MetricType } from '../kinds/definition.js';
import { UsageError } from '../errors.js';
import { sourceOf, type ScenarioInput } from '../scenario/given.js';
import type { ScenarioSource } from '../scenario/source.js';
import { bernoulliSd, meanSd, pairedDifference, t975 } from '../stats/batches.js';
import { wilsonHalfWidth, wilsonInterval } from '../stats/index.js';
import { bothPrecision, mean, probability, type CompareRow } from './compare.js';
import type { KindHooks } from './hooks.js';
import { progressIn, runSettings } from '../engine/options.js';
import { sequentialTest, wrongMeasure, type SeekPoint } from './seek.js';
import { chunkRecorder, probabilityChange, type MetricSweepPoint, type MetricSweepResult } from './sweepSim.js';
import { editedAs } from './vary.js';
import { warcastVersion } from '../version.js';

export type { Measure };

/**
 * Everything a kind gives to get every toolkit command from `metricHooks`: its definition and its data
 * (src/kinds/data.ts: validator, compiler, measures, variations).
 */
export interface MetricKind<Scenario, Plan> extends KindData<Scenario, Plan> {
  readonly definition: KindDefinition<Scenario, Plan>;
}

/** A registered kind given as data, with its data loaded (null: the kind has a behaviour file of its own). */
export async function metricKindOf<Scenario, Plan>(
  definition: KindDefinition<Scenario, Plan>,
): Promise<MetricKind<Scenario, Plan> | null> {
  return definition.data ? { definition, ...(await definition.data()) } : null;
}

/** A measure's estimate, with its noise. */
export interface MeasureValue {
  name: string;
  label: string;
  type: MetricType;
  unit?: string;
  value: number;
  /** 95% interval: Wilson for a proportion, Student's t over the trials for a mean. */
  ci95: [number, number];
  /** A mean's standard deviation over the trials. */
  sd?: number;
}

/** The primary analysis of a metric kind: `--json` prints exactly this object. */
export interface MetricResult extends RunHeader {
  schema: 'warcast/metrics@1';
  warcastVersion: string;
  kind: string;
  measures: MeasureValue[];
}

/** Each measure's estimate off an accumulator of `trials` trials. */
export function measureValues<Plan>(
  kind: MetricKind<unknown, Plan>,
  plan: Plan,
  acc: ArrayLike<number>,
  trials: number,
): MeasureValue[] {
  const n = Math.max(1, trials);
  return kind.measures.map((m) => {
    const head = { name: m.name, label: m.label, type: m.type, ...(m.unit === undefined ? {} : { unit: m.unit }) };
    const x = m.read(plan, acc);
    if (m.type === 'proportion') return { ...head, value: x / n, ci95: wilsonInterval(x, n) };
    const { mean: value, sd } = meanSd(n, x, m.readSquares!(plan, acc));
    const half = n > 1 ? (t975(n - 1) * sd) / Math.sqrt(n) : Infinity;
    return { ...head, value, ci95: [value - half, value + half], sd };
  });
}

/** The widest 95% half-width of the kind's proportions (what `--precision` bounds). */
function widest<Plan>(kind: MetricKind<unknown, Plan>, plan: Plan, acc: ArrayLike<number>, n: number): number {
  let w = 0;
  for (const m of kind.measures) if (m.type === 'proportion') w = Math.max(w, wilsonHalfWidth(m.read(plan, acc), n));
  return w;
}

/** One run of a plan for the settings' trials, or until every proportion is known to ± precision. */
async function simulate<Plan>(
  kind: MetricKind<unknown, Plan>,
  plan: Plan,
  s: RunSettings,
  o: RunOptions,
): Promise<RunResult> {
  const common = {
    kernel: (await kind.definition.kernel()) as Kernel<Plan>,
    plan,
    seed: s.seed,
    threads: s.threads,
    signal: o.signal,
    engine: o.engine,
    onProgress: progressIn(o, kind.definition.unit),
  };
  if (s.precision === null) return runTrials({ ...common, trials: s.trials });
  const eps = s.precision;
  return runUntil({
    ...common,
    initialTrials: Math.min(s.trials, s.maxTrials),
    maxTrials: s.maxTrials,
    done: (acc, n) => widest(kind, plan, acc, n) <= eps,
  });
}

/** The primary analysis of a validated scenario of a metric kind. */
export async function analyseMetrics<Scenario, Plan>(
  kind: MetricKind<Scenario, Plan>,
  scenario: Scenario,
  options: RunOptions = {},
): Promise<MetricResult> {
  const settings = runSettings(options);
  if (settings.exact) throw new UsageError(`--exact: ${kind.definition.called} has no exact odds (Monte Carlo only)`);
  const started = performance.now();
  const plan = kind.compile(scenario);
  const run = await simulate(kind, plan, settings, options);
  const result: MetricResult = {
    schema: 'warcast/metrics@1',
    warcastVersion,
    kind: kind.definition.scenarioKind ?? kind.definition.name,
    seed: settings.seed,
    trials: run.trials,
    threads: run.threadsUsed,
    precision: settings.precision,
    interrupted: run.interrupted,
    elapsedMs: 0,
    measures: measureValues(kind, plan, run.acc, run.trials),
  };
  if (settings.precision !== null)
    Object.assign(result, precisionOutcome(run, widest(kind, plan, run.acc, Math.max(1, run.trials))));
  result.elapsedMs = Math.round(performance.now() - started);
  return result;
}

/** A scenario input validated by the kind's own validator (a document of another kind is its error, not ours). */
function validated<Scenario>(kind: MetricKind<Scenario, unknown>, input: ScenarioInput): Scenario {
  return kind.validate(sourceOf(input));
}

/** Every toolkit hook of a metric kind: its analysis, field editing, staging, sweep, seek, compare and worth. */
export function metricHooks<Scenario, Plan>(kind: MetricKind<Scenario, Plan>): KindHooks<Scenario, MetricResult> {
  const proportion = kind.measures.find((m) => m.type === 'proportion');
  const edit = (scenario: Scenario, source: ScenarioSource, path: Parameters<typeof editedAs>[2], value: number) =>
    editedAs(scenario, source, path, value, (s) => kind.validate(s));
  return {
    analyse: (input, options) => analyseMetrics(kind, validated(kind, input), options),
    edit,
    staged: true,
    ...(kind.explainChange ? { explainChange: kind.explainChange } : {}),
    seek(scenario, source, path, t, settings, options) {
      const names = kind.measures.filter((m) => m.type === 'proportion').map((m) => m.name);
      if (t.measure !== 'metric' || !names.includes(t.name))
        throw wrongMeasure(kind.definition.title, t, names.join(' or '));
      const m = kind.measures.find((x) => x.name === t.name)!;
      const { test, threads } = sequentialTest(
        kind.definition.title,
        kind.definition.kernel as () => Promise<Kernel<unknown>>,
        kind.definition.unit,
        t,
        settings,
        options,
      );
      return {
        method: 'monte-carlo',
        threads,
        evaluate: async (value): Promise<SeekPoint> => {
          const plan = kind.compile(edit(scenario, source, path, value));
          return test(value, plan, (acc) => m.read(plan, acc));
        },
      };
    },
    sweep: {
      check(options, settings) {
        if (settings.exact)
          throw new UsageError(`--exact: ${kind.definition.called} has no exact odds (its sweep is Monte Carlo)`);
      },
      async point({ scenario, values }, options) {
        const recorder = chunkRecorder(options);
        const settings = runSettings(options);
        const plan = kind.compile(scenario);
        const run = await simulate(kind, plan, settings, recorder ? { ...options, engine: recorder } : options);
        if (run.trials === 0) return { point: null, threads: run.threadsUsed, interrupted: run.interrupted };
        const point: MetricSweepPoint = {
          values,
          trials: run.trials,
          measures: measureValues(kind, plan, run.acc, run.trials).map(({ name, value, ci95, sd }) => ({
            name,
            value,
            ci95,
            ...(sd === undefined ? {} : { sd }),
          })),
        };
        // The chunk sums of the first proportion, for the paired change between points.
        const sums =
          recorder && proportion
            ? { [proportion.name]: recorder.sums((acc) => proportion.read(plan, acc)) }
            : undefined;
        const halfWidth = widest(kind, plan, run.acc, Math.max(1, run.trials));
        const precision =
          settings.precision === null ? undefined : { reached: run.precisionReached ?? false, halfWidth };
        return { point, threads: run.threadsUsed, interrupted: run.interrupted, precision, sums };
      },
      result(common, _scenario, points, _options, sums) {
        const ps = points as MetricSweepPoint[];
        const one = common.axes.length === 1 && ps.length > 1 && proportion !== undefined;
        const first = kind.measures.indexOf(proportion!);
        const at = (p: MetricSweepPoint) => ({
          value: p.values[0],
          p: p.measures[first].value,
          trials: p.trials,
          sums: sums(p, proportion!.name),
        });
        ps.forEach((p, i) => (p.change = one && i > 0 ? probabilityChange(at(ps[i - 1]), at(p)) : null));
        const changeOverall = one ? probabilityChange(at(ps[0]), at(ps[ps.length - 1])) : null;
        return {
          ...common,
          kind: kind.definition.scenarioKind ?? kind.definition.name,
          schema: 'warcast/sweep/metrics@1',
          measures: kind.measures.map((m) => ({
            name: m.name,
            label: m.label,
            type: m.type,
            ...(m.unit === undefined ? {} : { unit: m.unit }),
          })),
          points: ps,
          changeOverall,
        } satisfies MetricSweepResult;
      },
    },
    async compare(fileA, fileB, options) {
      // Both runs with the same seed, each chunk kept, so every difference is paired chunk by chunk.
      const settings = runSettings(options);
      const runs = await Promise.all(
        [fileA, fileB].map(async (file) => {
          const recorder = chunkRecorder(options);
          const plan = kind.compile(validated(kind, file));
          const run = await simulate(kind, plan, settings, recorder ? { ...options, engine: recorder } : options);
          return { plan, run, recorder, values: measureValues(kind, plan, run.acc, run.trials) };
        }),
      );
      const [a, b] = runs;
      const trials: [number, number] = [a.run.trials, b.run.trials];
      const rows: CompareRow[] = kind.measures.map((m, i) => {
        const sums = (r: (typeof runs)[number]) => r.recorder?.sums((acc) => m.read(r.plan, acc));
        const [sa, sb] = [sums(a), sums(b)];
        const [va, vb] = [a.values[i], b.values[i]];
        if (m.type === 'proportion')
          return probability(
            m.label,
            va.value,
            vb.value,
            trials,
            false,
            sa && sb ? pairedDifference(sa, sb, bernoulliSd) : undefined,
          );
        const sd = (_: number, run: 'a' | 'b') => (run === 'a' ? va.sd! : vb.sd!);
        return mean(
          m.label,
          m.unit ?? 'per trial',
          { mean: va.value, sd: va.sd },
          { mean: vb.value, sd: vb.sd },
          trials,
          sa && sb ? pairedDifference(sa, sb, sd) : undefined,
        );
      });
      const header = (r: (typeof runs)[number]) => ({
        trials: r.run.trials,
        precisionReached: r.run.precisionReached,
        precisionHalfWidth: widest(kind, r.plan, r.run.acc, Math.max(1, r.run.trials)),
      });
      return {
        seed: settings.seed,
        trials,
        rows,
        precision: settings.precision === null ? undefined : bothPrecision(header(a), header(b)),
      };
    },
    ...(kind.worth ? { worth: kind.worth } : {}),
  };
}
