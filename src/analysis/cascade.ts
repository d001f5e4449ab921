/**
 * `cascade`: the deterministic trace of the players' attacks, location by location and
 * step by step, then the Monte Carlo over the NPC dice and coin flips. `--rounds R`: garrison planning over
 * R rounds of NPC attacks only.
 */
import { UsageError } from '../errors.js';
import { compileCascade } from '../kinds/cascade/plan.js';
import { loadKernel } from '../kinds/index.js';
import { loadKind, type ScenarioInput } from '../kinds/load.js';
import { cascadeMaxHalfWidth, summarizeCascade, type CascadeMonteCarlo } from '../kinds/cascade/summary.js';
import { runTrials, runUntil, type RunResult } from '../engine/run.js';
import { resolveRound, type RoundTrace } from '../rules/dune/cascade.js';
import { createState } from '../rules/dune/model.js';
import { Stream, Xoshiro128 } from '../rng/index.js';
import type { CascadeScenario } from '../kinds/cascade/schema.js';
import { progressIn, runSettings, type RunHeader, type RunOptions } from './options.js';

export interface CascadeOptions extends RunOptions {
  /** Random NPC attacks (default true; false: the Monte Carlo covers only coin flips). */
  npc?: boolean;
  /** Garrison planning: NPC attacks only, over this many rounds (default: one round with the players' attacks). */
  rounds?: number | null;
}

export interface CascadeResult extends Partial<CascadeMonteCarlo>, RunHeader {
  kind: 'cascade';
  title: string | null;
  round: number;
  /** Rounds simulated: 1, or R under --rounds. */
  rounds: number;
  npc: boolean;
  policies: CascadeScenario['policies'];
  /** The players' attacks resolved without NPCs (null under --rounds). */
  trace: RoundTrace | null;
  /** The trace needed coin flips: it shows one draw, the Monte Carlo covers them all. */
  traceCoinFlips: boolean;
  /** The round as validated (defaults filled): what the numbers answer. */
  scenario: CascadeScenario;
}

/** Chunk index of the trace's own generator: far beyond any Monte Carlo chunk, so it never shares numbers. */
const TRACE_CHUNK = 0xffffffff;

export function cascadeTrace(scenario: CascadeScenario, seed: number): RoundTrace {
  const m = compileCascade(scenario, { npc: false, rounds: null });
  const s = createState(m);
  const trace: RoundTrace = { round: scenario.round, locations: [] };
  resolveRound(m, s, 0, Xoshiro128.forChunk(seed, Stream.cascade, TRACE_CHUNK), trace);
  return trace;
}

/** The cascade analysis: `warcast cascade FILE --json` prints exactly this object. */
export async function cascade(input: ScenarioInput, options: CascadeOptions = {}): Promise<CascadeResult> {
  const settings = runSettings(options);
  const rounds = options.rounds ?? null;
  if (rounds !== null && (!Number.isInteger(rounds) || rounds < 1 || rounds > 1000)) throw new UsageError(`--rounds: expected a whole number from 1 to 1,000, got ${rounds}`);
  const npc = options.npc !== false;
  if (rounds !== null && !npc) throw new UsageError('--rounds simulates NPC attacks only: it does not go with --no-npc');
  const { scenario } = await loadKind(input, 'cascade');
  const started = performance.now();
  const trace = rounds === null ? cascadeTrace(scenario, settings.seed) : null;
  const model = compileCascade(scenario, { npc, rounds });
  const common = { kernel: await loadKernel('cascade'), plan: model, seed: settings.seed, threads: settings.threads, signal: options.signal, onProgress: progressIn(options, rounds === null ? 'rounds' : 'campaigns'), minPoolTrials: options.minPoolTrials };
  let run: RunResult;
  if (settings.precision === null) run = await runTrials({ ...common, trials: settings.trials });
  else {
    const eps = settings.precision;
    run = await runUntil({ ...common, initialTrials: Math.min(settings.trials, settings.maxTrials), maxTrials: settings.maxTrials, done: (acc, n) => cascadeMaxHalfWidth(model, acc, n) <= eps });
  }
  const mc = run.trials > 0 ? summarizeCascade(model, run.acc, run.trials) : {};
  return {
    kind: 'cascade',
    title: scenario.title ?? null,
    round: scenario.round,
    rounds: rounds ?? 1,
    npc,
    seed: settings.seed,
    trials: run.trials,
    threads: run.threadsUsed,
    precision: settings.precision,
    interrupted: run.interrupted,
    elapsedMs: Math.round(performance.now() - started),
    policies: scenario.policies,
    trace,
    traceCoinFlips: trace !== null && trace.locations.some((l) => l.order.some((o) => o.beforeNextBecause === 'coin flip')),
    ...mc,
    scenario,
  };
}

