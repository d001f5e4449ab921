/**
 * From the siege accumulators to the answer a user reads: the survival curve (P(fallen by week w) with Wilson
 * intervals), weeks to fall, endings, casualties per side and fortification damage.
 */
import { DAMAGE_CLASSES } from '../../rules/siege/tables.js';
import {
  cumulativeOf,
  discreteMean,
  discreteQuantile,
  wilsonInterval,
  type Cumulative,
  type Discrete,
  type SpreadWithQuartiles,
} from '../../stats/index.js';
import { ENDINGS, HISTOGRAM_BINS, type SiegePlan } from './plan.js';
import { FALLEN_ENDINGS, siegeAccumulator } from './accumulator.js';
import { SIEGE_ENDING_VOCABULARY, type EndingCause } from './endings.js';
import { SERIES_STRIDE, siegeLayout, SQUARE, SUM, SUPPLY_HISTOGRAMS_PER_SIDE } from './kernel.js';
import { meanSd } from '../../stats/batches.js';
import { SHOT_PER_UNIT } from '../../rules/siege/ammunition.js';

/**
 * Siege figures come with quartiles (src/stats: one Spread shape for every result) and the per-siege standard
 * deviation `sd` (sample SD over the sieges, from the sum and the sum of squares; quantiles are bin edges when
 * the bin width is over 1, the mean and SD are exact).
 */
export type Spread = SpreadWithQuartiles & { sd: number };

export interface SiegeSummary {
  /** P(the fortress has fallen — stormed, starved or abandoned — by the end of week w), w = 1…weekLimit. */
  fallenByWeek: { week: number; probability: number; ci95: [number, number] }[];
  /** The survival curve: P(still standing — not stormed, starved or abandoned — after week w) = 1 − fallenByWeek. */
  standingAfterWeek: { week: number; probability: number; ci95: [number, number] }[];
  /** Weeks to fall among the sieges that fell; `probability` that it fell within the week limit. */
  weeksToFall:
    | ({ probability: number; ci95: [number, number] } & Spread)
    | { probability: number; ci95: [number, number]; mean: null };
  /** Each ending's probability, its cause and words (src/kinds/siege/endings.ts: one vocabulary for every presenter). */
  endings: Record<
    (typeof ENDINGS)[number],
    {
      probability: number;
      ci95: [number, number];
      meanWeek: number | null;
      /** The SD of that week over the sieges with this ending (null: none). */
      weekSd: number | null;
      cause: EndingCause;
      side: 'attacker' | 'defender';
      fallen: boolean;
      words: string;
    }
  >;
  /** Mean weeks of siege actually fought (all endings), and their SD over the sieges. */
  meanWeeks: number;
  weeksSd: number;
  casualties: {
    attacker: { dead: Spread; wounded: Spread };
    defender: { dead: Spread; wounded: Spread; desertedMean: number; desertedSd: number };
    /** Histogram bin width (1 = exact counts; larger forces are binned and quantiles are bin lower edges). */
    binWidth: [number, number];
  };
  /**
   * Troops lost as "at most / at least" curves: for each value x with weight, P(lost ≤ x) and P(lost ≥ x). Values
   * are histogram bin lower edges (exact counts when `casualties.binWidth` is 1; otherwise x stands for x to
   * x + binWidth − 1).
   */
  casualtyCumulative: {
    attacker: { dead: Cumulative; wounded: Cumulative };
    defender: { dead: Cumulative; wounded: Cumulative };
  };
  damage: {
    rubbleProbability: number;
    rubbleCi95: [number, number];
    meanDamage: number;
    damageSd: number;
    meanBreachFeet: number;
    breachFeetSd: number;
    /** Per class: hit points, mean damage per siege and its SD over the sieges. */
    byClass: Record<string, { hitPoints: number; expectedDamage: number; damageSd: number }>;
  };
  bombard: { weeks: number; meanDefenderHitDice: number | null; meanAttackerHitDice: number | null };
  /** Battles fought and assaults repulsed, in all the sieges; per siege: their means and SDs. */
  battles: number;
  assaultsRepulsed: number;
  perSiege: { battles: { mean: number; sd: number }; assaultsRepulsed: { mean: number; sd: number } };
  /**
   * The defenders' departures (sheet l. 294–296; RC l. 11511): the mean rear guard left behind per siege (policy
   * `rearGuard`), and the probability of departing under each attacker tactic, which says when the departure is
   * noticed: bombard never, harass 1d4 hours after dawn, assault after one turn.
   */
  departure: { rearGuardMean: number; unnoticed: number; noticedHoursAfterDawn: number; noticedAfterOneTurn: number };
  /** Weekly accounting per side (null: no `supplies`). */
  supplies: { attacker: SideSupplies; defender: SideSupplies; byWeek: SuppliesWeek[] } | null;
}

