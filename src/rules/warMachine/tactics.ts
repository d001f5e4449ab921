/**
 * Effect of tactics (optional rule). Seed sheet lines 247–275; docs/rules.md §5.
 * The printed 6×6 A/B table is symmetric, so it is kept here as "my effect, given my tactic (row) and the
 * enemy's tactic (column)".
 */

export const TACTICS = ['attack-plus', 'attack', 'envelop', 'trap', 'hold', 'withdraw'] as const;
export type Tactic = (typeof TACTICS)[number];
export const TACTIC_LABELS: Record<Tactic, string> = {
  'attack-plus': 'Attack+',
  attack: 'Attack',
  envelop: 'Envelop',
  trap: 'Trap',
  hold: 'Hold',
  withdraw: 'Withdraw',
};

/**
 * One side's effect: `br` flat points on its BR, `casualties` points on its own casualty percentage.
 * `ne`: no tactic effect for either side; `nc`: no battle at all.
 */
export type TacticEffect =
  | { kind: 'br'; value: number }
  | { kind: 'casualties'; value: number }
  | { kind: 'none' }
  | { kind: 'ne' }
  | { kind: 'nc' };

const BR = (value: number): TacticEffect => ({ kind: 'br', value });
const C = (value: number): TacticEffect => ({ kind: 'casualties', value });
const NONE: TacticEffect = { kind: 'none' };
const NE: TacticEffect = { kind: 'ne' };
const NC: TacticEffect = { kind: 'nc' };

/** Rows: my tactic; columns: the enemy's, both in TACTICS order. */
export const TACTICS_TABLE: readonly (readonly TacticEffect[])[] = [
  /* Attack+  */ [C(20), C(20), BR(10), C(20), C(20), BR(20)],
  /* Attack   */ [BR(-20), C(10), C(10), C(10), NONE, BR(10)],
  /* Envelop  */ [C(10), BR(-10), NE, C(-10), BR(20), BR(10)],
  /* Trap     */ [BR(20), BR(10), BR(-20), NE, BR(-20), C(-10)],
  /* Hold     */ [BR(-25), C(-10), C(20), C(-10), NC, NC],
  /* Withdraw */ [C(30), C(20), C(-10), C(-10), NC, NC],
];

export function tacticIndex(t: Tactic): number {
  return TACTICS.indexOf(t);
}

/** My effect when I play `mine` against `enemy`. */
export function tacticEffect(mine: Tactic, enemy: Tactic): TacticEffect {
  return TACTICS_TABLE[tacticIndex(mine)][tacticIndex(enemy)];
}

/**
 * Withdraw: unless the enemy chose Attack+, the withdrawing side may move one terrain unit after combat and
 * cannot hold the field or pursue (sheet line 199).
 */
export function withdrawsAfterCombat(mine: Tactic | null, enemy: Tactic | null): boolean {
  return mine === 'withdraw' && enemy !== 'attack-plus';
}

export function formatEffect(e: TacticEffect): string {
  switch (e.kind) {
    case 'br':
      return `BR${e.value >= 0 ? '+' : '−'}${Math.abs(e.value)}`;
    case 'casualties':
      return `C${e.value >= 0 ? '+' : '−'}${Math.abs(e.value)}%`;
    case 'none':
      return '—';
    case 'ne':
      return 'no effect';
    case 'nc':
      return 'no combat';
  }
}
