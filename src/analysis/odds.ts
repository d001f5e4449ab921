/**
 * `odds`: who wins a War Machine battle, how often, at what cost — exact odds (all 10,000 pairs of d100 rolls)
 * and, unless `exact`, the seeded Monte Carlo beside them; with `engagement.maxDays` > 1, the pursuit over days.
 */
import { rowLabel, ROW_COUNT } from '../rules/warMachine/results.js';
import { resultMeta, type ResultMeta } from '../resultMeta.js';
// The engine (worker threads, the pool, checkpoints, node:crypto) loads only for a Monte Carlo: exact odds, a
// game master's most frequent question, start without it (docs/benchmarks.md, start-up).
import type { RunResult } from '../engine/run.js';
import type { ManyResult } from '../engine/runMany.js';
import { loadKernel } from '../kinds/index.js';
import { loadKind, type ScenarioInput } from '../kinds/load.js';
import { compileEngagement, engagementSides, summarizeEngagement, type EngagementPlan, type EngagementSummary } from '../kinds/pursuit/engagement.js';
import { exactFromCounts, WAR_MACHINE_CHUNK } from '../kinds/warMachine/kernel.js';
import { CODE_COUNT, compileWarMachine, decodeCode, outcomeOfCode, type CompiledWarMachine } from '../kinds/warMachine/plan.js';
import type { WarMachineScenario } from '../kinds/warMachine/schema.js';
import { summarizeMonteCarlo, summarizeOdds, winCounts, winsKnownTo, type WarMachineMonteCarlo, type WarMachineOdds } from '../kinds/warMachine/summary.js';
import type { AdjustmentLine } from '../rules/warMachine/rating.js';
import { TACTICS, type Tactic } from '../rules/warMachine/tactics.js';
import { cumulativeOf, discrete, wilsonInterval, type Cumulative, type Discrete } from '../stats/index.js';
import { progressIn, runSettings, type RunHeader, type RunOptions, type RunSettings } from './options.js';

export type CasualtyMeasure = 'total' | 'dead' | 'wounded';

/** The results rows' labels, the index of `rows[side]`. */
export const RESULTS_ROW_LABELS: string[] = Array.from({ length: ROW_COUNT }, (_, i) => rowLabel(i));

export interface OddsResult extends WarMachineOdds, RunHeader, ResultMeta {
  kind: 'war-machine';
  title: string | null;
  method: 'monte-carlo' | 'exact';
  sides: [string, string];
  policies: WarMachineScenario['policies'];
  ratings: {
    battleRating: number;
    modifiedBattleRating: number;
    troopClass: string | null;
    troops: number;
    /** Each adjustment to the BR with its rule, as `warcast rate` lists them. */
    adjustments: AdjustmentLine[];
    defending: boolean;
    /** The side's tactic, or its mix (probabilities), or null when tactics are not used. */
    tactic: WarMachineScenario['sides'][number]['tactic'] | null;
  }[];
  win: [number, number];
  /** What each index of `rows[side]` is: the results row's difference band, e.g. "9–15" (docs/rules.md). */
  rowLabels: string[];
  winCi95: [[number, number], [number, number]] | null;
  exact: WarMachineOdds | null;
  /**
   * With tactics in play: each side's best pure tactic against the other side's tactic (or mix) as given, by
   * exact win probability (`warcast matchup` solves the full game).
   */
  bestReply: [{ tactic: Tactic; win: number }, { tactic: Tactic; win: number }] | null;
  /** Troops lost per side as distributions (values and probabilities): Monte Carlo frequencies, or exact. */
  casualtyDistributions: [Record<CasualtyMeasure, Discrete>, Record<CasualtyMeasure, Discrete>];
  /**
   * The "at most / at least" view of the same distributions: per side and measure, for each value x of troops lost,
   * P(losses ≤ x) (`atMost`) and P(losses ≥ x) (`atLeast`).
   */
  casualtyCumulative: [Record<CasualtyMeasure, Cumulative>, Record<CasualtyMeasure, Cumulative>];
  /**
   * How the Monte Carlo estimate of each side's win probability converged: after about 40 log-spaced whole
   * chunks, the estimate and its 95% interval (collected during the run; null for exact odds).
   */
  convergence: { trials: number; side: 0 | 1; win: number; lo: number; hi: number }[] | null;
  /** Pursuit over several days (scenario `engagement.maxDays` > 1 and policy pursue: always); Monte Carlo only. */
  engagement: EngagementSummary | null;
}

