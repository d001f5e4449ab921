/**
 * The siege result assembled from its parts: pure (no engine, no files), so the what-if page (src/app/siege.ts)
 * builds the very object `warcast siege --json` prints.
 */
import { siegeNotes } from './notes.js';
import { resultMeta, type ResultMeta } from '../../resultMeta.js';
import type { CompiledSiege } from './plan.js';
import type { SiegeConstruction } from './construction.js';
import type { SiegeScenario } from './schema.js';
import type { SiegeSummary } from './summary.js';
import type { RunHeader } from '../../engine/settings.js';

export interface SiegeResult extends SiegeSummary, RunHeader, ResultMeta {
  kind: 'siege';
  title: string | null;
  mode: SiegeScenario['mode'];
  sides: { attacker: string; defender: string };
  policies: SiegeScenario['policies'];
  weekLimit: number;
  ratings: {
    attacker: { battleRating: number; modifiedBattleRating: number; troops: number };
    defender: { battleRating: number; modifiedBattleRating: number; troops: number };
  };
  fortificationBr: number;
  equipmentBr: { attacker: Record<string, number>; defender: Record<string, number> };
  /** Field construction per side: the schedule (engines and the week each joins) and the hardware cost; null: none. */
  construction: SiegeConstruction;
  /** Input a rule leaves out or caps (troops and engines beyond the frontage, uncounted `**`/`‡` pieces, pieces crewed below a quarter, idle builders), one sentence each. */
  notes: string[];
}

/** The siege result from its scenario, compiled plan, summary and run facts (also the what-if page's, src/app/siege.ts). */
export function siegeResultOf(
  scenario: SiegeScenario,
  c: CompiledSiege,
  summary: SiegeSummary,
  run: RunHeader,
): SiegeResult {
  const br = (lines: Record<string, { value: number }[]>) =>
    Object.fromEntries(Object.entries(lines).map(([k, v]) => [k, v.reduce((t, l) => t + l.value, 0)]));
  return {
    ...resultMeta('siege'),
    kind: 'siege',
    title: scenario.title ?? null,
    mode: scenario.mode,
    ...run,
    sides: { attacker: scenario.attacker.name, defender: scenario.defender.name },
    policies: scenario.policies,
    weekLimit: scenario.weekLimit,
    ratings: {
      attacker: {
        battleRating: c.ratings[0].battleRating,
        modifiedBattleRating: c.plan.baseBr[0],
        troops: scenario.attacker.troops,
      },
      defender: {
        battleRating: c.ratings[1].battleRating,
        modifiedBattleRating: c.plan.baseBr[1],
        troops: scenario.defender.troops,
      },
    },
    fortificationBr: c.plan.fortBr,
    equipmentBr: { attacker: br(c.equipment.attacker), defender: br(c.equipment.defender) },
    construction: c.construction,
    notes: siegeNotes(scenario),
    ...summary,
  };
}
