/**
 * Engagements (pursuit, docs/rules.md §7) as a kernel: state carries from day to day (troops, fatigue, the troop
 * ratio), so there is no exact enumeration; the per-(pairing, winner, row) consequences are compiled from the
 * readable rules into tables. `src/rules/warMachine/engagement.ts` is the readable twin; a test runs both on the
 * same dice and compares every count.
 */
import { Stream, Xoshiro128 } from '../../rng/index.js';
import { decidedSides } from '../../rules/warMachine/battle.js';
import {
  contactAfter,
  ENGAGEMENT_ENDS,
  FATIGUE_PENALTY,
  type EngagementEnd,
  type EngagementSide,
} from '../../rules/warMachine/engagement.js';
import { discrete, discreteQuantile } from '../../stats/index.js';
import { MAX_DIFFERENCE, resultsRow, ROW_COUNT, type Fatigue } from '../../rules/warMachine/results.js';
import type { Kernel } from '../../engine/kernel.js';
import { RATIO_MODE, ratioBonus, type RatioRounding } from '../../rules/warMachine/adjustments.js';
import type { CompiledWarMachine } from '../warMachine/plan.js';

/** Engagements per chunk: the unit of seeding. */
export const ENGAGEMENT_CHUNK = 20_000;
/** Loss histogram bins per side and measure (troops lost, in bins of ⌈troops / 1000⌉). */
export const ENGAGEMENT_BINS = 1001;
const CONTACT = { holds: 0, broken: 1, 'both-left': 2, rout: 3, destroyed: 4 } as const;
/** Ending codes, in ENGAGEMENT_ENDS order. */
const END_NO_BATTLE = 0,
  END_BROKEN = 1,
  END_BOTH_LEFT = 2,
  END_ROUT = 3,
  END_DESTROYED = 4,
  END_DAY_LIMIT = 5;
const FATIGUE_CODE: Record<Fatigue, number> = { N: 0, M: 1, S: 2, '-': 2 };
const FATIGUE_BR = new Int32Array([FATIGUE_PENALTY.N, FATIGUE_PENALTY.M, FATIGUE_PENALTY.S]);
const TIE_REROLL = 0,
  TIE_STALEMATE = 1,
  TIE_FAVOURED = 2;

export interface EngagementPlan {
  kind: 'war-machine-engagement';
  maxDays: number;
  pairCount: number;
  pairThresholds: Float64Array;
  noCombat: Uint8Array;
  /** Tactic BR per pairing: [pair × 2 + side]. */
  brBonus: Int32Array;
  /** [((pair × 2 + winner) × ROW_COUNT + row) × 2 + side]: casualty percentage num/den, field left, fatigue code. */
  pctNum: Float64Array;
  pctDen: Float64Array;
  leftField: Uint8Array;
  /** The side holds the field (F, F+n): a staff of healing works. */
  holdsField: Uint8Array;
  fatigue: Uint8Array;
  /** [(pair × 2 + winner) × ROW_COUNT + row]: CONTACT code. */
  contact: Uint8Array;
  troops: Float64Array;
  baseBr: Float64Array;
  fatigue0: Uint8Array;
  /** The troop-ratio reading as `ratioBonus` takes it (`RATIO_MODE`, policy `ratioRounding`). */
  ratioMode: number;
  tie: number;
  favoured: number;
  binWidth: Float64Array;
  /** Wounded cured per battle held, per side (staff of healing; 0: none). */
  healing: Float64Array;
  /** Results row by difference 0…151 (0 for a tie given to a side). */
  rowOf: Uint8Array;
}

/** Accumulator layout. */
export function engagementLayout(plan: Pick<EngagementPlan, 'maxDays'>) {
  const days = 0; // [days fought 0…maxDays]
  const endings = plan.maxDays + 1; // 6
  const lastWinner = endings + 6; // A, B, none
  const fates = lastWinner + 3; // A routed, B routed, A destroyed, B destroyed
  const sums = fates + 4; // dead A, wounded A, dead B, wounded B
  const histograms = sums + 4; // lost A, dead A, lost B, dead B: ENGAGEMENT_BINS each
  return { days, endings, lastWinner, fates, sums, histograms, length: histograms + 4 * ENGAGEMENT_BINS };
}

/** The readable sides of an engagement: modified BR without the troop ratio and fatigue, which change daily. */
export function engagementSides(
  c: CompiledWarMachine,
  scenarioFatigue: readonly [string, string],
): [EngagementSide, EngagementSide] {
  return [0, 1].map((s) => {
    const r = c.ratings[s];
    const varying = r.adjustments
      .filter((a) => a.group === 'troop ratio' || a.group === 'fatigue')
      .reduce((t, a) => t + a.value, 0);
    const fatigue: Fatigue = scenarioFatigue[s] === 'serious' ? 'S' : scenarioFatigue[s] === 'moderate' ? 'M' : 'N';
    return {
      troops: r.troops,
      baseBattleRating: r.modifiedBattleRating - varying,
      fatigue,
      healsWounded: c.sides[s].healsWounded ?? 0,
    };
  }) as [EngagementSide, EngagementSide];
}

