/**
 * `roll`: play one battle (with its pursuit, when the scenario has one), one siege (rollSiege.ts) or one cascade round with real, seeded
 * dice, through the readable rules in src/rules/, drawing the dice exactly as the kernels do: the roll with seed
 * N is the first trial the Monte Carlo of `odds`/`cascade --seed N` plays (test/cli/roll.test.ts checks it).
 */
import { randomInt } from 'node:crypto';
import { UsageError } from '../errors.js';
import { compileCascade } from '../kinds/cascade/plan.js';
import type { CascadeScenario } from '../kinds/cascade/schema.js';
import { loadScenario, type ScenarioInput } from '../kinds/load.js';
import { engagementSides } from '../kinds/pursuit/engagement.js';
import { compileWarMachine } from '../kinds/warMachine/plan.js';
import type { WarMachineScenario } from '../kinds/warMachine/schema.js';
import { MAX_SEED, Stream, Xoshiro128 } from '../rng/index.js';
import { resolveRound, type RoundTrace } from '../rules/dune/cascade.js';
import { createState } from '../rules/dune/model.js';
import { fightEngagement, type EngagementDay, type EngagementEnd } from '../rules/warMachine/engagement.js';
import { RESULTS_TABLE, rowLabel } from '../rules/warMachine/results.js';
import type { Tactic } from '../rules/warMachine/tactics.js';
import { warcastVersion } from '../version.js';
import type { SiegeScenario } from '../kinds/siege/schema.js';
import { rollSiege, type SiegeRoll } from './rollSiege.js';

export type { SiegeRoll, SiegeRollWeek } from './rollSiege.js';

export interface RollOptions {
  /** The seed of the dice (default: a fresh random seed, printed so the roll can be replayed). */
  seed?: number;
}

export interface BattleRollSide {
  name: string;
  troops: number;
  /** The tactic drawn from the side's mix (null: tactics not used). */
  tactic: Tactic | null;
}

export interface BattleRollDay extends EngagementDay {
  tactics: [Tactic | null, Tactic | null];
  /** The results row as printed: its band of differences, casualties %, fatigue and location (winner, loser). */
  resultsRow: { band: string; casualties: [number, number]; fatigue: [string, string]; location: [string, string] } | null;
}

export interface BattleRoll {
  kind: 'war-machine';
  schema: 'warcast/roll/war-machine@1';
  warcastVersion: string;
  title: string | null;
  seed: number;
  /** Battles fought as one engagement (pursuit: scenario engagement.maxDays with policy pursue: always). */
  maxDays: number;
  sides: [BattleRollSide, BattleRollSide];
  days: BattleRollDay[];
  end: EngagementEnd;
  /** Winner of the last battle fought (null: none fought, or a standing tie). */
  lastWinner: 0 | 1 | null;
  dead: [number, number];
  wounded: [number, number];
  troopsLeft: [number, number];
}

export interface CascadeRoll {
  kind: 'cascade';
  schema: 'warcast/roll/cascade@1';
  warcastVersion: string;
  title: string | null;
  seed: number;
  npc: boolean;
  trace: RoundTrace;
}

export type RollResult = BattleRoll | CascadeRoll | SiegeRoll;

/** A fresh seed when none is given: the GM gets new dice each time, and the printed seed replays them. */
export function freshSeed(): number {
  return randomInt(0, 2 ** 32);
}

export async function roll(input: ScenarioInput, options: RollOptions & { npc?: boolean } = {}): Promise<RollResult> {
  const seed = options.seed ?? freshSeed();
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) throw new UsageError(`--seed: expected a whole number from 0 to ${MAX_SEED}, got ${seed}`);
  const { scenario } = await loadScenario(input, ['war-machine', 'cascade', 'siege']);
  const kind = (scenario as { kind: string }).kind;
  if (kind === 'war-machine') return rollBattle(scenario as WarMachineScenario, seed);
  if (kind === 'cascade') return rollCascade(scenario as CascadeScenario, seed, options.npc !== false);
  return rollSiege(scenario as SiegeScenario, seed);
}

export function rollBattle(s: WarMachineScenario, seed: number): BattleRoll {
  const c = compileWarMachine(s);
  const maxDays = s.policies.pursue === 'always' ? (s.engagement?.maxDays ?? 1) : 1;
  // One battle draws like the battle kernel (Stream.warMachine), a pursuit like the engagement kernel.
  const rng = Xoshiro128.forChunk(seed, maxDays > 1 ? Stream.engagement : Stream.warMachine, 0);
  const sides = engagementSides(c, [s.sides[0].adjustments.fatigue, s.sides[1].adjustments.fatigue]);
  const pairings = c.pairs.map((p, i) => ({ threshold: c.plan.pairThresholds[i], effects: p.effects }));
  const trace: EngagementDay[] = [];
  const o = fightEngagement(sides, pairings, { ...c.policies, ratioRounding: s.policies.ratioRounding }, c.favoured, maxDays, rng, trace);
  const days: BattleRollDay[] = trace.map((d) => {
    const r = d.row === null ? null : RESULTS_TABLE[d.row];
    return {
      ...d,
      tactics: c.pairs[d.pairing].tactics,
      resultsRow: r && { band: rowLabel(d.row!), casualties: r.casualties, fatigue: r.fatigue, location: r.location },
    };
  });
  return {
    kind: 'war-machine',
    schema: 'warcast/roll/war-machine@1',
    warcastVersion,
    title: s.title ?? null,
    seed,
    maxDays,
    sides: [0, 1].map((i) => ({ name: s.sides[i].name, troops: s.sides[i].troops, tactic: days[0]?.tactics[i] ?? null })) as [BattleRollSide, BattleRollSide],
    days,
    end: o.end,
    lastWinner: o.lastWinner,
    dead: o.dead,
    wounded: o.wounded,
    troopsLeft: [0, 1].map((i) => days.findLast((d) => d.sides.length > 0)?.sides[i].troopsLeft ?? s.sides[i].troops) as [number, number],
  };
}

export function rollCascade(s: CascadeScenario, seed: number, npc: boolean): CascadeRoll {
  const m = compileCascade(s, { npc, rounds: null });
  const state = createState(m);
  const trace: RoundTrace = { round: s.round, locations: [] };
  // Chunk 0 of the cascade stream: the same dice as the Monte Carlo's first trial.
  resolveRound(m, state, 0, Xoshiro128.forChunk(seed, Stream.cascade, 0), trace);
  return { kind: 'cascade', schema: 'warcast/roll/cascade@1', warcastVersion, title: s.title ?? null, seed, npc, trace };
}
