/**
 * Compiling a war-machine scenario into the numeric plan the kernel runs: for every tactic pairing, a table
 * from the two d100 rolls (one index 0…9999) to an outcome code. The outcome of a code is then read back
 * from the readable rules (`decidedSides`), so the kernel only counts codes.
 */
import {
  decidedSides,
  pairEffects,
  type BattlePolicies,
  type BattleSide,
  type PairEffects,
} from '../../rules/warMachine/battle.js';
import { rateSides, type SideRating } from '../../rules/warMachine/rating.js';
import { resultsRow, ROW_COUNT } from '../../rules/warMachine/results.js';
import { TACTICS, type Tactic } from '../../rules/warMachine/tactics.js';
import { STAFF_OF_HEALING_CURES } from '../../rules/warMachine/casualties.js';
import type { WarMachineScenario } from './schema.js';
import { cumulativeThresholds } from '../../stats/thresholds.js';

/** Outcome codes: no combat, standing tie, tie given to A / B, then A wins with row r, then B wins with row r. */
export const CODE_NO_COMBAT = 0;
export const CODE_STALEMATE = 1;
/** The rolls tied and the tie policy gave the battle to A (or B) with the first row. */
export const CODE_A_WINS_TIE = 2;
export const CODE_B_WINS_TIE = 3;
export const CODE_A_WINS = 4;
export const CODE_B_WINS = CODE_A_WINS + ROW_COUNT;
export const CODE_COUNT = CODE_B_WINS + ROW_COUNT; // 30

/** Codes that come from a tied roll (when the policy does not reroll). */
export function isTieCode(code: number): boolean {
  return code === CODE_STALEMATE || code === CODE_A_WINS_TIE || code === CODE_B_WINS_TIE;
}
/** In a code table: the rolls tied and the tie policy is to roll again. */
export const CODE_REROLL = 255;
/** Two d100 as one uniform index 0…9999: dA = ⌊i/100⌋ + 1, dB = i mod 100 + 1. */
export const ROLL_PAIRS = 10_000;
/** Faces of each die. */
const ROLL_SIDES = 100;

export interface WarMachinePlan {
  kind: 'war-machine';
  pairCount: number;
  /** Cumulative pair probabilities × 2^32 (last entry 2^32), for sampling with one 32-bit draw. */
  pairThresholds: Float64Array;
  /** pairCount × ROLL_PAIRS outcome codes. */
  codeTable: Uint8Array;
}

export interface Pairing {
  tactics: [Tactic | null, Tactic | null];
  probability: number;
  effects: PairEffects;
}

export interface CompiledWarMachine {
  plan: WarMachinePlan;
  /** Roll pairs per code and pairing (equal to `codeCounts(plan)`), kept so exact odds need not scan the table. */
  codeCounts: Float64Array;
  pairs: Pairing[];
  ratings: [SideRating, SideRating];
  sides: [BattleSide, BattleSide];
  policies: BattlePolicies;
  /** Side a tied roll goes to under the attacker/defender tie policies. */
  favoured: 0 | 1 | null;
}

/** A side's tactic as a probability per tactic (null when tactics are not used). */
export function tacticMix(t: WarMachineScenario['sides'][number]['tactic']): Map<Tactic, number> | null {
  if (t === undefined) return null;
  if (typeof t === 'string') return new Map([[t, 1]]);
  const m = new Map<Tactic, number>();
  // Validation accepts sums within 1e-9 of 1 (0.1 + 0.2 + 0.7 ≠ 1 in doubles): normalise, so the pairing
  // probabilities, and with them the exact odds, add up to 1.
  const total = TACTICS.reduce((sum, tactic) => sum + (t[tactic] ?? 0), 0);
  for (const tactic of TACTICS) {
    const p = t[tactic];
    if (p && p > 0) m.set(tactic, p / total);
  }
  return m;
}

export function compileWarMachine(s: WarMachineScenario): CompiledWarMachine {
  const ratings = rateSides([s.sides[0], s.sides[1]], s.policies);
  const policies: BattlePolicies = {
    tie: s.policies.tie,
    casualtyMod: s.policies.casualtyMod,
    mercy: s.policies.mercy,
  };
  let favoured: 0 | 1 | null = null;
  if (s.policies.tie === 'defender') favoured = s.sides[0].defending ? 0 : 1;
  if (s.policies.tie === 'attacker') favoured = s.sides[0].defending ? 1 : 0;

  const mixA = tacticMix(s.sides[0].tactic);
  const mixB = tacticMix(s.sides[1].tactic);
  const pairs: Pairing[] = [];
  if (mixA === null || mixB === null)
    pairs.push({ tactics: [null, null], probability: 1, effects: pairEffects(null, null) });
  else {
    for (const [ta, pa] of mixA)
      for (const [tb, pb] of mixB)
        pairs.push({ tactics: [ta, tb], probability: pa * pb, effects: pairEffects(ta, tb) });
  }
  const sides: [BattleSide, BattleSide] = [0, 1].map((i) => ({
    troops: s.sides[i].troops,
    modifiedBattleRating: ratings[i].modifiedBattleRating,
    tactic: null,
    healsWounded: s.sides[i].staffOfHealing ? STAFF_OF_HEALING_CURES : 0,
  })) as [BattleSide, BattleSide];

  const codeTable = new Uint8Array(pairs.length * ROLL_PAIRS);
  const counts = new Float64Array(pairs.length * (CODE_COUNT + 1));
  const pairThresholds = cumulativeThresholds(pairs.map((pair) => pair.probability));
  pairs.forEach((pair, p) => {
    fillCodes(
      codeTable.subarray(p * ROLL_PAIRS, (p + 1) * ROLL_PAIRS),
      counts.subarray(p * (CODE_COUNT + 1), (p + 1) * (CODE_COUNT + 1)),
      pair.effects,
      sides,
      policies,
      favoured,
    );
  });
  const plan: WarMachinePlan = { kind: 'war-machine', pairCount: pairs.length, pairThresholds, codeTable };
  return { plan, codeCounts: counts, pairs, ratings, sides, policies, favoured };
}

