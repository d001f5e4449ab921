/**
 * Battle Rating: BR = BFR + n × ⌈BFR/10⌉, n = number of true statements.
 * Source: sheet lines 46–64; RC ch. 9 step 2 (elven prince: BFR 96, 8 statements → BR 176).
 * Each statement reads "… or more", so they are cumulative (docs/rules.md §2).
 */

export const STATEMENTS = [
  { key: 'mounted20', text: '20% of force is mounted' },
  { key: 'mounted50', text: '50% of force is mounted' },
  { key: 'missiles20', text: '20% can fire missiles' },
  { key: 'missiles100ft', text: "20% can fire missiles to 100'" },
  { key: 'magical1', text: '1% has magical abilities' },
  { key: 'magical20', text: '20% has magical abilities' },
  { key: 'magical100', text: '100% has magical abilities' },
  { key: 'spellcasters5', text: '5% can cast spells' },
  { key: 'spellcasters30', text: '30% can cast spells' },
  { key: 'flying1', text: '1% can fly' },
  { key: 'flying20', text: '20% can fly' },
  { key: 'movement100', text: 'average movement is 100 or more' },
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

/** Which statements are true of a make-up; each "X% or more". */
export function statementsFromMakeup(m: ForceMakeup): StatementKey[] {
  const out: StatementKey[] = [];
  const pct = (v: number | undefined) => v ?? 0;
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