/** When a store first ran short: probability within the siege, mean week, P(first short in week w), w = 1…weekLimit. */
export interface RanShort {
  probability: number;
  meanWeek: number | null;
  byWeek: number[];
}

/** Mean and 5% / 50% / 95% quantiles of a per-siege amount (bin lower edges when the bin width is over 1). */
export interface Amount {
  mean: number;
  p05: number;
  p50: number;
  p95: number;
}

export interface SideSupplies {
  rations: { start: number; usedMean: number; leftMean: number; ranShort: RanShort } | null;
  money: { start: number; spentMean: number; leftMean: number; ranShort: RanShort; spent: Amount; left: Amount } | null;
  /**
   * Ammunition (null: not accounted). Artillery shot in light-catapult units (6 light = 5 heavy = 4 trebuchet
   * units, RC l. 11679), ballista bolts in ballista units; a unit is a week's worth for one piece (RC l. 11645).
   */
  ammunition: {
    artillery: {
      unit: 'light-catapult units';
      start: number;
      used: Amount;
      gatheredMean: number;
      left: Amount;
      ranShort: RanShort;
    };
    ballista: { unit: 'ballista units'; start: number; used: Amount; left: Amount; ranShort: RanShort };
  } | null;
  /** Troops who deserted unfed (the defender's are also in casualties.defender.desertedMean). */
  desertedMean: number;
}

function histogramOf(counts: Float64Array, offset: number, width: number): Discrete {
  const d: Discrete = { values: [], weights: [] };
  for (let b = 0; b < HISTOGRAM_BINS; b++) {
    const w = counts[offset + b];
    if (w > 0) {
      d.values.push(b * width);
      d.weights.push(w);
    }
  }
  return d;
}

/** Quantiles from the histogram at `offset`; mean and SD from the exact sum and sum of squares. */
function spreadOf(
  counts: Float64Array,
  offset: number,
  width: number,
  trials: number,
  sum: number,
  squares: number,
): Spread {
  const d = histogramOf(counts, offset, width);
  const q = (p: number) => discreteQuantile(d, p);
  return { ...meanSd(trials, sum, squares), p05: q(0.05), p25: q(0.25), p50: q(0.5), p75: q(0.75), p95: q(0.95) };
}

/** The SD of a weighted discrete distribution (sample SD over its total weight; 0 with one observation). */
function discreteSd(d: Discrete): number {
  let n = 0,
    sum = 0,
    squares = 0;
  for (let i = 0; i < d.values.length; i++) {
    n += d.weights[i];
    sum += d.weights[i] * d.values[i];
    squares += d.weights[i] * d.values[i] * d.values[i];
  }
  return meanSd(n, sum, squares).sd;
}

function ranShort(acc: Float64Array, at: number, weeks: number, trials: number): RanShort {
  let k = 0,
    sum = 0;
  const byWeek: number[] = [];
  for (let w = 1; w <= weeks; w++) {
    k += acc[at + w];
    sum += w * acc[at + w];
    byWeek.push(acc[at + w] / trials);
  }
  return { probability: k / trials, meanWeek: k > 0 ? sum / k : null, byWeek };
}

/** An amount's quantiles from its histogram (`scale` divides the values: shot → light-catapult units). */
function amountOf(acc: Float64Array, at: number, width: number, mean: number, scale = 1): Amount {
  const d: Discrete = { values: [], weights: [] };
  for (let b = 0; b < HISTOGRAM_BINS; b++) {
    if (acc[at + b] > 0) {
      d.values.push((b * width) / scale);
      d.weights.push(acc[at + b]);
    }
  }
  if (d.values.length === 0) return { mean, p05: 0, p50: 0, p95: 0 };
  return { mean, p05: discreteQuantile(d, 0.05), p50: discreteQuantile(d, 0.5), p95: discreteQuantile(d, 0.95) };
}

/** Mean stores at the start of each week among the sieges still running then (the supplies chart). */
export interface SuppliesWeek {
  week: number;
  /** Share of the sieges still running at the start of the week. */
  running: number;
  attacker: WeekStores;
  defender: WeekStores;
}
/** Rations, money (gp), artillery shot (light-catapult units), ballista units; null: not accounted. */
export interface WeekStores {
  rations: number | null;
  money: number | null;
  artillery: number | null;
  ballista: number | null;
}

