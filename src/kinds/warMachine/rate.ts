/** `rate`: how each side's BFR, troop class, BR and modified BR were built, rule by rule. */
import { resultMeta, type ResultMeta } from '../../resultMeta.js';
import { loadKind, type ScenarioInput } from '../load.js';
import { compileWarMachine } from './plan.js';
import type { PairEffects } from '../../rules/warMachine/battle.js';
import type { SideRating } from '../../rules/warMachine/rating.js';
import type { Tactic } from '../../rules/warMachine/tactics.js';
import { warMachineBreakpoints, type Breakpoint } from './breakpoints.js';

export interface RateResult extends ResultMeta {
  kind: 'war-machine';
  sides: SideRating[];
  /** The tactics when both sides give one pure tactic, else null. */
  tactics: [Tactic, Tactic] | null;
  tacticEffects: PairEffects[] | null;
  /** Tactics are given as a mix (several pairings): `odds` and `matchup` answer those. */
  mixed: boolean;
  /** The rule thresholds nearest the battle, side A's first (src/kinds/warMachine/breakpoints.ts; docs/rules.md, Breakpoints). */
  breakpoints: Breakpoint[];
}

/** The ratings of a War Machine scenario: `warcast rate FILE --json` prints exactly this object. */
export async function rate(input: ScenarioInput): Promise<RateResult> {
  const { scenario } = await loadKind(input, 'war-machine');
  const c = compileWarMachine(scenario);
  const tactics =
    c.pairs.length === 1 && c.pairs[0].tactics[0] !== null ? (c.pairs[0].tactics as [Tactic, Tactic]) : null;
  return {
    ...resultMeta('rate'),
    kind: 'war-machine',
    sides: c.ratings,
    tactics,
    tacticEffects: tactics ? [c.pairs[0].effects] : null,
    mixed: c.pairs.length > 1,
    breakpoints: warMachineBreakpoints(scenario),
  };
}