export interface OddsOptions extends RunOptions {
  exact?: boolean;
}

/** Exact odds of a compiled battle: the fast path for callers asking many questions (compile once, then this). */
export function exactOdds(c: CompiledWarMachine): WarMachineOdds {
  const probs = exactProbabilities(c);
  return summarizeOdds(c, probs, 1, probs[c.pairs.length * CODE_COUNT]);
}

/**
 * Each side's exact win probability alone: the same numbers as `exactOdds(c).win` (the same sums in the same
 * order, kept inside [0, 1]) without laying out every outcome's losses, for callers comparing many battles.
 */
export function exactWin(c: CompiledWarMachine): [number, number] {
  const wins = winCounts(c, exactProbabilities(c));
  return [Math.min(1, Math.max(0, wins[0])), Math.min(1, Math.max(0, wins[1]))];
}

/** Exact probability of each outcome code per pairing (and, last, the tied-roll rate). */
function exactProbabilities(c: CompiledWarMachine): Float64Array {
  return exactFromCounts(c.plan.pairCount, c.codeCounts, c.pairs.map((p) => p.probability));
}

/** Compile a validated war-machine scenario once (then `exactOdds` answers in microseconds). */
export { compileWarMachine, type CompiledWarMachine };

type SimulationSettings = Pick<RunSettings, 'seed' | 'trials' | 'threads' | 'precision' | 'maxTrials'>;

/**
 * The Monte Carlo of several compiled battles with the same seed (common random numbers: matchup cells, sweep
 * points), for fixed trials or to a precision. Each battle's answer is what it would get alone.
 */
export async function simulateWarMachines(cs: readonly CompiledWarMachine[], s: SimulationSettings, o: RunOptions = {}): Promise<ManyResult> {
  const eps = s.precision;
  const { runMany } = await import('../engine/runMany.js');
  return runMany({
    kernel: await loadKernel('war-machine'),
    plans: cs.map((c) => c.plan),
    seed: s.seed,
    trials: s.trials,
    threads: s.threads,
    signal: o.signal,
    engine: o.engine,
    onProgress: progressIn(o, 'battles'),
    precision: eps === null ? null : { maxTrials: s.maxTrials, done: (i, acc, n) => winsKnownTo(cs[i], acc, n, eps) },
  });
}

/** The odds of a War Machine battle: `warcast odds FILE --json` prints exactly this object. */
export async function odds(input: ScenarioInput, options: OddsOptions = {}): Promise<OddsResult> {
  const settings = runSettings(options);
  const { scenario } = await loadKind(input, 'war-machine');
  return oddsOf(scenario, settings, options);
}

