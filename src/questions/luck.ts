/**
 * `luck`: how lucky was a battle as played, or a whole log of them? Each record (winner, results row or margin,
 * troops lost per side, who held the field) is placed in the battle's exact distribution (every pairing of
 * tactics × every difference of the two d100): the two one-sided tail probabilities and the mid-p percentile.
 * A log adds each statistic over its battles and places the sum in the exact distribution of the sum
 * (convolution: the battles are independent). Exact for War Machine battles; docs/design.md, "luck".
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import * as z from 'zod';
import { UsageError } from '../errors.js';
import { definitionFor } from '../kinds/commands.js';
import { loadKind, loadSource, sourceOf, type ScenarioInput } from '../kinds/load.js';
import { compileWarMachine } from '../kinds/warMachine/plan.js';
import type { WarMachineScenario } from '../kinds/warMachine/schema.js';
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import { validate, type ScenarioSource } from '../scenario/source.js';
import type { Discrete } from '../stats/index.js';
import {
  battleOutcomes,
  placement,
  recordedOutcome,
  recordedStatistics,
  recordProbability,
  statisticDistribution,
  statisticOf,
  sumDistribution,
  type BattleOutcomeAtom,
  type LuckStatistic,
  type ObservedBattle,
  type Placement,
} from './luckExact.js';
import {
  battleRecordSchema,
  observationOf,
  observedError,
  recordFromText,
  sideIndex,
  type BattleRecord,
} from './luckRecord.js';

export interface LuckOptions {
  /** Records typed on the command line (with a scenario, not a log): `winner=B,row=9-15,losses=198/38,held=B`. */
  observed?: readonly string[];
  /** Whose luck: A, B or a side's name (default: the log's `side`, else A). */
  side?: string;
  signal?: AbortSignal;
}

/** A luck log: battles as played, each with its scenario (or the log's) and what happened. */
export const luckLogSchema = z.strictObject({
  kind: z.literal('luck'),
  title: z.string().max(500).optional(),
  /** The scenario of every battle that names none (relative to the log's folder). */
  scenario: z.string().min(1).max(4096).optional(),
  /** Whose luck: A, B or a side's name (each battle may say otherwise). */
  side: z.string().min(1).max(200).optional(),
  battles: z.array(battleRecordSchema).min(1).max(1000),
});

/** One statistic of one record (or of the log) placed in its exact distribution. */
export interface LuckPlacement extends Placement {
  statistic: LuckStatistic;
  observed: number;
  /** The exact distribution it was placed in (values ascending, probabilities). */
  distribution: Discrete;
}

export interface LuckBattle {
  name: string;
  scenario: string;
  sides: [string, string];
  /** Whose luck, 0 (A) or 1 (B). */
  side: 0 | 1;
  observed: ObservedBattle;
  /** P(exactly what was recorded, every field at once). */
  probability: number;
  statistics: LuckPlacement[];
}

export interface LuckLogStatistic extends Omit<LuckPlacement, 'distribution'> {
  /** How many battles recorded it (the sum runs over them). */
  battles: number;
  /** The exact distribution of the sum (the headline statistic only; null for the others). */
  distribution: Discrete | null;
}

export interface LuckResult extends ResultMeta {
  kind: 'war-machine';
  method: 'exact';
  title: string | null;
  /** The log file, or the scenario with --observed. */
  file: string;
  battles: LuckBattle[];
  /** Over the whole log (more than one battle): each statistic summed, placed in the sum's exact distribution. */
  log: LuckLogStatistic[] | null;
  /** The statistic the verdict reads first: the finest result every battle recorded, else the first recorded. */
  headline: LuckStatistic | null;
  elapsedMs: number;
}

/** A battle loaded for luck or infer: its scenario, its file, its record and where the record is. */
export interface LoadedRecord {
  scenario: WarMachineScenario;
  scenarioSource: ScenarioSource;
  scenarioFile: string;
  record: BattleRecord;
  /** The record's problems, located (a log's line, or the --observed text). */
  error: (path: (string | number)[], expected: string) => Error;
  index: number;
}

/** The scenario a log names, relative to the log's folder (the working folder for text from stdin). */
export async function referencedScenario(
  log: ScenarioSource,
  name: string,
  at: (string | number)[],
): Promise<{ scenario: WarMachineScenario; source: ScenarioSource; file: string }> {
  const base = log.file.startsWith('<') ? '.' : dirname(log.file);
  const file = isAbsolute(name) ? name : join(base, name);
  if (!existsSync(file) || !statSync(file).isFile()) throw log.error(at, `no scenario file ${file}`);
  const { scenario, source } = await loadKind(file, 'war-machine');
  return { scenario, source, file };
}

/**
 * A war-machine scenario for `command` (luck, infer): a file of another kind is refused in one line naming the
 * command that answers it (exit 2); one of no known kind gets the loader's own message.
 */
export async function warMachineFor(
  command: string,
  input: ScenarioInput,
): Promise<{ scenario: WarMachineScenario; source: ScenarioSource }> {
  const { source } = definitionFor(command, input);
  const { scenario } = await loadSource(source, ['war-machine']);
  return { scenario: scenario as WarMachineScenario, source };
}