export function compileEngagement(
  c: CompiledWarMachine,
  sides: readonly [EngagementSide, EngagementSide],
  ratioRounding: RatioRounding,
  maxDays: number,
): EngagementPlan {
  const P = c.pairs.length;
  const n = P * 2 * ROW_COUNT;
  const plan: EngagementPlan = {
    kind: 'war-machine-engagement',
    maxDays,
    pairCount: P,
    pairThresholds: Float64Array.from(c.plan.pairThresholds),
    noCombat: new Uint8Array(P),
    brBonus: new Int32Array(2 * P),
    pctNum: new Float64Array(2 * n),
    pctDen: new Float64Array(2 * n),
    leftField: new Uint8Array(2 * n),
    holdsField: new Uint8Array(2 * n),
    fatigue: new Uint8Array(2 * n),
    contact: new Uint8Array(n),
    troops: Float64Array.from(sides.map((s) => s.troops)),
    baseBr: Float64Array.from(sides.map((s) => s.baseBattleRating)),
    fatigue0: Uint8Array.from(sides.map((s) => FATIGUE_CODE[s.fatigue])),
    ratioMode: RATIO_MODE[ratioRounding],
    tie:
      c.policies.tie === 'reroll'
        ? TIE_REROLL
        : c.policies.tie === 'stalemate' || c.favoured === null
          ? TIE_STALEMATE
          : TIE_FAVOURED,
    favoured: c.favoured ?? -1,
    binWidth: Float64Array.from(sides.map((s) => Math.max(1, Math.ceil(s.troops / (ENGAGEMENT_BINS - 1))))),
    healing: Float64Array.from(sides.map((s) => s.healsWounded ?? 0)),
    rowOf: Uint8Array.from({ length: MAX_DIFFERENCE + 1 }, (_, d) => (d === 0 ? 0 : resultsRow(d))),
  };
  c.pairs.forEach((pair, p) => {
    plan.noCombat[p] = pair.effects.noCombat ? 1 : 0;
    plan.brBonus[2 * p] = pair.effects.brBonus[0];
    plan.brBonus[2 * p + 1] = pair.effects.brBonus[1];
    if (pair.effects.noCombat) return;
    for (let winner = 0 as 0 | 1; winner < 2; winner++) {
      for (let row = 0; row < ROW_COUNT; row++) {
        const o = decidedSides(c.sides, pair.effects, winner as 0 | 1, row, c.policies);
        const k = (p * 2 + winner) * ROW_COUNT + row;
        plan.contact[k] =
          CONTACT[contactAfter(o[winner].location, o[1 - winner].location, pair.effects.withdraws[1 - winner])];
        for (let s = 0; s < 2; s++) {
          plan.pctNum[2 * k + s] = o[s].percent.num;
          plan.pctDen[2 * k + s] = o[s].percent.den;
          const l = o[s].location;
          plan.leftField[2 * k + s] = o[s].woundedLost ? 1 : 0;
          plan.holdsField[2 * k + s] = l[0] === 'F' ? 1 : 0;
          plan.fatigue[2 * k + s] = FATIGUE_CODE[o[s].fatigue];
        }
      }
    }
  });
  return plan;
}

const rng = new Xoshiro128();

