/**
 * Battle Rating: BR = BFR + n × ⌈BFR/10⌉, n = number of true statements.
 * Source: sheet lines 46–64; RC ch. 9 step 2 (elven prince: BFR 96, 8 statements → BR 176).
 * Each statement reads "… or more", so they are cumulative (docs/rules.md §2).
 */

/** The statements, in the sheet's order; `line`: the sheet line. */
export const STATEMENTS = [
  { key: 'mounted20', text: '20% of force is mounted', line: 52 },
  { key: 'mounted50', text: '50% of force is mounted', line: 53 },
  { key: 'missiles20', text: '20% can fire missiles', line: 54 },
  { key: 'missiles100ft', text: "20% can fire missiles to 100'", line: 55 },
  { key: 'magical1', text: '1% has magical abilities', line: 56 },
  { key: 'magical20', text: '20% has magical abilities', line: 57 },
  { key: 'magical100', text: '100% has magical abilities', line: 58 },
  { key: 'spellcasters5', text: '5% can cast spells', line: 59 },
  { key: 'spellcasters30', text: '30% can cast spells', line: 60 },
  { key: 'flying1', text: '1% can fly', line: 61 },
  { key: 'flying20', text: '20% can fly', line: 62 },
  { key: 'movement100', text: 'average movement is 100 or more', line: 63 },
] as const;

export type StatementKey = (typeof STATEMENTS)[number]['key'];
export const STATEMENT_KEYS = STATEMENTS.map((s) => s.key) as StatementKey[];

/** The make-up of a force, to derive the statements (each a percentage of troops, 0–100). */
export interface ForceMakeup {
  mounted?: number;
  missiles?: number;
  missiles100ft?: number;
  magical?: number;
  spellcasters?: number;
  flying?: number;
  averageMovement?: number;
}

/**
 * A make-up percentage as the statements read it: fractions rounded up first (RC ch. 9, "round all fractions
 * up unless the instructions say otherwise", docs/rules.md): 21 spellcasters in 500 troops are 4.2% → 5%, so
 * "5% or more can cast spells" holds. The 1e-9 keeps a percentage computed in doubles (e.g. 100 × 7 / 35 =
 * 20.000000000000004) from rounding up past a whole number.
 */
export function makeupPercent(v: number | undefined): number {
  return v === undefined || v <= 0 ? 0 : Math.ceil(v - 1e-9);
}

/** Which statements are true of a make-up; each "X% or more", on percentages rounded up. */
export function statementsFromMakeup(m: ForceMakeup): StatementKey[] {
  const out: StatementKey[] = [];
  const pct = makeupPercent;
  if (pct(m.mounted) >= 20) out.push('mounted20');
  if (pct(m.mounted) >= 50) out.push('mounted50');
  if (pct(m.missiles) >= 20) out.push('missiles20');
  if (pct(m.missiles100ft) >= 20) out.push('missiles100ft');
  if (pct(m.magical) >= 1) out.push('magical1');
  if (pct(m.magical) >= 20) out.push('magical20');
  if (pct(m.magical) >= 100) out.push('magical100');
  if (pct(m.spellcasters) >= 5) out.push('spellcasters5');
  if (pct(m.spellcasters) >= 30) out.push('spellcasters30');
  if (pct(m.flying) >= 1) out.push('flying1');
  if (pct(m.flying) >= 20) out.push('flying20');
  if ((m.averageMovement ?? 0) >= 100) out.push('movement100');
  return out;
}

/** BR = BFR + n × ⌈BFR/10⌉. */
export function battleRating(basicForceRating: number, trueStatements: number): number {
  return basicForceRating + trueStatements * Math.ceil(basicForceRating / 10);
}
