/**
 * The War Machine hot loop: per battle, sample the tactic pairing (if mixed), roll two d100 as one uniform
 * index 0…9999 (`Xoshiro128.twoD100`), read the outcome code, count it. Nothing is allocated inside the loop.
 * Accumulator layout: [pair × CODE_COUNT + code] counts, then the number of tied rolls that were rerolled.
 */
import { chunkState, Stream, Xoshiro128 } from '../../rng/index.js';
import {
  CODE_A_WINS_TIE,
  CODE_B_WINS_TIE,
  CODE_COUNT,
  CODE_NO_COMBAT,
  codeCounts,
  CODE_REROLL,
  CODE_STALEMATE,
  ROLL_PAIRS,
  type WarMachinePlan,
} from './plan.js';

/** Battles per chunk: the unit of seeding (a contract: changing it changes every answer). */
export const WAR_MACHINE_CHUNK = 100_000;

export function warMachineAccLength(plan: WarMachinePlan): number {
  return plan.pairCount * CODE_COUNT + 1;
}

/** A chunk's four seed words (written by chunkState, read at once by the chunk's generator). */
const seedWords = new Uint32Array(4);

export function runWarMachineChunks(
  plan: WarMachinePlan,
  seed: number,
  firstChunk: number,
  chunkCount: number,
  totalTrials: number,
  acc: Float64Array,
): void {
  const table = plan.codeTable;
  const thresholds = plan.pairThresholds;
  const pairCount = plan.pairCount | 0;
  const tieSlot = pairCount * CODE_COUNT;
  // the imported constants as locals: the loop compares with registers, not with module bindings read every battle
  const reroll = CODE_REROLL,
    codeCount = CODE_COUNT,
    rollPairs = ROLL_PAIRS;
  for (let c = firstChunk; c < firstChunk + chunkCount; c++) {
    const n = Math.min(WAR_MACHINE_CHUNK, totalTrials - c * WAR_MACHINE_CHUNK) | 0;
    if (n <= 0) break;
    // A generator of the chunk's own, never stored: V8's escape analysis keeps its four state words in registers
    // (a module-level instance loads and stores them on every draw: 1.3× slower, docs/benchmarks.md "Native
    // references"). Allocated per chunk at most, if V8 does not remove it.
    const rng = new Xoshiro128(chunkState(seed, Stream.warMachine, c, seedWords));
    let done = 0;
    let ties = 0;
    if (pairCount === 1) {
      // One pairing (no tactic mix, the usual battle): the loop is the dice and the count, nothing else. The
      // general loop below draws the same numbers for one pairing; this one has no pairing branches (1.3× faster).
      while (done < n) {
        const code = table[rng.twoD100()];
        if (code === reroll) {
          ties++;
          continue;
        }
        acc[code]++;
        done++;
      }
    } else {
      while (done < n) {
        // one draw picks the pairing, the next ones roll the dice (a rerolled tie keeps the pairing)
        const x = rng.next();
        let p = 0;
        while (x >= thresholds[p]) p++;
        const base = p * rollPairs;
        let code = table[base + rng.twoD100()];
        while (code === reroll) {
          ties++;
          code = table[base + rng.twoD100()];
        }
        acc[p * codeCount + code]++;
        done++;
      }
    }
    acc[tieSlot] += ties;
  }
}

/**
 * Exact enumeration of the same tables: probability of each (pair, code), conditional on no tie when the
 * policy rerolls ties. The last slot holds the probability that a roll ties, per roll made, which is what the
 * Monte Carlo estimates as tied rolls / rolls (a pairing with tie chance q makes 1/(1 − q) rolls per battle
 * when ties are rerolled).
 */
export function exactWarMachine(plan: WarMachinePlan, pairProbabilities: readonly number[]): Float64Array {
  return exactFromCounts(plan.pairCount, codeCounts(plan), pairProbabilities);
}

/** Exact code probabilities (and, last, the tied-roll rate) from per-pairing code counts. */
export function exactFromCounts(
  pairCount: number,
  counts: Float64Array,
  pairProbabilities: readonly number[],
): Float64Array {
  const stride = CODE_COUNT + 1;
  const out = new Float64Array(pairCount * CODE_COUNT + 1);
  let tieMass = 0;
  let rollMass = 0;
  for (let p = 0; p < pairCount; p++) {
    const at = p * stride;
    const rerolls = counts[at + CODE_COUNT];
    const decided = ROLL_PAIRS - rerolls;
    for (let code = 0; code < CODE_COUNT; code++)
      out[p * CODE_COUNT + code] = (pairProbabilities[p] * counts[at + code]) / decided;
    if (counts[at + CODE_NO_COMBAT] === ROLL_PAIRS) continue; // no battle, no rolls
    const ties = rerolls + counts[at + CODE_STALEMATE] + counts[at + CODE_A_WINS_TIE] + counts[at + CODE_B_WINS_TIE];
    const q = ties / ROLL_PAIRS;
    const rollsPerBattle = rerolls > 0 ? 1 / (1 - q) : 1;
    tieMass += pairProbabilities[p] * q * rollsPerBattle;
    rollMass += pairProbabilities[p] * rollsPerBattle;
  }
  out[pairCount * CODE_COUNT] = rollMass > 0 ? tieMass / rollMass : 0;
  return out;
}
