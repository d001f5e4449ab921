/**
 * `infer`: battles observed against an enemy whose number (BR, troops, a bonus: any numeric field) is unknown →
 * the posterior over a grid of its values. The likelihood of each record is exact (the battle's exact
 * distribution at that value, `recordProbability`), the battles independent given the value, the prior stated
 * (uniform over the grid unless given); then its mean, a credible interval, and the next battle's odds averaged
 * over the posterior (the posterior predictive). docs/design.md, "infer".
 */
import * as z from 'zod';
import { UsageError } from '../errors.js';
import { sourceOf, type ScenarioInput } from '../scenario/given.js';
import { compileWarMachine, type CompiledWarMachine } from '../kinds/warMachine/plan.js';
import { checkWarMachine, warMachineSchema, type WarMachineScenario } from '../kinds/warMachine/schema.js';
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import { formatPath, validate, type PathSegment, type ScenarioSource } from '../scenario/source.js';
import { exactOdds } from '../kinds/warMachine/result.js';
import { battleOutcomes, recordProbability, type ObservedBattle } from './luckExact.js';
import { loadLogRecords, observedRecords, referencedScenario, warMachineFor, type LoadedRecord } from './luck.js';
import { battleRecordSchema, observationOf } from './luckRecord.js';
import { resolveNumericPath, sweepValues, withValueChecked } from '../toolkit/vary.js';

/** A prior over the grid: uniform, a normal density at each value, or one weight per value. */
export type Prior = 'uniform' | { normal: { mean: number; sd: number } } | { weights: number[] };

const priorSchema = z.union([
  z.literal('uniform'),
  z.strictObject({ normal: z.strictObject({ mean: z.number(), sd: z.number().positive() }) }),
  z.strictObject({ weights: z.array(z.number().min(0)).min(1).max(10_000) }),
]);

/** An infer file: the battles observed, the unknown field, its grid and prior, and the next battle. */
export const inferFileSchema = z.strictObject({
  kind: z.literal('infer'),
  title: z.string().max(500).optional(),
  /** The battles' scenario (relative to the file), the unknown field set to each value of the grid. */
  scenario: z.string().min(1).max(4096),
  /** The unknown field, as sweep --vary names it: sides[1].battleRating, sides[1].troops, … */
  unknown: z.string().min(1).max(200),
  grid: z.strictObject({ from: z.number(), to: z.number(), step: z.number().positive().default(1) }),
  prior: priorSchema.default('uniform'),
  /** Credible interval's probability (default 0.95). */
  level: z.number().gt(0).lt(1).default(0.95),
  /** The next battle, whose odds carry the uncertainty (default: the scenario). */
  next: z.string().min(1).max(4096).optional(),
  battles: z
    .array(battleRecordSchema.omit({ side: true }))
    .min(1)
    .max(1000),
});

export interface InferOptions {
  /** With a scenario (not an infer file): the unknown field, its grid, prior, level and the records. */
  unknown?: string;
  from?: number;
  to?: number;
  step?: number;
  prior?: Prior;
  level?: number;
  observed?: readonly string[];
  signal?: AbortSignal;
}

export interface InferBattle {
  name: string;
  scenario: string;
  observed: ObservedBattle;
  /** P(the record | value), per grid value. */
  likelihood: number[];
}

export interface InferResult extends ResultMeta {
  kind: 'war-machine';
  method: 'exact';
  title: string | null;
  file: string;
  sides: [string, string];
  unknown: string;
  grid: number[];
  prior: { spec: Prior; weights: number[] };
  battles: InferBattle[];
  posterior: number[];
  mean: number;
  sd: number;
  /** The most probable grid value (the first of equals). */
  mode: number;
  median: number;
  /** Equal-tailed credible interval: the grid values where the posterior's distribution function crosses (1 ∓ level)/2. */
  interval: { level: number; low: number; high: number; mass: number };
  /** The next battle: P(win) per side, P(no winner) and expected troops lost, averaged over the posterior. */
  next: {
    scenario: string;
    win: [number, number];
    noWinner: number;
    lost: [number, number];
    /** Its win probabilities at each grid value (what the posterior averages). */
    winByValue: [number, number][];
    /** For contrast: the odds were the unknown known to be the posterior mean (rounded to the grid). */
    atMean: { value: number; win: [number, number] };
  };
  elapsedMs: number;
}

/** The prior's weights on the grid, normalised. */
export function priorWeights(
  prior: Prior,
  grid: readonly number[],
  problem: (expected: string) => Error = (e) => new UsageError(`--prior: ${e}`),
): number[] {
  let w: number[];
  if (prior === 'uniform') w = grid.map(() => 1);
  else if ('normal' in prior) {
    const { mean, sd } = prior.normal;
    w = grid.map((v) => Math.exp(-0.5 * ((v - mean) / sd) ** 2));
  } else {
    if (prior.weights.length !== grid.length)
      throw problem(
        `expected ${grid.length} weights, one per grid value (${grid[0]}…${grid[grid.length - 1]}), got ${prior.weights.length}`,
      );
    w = [...prior.weights];
  }
  const total = w.reduce((a, b) => a + b, 0);
  if (!(total > 0) || !Number.isFinite(total)) throw problem('the prior gives no weight to any grid value');
  return w.map((x) => x / total);
}

