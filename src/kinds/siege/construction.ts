/**
 * Field construction in a siege scenario (docs/siege.md "Field construction"): each side's deterministic
 * schedule from the readable rule (src/rules/siege/construction.ts), and `until: { built: n }` read as the week
 * the side's n-th engine joins (the schedule has no dice, so the condition is a fixed week).
 */
import { constructionSchedule, DAYS_PER_WEEK, type BuiltEngine } from '../../rules/siege/construction.js';
import type { SiegeScenario, SideConstruction } from './schema.js';

export interface SideConstructionResult {
  engineers: number;
  artillerists: number;
  workers: number;
  woodMiles: number | null;
  /** Days spent gathering wood before building (0: wood at hand). */
  woodDays: number;
  /** Hardware bought, gp (10% of each piece's cost, RC l. 11740): taken from supplies.<side>.money when given. */
  materialsGp: number;
  /** Engines finished in time to join the siege (week ≤ weekLimit). */
  built: number;
  /** Every piece in the order begun: start and finish day, the week it joins (null: not finished in the siege). */
  engines: BuiltEngine[];
  /**
   * The side's weapons from week 1 and from each week its built pieces join and fight (src/rules/siege/construction.ts
   * `joinedBy`): the pieces joining then, its equipment BR by the attacker's tactic and its bombard BR (A for the
   * attacker bombarding, A′ for the defender) from that week on, all pieces issued ammunition.
   */
  fighting: {
    fromWeek: number;
    joining: Record<string, number>;
    equipmentBr: { bombard: number; harass: number; assault: number };
    bombardBr: number;
  }[];
}

export type SiegeConstruction = {
  attacker: SideConstructionResult | null;
  defender: SideConstructionResult | null;
} | null;

function sideSchedule(c: SideConstruction | undefined, weekLimit: number): SideConstructionResult | null {
  if (!c) return null;
  const woodMiles = c.woodMiles ?? null;
  const s = constructionSchedule(
    { engineers: c.engineers, artillerists: c.artillerists, workers: c.workers, woodMiles, build: c.build },
    weekLimit * DAYS_PER_WEEK,
  );
  return {
    engineers: c.engineers,
    artillerists: c.artillerists,
    workers: c.workers,
    woodMiles,
    woodDays: s.woodDays,
    materialsGp: s.materialsGp,
    built: s.engines.filter((e) => e.week !== null && e.week <= weekLimit).length,
    engines: s.engines,
    fighting: [],
  };
}

/** Each side's construction schedule over the siege's weeks (null: no construction). */
export function siegeConstruction(s: SiegeScenario): SiegeConstruction {
  if (!s.construction) return null;
  return {
    attacker: sideSchedule(s.construction.attacker, s.weekLimit),
    defender: sideSchedule(s.construction.defender, s.weekLimit),
  };
}

/** The week a side's n-th engine joins (the step ends at its start); past the week limit when it never does. */
export function builtWeek(c: SideConstructionResult, n: number, weekLimit: number): number {
  const weeks = c.engines.map((e) => e.week ?? weekLimit + 1).sort((a, b) => a - b);
  return Math.min(weeks[n - 1], weekLimit + 1);
}

/** The scenario with every `until: { built: n }` read as `until: { week: w }` (same semantics, one condition less to compile). */
export function withBuiltWeeks(s: SiegeScenario, c: SiegeConstruction): SiegeScenario {
  if (!c) return s;
  const side = (who: 'attacker' | 'defender') => {
    const raw = s.strategy[who];
    if (!Array.isArray(raw)) return raw;
    return raw.map((st) =>
      st.until?.built === undefined ? st : { ...st, until: { week: builtWeek(c[who]!, st.until.built, s.weekLimit) } },
    );
  };
  return { ...s, strategy: { attacker: side('attacker'), defender: side('defender') } as SiegeScenario['strategy'] };
}
