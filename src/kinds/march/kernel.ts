/**
 * The march hot loop: the day of src/rules/warMachine/march.ts (`marchDay`) over whole trials, with the state
 * in small integers and the dice drawn in the same order as the readable rules (forced-march or foraging 1d6,
 * recovery 1d4, new-fatigue 1d4). A test runs `followPlan` on the same generator and compares every count.
 */
import { rejectBelow, Stream, Xoshiro128 } from '../../rng/index.js';
import { ACTION_CODE, marchLayout, type MarchPlan } from './plan.js';

/** Trials per chunk: the unit of seeding (a contract: changing it changes every answer). */
export const MARCH_CHUNK = 50_000;

const MARCH = ACTION_CODE.march;
const FORAGE = ACTION_CODE.forage;
const FORAGE_SLOW = ACTION_CODE['forage-slow'];
const FORCED = ACTION_CODE['forced-march'];

const rng = new Xoshiro128();
/** 2^32 mod 6: 1d6 as Xoshiro128.die(6), the threshold computed once. */
const D6_REJECT = rejectBelow(6);

export function marchAccLength(plan: MarchPlan): number {
  return marchLayout(plan).length;
}

export function runMarchChunks(
  plan: MarchPlan,
  seed: number,
  firstChunk: number,
  chunkCount: number,
  totalTrials: number,
  acc: Float64Array,
): void {
  const L = marchLayout(plan);
  const days = plan.days | 0;
  const actions = plan.actions;
  const rate = plan.rate;
  const distance = plan.distance;
  const cells = plan.forcedCells;
  const chance = plan.forageChance;
  const inPlace = plan.forageInPlace;
  const target = plan.target;
  for (let c = firstChunk; c < firstChunk + chunkCount; c++) {
    const n = Math.min(MARCH_CHUNK, totalTrials - c * MARCH_CHUNK) | 0;
    if (n <= 0) break;
    rng.seedChunk(seed, Stream.march, c);
    for (let trial = 0; trial < n; trial++) {
      let dist = 0;
      let food = plan.food;
      let unfed = plan.daysWithoutFood;
      let ex = 0; // exertion fatigue 0 N, 1 M, 2 S
      let left = 0; // days before it eases
      let arrived = 0;
      let fat = 0;
      for (let d = 0; d < days; d++) {
        const hunger = unfed >= 3 ? 2 : unfed >= 2 ? 1 : 0;
        const morning = hunger > ex ? hunger : ex;
        const canMove = morning !== 2;
        const a = actions[d];
        let moved = 0;
        let foraged = false;
        let caused = 0;
        if (a === FORCED) {
          if (canMove) {
            const cell = cells[rng.die(6, D6_REJECT) - 1];
            moved = cell >= 4 ? distance[FORCED] : rate;
            caused = cell & 3;
          }
        } else if (a === FORAGE || a === FORAGE_SLOW) {
          if (canMove || inPlace) {
            foraged = rng.die(6, D6_REJECT) <= chance[a];
            if (canMove) moved = distance[a];
          }
        } else if (a === MARCH && canMove) moved = rate;
        if (foraged) unfed = 0;
        else if (food > 0) {
          food--;
          unfed = 0;
        } else if (unfed < 3) unfed++;
        if (ex !== 0) {
          if (left > 1) left--;
          else if (ex === 2) {
            ex = 1;
            left = rng.d4();
          } else {
            ex = 0;
            left = 0;
          }
        }
        if (caused !== 0) {
          // fatigueAfterForcedMarch: M on an already fatigued force is S.
          const want = caused === 1 && morning !== 0 ? 2 : caused > morning ? caused : morning;
          if (want > ex) {
            ex = want;
            left = rng.d4();
          }
        }
        dist += moved;
        const h = unfed >= 3 ? 2 : unfed >= 2 ? 1 : 0;
        fat = h > ex ? h : ex;
        if (target >= 0 && dist >= target) {
          dist = target;
          arrived = d + 1;
          for (let e = d; e < days; e++) acc[L.perDay + 4 * e + 3]++;
          break;
        }
        acc[L.perDay + 4 * d + fat]++;
      }
      const row = arrived === 0 ? days : arrived - 1;
      acc[L.arrival + row]++;
      acc[L.arrivalFatigue + 3 * row + fat]++;
      acc[L.distance + dist]++;
    }
  }
}