export function runEngagementChunks(
  plan: EngagementPlan,
  seed: number,
  firstChunk: number,
  chunkCount: number,
  totalTrials: number,
  acc: Float64Array,
): void {
  const L = engagementLayout(plan);
  const maxDays = plan.maxDays | 0;
  const pairCount = plan.pairCount | 0;
  const thresholds = plan.pairThresholds;
  const troopsA = plan.troops[0],
    troopsB = plan.troops[1];
  const baseA = plan.baseBr[0],
    baseB = plan.baseBr[1];
  const ratioMode = plan.ratioMode | 0,
    tie = plan.tie | 0,
    favoured = plan.favoured | 0;
  const binA = plan.binWidth[0],
    binB = plan.binWidth[1];
  const lastBin = ENGAGEMENT_BINS - 1;
  const { pctNum, pctDen, leftField, holdsField, fatigue: fatigueT, contact, noCombat, brBonus, rowOf } = plan;
  const healA = plan.healing[0],
    healB = plan.healing[1];
  for (let c = firstChunk; c < firstChunk + chunkCount; c++) {
    const n = Math.min(ENGAGEMENT_CHUNK, totalTrials - c * ENGAGEMENT_CHUNK) | 0;
    if (n <= 0) break;
    rng.seedChunk(seed, Stream.engagement, c);
    for (let trial = 0; trial < n; trial++) {
      let tA = troopsA,
        tB = troopsB;
      let fA = plan.fatigue0[0],
        fB = plan.fatigue0[1];
      // days before each side's fatigue eases one step: 1d4 for a side fatigued at the start (A, then B)
      let lA = fA !== 0 ? rng.d4() : 0;
      let lB = fB !== 0 ? rng.d4() : 0;
      let deadA = 0,
        woundedA = 0,
        deadB = 0,
        woundedB = 0;
      let days = 0,
        end = END_DAY_LIMIT,
        last = 2;
      let routedA = 0,
        routedB = 0,
        destroyedA = 0,
        destroyedB = 0;
      for (let day = 1; day <= maxDays; day++) {
        let p = 0;
        if (pairCount > 1) {
          const x = rng.next();
          while (x >= thresholds[p]) p++;
        }
        if (noCombat[p]) {
          end = day === 1 ? END_NO_BATTLE : END_BROKEN;
          break;
        }
        days = day;
        let brA = baseA + brBonus[2 * p] + FATIGUE_BR[fA];
        let brB = baseB + brBonus[2 * p + 1] + FATIGUE_BR[fB];
        if (tA > tB) brA += ratioBonus(tA, tB, ratioMode);
        else if (tB > tA) brB += ratioBonus(tB, tA, ratioMode);
        let d = 0;
        for (;;) {
          const i = rng.twoD100();
          d = brA + ((i / 100) | 0) - (brB + (i % 100));
          if (d !== 0 || tie !== TIE_REROLL) break;
        }
        // today's fatigue result per side; a stalemate (tie policy) fatigues no one but time still heals
        let todayA = 0,
          todayB = 0;
        if (d === 0 && tie === TIE_STALEMATE) {
          last = 2;
        } else {
          const winner = d > 0 ? 0 : d < 0 ? 1 : favoured;
          const diff = d < 0 ? -d : d;
          const row = rowOf[diff > MAX_DIFFERENCE ? MAX_DIFFERENCE : diff];
          const k = (p * 2 + winner) * ROW_COUNT + row;
          // side A
          let lost = Math.ceil((tA * pctNum[2 * k]) / (100 * pctDen[2 * k]));
          if (lost > tA) lost = tA;
          let dead = leftField[2 * k] ? lost : Math.floor(lost / 2);
          if (healA > 0 && holdsField[2 * k]) lost -= lost - dead < healA ? lost - dead : healA;
          deadA += dead;
          woundedA += lost - dead;
          tA -= lost;
          // side B
          lost = Math.ceil((tB * pctNum[2 * k + 1]) / (100 * pctDen[2 * k + 1]));
          if (lost > tB) lost = tB;
          dead = leftField[2 * k + 1] ? lost : Math.floor(lost / 2);
          if (healB > 0 && holdsField[2 * k + 1]) lost -= lost - dead < healB ? lost - dead : healB;
          deadB += dead;
          woundedB += lost - dead;
          tB -= lost;
          last = winner;
          const ct = contact[k];
          if (ct === CONTACT.rout) {
            if (winner === 0) routedB = 1;
            else routedA = 1;
          }
          if (ct === CONTACT.destroyed || (winner === 0 ? tB : tA) === 0) {
            if (winner === 0) destroyedB = 1;
            else destroyedA = 1;
          }
          if ((winner === 0 ? tA : tB) === 0) {
            if (winner === 0) destroyedA = 1;
            else destroyedB = 1;
          }
          if (ct !== CONTACT.holds || tA === 0 || tB === 0) {
            end =
              ct === CONTACT.holds
                ? END_DESTROYED
                : ct === CONTACT.broken
                  ? END_BROKEN
                  : ct === CONTACT['both-left']
                    ? END_BOTH_LEFT
                    : ct === CONTACT.rout
                      ? END_ROUT
                      : END_DESTROYED;
            break;
          }
          todayA = fatigueT[2 * k];
          todayB = fatigueT[2 * k + 1];
        }
        if (day < maxDays) {
          // A: carried fatigue recovers (1d4 days a step), then today's result sets in if worse (a new 1d4)
          if (fA !== 0) {
            if (lA > 1) lA--;
            else if (fA === 2) {
              fA = 1;
              lA = rng.d4();
            } else {
              fA = 0;
              lA = 0;
            }
          }
          if (todayA > fA) {
            fA = todayA;
            lA = rng.d4();
          }
          // B: carried fatigue recovers (1d4 days a step), then today's result sets in if worse (a new 1d4)
          if (fB !== 0) {
            if (lB > 1) lB--;
            else if (fB === 2) {
              fB = 1;
              lB = rng.d4();
            } else {
              fB = 0;
              lB = 0;
            }
          }
          if (todayB > fB) {
            fB = todayB;
            lB = rng.d4();
          }
        }
      }
      acc[L.days + days]++;
      acc[L.endings + end]++;
      acc[L.lastWinner + last]++;
      acc[L.fates] += routedA;
      acc[L.fates + 1] += routedB;
      acc[L.fates + 2] += destroyedA;
      acc[L.fates + 3] += destroyedB;
      acc[L.sums] += deadA;
      acc[L.sums + 1] += woundedA;
      acc[L.sums + 2] += deadB;
      acc[L.sums + 3] += woundedB;
      let b = Math.floor((deadA + woundedA) / binA);
      acc[L.histograms + (b > lastBin ? lastBin : b)]++;
      b = Math.floor(deadA / binA);
      acc[L.histograms + ENGAGEMENT_BINS + (b > lastBin ? lastBin : b)]++;
      b = Math.floor((deadB + woundedB) / binB);
      acc[L.histograms + 2 * ENGAGEMENT_BINS + (b > lastBin ? lastBin : b)]++;
      b = Math.floor(deadB / binB);
      acc[L.histograms + 3 * ENGAGEMENT_BINS + (b > lastBin ? lastBin : b)]++;
    }
  }
}

