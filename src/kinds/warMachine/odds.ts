/**
 * `odds`: who wins a War Machine battle, how often, at what cost — exact odds (all 10,000 pairs of d100 rolls)
 * and, unless `exact`, the seeded Monte Carlo beside them; with `engagement.maxDays` > 1, the pursuit over days.
 */
// The engine (worker threads, the pool, checkpoints, node:crypto) loads only for a Monte Carlo: exact odds, a
// game master's most frequent question, start without it (docs/benchmarks.md, start-up).
import type { RunResult } from '../../engine/run.js';
import type { ManyResult } from '../../engine/runMany.js';
import { warMachineKind } from './kind.js';
import { pursuitKind } from '../pursuit/kind.js';
import { loadKind, type ScenarioInput } from '../load.js';
import { summarizeEngagement, type EngagementSummary } from '../pursuit/engagement.js';
import { compileWarMachine, type CompiledWarMachine } from './plan.js';
import type { WarMachineScenario } from './schema.js';
import { winCounts, winsKnownTo } from './summary.js';
import { wilsonHalfWidth } from '../../stats/index.js';
import { precisionOutcome, progressIn, runSettings, type RunOptions, type RunSettings } from '../../engine/options.js';
import { engagementPlanOf, oddsResultOf, type OddsResult } from './result.js';

// The pure parts (result builder, exact odds) live in oddsResult.ts, which the what-if page imports.
export * from './result.js';

export interface OddsOptions extends RunOptions {
  exact?: boolean;
}

/** Compile a validated war-machine scenario once (then `exactOdds` answers in microseconds). */
export { compileWarMachine, type CompiledWarMachine };

type SimulationSettings = Pick<RunSettings, 'seed' | 'trials' | 'threads' | 'precision' | 'maxTrials'>;

/**
 * The Monte Carlo of several compiled battles with the same seed (common random numbers: matchup cells, sweep
 * points), for fixed trials or to a precision. Each battle's answer is what it would get alone.
 */
export async function simulateWarMachines(
  cs: readonly CompiledWarMachine[],
  s: SimulationSettings,
  o: RunOptions = {},
): Promise<ManyResult> {
  const eps = s.precision;
  const { runMany } = await import('../../engine/runMany.js');
  return runMany({
    kernel: await warMachineKind.kernel(),
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
export async function oddsOf(
  scenario: WarMachineScenario,
  settings: RunSettings,
  o: RunOptions = {},
): Promise<OddsResult> {
  const started = performance.now();
  const compiled = compileWarMachine(scenario);
  let run: RunResult | null = null;
  if (!settings.exact) {
    const kernel = await warMachineKind.kernel();
    const { runTrials, runUntil } = await import('../../engine/run.js');
    const eps = settings.precision;
    const common = {
      kernel,
      plan: compiled.plan,
      seed: settings.seed,
      threads: settings.threads,
      signal: o.signal,
      engine: o.engine,
      onProgress: progressIn(o, 'battles'),
      trace: true,
    };
    run =
      eps === null
        ? await runTrials({ ...common, trials: settings.trials })
        : await runUntil({
            ...common,
            initialTrials: Math.min(settings.trials, settings.maxTrials),
            maxTrials: settings.maxTrials,
            done: (acc, n) => winsKnownTo(compiled, acc, n, eps),
          });
  }
  let engagement: { summary: EngagementSummary; interrupted: boolean } | null = null;
  const maxDays = scenario.engagement?.maxDays ?? 1;
  if (run && !run.interrupted && run.trials > 0 && maxDays > 1 && scenario.policies.pursue === 'always') {
    const plan = engagementPlanOf(scenario, compiled);
    const { runTrials } = await import('../../engine/run.js');
    const e = await runTrials({
      kernel: await pursuitKind.kernel(),
      plan,
      seed: settings.seed,
      trials: run.trials,
      threads: settings.threads,
      signal: o.signal,
      onProgress: progressIn(o, 'engagements'),
      engine: o.engine,
    });
    engagement = { summary: summarizeEngagement(plan, e.acc, e.trials), interrupted: e.interrupted };
  }
  const result = oddsResultOf(scenario, compiled, settings, run, engagement);
  result.elapsedMs = Math.round(performance.now() - started);
  if (run && settings.precision !== null) {
    const n = Math.max(1, run.trials);
    Object.assign(
      result,
      precisionOutcome(run, Math.max(...winCounts(compiled, run.acc).map((w) => wilsonHalfWidth(w, n)))),
    );
  }
  return result;
}
