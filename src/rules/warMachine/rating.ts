/**
 * From a scenario's description of two sides to their modified battle ratings, line by line with rule names
 * (what `warcast rate` prints). Pure: no I/O.
 */
import {
  CHOICE_ADJUSTMENTS,
  CHOICE_RULES,
  classAdvantage,
  DEFENDER_ADJUSTMENTS,
  FLAG_ADJUSTMENTS,
  defenderTerrainFactor,
  troopRatioBonus,
  type DefenderAdjustment,
  type FlagAdjustment,
} from './adjustments.js';
import { battleRating, makeupPercent, STATEMENTS, statementsFromMakeup, type StatementKey } from './battleRating.js';
import {
  basicForceRating,
  troopClass,
  TROOP_CLASSES,
  type AverageRounding,
  type FactorLine,
  type ForceFactors,
} from './forceRating.js';
import type { RatioRounding } from './adjustments.js';

/**
 * What rating reads of a side: the scenario's side (src/kinds/warMachine/schema.ts) has this shape, declared
 * here so the rules depend on nothing outside src/rules/.
 */
export interface RatedSide {
  name: string;
  troops: number;
  battleRating?: number;
  basicForceRating?: number;
  forceFactors?: Omit<ForceFactors, 'troops'>;
  statements?: readonly string[];
  makeup?: Parameters<typeof statementsFromMakeup>[0];
  troopClass?: string;
  defending: boolean;
  adjustments: { readonly [key: string]: unknown };
  bonus: number;
}

/** The policies rating reads (docs/rules.md, Policies). */
export interface RatingPolicies {
  averageRounding: AverageRounding;
  ratioRounding: RatioRounding;
}

export interface AdjustmentLine {
  group: string;
  rule: string;
  value: number;
}

export interface SideRating {
  name: string;
  troops: number;
  basicForceRating: number | null;
  forceFactorLines: FactorLine[];
  /** Scenario input the rules leave out (a cap reached, too few officers), in words. */
  notes: string[];
  troopClass: number | null;
  troopClassName: string | null;
  statements: { key: StatementKey; text: string; source: 'listed' | 'derived' }[];
  battleRating: number;
  battleRatingRule: string;
  adjustments: AdjustmentLine[];
  modifiedBattleRating: number;
}

interface BaseRating {
  bfr: number | null;
  lines: FactorLine[];
  notes: string[];
  cls: number | null;
  statements: SideRating['statements'];
  br: number;
  brRule: string;
}

function baseRating(side: RatedSide, policies: RatingPolicies): BaseRating {
  let bfr: number | null = null;
  let lines: FactorLine[] = [];
  let notes: string[] = [];
  if (side.forceFactors) {
    const r = basicForceRating({ troops: side.troops, ...side.forceFactors }, policies.averageRounding);
    bfr = r.basicForceRating;
    lines = r.lines;
    notes = r.dropped;
  } else if (side.basicForceRating !== undefined) bfr = side.basicForceRating;

  if (bfr === null) {
    const cls = side.troopClass === undefined ? null : TROOP_CLASSES.findIndex((c) => c.name === side.troopClass);
    return { bfr, lines, notes, cls, statements: [], br: side.battleRating!, brRule: 'given directly' };
  }
  // Explicit statements win over ones derived from the make-up (docs/rules.md §2).
  const keys: { key: StatementKey; source: 'listed' | 'derived' }[] = side.statements
    ? side.statements.map((k) => ({ key: k as StatementKey, source: 'listed' as const }))
    : statementsFromMakeup(side.makeup ?? {}).map((k) => ({ key: k, source: 'derived' as const }));
  const statements = keys.map((s) => ({ ...s, text: STATEMENTS.find((x) => x.key === s.key)!.text }));
  const n = statements.length;
  const br = battleRating(bfr, n);
  return { bfr, lines, notes, cls: troopClass(bfr), statements, br, brRule: `BFR ${bfr} + ${n} × ⌈${bfr}/10⌉` };
}