/** Outcome code for combat-result difference `d` = C_A − C_B. */
export function codeForDifference(d: number, tie: BattlePolicies['tie'], favoured: 0 | 1 | null): number {
  if (d > 0) return CODE_A_WINS + resultsRow(d);
  if (d < 0) return CODE_B_WINS + resultsRow(-d);
  if (tie === 'reroll') return CODE_REROLL;
  if (tie === 'stalemate' || favoured === null) return CODE_STALEMATE;
  return favoured === 0 ? CODE_A_WINS_TIE : CODE_B_WINS_TIE;
}

/**
 * One pairing's code table and code counts. The code depends on the rolls only through their difference
 * dA − dB (−99…99, which 100 − |dA − dB| of the 10,000 pairs share): 199 look-ups instead of 10,000 (a cold
 * start, `odds --exact` with tactics, compiles 13 battles: the scenario and 12 best replies), checked against a
 * scan of the table (`codeCounts`) by test/engine/tables-match-rules.test.ts.
 */
function fillCodes(
  out: Uint8Array,
  counts: Float64Array,
  fx: PairEffects,
  sides: [BattleSide, BattleSide],
  policies: BattlePolicies,
  favoured: 0 | 1 | null,
): void {
  if (fx.noCombat) {
    out.fill(CODE_NO_COMBAT);
    counts[CODE_NO_COMBAT] = ROLL_PAIRS;
    return;
  }
  const delta = sides[0].modifiedBattleRating + fx.brBonus[0] - (sides[1].modifiedBattleRating + fx.brBonus[1]);
  const byDifference = new Uint8Array(2 * ROLL_SIDES - 1);
  for (let d = -(ROLL_SIDES - 1); d < ROLL_SIDES; d++) {
    const code = codeForDifference(delta + d, policies.tie, favoured);
    byDifference[d + ROLL_SIDES - 1] = code;
    counts[code === CODE_REROLL ? CODE_COUNT : code] += ROLL_SIDES - Math.abs(d);
  }
  for (let rollA = 0; rollA < ROLL_SIDES; rollA++) {
    // Row rollA of the table is byDifference from d = rollA − 0 down to rollA − 99.
    for (let rollB = 0; rollB < ROLL_SIDES; rollB++)
      out[rollA * ROLL_SIDES + rollB] = byDifference[rollA - rollB + ROLL_SIDES - 1];
  }
}

/** Who won and with which row, for a decided code. */
export function decodeCode(code: number): { winner: 0 | 1; row: number } | null {
  if (code >= CODE_B_WINS) return { winner: 1, row: code - CODE_B_WINS };
  if (code >= CODE_A_WINS) return { winner: 0, row: code - CODE_A_WINS };
  if (code === CODE_A_WINS_TIE) return { winner: 0, row: 0 };
  if (code === CODE_B_WINS_TIE) return { winner: 1, row: 0 };
  return null;
}

/** The readable outcome of a code under a pairing. */
export function outcomeOfCode(c: CompiledWarMachine, pair: number, code: number) {
  const d = decodeCode(code);
  if (d === null) return null;
  const p = c.pairs[pair];
  return decidedSides(c.sides, p.effects, d.winner, d.row, c.policies);
}

/**
 * How many of the 10,000 roll pairs give each code, per pairing: `pairCount × (CODE_COUNT + 1)` counts, the last
 * of each pairing's block the rerolled pairs. A function of the compiled table alone, so compiling stores it and
 * exact odds need not scan the table again (docs/api.md: compile once, ask many times).
 */
export function codeCounts(plan: WarMachinePlan): Float64Array {
  const stride = CODE_COUNT + 1;
  const counts = new Float64Array(plan.pairCount * stride);
  for (let p = 0; p < plan.pairCount; p++) {
    for (let i = 0; i < ROLL_PAIRS; i++) {
      const code = plan.codeTable[p * ROLL_PAIRS + i];
      counts[p * stride + (code === CODE_REROLL ? CODE_COUNT : code)]++;
    }
  }
  return counts;
}
