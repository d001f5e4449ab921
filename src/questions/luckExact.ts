/**
 * The exact distribution of what can be seen of one War Machine battle, for `luck` and `infer`: every tactic
 * pairing × every difference of the two d100 rolls (−99…99, which 100 − |k| of the 10,000 roll pairs share) is one
 * outcome, with its winner, results row, combat-result difference, troops lost per side and who held the field.
 * The same tables as exact odds (`codeForDifference`, `outcomeOfCode`), one level finer: by difference, not by
 * code, so a recorded margin can be matched. Pure.
 */
import { resultsRow } from '../rules/warMachine/results.js';
import {
  CODE_REROLL,
  codeForDifference,
  decodeCode,
  outcomeOfCode,
  type CompiledWarMachine,
} from '../kinds/warMachine/plan.js';
import { discrete, type Discrete } from '../stats/index.js';

/** Who held the field after the battle (a side that withdrew, retreated, routed or was destroyed did not). */
export type Held = 'A' | 'B' | 'both' | 'neither' | 'no battle';

/** One outcome of a battle and its exact probability. */
export interface BattleOutcomeAtom {
  p: number;
  /** 0 (A), 1 (B), or −1: no winner (a standing tie, or no battle at all). */
  winner: -1 | 0 | 1;
  /** The results row index (0 = difference 1–8) when there is a winner; −1 otherwise. */
  row: number;
  /** The combat-result difference C_A − C_B (0 for a tie, whatever the tie policy then did). */
  difference: number;
  noBattle: boolean;
  /** Troops lost (dead and wounded) by A and B. */
  lost: [number, number];
  held: Held;
}

/** What a record of one battle says; every field may be left out (it then constrains nothing). */
export interface ObservedBattle {
  /** 0 (A) or 1 (B) won, or null: no winner (a standing tie or no battle). */
  winner?: 0 | 1 | null;
  /** Results row index (0 = difference 1–8); needs `winner`. */
  row?: number;
  /** The winner's combat-result difference |C_A − C_B| (0: a tied roll the tie policy gave to the winner). */
  margin?: number;
  /** Troops lost per side (null: not recorded). */
  losses?: [number | null, number | null];
  held?: Held;
}

/** The exact outcomes of a compiled battle, conditional on a decision when the policy rerolls tied rolls. */
export function battleOutcomes(c: CompiledWarMachine): BattleOutcomeAtom[] {
  const out: BattleOutcomeAtom[] = [];
  c.pairs.forEach((pair, p) => {
    if (pair.probability === 0) return;
    if (pair.effects.noCombat) {
      out.push({
        p: pair.probability,
        winner: -1,
        row: -1,
        difference: 0,
        noBattle: true,
        lost: [0, 0],
        held: 'no battle',
      });
      return;
    }
    const fx = pair.effects;
    const delta = c.sides[0].modifiedBattleRating + fx.brBonus[0] - (c.sides[1].modifiedBattleRating + fx.brBonus[1]);
    const mine: BattleOutcomeAtom[] = [];
    let decided = 0;
    for (let k = -99; k <= 99; k++) {
      const rolls = 100 - Math.abs(k);
      const difference = delta + k;
      const code = codeForDifference(difference, c.policies.tie, c.favoured);
      if (code === CODE_REROLL) continue;
      decided += rolls;
      const d = decodeCode(code);
      const sides = outcomeOfCode(c, p, code);
      const holds = (s: 0 | 1) => (sides === null ? true : sides[s].location[0] === 'F');
      const held: Held = holds(0) ? (holds(1) ? 'both' : 'A') : holds(1) ? 'B' : 'neither';
      mine.push({
        p: rolls,
        winner: d === null ? -1 : d.winner,
        row: d === null ? -1 : d.row,
        difference,
        noBattle: false,
        lost: sides === null ? [0, 0] : [sides[0].losses.lost, sides[1].losses.lost],
        held,
      });
    }
    for (const a of mine) a.p = (pair.probability * a.p) / decided;
    out.push(...mine);
  });
  return out;
}

/** Does an outcome agree with everything a record says? */
export function agrees(a: BattleOutcomeAtom, o: ObservedBattle): boolean {
  if (o.winner !== undefined && a.winner !== (o.winner === null ? -1 : o.winner)) return false;
  if (o.row !== undefined && a.row !== o.row) return false;
  if (o.margin !== undefined && (a.winner < 0 || Math.abs(a.difference) !== o.margin)) return false;
  if (o.losses) for (const s of [0, 1] as const) if (o.losses[s] !== null && a.lost[s] !== o.losses[s]) return false;
  // A battle not fought left no side driven off and no field fought over: a record says it as `both` (each kept
  // its ground), `neither` (none held a field) or `no battle`, the only one of the three that says just that
  // (docs/design.md, luck).
  if (
    o.held !== undefined &&
    a.held !== o.held &&
    !(a.held === 'no battle' && (o.held === 'neither' || o.held === 'both'))
  )
    return false;
  return true;
}

/** P(everything the record says) under the exact distribution: the likelihood `infer` multiplies. */
export function recordProbability(outcomes: readonly BattleOutcomeAtom[], o: ObservedBattle): number {
  let p = 0;
  for (const a of outcomes) if (agrees(a, o)) p += a.p;
  return Math.min(1, p);
}

/** The numbers `luck` places a record among, each from one side's point of view. */
export type LuckStatistic = 'wins' | 'rows' | 'margin' | 'ownLosses' | 'enemyLosses' | 'held';