/** The odds of a validated scenario (sweeps and matchups edit a scenario and call this). */
export async function oddsOf(scenario: WarMachineScenario, settings: RunSettings, o: RunOptions = {}): Promise<OddsResult> {
  const started = performance.now();
  const compiled = compileWarMachine(scenario);
  let run: RunResult | null = null;
  if (!settings.exact) {
    const kernel = await loadKernel('war-machine');
    const { runTrials, runUntil } = await import('../engine/run.js');
    const eps = settings.precision;
    const common = { kernel, plan: compiled.plan, seed: settings.seed, threads: settings.threads, signal: o.signal, engine: o.engine, onProgress: progressIn(o, 'battles'), trace: true };
    run =
      eps === null
        ? await runTrials({ ...common, trials: settings.trials })
        : await runUntil({ ...common, initialTrials: Math.min(settings.trials, settings.maxTrials), maxTrials: settings.maxTrials, done: (acc, n) => winsKnownTo(compiled, acc, n, eps) });
  }
  let engagement: { summary: EngagementSummary; interrupted: boolean } | null = null;
  const maxDays = scenario.engagement?.maxDays ?? 1;
  if (run && !run.interrupted && run.trials > 0 && maxDays > 1 && scenario.policies.pursue === 'always') {
    const plan = engagementPlanOf(scenario, compiled);
    const { runTrials } = await import('../engine/run.js');
    const e = await runTrials({ kernel: await loadKernel('pursuit'), plan, seed: settings.seed, trials: run.trials, threads: settings.threads, signal: o.signal, onProgress: progressIn(o, 'engagements'), engine: o.engine });
    engagement = { summary: summarizeEngagement(plan, e.acc, e.trials), interrupted: e.interrupted };
  }
  const result = oddsResultOf(scenario, compiled, settings, run, engagement);
  result.elapsedMs = Math.round(performance.now() - started);
  return result;
}

/** The pursuit's plan: the battle followed over `engagement.maxDays` days (docs/rules.md §7). */
export function engagementPlanOf(scenario: WarMachineScenario, compiled: CompiledWarMachine): EngagementPlan {
  const fatigue = [scenario.sides[0].adjustments.fatigue, scenario.sides[1].adjustments.fatigue] as const;
  return compileEngagement(compiled, engagementSides(compiled, fatigue), scenario.policies.ratioRounding, scenario.engagement?.maxDays ?? 1);
}

/** What a run of battles gave: the counts, trials, per-chunk trace (wins so far), threads, whether cut short. */
export type BattleRun = Pick<RunResult, 'acc' | 'trials' | 'threadsUsed' | 'interrupted' | 'trace'>;

/**
 * The odds result from its parts: pure (no engine, no files), so the what-if page (src/app/battle.ts) builds
 * the very object `warcast odds --json` prints from the same chunks. `run` null: exact odds only.
 */
export function oddsResultOf(
  scenario: WarMachineScenario,
  compiled: CompiledWarMachine,
  settings: Pick<RunSettings, 'seed' | 'precision'>,
  run: BattleRun | null,
  engagement: { summary: EngagementSummary; interrupted: boolean } | null,
): OddsResult {
  const exact = exactOdds(compiled);
  const monteCarlo = run !== null && run.trials > 0;
  const mc: WarMachineMonteCarlo | null = monteCarlo ? summarizeMonteCarlo(compiled, run.acc, run.trials) : null;
  const head = {
    ...resultMeta('odds'),
    kind: 'war-machine' as const,
    title: scenario.title ?? null,
    // Ctrl-C before the first chunk: the numbers shown are the exact ones, and say so.
    method: monteCarlo ? ('monte-carlo' as const) : ('exact' as const),
    seed: settings.seed,
    trials: run?.trials ?? 0,
    threads: run?.threadsUsed ?? 0,
    precision: settings.precision,
    interrupted: (run?.interrupted ?? false) || (engagement?.interrupted ?? false),
    elapsedMs: 0,
    sides: [scenario.sides[0].name, scenario.sides[1].name] as [string, string],
    policies: scenario.policies,
    rowLabels: RESULTS_ROW_LABELS,
    ratings: sideRatings(compiled, scenario),
  };
  const body = mc ?? { ...exact, winCi95: null };
  const weights = monteCarlo ? run.acc : exactProbabilities(compiled);
  const distributions = casualtyDistributions(compiled, weights, monteCarlo ? run.trials : 1);
  return {
    ...head,
    ...body,
    exact,
    bestReply: bestReplies(scenario),
    casualtyDistributions: distributions,
    casualtyCumulative: casualtyCumulative(distributions),
    convergence: monteCarlo ? convergenceOf(run, WAR_MACHINE_CHUNK) : null,
    engagement: engagement?.summary ?? null,
  };
}

