/**
 * `sweep` for sieges and cascades: how a siege's fall (P(fallen), weeks to fall, losses) or a cascade's holdings
 * (P(held) per location, legions lost) move as one or two numeric fields vary (the second as a grid, drawn as a
 * heatmap). Each value is set by the same code `seek` uses (vary.ts: the document edited and validated again), and
 * each point is the kind's own analysis (`siege`, `cascade`) run with the same seed: common random numbers, so
 * neighbouring points differ by the parameter, not by noise.
 */
import { UsageError } from '../errors.js';
import type { CascadeScenario } from '../kinds/cascade/schema.js';
import { parseCascade } from '../kinds/cascade/schema.js';
import { loadScenario, type ScenarioInput } from '../kinds/load.js';
import { parseSiege, type SiegeScenario } from '../kinds/siege/schema.js';
import type { ScenarioSource } from '../scenario/source.js';
import { formatPath } from '../scenario/source.js';
import { wilsonInterval, Z95 } from '../stats/index.js';
import { warcastVersion } from '../version.js';
import { cascade } from './cascade.js';
import { runSettings, type RunOptions } from './options.js';
import { siege } from './siege.js';
import { editedAs, MAX_SWEEP_POINTS, rawWith, resolveNumericPath, sweepValues } from './vary.js';

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
  /** Weeks to fall of the sieges that fell (null: none fell). */
  weeksToFallMean: number | null;
  weeksToFallMedian: number | null;
  meanWeeks: number;
  attackerDeadMean: number;
  defenderDeadMean: number;
}

export interface CascadePoint {
  values: number[];
  trials: number;
  /** Location → P(still held by its owner after the last round) and its 95% interval. */
  held: Record<string, number>;
  heldCi95: Record<string, [number, number]>;
  /** Player → mean legions lost. */
  legionsLostMean: Record<string, number>;
}

interface SimSweepCommon {
  warcastVersion: string;
  title: string | null;
  /** The first varied field (as in a battle sweep), then `axes` with both. */
  vary: string;
  from: number;
  to: number;
  step: number;
  axes: SweepAxis[];
  method: 'monte-carlo';
  seed: number;
  trialsPerPoint: number;
  precision: number | null;
  threads: number;
  commonRandomNumbers: true;
  interrupted: boolean;
  elapsedMs: number;
}

export interface SiegeSweepResult extends SimSweepCommon {
  kind: 'siege';
  schema: 'warcast/sweep/siege@1';
  sides: [string, string];
  weekLimit: number;
  points: SiegeSweepPoint[];
}

export interface CascadeSweepResult extends SimSweepCommon {
  kind: 'cascade';
  schema: 'warcast/sweep/cascade@1';
  rounds: number;
  locations: string[];
  players: string[];
  points: CascadePoint[];
}

export type SimSweepResult = SiegeSweepResult | CascadeSweepResult;

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
}

function axis(scenario: unknown, option: string, vary: string, from: number, to: number, step: number): SweepAxis & { path: ReturnType<typeof resolveNumericPath> } {
  for (const [name, v] of [[`--from${option}`, from], [`--to${option}`, to], [`--step${option}`, step]] as const) {
    if (!Number.isFinite(v)) throw new UsageError(`${name}: expected a number, got ${v}`);
  }
  const path = resolveNumericPath(scenario, vary);
  return { vary: formatPath(path), from, to, step, values: sweepValues(from, to, step), path };
}