/** `uniform`, `normal:MEAN,SD` or `weights:w1,w2,…` as typed after --prior. */
export function parsePrior(text: string): Prior {
  const t = text.trim();
  if (t === 'uniform') return 'uniform';
  const m = /^normal:\s*(-?[\d.]+)\s*,\s*([\d.]+)$/.exec(t);
  if (m && Number(m[2]) > 0) return { normal: { mean: Number(m[1]), sd: Number(m[2]) } };
  const w = /^weights:(.+)$/.exec(t);
  if (w) {
    const weights = w[1].split(',').map((x) => Number(x.trim()));
    if (weights.every((x) => Number.isFinite(x) && x >= 0)) return { weights };
  }
  throw new UsageError(`--prior: expected uniform, normal:MEAN,SD (SD > 0) or weights:w1,w2,…, got '${text}'`);
}

/** The scenario with the unknown set to `value`, validated again (a value the rules refuse is a usage error). */
function atValue(
  s: WarMachineScenario,
  source: ScenarioSource,
  path: PathSegment[],
  value: number,
): WarMachineScenario {
  return withValueChecked(s, source, path, value, (copy) =>
    checkWarMachine(source, validate(source, warMachineSchema, copy)),
  );
}

/** The posterior over the unknown: `warcast infer … --json` prints exactly this object. */
export async function infer(input: ScenarioInput, options: InferOptions = {}): Promise<InferResult> {
  const started = performance.now();
  const source = sourceOf(input);
  const data = source.data as { kind?: unknown } | null;
  let records: LoadedRecord[];
  let title: string | null;
  let unknown: string;
  let gridSpec: { from: number; to: number; step: number };
  let prior: Prior;
  let level: number;
  let next: { scenario: WarMachineScenario; source: ScenarioSource; file: string };
  let priorProblem: ((expected: string) => Error) | undefined;
  let unknownFromFile = false;
  let gridFromFile = false;
  if (data !== null && typeof data === 'object' && data.kind === 'infer') {
    if (options.observed && options.observed.length > 0)
      throw new UsageError(
        `--observed: ${source.file} is an infer file, which carries its battles; leave --observed out`,
      );
    const f = validate(source, inferFileSchema);
    title = f.title ?? null;
    records = await loadLogRecords(source, f.battles, f.scenario);
    unknown = options.unknown ?? f.unknown;
    unknownFromFile = options.unknown === undefined;
    gridFromFile = options.from === undefined && options.to === undefined && options.step === undefined;
    gridSpec = { from: options.from ?? f.grid.from, to: options.to ?? f.grid.to, step: options.step ?? f.grid.step };
    if (options.prior === undefined) priorProblem = (e) => source.error(['prior'], e);
    prior = options.prior ?? f.prior;
    level = options.level ?? f.level;
    next = f.next
      ? await referencedScenario(source, f.next, ['next'])
      : { scenario: records[0].scenario, source: records[0].scenarioSource, file: records[0].scenarioFile };
  } else {
    const { scenario, source: s } = await warMachineFor('infer', input);
    title = scenario.title ?? null;
    records = observedRecords(scenario, s, options.observed, 'infer');
    if (options.unknown === undefined)
      throw new UsageError('infer: --unknown: name the unknown field, e.g. --unknown sides[1].battleRating');
    if (options.from === undefined || options.to === undefined)
      throw new UsageError(
        `infer: --from and --to: the range of ${options.unknown} to consider, e.g. --from 40 --to 100`,
      );
    unknown = options.unknown;
    gridSpec = { from: options.from, to: options.to, step: options.step ?? 1 };
    prior = options.prior ?? 'uniform';
    level = options.level ?? 0.95;
    next = { scenario, source: s, file: s.file };
  }
  if (!(level > 0 && level < 1)) throw new UsageError(`--level: expected a probability between 0 and 1, got ${level}`);
  let grid: number[];
  try {
    grid = sweepValues(gridSpec.from, gridSpec.to, gridSpec.step);
  } catch (err) {
    // The file's grid (no --from/--to/--step given): its line, not the options'.
    if (!gridFromFile || !(err instanceof UsageError)) throw err;
    throw source.error(['grid'], err.message.replace(/^--(\w+): /, '$1: '));
  }
  const weights = priorWeights(prior, grid, priorProblem);

  const observed = records.map((r) => observationOf(r.record, sidesOf(r.scenario), r.error));
  const likelihood = records.map(() => new Array<number>(grid.length).fill(0));
  const logPosterior = weights.map((w) => Math.log(w));
  const paths = new Map<WarMachineScenario, PathSegment[]>();
  const pathIn = (s: WarMachineScenario) => paths.get(s) ?? paths.set(s, unknownPath(s)).get(s)!;
  // The field named by --unknown, or by the file's `unknown:` (then its line): one line either way.
  const unknownPath = (s: WarMachineScenario) => {
    try {
      return resolveNumericPath(s, unknown);
    } catch (err) {
      if (!(err instanceof UsageError) || !err.message.startsWith('--vary: ')) throw err;
      const why = err.message.slice('--vary: '.length);
      throw unknownFromFile ? source.error(['unknown'], why) : new UsageError(`--unknown: ${why}`);
    }
  };
  const winByValue: [number, number][] = [];
  const tieByValue: number[] = [];
  const lostByValue: [number, number][] = [];
  for (let g = 0; g < grid.length; g++) {
    options.signal?.throwIfAborted();
    // Each distinct scenario compiled once per value (the next battle is usually the records' own).
    const compiled = new Map<WarMachineScenario, CompiledWarMachine>();
    const compiledAt = (s: WarMachineScenario, source: ScenarioSource) =>
      compiled.get(s) ?? compiled.set(s, compileWarMachine(atValue(s, source, pathIn(s), grid[g]))).get(s)!;
    const outcomesOf = new Map<WarMachineScenario, ReturnType<typeof battleOutcomes>>();
    records.forEach((r, i) => {
      const outcomes =
        outcomesOf.get(r.scenario) ??
        outcomesOf.set(r.scenario, battleOutcomes(compiledAt(r.scenario, r.scenarioSource))).get(r.scenario)!;
      const p = recordProbability(outcomes, observed[i]);
      likelihood[i][g] = p;
      logPosterior[g] += Math.log(p);
    });
    const odds = exactOdds(compiledAt(next.scenario, next.source));
    winByValue.push(odds.win);
    tieByValue.push(odds.tie);
    lostByValue.push([odds.casualties[0].mean, odds.casualties[1].mean]);
  }
  // A record no value can give: say which (the first), else that they disagree with each other.
  for (let i = 0; i < records.length; i++)
    if (likelihood[i].every((p) => p === 0))
      throw records[i].error(
        [],
        `no value of ${unknown} in ${grid[0]}…${grid[grid.length - 1]} gives this record (probability 0 at every value)`,
      );
  const top = Math.max(...logPosterior);
  if (top === -Infinity)
    throw new UsageError(
      `infer: no value of ${unknown} in ${grid[0]}…${grid[grid.length - 1]} with prior weight gives every record at once`,
    );
  const raw = logPosterior.map((l) => Math.exp(l - top));
  const total = raw.reduce((a, b) => a + b, 0);
  const posterior = raw.map((x) => x / total);

  const mean = posterior.reduce((s, p, g) => s + p * grid[g], 0);
  const sd = Math.sqrt(
    Math.max(
      0,
      posterior.reduce((s, p, g) => s + p * (grid[g] - mean) ** 2, 0),
    ),
  );
  const mode = grid[posterior.indexOf(Math.max(...posterior))];
  const quantile = (q: number) => {
    let cum = 0;
    for (let g = 0; g < grid.length; g++) {
      cum += posterior[g];
      if (cum >= q - 1e-12) return g;
    }
    return grid.length - 1;
  };
  const lo = quantile((1 - level) / 2);
  const hi = quantile(1 - (1 - level) / 2);
  const mass = posterior.slice(lo, hi + 1).reduce((a, b) => a + b, 0);
  const mix = (f: (g: number) => number) => posterior.reduce((s, p, g) => s + p * f(g), 0);
  const nearestToMean = grid.reduce((best, v, g) => (Math.abs(v - mean) < Math.abs(grid[best] - mean) ? g : best), 0);
  return {
    ...resultMeta('infer'),
    kind: 'war-machine',
    method: 'exact',
    title,
    file: source.file,
    sides: sidesOf(next.scenario),
    unknown: formatPath(pathIn(next.scenario)),
    grid,
    prior: { spec: prior, weights },
    battles: records.map((r, i) => ({
      name: r.record.name ?? `battle ${r.index + 1}`,
      scenario: r.scenarioFile,
      observed: observed[i],
      likelihood: likelihood[i],
    })),
    posterior,
    mean,
    sd,
    mode,
    median: grid[quantile(0.5)],
    interval: { level, low: grid[lo], high: grid[hi], mass: Math.min(1, mass) },
    next: {
      scenario: next.file,
      win: [mix((g) => winByValue[g][0]), mix((g) => winByValue[g][1])],
      noWinner: mix((g) => tieByValue[g]),
      lost: [mix((g) => lostByValue[g][0]), mix((g) => lostByValue[g][1])],
      winByValue,
      atMean: { value: grid[nearestToMean], win: winByValue[nearestToMean] },
    },
    elapsedMs: Math.round(performance.now() - started),
  };
}

const sidesOf = (s: WarMachineScenario): [string, string] => [s.sides[0].name, s.sides[1].name];
