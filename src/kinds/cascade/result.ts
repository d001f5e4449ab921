/**
 * The cascade result from its parts, the deterministic trace of the players' attacks and the notes on orders:
 * pure (no engine, no files), so the what-if page builds the very object `warcast cascade --json` prints;
 * src/kinds/cascade/analysis.ts runs the rounds.
 */
import { resultMeta, type ResultMeta } from '../../resultMeta.js';
import { compileCascade } from './plan.js';
import { cascadeNotes } from './notes.js';
import { actionPoints, processOrders, type OrderList } from '../../rules/dune/orders.js';
import { formatPath, type PathSegment, type ScenarioSource } from '../../scenario/source.js';
import { summarizeCascade, type CascadeMonteCarlo } from './summary.js';
import { resolveRound, type RoundTrace } from '../../rules/dune/cascade.js';
import { createState, type CascadeModel } from '../../rules/dune/model.js';
import type { Dice } from '../../rules/dice.js';
import { Stream, Xoshiro128 } from '../../rng/index.js';
import type { CascadeScenario } from './schema.js';
import type { RunHeader } from '../../engine/settings.js';

/** Why the run has the trials it has. */
export type CascadeTrialsBy = 'given' | 'default' | 'rounds-default' | 'precision' | 'deterministic';

/** One order that did not go as sent: rejected by the rules (lenient), not paid for, or sent home by Kanly. */
export interface CascadeOrderNote {
  list: OrderList;
  index: number;
  player: string;
  status: 'rejected' | 'unpaid' | 'returned';
  /** Scenario line and field path of the order (rejected orders: the field that breaks the rule). */
  line: number | null;
  path: string;
  reason: string;
}

/** What a player's first-round orders cost (MS, AP). */
export interface CascadeOrderCosts {
  ap: number;
  apLimit: number;
  legionsMoved: number;
  hazardFees: number;
  refunds: number;
  recruiting: number;
}

export interface CascadeResult extends Partial<CascadeMonteCarlo>, RunHeader, ResultMeta {
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
  /** No die decides the round (no NPC attacks, no tie to flip a coin for): it ran once, every trial would be the same. */
  deterministic: boolean;
  /**
   * Where the trial count came from: `given` (--trials), `default` (10⁶), `rounds-default` (--rounds R without
   * --trials: defaultCampaigns(R)), `precision` (stopped once within ±precision), `deterministic` (one trial is the answer).
   */
  trialsBy: CascadeTrialsBy;
  /** Orders rejected (lenient), unpaid, or returned by Kanly; accepted orders are not listed. */
  orders: CascadeOrderNote[];
  /** Input a rule leaves out: heroes beyond the one that defends a location, NPC attacks with no target, a damaged location's income (src/kinds/cascade/notes.ts). */
  notes: string[];
  /** Player → what the round's orders cost. */
  orderCosts: Record<string, CascadeOrderCosts>;
  /** The round as validated (defaults filled): what the numbers answer. */
  scenario: CascadeScenario;
}

/** The notes on orders that did not go as sent, in the order they were sent. */
export function orderNotes(scenario: CascadeScenario, source: ScenarioSource): CascadeOrderNote[] {
  const rejected = new Map((scenario.rejected ?? []).map((r) => [`${r.list}:${r.index}`, r]));
  const notes: CascadeOrderNote[] = [];
  for (const o of processOrders(scenario).outcomes) {
    if (o.status === 'accepted') continue;
    const r = rejected.get(`${o.list}:${o.index}`);
    const path: PathSegment[] = [o.list, o.index];
    notes.push({
      list: o.list,
      index: o.index,
      player: o.player,
      status: o.status,
      line: r ? r.line : source.lineOf(path),
      path: r ? r.path : formatPath(path),
      reason: r ? r.message : (o.reason ?? ''),
    });
  }
  return notes;
}

export function orderCosts(scenario: CascadeScenario): Record<string, CascadeOrderCosts> {
  const book = processOrders(scenario).players;
  return Object.fromEntries(
    scenario.players.map((p) => {
      const b = book[p.name];
      return [
        p.name,
        {
          ap: b.ap,
          apLimit: actionPoints(p.combat),
          legionsMoved: b.legionsMoved,
          hazardFees: b.hazardFees,
          refunds: b.refunds,
          recruiting: b.recruiting,
        },
      ];
    }),
  );
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

/**
 * Does any die decide the round? One play with dice that count the rolls that can change it: an NPC roll (die,
 * below, unit) always can; the tie-break keys (next) only when two attacks tie, which the trace marks as a coin
 * flip. The path is the same for every seed up to the first such roll, so none in this play means none in any.
 */
export function roundIsDeterministic(model: CascadeModel): boolean {
  const g = Xoshiro128.forChunk(0, Stream.cascade, TRACE_CHUNK);
  let decisive = 0;
  const dice: Dice = {
    next: () => g.next(),
    below: (n) => (decisive++, g.below(n)),
    unit: () => (decisive++, g.unit()),
    die: (s) => (decisive++, g.die(s)),
  };
  const trace: RoundTrace = { round: 0, locations: [] };
  resolveRound(model, createState(model), 0, dice, trace);
  return decisive === 0 && !trace.locations.some((l) => l.order.some((o) => o.beforeNextBecause === 'coin flip'));
}

/**
 * The cascade result from its parts: pure (no engine, no files), so the what-if page (src/app/monteCarlo.ts)
 * builds the very object `warcast cascade --json` prints from the same chunks.
 */
export function cascadeResultOf(p: {
  scenario: CascadeScenario;
  source: ScenarioSource;
  model: ReturnType<typeof compileCascade>;
  seed: number;
  precision: number | null;
  npc: boolean;
  rounds: number | null;
  trace: RoundTrace | null;
  /** No die decides the round (roundIsDeterministic): one trial is the answer. */
  deterministic: boolean;
  /** Where the trial count came from (default: 'given'). */
  trialsBy?: CascadeTrialsBy;
  run: { acc: Float64Array; trials: number; threadsUsed: number; interrupted: boolean };
  elapsedMs: number;
}): CascadeResult {
  const { scenario, run, trace } = p;
  const mc = run.trials > 0 ? summarizeCascade(p.model, run.acc, run.trials, p.deterministic) : {};
  return {
    ...resultMeta('cascade'),
    kind: 'cascade',
    title: scenario.title ?? null,
    round: scenario.round,
    rounds: p.rounds ?? 1,
    npc: p.npc,
    seed: p.seed,
    trials: run.trials,
    threads: run.threadsUsed,
    precision: p.precision,
    interrupted: run.interrupted,
    elapsedMs: p.elapsedMs,
    policies: scenario.policies,
    trace,
    traceCoinFlips:
      trace !== null && trace.locations.some((l) => l.order.some((o) => o.beforeNextBecause === 'coin flip')),
    deterministic: p.deterministic,
    trialsBy: p.trialsBy ?? (p.deterministic ? 'deterministic' : 'given'),
    orders: orderNotes(scenario, p.source),
    notes: cascadeNotes(p.model, p.npc),
    orderCosts: orderCosts(scenario),
    ...mc,
    scenario,
  };
}