/** The records of a log file (kind: luck or infer), each with its scenario loaded. */
export async function loadLogRecords(
  log: ScenarioSource,
  battles: readonly BattleRecord[],
  defaultScenario: string | undefined,
): Promise<LoadedRecord[]> {
  const cache = new Map<string, Awaited<ReturnType<typeof referencedScenario>>>();
  const out: LoadedRecord[] = [];
  for (let i = 0; i < battles.length; i++) {
    const r = battles[i];
    const name = r.scenario ?? defaultScenario;
    if (name === undefined)
      throw log.error(['battles', i], 'expected a scenario (the battle its own, or the log one for all battles)');
    const at = r.scenario !== undefined ? ['battles', i, 'scenario'] : ['scenario'];
    const loaded = cache.get(name) ?? (await referencedScenario(log, name, at));
    cache.set(name, loaded);
    out.push({
      scenario: loaded.scenario,
      scenarioSource: loaded.source,
      scenarioFile: loaded.file,
      record: r,
      error: (path, expected) => log.error(['battles', i, ...path], expected),
      index: i,
    });
  }
  return out;
}

/** Records typed with --observed against one scenario. */
export function observedRecords(
  scenario: WarMachineScenario,
  source: ScenarioSource,
  observed: readonly string[] | undefined,
  command: string,
): LoadedRecord[] {
  if (!observed || observed.length === 0)
    throw new UsageError(
      `${command}: give what happened, e.g. --observed winner=B,row=16-24,losses=160/0,held=B (or a log file: docs/design.md)`,
    );
  return observed.map((text, index) => ({
    scenario,
    scenarioSource: source,
    scenarioFile: source.file,
    record: recordFromText(text),
    error: observedError(text),
    index,
  }));
}

const sidesOf = (s: WarMachineScenario): [string, string] => [s.sides[0].name, s.sides[1].name];

/** How lucky the recorded battles were: `warcast luck … --json` prints exactly this object. */
export async function luck(input: ScenarioInput, options: LuckOptions = {}): Promise<LuckResult> {
  const started = performance.now();
  const source = sourceOf(input);
  const data = source.data as { kind?: unknown } | null;
  let records: LoadedRecord[];
  let title: string | null = null;
  let logSide: { text: string; at: (string | number)[]; error: (p: (string | number)[], e: string) => Error } | null =
    null;
  if (data !== null && typeof data === 'object' && data.kind === 'luck') {
    if (options.observed && options.observed.length > 0)
      throw new UsageError(`--observed: ${source.file} is a luck log, which carries its battles; leave --observed out`);
    const log = validate(source, luckLogSchema);
    title = log.title ?? null;
    records = await loadLogRecords(source, log.battles, log.scenario);
    if (log.side !== undefined) logSide = { text: log.side, at: ['side'], error: (p, e) => source.error(p, e) };
  } else {
    const { scenario, source: s } = await warMachineFor('luck', input);
    title = scenario.title ?? null;
    records = observedRecords(scenario, s, options.observed, 'luck');
  }
  if (options.side !== undefined)
    logSide = { text: options.side, at: [], error: (_p, e) => new UsageError(`--side: ${e}`) };
  const battles: LuckBattle[] = [];
  const outcomesOf: BattleOutcomeAtom[][] = [];
  for (const r of records) {
    options.signal?.throwIfAborted();
    const sides = sidesOf(r.scenario);
    const observed = observationOf(r.record, sides, r.error);
    const side =
      options.side === undefined && r.record.side !== undefined
        ? sideIndex(r.record.side, sides, r.error, ['side'])
        : logSide
          ? sideIndex(logSide.text, sides, logSide.error, logSide.at)
          : 0;
    const outcomes = battleOutcomes(compileWarMachine(r.scenario));
    outcomesOf.push(outcomes);
    const seen = recordedOutcome(observed);
    const statistics = recordedStatistics(observed, side).map((statistic): LuckPlacement => {
      const distribution = statisticDistribution(outcomes, statistic, side);
      const x = statisticOf(seen, statistic, side);
      return { statistic, observed: x, ...placement(distribution, x), distribution };
    });
    if (statistics.length === 0)
      throw r.error([], 'a record with nothing to place: give winner, row or margin, losses or held');
    battles.push({
      name: r.record.name ?? `battle ${r.index + 1}`,
      scenario: r.scenarioFile,
      sides,
      side,
      observed,
      probability: recordProbability(outcomes, observed),
      statistics,
    });
  }
  const headline = headlineOf(battles);
  return {
    ...resultMeta('luck'),
    kind: 'war-machine',
    method: 'exact',
    title,
    file: source.file,
    battles,
    log: battles.length > 1 ? logStatistics(battles, headline) : null,
    headline,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** The finest result statistic every battle recorded (margin, rows, wins), else the first any battle recorded. */
function headlineOf(battles: readonly LuckBattle[]): LuckStatistic | null {
  const every = (s: LuckStatistic) => battles.every((b) => b.statistics.some((x) => x.statistic === s));
  for (const s of ['margin', 'rows', 'wins'] as const) if (every(s)) return s;
  return battles[0]?.statistics[0]?.statistic ?? null;
}

/** Each statistic summed over the battles that recorded it, placed in the exact distribution of the sum. */
function logStatistics(battles: readonly LuckBattle[], headline: LuckStatistic | null): LuckLogStatistic[] {
  const out: LuckLogStatistic[] = [];
  for (const statistic of ['wins', 'rows', 'margin', 'ownLosses', 'enemyLosses', 'held'] as const) {
    const parts = battles.flatMap((b) => b.statistics.filter((x) => x.statistic === statistic));
    if (parts.length === 0) continue;
    const distribution = sumDistribution(parts.map((x) => x.distribution));
    const observed = parts.reduce((s, x) => s + x.observed, 0);
    out.push({
      statistic,
      battles: parts.length,
      observed,
      ...placement(distribution, observed),
      distribution: statistic === headline ? distribution : null,
    });
  }
  return out;
}
