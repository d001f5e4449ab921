/**
 * warcast as a library. Every command's computation is an async function returning the object that
 * `warcast <command> … --json` prints; a scenario is a file path, `{ text }` (YAML or JSON), or the scenario
 * document as an object. Options: trials, seed, threads, precision, maxTrials, exact, an AbortSignal and a
 * progress callback (docs/api.md).
 *
 * ```ts
 * import { odds } from 'warcast';
 * const r = await odds('battle.yaml', { exact: true });
 * console.log(r.win); // [P(A wins), P(B wins)]
 * ```
 *
 * For callers asking many questions (a game AI, a campaign tool): compile once with `compileBattle`, then
 * `exactOdds(compiled)` answers in microseconds; `exactOddsMany` does a batch.
 */
import { exactOdds } from './kinds/warMachine/odds.js';
import { loadKind, type ScenarioInput } from './kinds/load.js';
import { compileWarMachine, type CompiledWarMachine } from './kinds/warMachine/plan.js';
import type { WarMachineScenario } from './kinds/warMachine/schema.js';
import type { WarMachineOdds } from './kinds/warMachine/summary.js';

export { odds, exactOdds, type OddsOptions, type OddsResult } from './kinds/warMachine/odds.js';
export { rate, type RateResult } from './kinds/warMachine/rate.js';
export { warMachineBreakpoints, type Breakpoint, type BreakpointRule } from './kinds/warMachine/breakpoints.js';
export { explainWarMachineChange } from './kinds/warMachine/explainChange.js';
export { matchup, type MatchupOptions, type MatchupResult, type Objective } from './kinds/warMachine/matchup.js';
export { toolkitOver } from './behaviours/toolkit.js';
export { sweep, compare, worth, seek } from './cli/registeredToolkit.js';
export type { KindData, Measure } from './kinds/data.js';
export type { KindDefinition } from './kinds/definition.js';
export type { KindWorth } from './kinds/worth.js';
export type { Kernel } from './engine/kernel.js';
export type { ScenarioSource } from './scenario/source.js';
export { rejectBelow, Xoshiro128 } from './rng/index.js';
export type { MetricResult, MeasureValue } from './toolkit/metricKind.js';
export type { SweepOptions, SweepResult } from './toolkit/sweep.js';
export type {
  SimSweepResult,
  SiegeSweepResult,
  CascadeSweepResult,
  BattleGridSweepResult,
  SweepAnswer,
} from './toolkit/sweepSim.js';
export type { CompareResult, CompareRow } from './toolkit/compare.js';
import { schemasOver } from './behaviours/scenarioSchema.js';
import { KIND_LIST as REGISTERED_KINDS } from './kinds/index.js';
/** A scenario kind's JSON Schema, or every kind's (no kind): over the registered kinds. */
export const schema = (kind?: string) => schemasOver(REGISTERED_KINDS).jsonSchema(kind);
export { schemasOver, type ScenarioSchemas } from './behaviours/scenarioSchema.js';
export { siege, type SiegeResult } from './kinds/siege/analysis.js';
export {
  tournament,
  bradleyTerry,
  type TournamentResult,
  type TournamentRating,
  type BradleyTerryFit,
} from './questions/tournament.js';
export {
  design,
  designOf,
  paretoFront,
  type DesignOptions,
  type DesignResult,
  type DesignCandidate,
  type DesignDetail,
} from './questions/design.js';
export {
  designSiegeOf,
  siegePurchases,
  siegePurchaseCost,
  type SiegeDesignOptions,
  type SiegeDesignResult,
  type SiegeCandidate,
  type SiegePurchase,
  type SiegeCost,
} from './questions/designSiege.js';
export { price, priceOf, type PriceResult, type PriceRow } from './questions/price.js';
export {
  BattleGrids,
  purchaseCost,
  sideOf,
  troopTypesOf,
  type Purchase,
  type CostBreakdown,
} from './questions/designGame.js';
export {
  MERCENARIES,
  mercenaryPay,
  servicePay,
  weeklyPay,
  weaponsCost,
  engineCost,
  type MercenaryType,
  type Race,
} from './rules/warMachine/costs.js';
export { raceWarMachines, type RaceRecord, type RaceStage } from './kinds/warMachine/race.js';
export type { WorthOptions, WorthResult, WorthItem } from './toolkit/worth.js';
export { parseTarget, type SeekOptions, type SeekResult, type SeekPoint, type Target } from './toolkit/seek.js';
export { cascade, type CascadeOptions, type CascadeResult } from './kinds/cascade/analysis.js';
export {
  luck,
  type LuckOptions,
  type LuckResult,
  type LuckBattle,
  type LuckPlacement,
  type LuckLogStatistic,
} from './questions/luck.js';
export { infer, parsePrior, priorWeights, type InferOptions, type InferResult, type Prior } from './questions/infer.js';
export {
  battleOutcomes,
  recordProbability,
  placement,
  statisticDistribution,
  sumDistribution,
  type BattleOutcomeAtom,
  type ObservedBattle,
  type LuckStatistic,
  type Placement,
} from './questions/luckExact.js';

export { march, type MarchOptions, type MarchResult } from './kinds/march/analysis.js';
export { divided, type DividedResult } from './kinds/divided/analysis.js';
export { type RollOptions, type RollResult, type DieRecord } from './behaviours/roll.js';
export { roll, ROLL_KINDS, sealedRoll, verifySeal } from './cli/registeredRoll.js';
export {
  commitmentOf,
  deriveSeed,
  newSeal,
  sealFromPost,
  type SealFile,
  type SealRecord,
  type VerifyResult,
} from './behaviours/rollSeal.js';
export { RUN_DEFAULTS, type ProgressCallback, type RunOptions, type RunHeader } from './engine/options.js';
export { loadScenario, type ScenarioInput, type LoadedScenario } from './kinds/load.js';
export { KINDS, type KindName } from './kinds/index.js';
export { closePool } from './engine/pool.js';
export { ExitCode, ScenarioError, UsageError, WarcastError } from './errors.js';
export type { CompiledWarMachine, WarMachineOdds, WarMachineScenario };

/** Validate and compile a War Machine battle once, for many fast `exactOdds` calls. */
export async function compileBattle(input: ScenarioInput): Promise<CompiledWarMachine> {
  return compileWarMachine((await loadKind(input, 'war-machine')).scenario);
}

/** Compile an already validated scenario (e.g. one you edited after `loadScenario`): synchronous. */
export function compileValidBattle(scenario: WarMachineScenario): CompiledWarMachine {
  return compileWarMachine(scenario);
}

/** Exact odds of many compiled battles (a batch of questions, in order). */
export function exactOddsMany(battles: readonly CompiledWarMachine[]): WarMachineOdds[] {
  return battles.map((b) => exactOdds(b));
}