export const LUCK_STATISTICS: readonly LuckStatistic[] = ['wins', 'rows', 'margin', 'ownLosses', 'enemyLosses', 'held'];

/**
 * The statistic's value of an outcome for `side` (null: not defined by it). Results are signed from the side's
 * view: +1/−1 a win/loss (wins), ±(row + 1) (rows), ± the difference (margin; a tied roll given to a side by the
 * tie policy counts ±½, between a standstill and a win by 1); no winner is 0.
 */
export function statisticOf(a: BattleOutcomeAtom | RecordedOutcome, stat: LuckStatistic, side: 0 | 1): number {
  const sign = a.winner === side ? 1 : a.winner === -1 ? 0 : -1;
  switch (stat) {
    case 'wins':
      return sign;
    case 'rows':
      return sign * (a.row + 1);
    case 'margin':
      return sign * (Math.abs(a.difference) === 0 ? 0.5 : Math.abs(a.difference));
    case 'ownLosses':
      return a.lost[side];
    case 'enemyLosses':
      return a.lost[1 - side];
    case 'held':
      return a.held === 'both' || a.held === (side === 0 ? 'A' : 'B') ? 1 : 0;
  }
}

/** What a record gives of an outcome, in the shape `statisticOf` reads. */
export interface RecordedOutcome {
  winner: -1 | 0 | 1;
  row: number;
  difference: number;
  lost: [number, number];
  held: Held;
}

/**
 * The statistics a record gives from `side`'s view (the finest result it records, its losses, who held): its own
 * losses are the recorded losses of `side`, the enemy's those of the other side (a record of A's losses alone is
 * B's enemy losses when the luck is B's).
 */
export function recordedStatistics(o: ObservedBattle, side: 0 | 1): LuckStatistic[] {
  const out: LuckStatistic[] = [];
  const recorded = (s: 0 | 1) => o.losses?.[s] !== null && o.losses?.[s] !== undefined;
  if (o.winner !== undefined) out.push('wins');
  if (o.winner !== undefined && (o.row !== undefined || o.margin !== undefined)) out.push('rows');
  if (o.winner !== undefined && o.margin !== undefined) out.push('margin');
  if (recorded(side)) out.push('ownLosses');
  if (recorded(side === 0 ? 1 : 0)) out.push('enemyLosses');
  if (o.held !== undefined) out.push('held');
  return out;
}

/** A record as an outcome (only the fields `recordedStatistics` says it gives are meaningful). */
export function recordedOutcome(o: ObservedBattle): RecordedOutcome {
  const winner = o.winner === undefined || o.winner === null ? -1 : o.winner;
  const margin = o.margin ?? 0;
  const row = o.row ?? (o.margin !== undefined && winner >= 0 ? (margin === 0 ? 0 : resultsRow(margin)) : -1);
  return {
    winner,
    row,
    difference: winner === 1 ? -margin : margin,
    lost: [o.losses?.[0] ?? 0, o.losses?.[1] ?? 0],
    held: o.held ?? 'neither',
  };
}

/** The exact distribution of a statistic for `side` (own and enemy losses: `side`'s and the other side's). */
export function statisticDistribution(
  outcomes: readonly BattleOutcomeAtom[],
  stat: LuckStatistic,
  side: 0 | 1,
): Discrete {
  return discrete(outcomes.map((a) => [statisticOf(a, stat, side), a.p] as [number, number]));
}

/** Where a value sits in a distribution: below, at and above it, and the mid-p percentile. */
export interface Placement {
  /** P(X < x), P(X = x), P(X > x). */
  below: number;
  at: number;
  above: number;
  /** P(X ≤ x) and P(X ≥ x): the two one-sided tail probabilities. */
  atMost: number;
  atLeast: number;
  /** The mid-p percentile P(X < x) + ½ P(X = x): 0.5 is exactly average luck. */
  midP: number;
  /** E[X]. */
  expected: number;
}

export function placement(d: Discrete, x: number): Placement {
  let below = 0;
  let at = 0;
  let above = 0;
  let total = 0;
  let sum = 0;
  for (let i = 0; i < d.values.length; i++) {
    const v = d.values[i];
    const w = d.weights[i];
    total += w;
    sum += v * w;
    if (v < x) below += w;
    else if (v > x) above += w;
    else at += w;
  }
  const clamp = (p: number) => Math.min(1, Math.max(0, p / total));
  return {
    below: clamp(below),
    at: clamp(at),
    above: clamp(above),
    atMost: clamp(below + at),
    atLeast: clamp(above + at),
    midP: clamp(below + at / 2),
    expected: total > 0 ? sum / total : 0,
  };
}

/**
 * The exact distribution of a sum of independent discrete variables (the battles of a log): convolution, the
 * sums kept as they are (integers, or halves for margins: exact in doubles).
 */
export function sumDistribution(parts: readonly Discrete[]): Discrete {
  let acc = new Map<number, number>([[0, 1]]);
  for (const d of parts) {
    const total = d.weights.reduce((s, w) => s + w, 0);
    const next = new Map<number, number>();
    for (const [x, px] of acc)
      for (let i = 0; i < d.values.length; i++) {
        const v = x + d.values[i];
        next.set(v, (next.get(v) ?? 0) + (px * d.weights[i]) / total);
      }
    acc = next;
  }
  return discrete(acc);
}
