/**
 * The odds result from its parts, and the exact odds: pure (no engine, no files, no Node built-ins), so the
 * what-if page builds the very object `warcast odds --json` prints; src/kinds/warMachine/odds.ts runs the battles.
 */
import { rowLabel, ROW_COUNT } from '../../rules/warMachine/results.js';
import { resultMeta, type ResultMeta } from '../../resultMeta.js';
import {
  compileEngagement,
  engagementSides,
  type EngagementPlan,
  type EngagementSummary,
} from '../pursuit/engagement.js';
import { exactFromCounts, WAR_MACHINE_CHUNK } from './kernel.js';
import { CODE_COUNT, compileWarMachine, decodeCode, outcomeOfCode, type CompiledWarMachine } from './plan.js';
import type { WarMachineScenario } from './schema.js';
import {
  summarizeMonteCarlo,
  summarizeOdds,
  winCounts,
  type WarMachineMonteCarlo,
  type WarMachineOdds,
} from './summary.js';
import type { AdjustmentLine } from '../../rules/warMachine/rating.js';
import { TACTICS, type Tactic } from '../../rules/warMachine/tactics.js';
import { cumulativeOf, discrete, wilsonInterval, Z95, type Cumulative, type Discrete } from '../../stats/index.js';
import type { RunHeader, RunSettings } from '../../engine/settings.js';

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
  /** 95% interval of P(no battle) (null for exact odds). */
  noBattleCi95: [number, number] | null;
  /** 95% intervals of P(win | a battle is fought) (null for exact odds, or when no battle was fought). */
  winGivenBattleCi95: [[number, number], [number, number]] | null;
  exact: WarMachineOdds | null;
  /**
   * With tactics in play: each side's best pure tactic against the other side's tactic (or mix) as given, by
   * exact win probability (`warcast matchup` solves the full game).
   */
  bestReply: [{ tactic: Tactic; win: number }, { tactic: Tactic; win: number }] | null;
  /**
   * The 95% interval of each casualty mean in `casualties` (per side: total, dead, wounded), from the battles' own
   * spread (mean ± 1.96 SD / √trials); null for exact odds.
   */
  casualtiesCi95: [Record<CasualtyMeasure, [number, number]>, Record<CasualtyMeasure, [number, number]>] | null;
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
export function exactProbabilities(c: CompiledWarMachine): Float64Array {
  return exactFromCounts(
    c.plan.pairCount,
    c.codeCounts,
    c.pairs.map((p) => p.probability),
  );
}

/** The pursuit's plan: the battle followed over `engagement.maxDays` days (docs/rules.md §7). */
export function engagementPlanOf(scenario: WarMachineScenario, compiled: CompiledWarMachine): EngagementPlan {
  const fatigue = [scenario.sides[0].adjustments.fatigue, scenario.sides[1].adjustments.fatigue] as const;
  return compileEngagement(
    compiled,
    engagementSides(compiled, fatigue),
    scenario.policies.ratioRounding,
    scenario.engagement?.maxDays ?? 1,
  );
}

/** What a run of battles gave: the counts, trials, per-chunk trace (wins so far), threads, whether cut short. */
export interface BattleRun {
  acc: Float64Array;
  trials: number;
  threadsUsed: number;
  interrupted: boolean;
  trace?: Float64Array;
}

/**
 * The odds result from its parts: pure (no engine, no files), so the what-if page (src/app/monteCarlo.ts) builds
 * the very object `warcast odds --json` prints from the same chunks. `run` null: exact odds only. `bestReply:
 * false` leaves the best replies out (null): twelve more battles compiled, which the page's answer to an edit does
 * not draw (its exports build the whole result).
 */
export function oddsResultOf(
  scenario: WarMachineScenario,
  compiled: CompiledWarMachine,
  settings: Pick<RunSettings, 'seed' | 'precision'>,
  run: BattleRun | null,
  engagement: { summary: EngagementSummary; interrupted: boolean } | null,
  parts: { bestReply?: boolean } = {},
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
  const body = mc ?? { ...exact, winCi95: null, noBattleCi95: null, winGivenBattleCi95: null };
  const weights = monteCarlo ? run.acc : exactProbabilities(compiled);
  const distributions = casualtyDistributions(compiled, weights, monteCarlo ? run.trials : 1);
  return {
    ...head,
    ...body,
    exact,
    bestReply: parts.bestReply === false ? null : bestReplies(scenario),
    casualtiesCi95: monteCarlo ? casualtiesCi95(distributions, run.trials) : null,
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
export function casualtyDistributions(
  c: CompiledWarMachine,
  weights: Float64Array,
  total: number,
): OddsResult['casualtyDistributions'] {
  const pairs = [0, 1].map(() => ({
    total: [] as [number, number][],
    dead: [] as [number, number][],
    wounded: [] as [number, number][],
  }));
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
  return pairs.map((m) => ({
    total: discrete(m.total),
    dead: discrete(m.dead),
    wounded: discrete(m.wounded),
  })) as OddsResult['casualtyDistributions'];
}

/** Each casualty mean's 95% interval from its Monte Carlo distribution over `trials` battles (normal approximation). */
export function casualtiesCi95(
  d: OddsResult['casualtyDistributions'],
  trials: number,
): NonNullable<OddsResult['casualtiesCi95']> {
  const interval = (m: Discrete): [number, number] => {
    let mean = 0;
    for (let k = 0; k < m.values.length; k++) mean += m.values[k] * m.weights[k];
    let variance = 0;
    for (let k = 0; k < m.values.length; k++) variance += m.weights[k] * (m.values[k] - mean) ** 2;
    // The sample variance (n − 1): the weights are frequencies over the trials.
    const half = trials > 1 ? Z95 * Math.sqrt((variance * trials) / (trials - 1) / trials) : 0;
    return [mean - half, mean + half];
  };
  return d.map((m) => ({
    total: interval(m.total),
    dead: interval(m.dead),
    wounded: interval(m.wounded),
  })) as NonNullable<OddsResult['casualtiesCi95']>;
}

/** P(losses ≤ x) and P(losses ≥ x) per side and measure, from the casualty distributions. */
export function casualtyCumulative(d: OddsResult['casualtyDistributions']): OddsResult['casualtyCumulative'] {
  return d.map((m) => ({
    total: cumulativeOf(m.total),
    dead: cumulativeOf(m.dead),
    wounded: cumulativeOf(m.wounded),
  })) as OddsResult['casualtyCumulative'];
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