function suppliesOf(plan: SiegePlan, acc: Float64Array, trials: number): SiegeSummary['supplies'] {
  if (!plan.stores) return null;
  const lay = siegeLayout(plan);
  const S = lay.sums;
  const L = plan.weekLimit;
  const LIGHT = SHOT_PER_UNIT.lightCatapult;
  const side = (i: 0 | 1): SideSupplies => {
    const used = acc[S + SUM.rationsUsedAttacker + i] / trials;
    const paid = acc[S + SUM.paidAttacker + i] / trials;
    const h = lay.supplyHistograms + i * SUPPLY_HISTOGRAMS_PER_SIDE * HISTOGRAM_BINS;
    const w = (k: number) => plan.supplyBinWidth[i * SUPPLY_HISTOGRAMS_PER_SIDE + k];
    const short = (k: number) => ranShort(acc, lay.supplyWeeks + k * (L + 1), L, trials);
    const moneySpent = amountOf(acc, h, w(0), paid);
    const shotUsed = acc[S + SUM.shotUsedAttacker + i] / trials;
    const shotLeft = acc[S + SUM.shotLeftAttacker + i] / trials;
    const boltsUsed = acc[S + SUM.ballistaUsedAttacker + i] / trials;
    const boltsLeft = acc[S + SUM.ballistaLeftAttacker + i] / trials;
    return {
      rations:
        plan.rations[i] < 0
          ? null
          : { start: plan.rations[i], usedMean: used, leftMean: plan.rations[i] - used, ranShort: short(i) },
      money:
        plan.money[i] < 0
          ? null
          : {
              start: plan.money[i],
              spentMean: paid,
              leftMean: plan.money[i] - paid,
              ranShort: short(2 + i),
              spent: moneySpent,
              // no income under siege (RC l. 11555): what is left is the start less what was spent
              left: {
                mean: plan.money[i] - paid,
                p05: plan.money[i] - moneySpent.p95,
                p50: plan.money[i] - moneySpent.p50,
                p95: plan.money[i] - moneySpent.p05,
              },
            },
      ammunition:
        plan.ammoShot[i] < 0
          ? null
          : {
              artillery: {
                unit: 'light-catapult units',
                start: plan.ammoShot[i] / LIGHT,
                used: amountOf(acc, h + HISTOGRAM_BINS, w(1), shotUsed / LIGHT, LIGHT),
                gatheredMean: acc[S + SUM.shotGatheredAttacker + i] / trials / LIGHT,
                left: amountOf(acc, h + 2 * HISTOGRAM_BINS, w(2), shotLeft / LIGHT, LIGHT),
                ranShort: short(4 + i),
              },
              ballista: {
                unit: 'ballista units',
                start: plan.ammoBallista[i],
                used: amountOf(acc, h + 3 * HISTOGRAM_BINS, w(3), boltsUsed),
                left: amountOf(acc, h + 4 * HISTOGRAM_BINS, w(4), boltsLeft),
                ranShort: short(6 + i),
              },
            },
      desertedMean: i === 0 ? acc[S + SUM.attackerDeserted] / trials : acc[S + SUM.deserted] / trials,
    };
  };
  const byWeek: SuppliesWeek[] = [];
  for (let week = 1; week <= L; week++) {
    const at = lay.supplySeries + week * SERIES_STRIDE;
    const n = acc[at];
    if (n === 0) break;
    const mean = (k: number, on: boolean, scale = 1) => (on ? acc[at + 1 + k] / n / scale : null);
    const stores = (i: 0 | 1): WeekStores => ({
      rations: mean(i, plan.rations[i] >= 0),
      money: mean(2 + i, plan.money[i] >= 0),
      artillery: mean(4 + i, plan.ammoShot[i] >= 0, LIGHT),
      ballista: mean(6 + i, plan.ammoBallista[i] >= 0),
    });
    byWeek.push({ week, running: n / trials, attacker: stores(0), defender: stores(1) });
  }
  return { attacker: side(0), defender: side(1), byWeek };
}