/** The sweep of a siege or cascade (one or two fields). */
export async function sweepSimulated(input: ScenarioInput, options: SimSweepOptions): Promise<SimSweepResult> {
  const settings = runSettings(options);
  if (settings.exact) throw new UsageError('--exact: sieges and cascades have no exact odds (their sweep is Monte Carlo)');
  const { scenario, source } = await loadScenario(input, ['siege', 'cascade']);
  const kind = (scenario as { kind: string }).kind as 'siege' | 'cascade';
  if (kind === 'siege' && options.rounds !== undefined) throw new UsageError('--rounds: cascades only');
  const axes = [axis(scenario, '', options.vary, options.from, options.to, options.step ?? 1)];
  if (options.vary2 !== undefined) {
    if (options.from2 === undefined || options.to2 === undefined) throw new UsageError('--vary2: needs --from2 and --to2');
    axes.push(axis(scenario, '2', options.vary2, options.from2, options.to2, options.step2 ?? 1));
    if (axes[1].vary === axes[0].vary) throw new UsageError('--vary2: the second field must differ from --vary');
  }
  const grid = axes.length === 1 ? axes[0].values.map((v) => [v]) : axes[0].values.flatMap((a) => axes[1].values.map((b) => [a, b]));
  if (grid.length > MAX_SWEEP_POINTS) throw new UsageError(`--step: ${grid.length.toLocaleString('en-US')} points is too many (at most ${MAX_SWEEP_POINTS.toLocaleString('en-US')}); use a larger step`);
  // Every point's document, validated up front so a bad value is reported before anything runs.
  const parse = kind === 'siege' ? (s: ScenarioSource) => parseSiege(s) : (s: ScenarioSource) => parseCascade(s);
  const documents = grid.map((values) => {
    let doc: unknown = source.data;
    let edited: unknown = scenario;
    values.forEach((v, k) => {
      const src = { ...source, data: doc };
      edited = editedAs(edited as SiegeScenario, src, axes[k].path, v, parse as (s: ScenarioSource) => SiegeScenario);
      doc = rawWith(doc, axes[k].path, v);
    });
    return doc as { kind: string };
  });
  const started = performance.now();
  let threads = 0;
  let interrupted = false;
  const common = {
    warcastVersion,
    title: (scenario as { title?: string }).title ?? null,
    vary: axes[0].vary,
    from: axes[0].from,
    to: axes[0].to,
    step: axes[0].step,
    axes: axes.map(({ path: _path, ...a }) => a),
    method: 'monte-carlo' as const,
    seed: settings.seed,
    trialsPerPoint: 0,
    precision: settings.precision,
    threads: 0,
    commonRandomNumbers: true as const,
    interrupted: false,
    elapsedMs: 0,
  };
  const finish = <T extends SimSweepResult>(r: T): T => {
    r.threads = threads;
    r.interrupted = interrupted;
    r.trialsPerPoint = Math.max(0, ...r.points.map((p) => p.trials));
    r.elapsedMs = Math.round(performance.now() - started);
    return r;
  };
  if (kind === 'siege') {
    const s = scenario as SiegeScenario;
    const points: SiegeSweepPoint[] = [];
    for (let i = 0; i < grid.length && !interrupted; i++) {
      const r = await siege(documents[i], options);
      threads = Math.max(threads, r.threads);
      interrupted = r.interrupted;
      if (r.trials === 0) break;
      const f = r.weeksToFall;
      const median = 'p50' in f ? (f as { p50: number }).p50 : null;
      points.push({
        values: grid[i],
        trials: r.trials,
        fallen: f.probability,
        fallenCi95: f.ci95,
        held: 1 - f.probability,
        heldCi95: [1 - f.ci95[1], 1 - f.ci95[0]],
        weeksToFallMean: f.mean,
        weeksToFallMedian: median,
        meanWeeks: r.meanWeeks,
        attackerDeadMean: r.casualties.attacker.dead.mean,
        defenderDeadMean: r.casualties.defender.dead.mean,
      });
    }
    return finish({ ...common, kind: 'siege', schema: 'warcast/sweep/siege@1', sides: [s.attacker.name, s.defender.name], weekLimit: s.weekLimit, points });
  }
  const c = scenario as CascadeScenario;
  const rounds = options.rounds ?? 1;
  const points: CascadePoint[] = [];
  const locations = c.locations.map((l) => l.name);
  for (let i = 0; i < grid.length && !interrupted; i++) {
    const r = await cascade(documents[i], { ...options, rounds: options.rounds });
    threads = Math.max(threads, r.threads);
    interrupted = r.interrupted;
    if (r.trials === 0 || !r.held) break;
    const held: Record<string, number> = {};
    const heldCi95: Record<string, [number, number]> = {};
    for (const l of locations) {
      const p = r.held[l]?.[rounds - 1] ?? 0;
      held[l] = p;
      heldCi95[l] = wilsonInterval(Math.round(p * r.trials), r.trials, Z95);
    }
    points.push({ values: grid[i], trials: r.trials, held, heldCi95, legionsLostMean: Object.fromEntries(Object.entries(r.legionsLost ?? {}).map(([k, v]) => [k, v.mean])) });
  }
  const players = [...new Set(points.flatMap((p) => Object.keys(p.legionsLostMean)))];
  return finish({ ...common, kind: 'cascade', schema: 'warcast/sweep/cascade@1', rounds, locations, players, points });
}