export const engagementKernel: Kernel<EngagementPlan> = {
  name: 'pursuit',
  chunkTrials: ENGAGEMENT_CHUNK,
  maxChunksPerTask: 50,
  minPoolTrials: 2_000_000,
  accLength: (plan) => engagementLayout(plan).length,
  // Casualty sums: up to both sides' troops a pursuit (1e9 troops × 1e8 pursuits passes 2^53).
  maxPerTrial: (plan) => plan.troops[0] + plan.troops[1],
  run: runEngagementChunks,
};

export interface EngagementSummary {
  maxDays: number;
  trials: number;
  /** P(exactly d battles were fought), d = 0…maxDays, and the mean. */
  days: { distribution: number[]; mean: number };
  endings: Record<EngagementEnd, number>;
  /** Who won the last battle fought; the rest: no battle, or a standing tie. */
  lastBattleWon: [number, number];
  routed: [number, number];
  destroyed: [number, number];
  /** Troops lost over the whole engagement: total and dead with quantiles (to the histogram's bin width), wounded mean. */
  casualties: [EngagementCasualties, EngagementCasualties];
}

export interface EngagementCasualties {
  mean: number;
  p05: number;
  p50: number;
  p95: number;
  dead: { mean: number; p05: number; p50: number; p95: number };
  wounded: { mean: number };
  /** Quantiles are exact when 1, else lower edges of bins this wide. */
  binWidth: number;
}

export function summarizeEngagement(plan: EngagementPlan, acc: Float64Array, trials: number): EngagementSummary {
  const L = engagementLayout(plan);
  const prob = (x: number) => (trials > 0 ? x / trials : 0);
  const distribution = Array.from({ length: plan.maxDays + 1 }, (_, d) => prob(acc[L.days + d]));
  const endings = Object.fromEntries(ENGAGEMENT_ENDS.map((e, i) => [e, prob(acc[L.endings + i])])) as Record<
    EngagementEnd,
    number
  >;
  const hist = (h: number, width: number) =>
    discrete(
      Array.from({ length: ENGAGEMENT_BINS }, (_, b): [number, number] => [
        b * width,
        acc[L.histograms + h * ENGAGEMENT_BINS + b],
      ]),
    );
  const casualties = [0, 1].map((s) => {
    const width = plan.binWidth[s];
    const lost = hist(2 * s, width);
    const dead = hist(2 * s + 1, width);
    const q = (d: ReturnType<typeof discrete>) => ({
      p05: discreteQuantile(d, 0.05),
      p50: discreteQuantile(d, 0.5),
      p95: discreteQuantile(d, 0.95),
    });
    const deadSum = acc[L.sums + 2 * s];
    const woundedSum = acc[L.sums + 2 * s + 1];
    return {
      mean: prob(deadSum + woundedSum),
      ...q(lost),
      dead: { mean: prob(deadSum), ...q(dead) },
      wounded: { mean: prob(woundedSum) },
      binWidth: width,
    };
  }) as [EngagementCasualties, EngagementCasualties];
  return {
    maxDays: plan.maxDays,
    trials,
    days: { distribution, mean: distribution.reduce((t, p, d) => t + p * d, 0) },
    endings,
    lastBattleWon: [prob(acc[L.lastWinner]), prob(acc[L.lastWinner + 1])],
    routed: [prob(acc[L.fates]), prob(acc[L.fates + 1])],
    destroyed: [prob(acc[L.fates + 2]), prob(acc[L.fates + 3])],
    casualties,
  };
}
