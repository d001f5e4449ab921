/**
 * From march weights (Monte Carlo counts or exact probabilities, one layout) to what a user reads: P(arrive
 * on / by each day), the distance covered, fatigue on arrival and the army's state day by day. Monte Carlo
 * figures carry 95% Wilson intervals; exact ones carry none.
 */
import { discrete, discreteMean, discreteQuantile, wilsonInterval } from '../../stats/index.js';
import { marchLayout, type MarchPlan } from './plan.js';

export type Interval = [number, number];
export type FatigueSplit = { N: number; M: number; S: number };

export interface MarchDaySummary {
  day: number;
  /** P(arrived on or before this day). */
  arrivedBy: number;
  arrivedByCi95?: Interval;
  /** P(on the road at the end of the day with each fatigue). */
  onRoad: FatigueSplit;
  /** P(seriously fatigued, unable to move, at the end of the day), among all trials. */
  seriouslyFatigued: number;
  seriouslyFatiguedCi95?: Interval;
}

export interface MarchSummary {
  exact: boolean;
  trials: number | null;
  days: number;
  destination: number | null;
  /** P(arriving within the plan). */
  arrives: number;
  arrivesCi95?: Interval;
  /** Fatigue on arriving, given arrival (null if it never arrives). */
  fatigueAtArrival: FatigueSplit | null;
  /** Fatigue at the end of the plan for a force that did not arrive (null if it always arrives). */
  fatigueAtEnd: FatigueSplit | null;
  /** Fatigue when it stops: on arrival, or at the end of the plan. */
  fatigueWhenStopped: FatigueSplit;
  distance: {
    mean: number;
    p05: number;
    p50: number;
    p95: number;
    histogram: { distance: number; probability: number }[];
  };
  perDay: MarchDaySummary[];
  /** First day by which the force is seriously fatigued with probability ≥ ½ (null: never within the plan). */
  daysUntilSpentMedian: number | null;
}

export function summarizeMarch(plan: MarchPlan, w: Float64Array, total: number, exact: boolean): MarchSummary {
  const L = marchLayout(plan);
  const prob = (x: number) => Math.min(1, Math.max(0, x / total));
  const ci = (x: number): Interval | undefined => (exact ? undefined : wilsonInterval(Math.round(x), total));
  const split = (base: number, row: number): FatigueSplit => ({
    N: w[base + 3 * row],
    M: w[base + 3 * row + 1],
    S: w[base + 3 * row + 2],
  });
  const normalise = (f: FatigueSplit): FatigueSplit | null => {
    const t = f.N + f.M + f.S;
    return t > 0 ? { N: f.N / t, M: f.M / t, S: f.S / t } : null;
  };
  const arrivedSplit: FatigueSplit = { N: 0, M: 0, S: 0 };
  for (let d = 0; d < plan.days; d++) {
    const f = split(L.arrivalFatigue, d);
    arrivedSplit.N += f.N;
    arrivedSplit.M += f.M;
    arrivedSplit.S += f.S;
  }
  const endSplit = split(L.arrivalFatigue, plan.days);
  const stopped = { N: arrivedSplit.N + endSplit.N, M: arrivedSplit.M + endSplit.M, S: arrivedSplit.S + endSplit.S };
  let arrivedMass = 0;
  const perDay: MarchDaySummary[] = [];
  let spent: number | null = null;
  for (let d = 0; d < plan.days; d++) {
    arrivedMass += w[L.arrival + d];
    const o = L.perDay + 4 * d;
    const seriously = w[o + 2];
    const day: MarchDaySummary = {
      day: d + 1,
      arrivedBy: prob(arrivedMass),
      onRoad: { N: prob(w[o]), M: prob(w[o + 1]), S: prob(w[o + 2]) },
      seriouslyFatigued: prob(seriously),
    };
    if (!exact) {
      day.arrivedByCi95 = ci(arrivedMass);
      day.seriouslyFatiguedCi95 = ci(seriously);
    }
    if (spent === null && prob(seriously) >= 0.5) spent = d + 1;
    perDay.push(day);
  }
  const hist: [number, number][] = [];
  for (let x = 0; x <= plan.maxDistance; x++) if (w[L.distance + x] > 0) hist.push([x, w[L.distance + x]]);
  const dist = discrete(hist);
  const out: MarchSummary = {
    exact,
    trials: exact ? null : total,
    days: plan.days,
    destination: plan.target < 0 ? null : plan.target,
    arrives: prob(arrivedMass),
    fatigueAtArrival: normalise(arrivedSplit),
    fatigueAtEnd: normalise(endSplit),
    fatigueWhenStopped: normalise(stopped)!,
    distance: {
      mean: discreteMean(dist),
      p05: discreteQuantile(dist, 0.05),
      p50: discreteQuantile(dist, 0.5),
      p95: discreteQuantile(dist, 0.95),
      histogram: hist.map(([distance, x]) => ({ distance, probability: prob(x) })),
    },
    perDay,
    daysUntilSpentMedian: spent,
  };
  if (!exact) out.arrivesCi95 = ci(arrivedMass);
  return out;
}