/** The result's `ratings`: each side's BR, modified BR, class, troops, adjustments, role and tactic. */
export function sideRatings(compiled: CompiledWarMachine, scenario: WarMachineScenario): OddsResult['ratings'] {
  return compiled.ratings.map((r, i) => ({
    battleRating: r.battleRating,
    modifiedBattleRating: r.modifiedBattleRating,
    troopClass: r.troopClassName,
    troops: r.troops,
    adjustments: r.adjustments,
    defending: scenario.sides[i].defending,
    tactic: scenario.sides[i].tactic ?? null,
  }));
}

/** Each side's best pure tactic against the other's tactic as given (null without tactics). */
export function bestReplies(scenario: WarMachineScenario): OddsResult['bestReply'] {
  if (scenario.sides[0].tactic === undefined) return null;
  return [0, 1].map((s) => {
    let best = { tactic: TACTICS[0] as Tactic, win: -1 };
    for (const tactic of TACTICS) {
      const sides = scenario.sides.map((x, i) => (i === s ? { ...x, tactic } : x));
      const win = exactWin(compileWarMachine({ ...scenario, sides }))[s];
      if (win > best.win + 1e-12) best = { tactic, win };
    }
    return best;
  }) as OddsResult['bestReply'];
}

/** Troops lost (total, dead, wounded) per side as distributions with probability weights. */
export function casualtyDistributions(c: CompiledWarMachine, weights: Float64Array, total: number): OddsResult['casualtyDistributions'] {
  const pairs = [0, 1].map(() => ({ total: [] as [number, number][], dead: [] as [number, number][], wounded: [] as [number, number][] }));
  for (let p = 0; p < c.pairs.length; p++) {
    for (let code = 0; code < CODE_COUNT; code++) {
      const w = weights[p * CODE_COUNT + code] / total;
      if (w === 0) continue;
      const sides = decodeCode(code) === null ? null : outcomeOfCode(c, p, code);
      for (const s of [0, 1]) {
        const l = sides ? sides[s].losses : { lost: 0, dead: 0, wounded: 0 };
        pairs[s].total.push([l.lost, w]);
        pairs[s].dead.push([l.dead, w]);
        pairs[s].wounded.push([l.wounded, w]);
      }
    }
  }
  return pairs.map((m) => ({ total: discrete(m.total), dead: discrete(m.dead), wounded: discrete(m.wounded) })) as OddsResult['casualtyDistributions'];
}

/** P(losses ≤ x) and P(losses ≥ x) per side and measure, from the casualty distributions. */
export function casualtyCumulative(d: OddsResult['casualtyDistributions']): OddsResult['casualtyCumulative'] {
  return d.map((m) => ({ total: cumulativeOf(m.total), dead: cumulativeOf(m.dead), wounded: cumulativeOf(m.wounded) })) as OddsResult['casualtyCumulative'];
}

/** Points of the convergence chart: about 40 log-spaced chunk ends of the run's per-chunk win counts. */
function convergenceOf(run: BattleRun, chunkTrials: number, points = 40): OddsResult['convergence'] {
  const trace = run.trace;
  if (!trace) return null;
  const chunks = trace.length / 2;
  const ends = new Set<number>();
  if (chunks <= points) for (let k = 1; k <= chunks; k++) ends.add(k);
  else for (let j = 0; j < points; j++) ends.add(Math.max(1, Math.round(chunks ** (j / (points - 1)))));
  const out: NonNullable<OddsResult['convergence']> = [];
  for (const k of [...ends].sort((a, b) => a - b)) {
    const n = Math.min(run.trials, k * chunkTrials);
    for (const s of [0, 1] as const) {
      const wins = trace[(k - 1) * 2 + s];
      const [lo, hi] = wilsonInterval(wins, n);
      out.push({ trials: n, side: s, win: wins / n, lo, hi });
    }
  }
  return out;
}