/** Both sides' ratings; adjustments that compare the sides (troop ratio, class advantage) are computed. */
export function rateSides(sides: readonly [RatedSide, RatedSide], policies: RatingPolicies): [SideRating, SideRating] {
  const base = sides.map((s) => baseRating(s, policies));
  return [0, 1].map((i) => {
    const side = sides[i];
    const enemy = sides[1 - i];
    const mine = base[i];
    const theirs = base[1 - i];
    const adj: AdjustmentLine[] = [];
    if (side.troops > enemy.troops) {
      const v = troopRatioBonus(side.troops, enemy.troops, policies.ratioRounding);
      adj.push({
        group: 'troop ratio',
        rule: troopRatioRule(side.troops, enemy.troops, policies.ratioRounding, v),
        value: v,
      });
    }
    if (mine.cls !== null && theirs.cls !== null && classAdvantage(mine.cls, theirs.cls) !== 0) {
      adj.push({
        group: 'morale',
        rule: 'Two or more troop class advantage',
        value: classAdvantage(mine.cls, theirs.cls),
      });
    }
    for (const [key, def] of Object.entries(FLAG_ADJUSTMENTS)) {
      if (side.adjustments[key as FlagAdjustment]) adj.push({ group: def.group, rule: def.rule, value: def.value });
    }
    if (side.defending && !enemy.defending) {
      // The attackers' flying share: from their make-up, or at least 20% when they list the flying20 statement.
      const flying = Math.max(makeupPercent(enemy.makeup?.flying), enemy.statements?.includes('flying20') ? 20 : 0);
      const factor = defenderTerrainFactor(flying);
      for (const [key, def] of Object.entries(DEFENDER_ADJUSTMENTS)) {
        if (!side.adjustments[key as DefenderAdjustment]) continue;
        if (factor === 'none')
          adj.push({ group: 'defender terrain', rule: `${def.rule} (ignored: all attackers fly)`, value: 0 });
        else if (factor === 'half')
          adj.push({
            group: 'defender terrain',
            rule: `${def.rule} (halved: ≥5% of attackers fly)`,
            value: Math.ceil(def.value / 2),
          });
        else adj.push({ group: 'defender terrain', rule: def.rule, value: def.value });
      }
    } else if (side.defending) {
      for (const [key, def] of Object.entries(DEFENDER_ADJUSTMENTS)) {
        if (side.adjustments[key as DefenderAdjustment])
          adj.push({ group: 'defender terrain', rule: `${def.rule} (ignored: both sides defend)`, value: 0 });
      }
    }
    for (const group of ['immunity', 'fatigue', 'information', 'surprise'] as const) {
      const choice = side.adjustments[group] as string;
      if (choice !== 'none')
        adj.push({
          group,
          rule: CHOICE_RULES[choice],
          value: (CHOICE_ADJUSTMENTS[group] as Record<string, number>)[choice],
        });
    }
    if (side.bonus !== 0) adj.push({ group: 'bonus', rule: "Game master's bonus", value: side.bonus });
    const modified = mine.br + adj.reduce((t, l) => t + l.value, 0);
    return {
      name: side.name,
      troops: side.troops,
      basicForceRating: mine.bfr,
      forceFactorLines: mine.lines,
      notes: mine.notes,
      troopClass: mine.cls,
      troopClassName: mine.cls === null ? null : TROOP_CLASSES[mine.cls].name,
      statements: mine.statements,
      battleRating: mine.br,
      battleRatingRule: mine.brRule,
      adjustments: adj,
      modifiedBattleRating: modified,
    } satisfies SideRating;
  }) as [SideRating, SideRating];
}

/** The troop-ratio line in words; a larger force that gets nothing says why (the band it has not reached). */
function troopRatioRule(larger: number, smaller: number, rounding: RatioRounding, value: number): string {
  const why =
    value !== 0
      ? ''
      : rounding === 'book'
        ? ', below 1.01:1: no bonus (RC l. 11136)'
        : rounding === 'down'
          ? ', below 1.5:1: no bonus'
          : '';
  return `Troop ratio ${ratio(larger, smaller)}:1 (larger force, ratioRounding ${rounding}${why})`;
}

/** R as the rule reads it, cut (not rounded) to at most 4 decimals, so 403:400 reads 1.0075, below 1.01. */
function ratio(a: number, b: number): string {
  return String(Math.floor((a * 10_000) / b) / 10_000);
}