export function summarizeSiege(plan: SiegePlan, acc: Float64Array, trials: number): SiegeSummary {
  const L = plan.weekLimit;
  const lay = siegeLayout(plan);
  const read = siegeAccumulator(plan);
  const at = (e: number, w: number) => read.ending(acc, e, w);
  const fallenByWeek: SiegeSummary['fallenByWeek'] = [];
  const fallWeeks: Discrete = { values: [], weights: [] };
  let cum = 0;
  for (let w = 1; w <= L; w++) {
    let k = 0;
    for (const e of FALLEN_ENDINGS) k += at(e, w);
    if (k > 0) {
      fallWeeks.values.push(w);
      fallWeeks.weights.push(k);
    }
    cum += k;
    fallenByWeek.push({ week: w, probability: cum / trials, ci95: wilsonInterval(cum, trials) });
  }
  const standingAfterWeek = fallenByWeek.map((f) => ({
    week: f.week,
    probability: 1 - f.probability,
    ci95: [1 - f.ci95[1], 1 - f.ci95[0]] as [number, number],
  }));
  const q = (p: number) => discreteQuantile(fallWeeks, p);
  const weeksToFall: SiegeSummary['weeksToFall'] =
    cum > 0
      ? {
          probability: cum / trials,
          ci95: wilsonInterval(cum, trials),
          mean: discreteMean(fallWeeks),
          sd: discreteSd(fallWeeks),
          p05: q(0.05),
          p25: q(0.25),
          p50: q(0.5),
          p75: q(0.75),
          p95: q(0.95),
        }
      : { probability: 0, ci95: wilsonInterval(0, trials), mean: null };
  const endings = {} as SiegeSummary['endings'];
  ENDINGS.forEach((name, e) => {
    let k = 0;
    let weeks = 0;
    let squares = 0;
    for (let w = 0; w <= L; w++) {
      k += at(e, w);
      weeks += w * at(e, w);
      squares += w * w * at(e, w);
    }
    endings[name] = {
      probability: k / trials,
      ci95: wilsonInterval(k, trials),
      meanWeek: k > 0 ? weeks / k : null,
      weekSd: k > 0 ? meanSd(k, weeks, squares).sd : null,
      ...SIEGE_ENDING_VOCABULARY[name],
    };
  });
  const S = lay.sums;
  const H = lay.histograms;
  const [wa, wd] = [plan.binWidth[0], plan.binWidth[1]];
  const Q = lay.squares;
  /** Mean and SD per siege of the amount summed at sums slot `sum` and squared at squares slot `square`. */
  const perSiege = (sum: number, square: number) => meanSd(trials, acc[S + sum], acc[Q + square]);
  const byClass: SiegeSummary['damage']['byClass'] = {};
  DAMAGE_CLASSES.forEach((c, i) => {
    const m = perSiege(SUM.damageByClass + i, SQUARE.damageByClass + i);
    byClass[c] = { hitPoints: plan.hitPoints[i], expectedDamage: m.mean, damageSd: m.sd };
  });
  const casualty = (histogram: number, width: number, sum: number, square: number) =>
    spreadOf(acc, H + histogram * HISTOGRAM_BINS, width, trials, acc[S + sum], acc[Q + square]);
  const deserted = perSiege(SUM.deserted, SQUARE.deserted);
  const damage = perSiege(SUM.damageTotal, SQUARE.damageTotal);
  const breach = perSiege(SUM.breachFeet, SQUARE.breachFeet);
  const bw = acc[S + SUM.bombardWeeks];
  const rubble = acc[S + SUM.rubble];
  return {
    fallenByWeek,
    standingAfterWeek,
    weeksToFall,
    endings,
    meanWeeks: acc[S + SUM.weeks] / trials,
    weeksSd: perSiege(SUM.weeks, SQUARE.weeks).sd,
    casualties: {
      attacker: {
        dead: casualty(0, wa, SUM.attackerDead, SQUARE.attackerDead),
        wounded: casualty(1, wa, SUM.attackerWounded, SQUARE.attackerWounded),
      },
      defender: {
        dead: casualty(2, wd, SUM.defenderDead, SQUARE.defenderDead),
        wounded: casualty(3, wd, SUM.defenderWounded, SQUARE.defenderWounded),
        desertedMean: deserted.mean,
        desertedSd: deserted.sd,
      },
      binWidth: [wa, wd],
    },
    casualtyCumulative: {
      attacker: {
        dead: cumulativeOf(histogramOf(acc, H, wa)),
        wounded: cumulativeOf(histogramOf(acc, H + HISTOGRAM_BINS, wa)),
      },
      defender: {
        dead: cumulativeOf(histogramOf(acc, H + 2 * HISTOGRAM_BINS, wd)),
        wounded: cumulativeOf(histogramOf(acc, H + 3 * HISTOGRAM_BINS, wd)),
      },
    },
    damage: {
      rubbleProbability: rubble / trials,
      rubbleCi95: wilsonInterval(rubble, trials),
      meanDamage: damage.mean,
      damageSd: damage.sd,
      meanBreachFeet: breach.mean,
      breachFeetSd: breach.sd,
      byClass,
    },
    bombard: {
      weeks: bw,
      meanDefenderHitDice: bw > 0 ? acc[S + SUM.bombardDefenderHdTenths] / 10 / bw : null,
      meanAttackerHitDice: bw > 0 ? acc[S + SUM.bombardAttackerHdTenths] / 10 / bw : null,
    },
    battles: acc[S + SUM.battles],
    assaultsRepulsed: acc[S + SUM.repulsed],
    perSiege: {
      battles: perSiege(SUM.battles, SQUARE.battles),
      assaultsRepulsed: perSiege(SUM.repulsed, SQUARE.repulsed),
    },
    departure: {
      rearGuardMean: acc[S + SUM.rearGuard] / trials,
      unnoticed: acc[S + SUM.departedUnderBombard] / trials,
      noticedHoursAfterDawn: acc[S + SUM.departedUnderHarass] / trials,
      noticedAfterOneTurn: acc[S + SUM.departedUnderAssault] / trials,
    },
    supplies: suppliesOf(plan, acc, trials),
  };
}
