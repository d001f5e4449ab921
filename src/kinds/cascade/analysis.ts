/**
 * `cascade`: the deterministic trace of the players' attacks, location by location and
 * step by step, then the Monte Carlo over the NPC dice and coin flips. `--rounds R`: planning over R rounds
 * (the orders in the first, NPC attacks, income, fees and regeneration in all), with each player's ledger.
 */
import { UsageError } from '../../errors.js';
import { compileCascade } from './plan.js';
import { cascadeKind } from './kind.js';
import { expectKind, loadKind, sourceOf, type ScenarioInput } from '../load.js';
import { parseCascade } from './schema.js';
import type { ScenarioSource } from '../../scenario/source.js';
import { cascadeMaxHalfWidth } from './summary.js';
import { runTrials, runUntil, type RunResult } from '../../engine/run.js';
import type { CascadeScenario } from './schema.js';
import { precisionOutcome, progressIn, runSettings, type RunOptions } from '../../engine/options.js';
import {
  cascadeResultOf,
  cascadeTrace,
  roundIsDeterministic,
  type CascadeResult,
  type CascadeTrialsBy,
} from './result.js';

// The pure parts (result builder, trace, order notes) live in cascadeResult.ts, which the what-if page imports.
export * from './result.js';

/**
 * The default size of a run under `--rounds R` without `--trials`: the one-round default's work, 10⁶ rounds of
 * play, cut into campaigns of R rounds (⌈10⁶ / R⌉: 100,000 campaigns of 10 rounds, each probability within ±0.31
 * points at 95%), but never fewer than 10,000 campaigns (±0.98 points). A fixed count, not a time budget, so the
 * same seed gives the same bytes on any machine; `--trials` and `--precision` are unchanged.
 */
export const CASCADE_DEFAULT_RUN = { roundsOfPlay: 1_000_000, minCampaigns: 10_000 } as const;

export function defaultCampaigns(rounds: number): number {
  return Math.max(CASCADE_DEFAULT_RUN.minCampaigns, Math.ceil(CASCADE_DEFAULT_RUN.roundsOfPlay / rounds));
}

export interface CascadeOptions extends RunOptions {
  /** Random NPC attacks (default true; false: the Monte Carlo covers only coin flips). */
  npc?: boolean;
  /** Planning over this many rounds: the orders in the first, NPC attacks in all (default: this round only). */
  rounds?: number | null;
  /** Orders the rules reject are listed in `orders` and left out, instead of an invalid-scenario error. */
  lenient?: boolean;
}

/** Load the round; under `lenient` the orders the rules reject are kept aside (src/kinds/cascade/schema.ts). */
async function loadRound(
  input: ScenarioInput,
  lenient: boolean,
): Promise<{ scenario: CascadeScenario; source: ScenarioSource }> {
  if (!lenient) return loadKind(input, 'cascade');
  const source = sourceOf(input);
  expectKind(source, ['cascade']);
  return { source, scenario: parseCascade(source, { lenient: true }) };
}

/** The cascade analysis: `warcast cascade FILE --json` prints exactly this object. */
export async function cascade(input: ScenarioInput, options: CascadeOptions = {}): Promise<CascadeResult> {
  const rounds = options.rounds ?? null;
  if (rounds !== null && (!Number.isInteger(rounds) || rounds < 1 || rounds > 1000))
    throw new UsageError(`--rounds: expected a whole number from 1 to 1,000, got ${rounds}`);
  // Without --trials, R rounds a campaign run ⌈10⁶ / R⌉ campaigns: the one-round default's work (CASCADE_DEFAULT_RUN).
  const roundsDefault = options.trials === undefined && rounds !== null && rounds > 1;
  const settings = runSettings(roundsDefault ? { ...options, trials: defaultCampaigns(rounds) } : options);
  const npc = options.npc !== false;
  if (rounds !== null && !npc) throw new UsageError('--rounds plans against NPC attacks: it does not go with --no-npc');
  const { scenario, source } = await loadRound(input, options.lenient === true);
  const started = performance.now();
  const trace = rounds === null ? cascadeTrace(scenario, settings.seed) : null;
  const model = compileCascade(scenario, { npc, rounds });
  const common = {
    kernel: await cascadeKind.kernel(),
    plan: model,
    seed: settings.seed,
    threads: settings.threads,
    signal: options.signal,
    onProgress: progressIn(options, rounds === null ? 'rounds' : 'campaigns'),
    engine: options.engine,
  };
  // A round no die decides is the same in every trial: one is the answer.
  const deterministic = rounds === null && roundIsDeterministic(model);
  let run: RunResult;
  if (deterministic) run = await runTrials({ ...common, trials: 1 });
  else if (settings.precision === null) run = await runTrials({ ...common, trials: settings.trials });
  else {
    const eps = settings.precision;
    run = await runUntil({
      ...common,
      initialTrials: Math.min(settings.trials, settings.maxTrials),
      maxTrials: settings.maxTrials,
      done: (acc, n) => cascadeMaxHalfWidth(model, acc, n) <= eps,
    });
  }
  const trialsBy: CascadeTrialsBy = deterministic
    ? 'deterministic'
    : settings.precision !== null
      ? 'precision'
      : roundsDefault
        ? 'rounds-default'
        : options.trials === undefined
          ? 'default'
          : 'given';
  const result = cascadeResultOf({
    scenario,
    source,
    model,
    seed: settings.seed,
    precision: settings.precision,
    npc,
    rounds,
    trace,
    deterministic,
    trialsBy,
    run,
    elapsedMs: Math.round(performance.now() - started),
  });
  if (settings.precision !== null && !deterministic)
    Object.assign(result, precisionOutcome(run, cascadeMaxHalfWidth(model, run.acc, Math.max(1, run.trials))));
  return result;
}
