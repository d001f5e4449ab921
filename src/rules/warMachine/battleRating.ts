/**
 * Battle Rating: BR = BFR + n × ⌈BFR/10⌉, n = number of true statements.
 * Source: sheet lines 46–64; RC ch. 9 step 2 (elven prince: BFR 96, 8 statements → BR 176).
 * Each statement reads "… or more", so they are cumulative (docs/rules.md §2).
 */

/**
 * The statements, in the sheet's order; `line`: the sheet line (RC l. 10975–11001). Each holds when the make-up
 * entry `makeup` is `atLeast` or more: a percentage of the force (rounded up first, `makeupPercent`), or for
 * `averageMovement` a movement rate.
 */
export const STATEMENTS = [
  { key: 'mounted20', text: '20% of force is mounted', line: 52, makeup: 'mounted', atLeast: 20 },
  { key: 'mounted50', text: '50% of force is mounted', line: 53, makeup: 'mounted', atLeast: 50 },
  { key: 'missiles20', text: '20% can fire missiles', line: 54, makeup: 'missiles', atLeast: 20 },
  { key: 'missiles100ft', text: "20% can fire missiles to 100'", line: 55, makeup: 'missiles100ft', atLeast: 20 },
  { key: 'magical1', text: '1% has magical abilities', line: 56, makeup: 'magical', atLeast: 1 },
  { key: 'magical20', text: '20% has magical abilities', line: 57, makeup: 'magical', atLeast: 20 },
  { key: 'magical100', text: '100% has magical abilities', line: 58, makeup: 'magical', atLeast: 100 },
  { key: 'spellcasters5', text: '5% can cast spells', line: 59, makeup: 'spellcasters', atLeast: 5 },
  { key: 'spellcasters30', text: '30% can cast spells', line: 60, makeup: 'spellcasters', atLeast: 30 },
  { key: 'flying1', text: '1% can fly', line: 61, makeup: 'flying', atLeast: 1 },
  { key: 'flying20', text: '20% can fly', line: 62, makeup: 'flying', atLeast: 20 },
  { key: 'movement100', text: 'average movement is 100 or more', line: 63, makeup: 'averageMovement', atLeast: 100 },
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

/** Whether one statement holds of a make-up: "X% or more" on the percentage rounded up; movement as given. */
export function statementHolds(s: (typeof STATEMENTS)[number], m: ForceMakeup): boolean {
  const v = m[s.makeup];
  return (s.makeup === 'averageMovement' ? (v ?? 0) : makeupPercent(v)) >= s.atLeast;
}

/** Which statements are true of a make-up, in the sheet's order. */
export function statementsFromMakeup(m: ForceMakeup): StatementKey[] {
  return STATEMENTS.filter((s) => statementHolds(s, m)).map((s) => s.key);
}

/** BR = BFR + n × ⌈BFR/10⌉. */
export function battleRating(basicForceRating: number, trueStatements: number): number {
  return basicForceRating + trueStatements * Math.ceil(basicForceRating / 10);
}
