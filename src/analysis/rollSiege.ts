/**
 * `roll` for a siege: one siege, week by week, through the readable week stepper (src/rules/siege/week.ts) fed
 * the siege kernel's dice, so the roll with seed N is the first siege `warcast siege --seed N` simulates
 * (test/cli/roll-siege.test.ts checks it seed by seed against the kernel).
 */
import { compileSiege } from '../kinds/siege/plan.js';
import type { SiegeScenario } from '../kinds/siege/schema.js';
import { Stream, Xoshiro128 } from '../rng/index.js';
import { fightSiege, type SiegeEnding, type SiegeWeekTrace } from '../rules/siege/week.js';
import { RESULTS_TABLE, rowLabel } from '../rules/warMachine/results.js';
import type { Tactic } from '../rules/warMachine/tactics.js';
import { warcastVersion } from '../version.js';

/** A week of the roll: the stepper's trace, with the results row and a sally's War Machine tactics spelled out. */
export interface SiegeRollWeek extends SiegeWeekTrace {
  resultsRow: { band: string; casualties: [number, number]; fatigue: [string, string]; location: [string, string] } | null;
  sallyTactics: [Tactic | null, Tactic | null] | null;
}

export interface SiegeRoll {
  kind: 'siege';
  schema: 'warcast/roll/siege@1';
  warcastVersion: string;
  title: string | null;
  seed: number;
  mode: 'siege-machine' | 'simple';
  weekLimit: number;
  foodWeeks: number | null;
  sides: [{ name: string; troops: number }, { name: string; troops: number }];
  /** The weapons' damage rolls (once a siege, RC l. 11758): summed dice per weapon group, and the d100 of the damage formula. */
  damageRolls: { artillery: number; ballista: number; breaching: number; d100: number };
  weeks: SiegeRollWeek[];
  ending: SiegeEnding;
  endWeek: number;
  dead: [number, number];
  wounded: [number, number];
  /** Defenders lost to hunger (deserted or starved). */
  deserted: number;
  attackerDeserted: number;
  rearGuard: number;
  troopsLeft: [number, number];
  breachFeet: number;
  damage: number;
  rubble: boolean;
}

export function rollSiege(s: SiegeScenario, seed: number): SiegeRoll {
  const c = compileSiege(s);
  const trace = { damageRolls: { artillery: 0, ballista: 0, breaching: 0 }, damageD100: 0, weeks: [] as SiegeWeekTrace[] };
  // Chunk 0 of the siege stream: the dice of the Monte Carlo's first siege.
  const o = fightSiege(c.setup, Xoshiro128.forChunk(seed, Stream.siege, 0), trace);
  const weeks: SiegeRollWeek[] = trace.weeks.map((w) => {
    const r = w.battle?.row == null ? null : RESULTS_TABLE[w.battle.row];
    return {
      ...w,
      resultsRow: r && { band: rowLabel(w.battle!.row!), casualties: r.casualties, fatigue: r.fatigue, location: r.location },
      sallyTactics: w.battle?.battle === 'sally' ? c.sallyPairs[w.battle.pairing].tactics : null,
    };
  });
  const last = weeks[weeks.length - 1];
  return {
    kind: 'siege',
    schema: 'warcast/roll/siege@1',
    warcastVersion,
    title: s.title ?? null,
    seed,
    mode: s.mode,
    weekLimit: c.setup.weekLimit,
    foodWeeks: s.foodWeeks ?? null,
    sides: [{ name: s.attacker.name, troops: s.attacker.troops }, { name: s.defender.name, troops: s.defender.troops }],
    damageRolls: { ...trace.damageRolls, d100: trace.damageD100 },
    weeks,
    ending: o.ending,
    endWeek: o.endWeek,
    dead: o.dead,
    wounded: o.wounded,
    deserted: o.deserted,
    attackerDeserted: o.attackerDeserted,
    rearGuard: o.rearGuard,
    troopsLeft: last ? last.troopsAtEnd : [s.attacker.troops, s.defender.troops],
    breachFeet: o.breachFeet,
    damage: o.damage,
    rubble: o.rubble,
  };
}
