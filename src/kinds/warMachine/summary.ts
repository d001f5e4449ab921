/**
 * From outcome-code weights (Monte Carlo counts or exact probabilities) to the answer a user reads: win
 * probabilities, results rows, casualties (dead, wounded, total), fatigue and location outcomes per side.
 */
import { ROW_COUNT } from '../../rules/warMachine/results.js';
import { wilsonHalfWidth, wilsonInterval, type Spread } from '../../stats/index.js';
import {
  CODE_COUNT,
  CODE_NO_COMBAT,
  CODE_STALEMATE,
  decodeCode,
  isTieCode,
  outcomeOfCode,
  type CompiledWarMachine,
} from './plan.js';

export type { Spread };

export interface CasualtySummary extends Spread {
  dead: Spread;
  wounded: Spread;
}

export interface WarMachineOdds {
  /** Each side's P(win) over every trial: a trial with no battle (neither side attacks) is won by neither. */
  win: [number, number];
  tie: number;
  tieRoll: number;
  noCombat: number;
  /** P(no battle): neither side attacks (hold or withdraw against hold or withdraw); `noCombat` under its metric's name. */
  noBattle: number;
  /** Each side's P(win | a battle is fought): `win` over 1 − `noBattle`; null when there is never a battle. */
  winGivenBattle: [number, number] | null;
  rows: [number[], number[]];
  casualties: [CasualtySummary, CasualtySummary];
  fatigue: [Record<string, number>, Record<string, number>];
  location: [Record<string, number>, Record<string, number>];
}

export interface WarMachineMonteCarlo extends WarMachineOdds {
  winCi95: [[number, number], [number, number]];
  /** 95% interval of P(no battle). */
  noBattleCi95: [number, number];
  /** 95% intervals of P(win | a battle is fought), over the trials that fought (null: none did). */
  winGivenBattleCi95: [[number, number], [number, number]] | null;
}

/** The order of `[key, value]` entries under the default sort: by "key,value" text (keys are unique). */
function byEntryText(a: string, b: string): number {
  const x = a + ',';
  const y = b + ',';
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * What a compiled battle's outcome codes mean, laid out once per compiled battle (the outcomes depend on the
 * codes alone, not on how often each came up): per pairing × code, the winner and row, and for each side the
 * index of its losses (lost, dead, wounded) among that measure's distinct values in ascending order, and of its
 * fatigue and location among their names. Summaries then only add weights into small arrays.
 */
interface OutcomeLayout {
  winner: Int8Array;
  row: Int8Array;
  /** measure m = side × 3 + (0 lost, 1 dead, 2 wounded): ascending distinct values. */
  values: Float64Array[];
  /** [m][pair × CODE_COUNT + code] → index into values[m]. */
  valueIndex: Int32Array[];
  /** side s: fatigue names, and [s][pair × CODE_COUNT + code] → index (−1: none). */
  fatigueKeys: string[][];
  fatigueIndex: Int32Array[];
  locationKeys: string[][];
  locationIndex: Int32Array[];
  /** Where each measure's, fatigue's and location's sums start in `scratch` (reused by every summary). */
  measureAt: Int32Array;
  fatigueAt: Int32Array;
  locationAt: Int32Array;
  scratch: Float64Array;
}

const layouts = new WeakMap<CompiledWarMachine, OutcomeLayout>();

function outcomeLayout(c: CompiledWarMachine): OutcomeLayout {
  let l = layouts.get(c);
  if (l) return l;
  const n = c.pairs.length * CODE_COUNT;
  const winner = new Int8Array(n).fill(-1);
  const row = new Int8Array(n);
  const raw = Array.from({ length: 6 }, () => new Float64Array(n));
  const fatigueNames: string[][] = [[], []];
  const locationNames: string[][] = [[], []];
  for (let p = 0; p < c.pairs.length; p++) {
    for (let code = 0; code < CODE_COUNT; code++) {
      const i = p * CODE_COUNT + code;
      const d = decodeCode(code);
      const sides = d === null ? null : outcomeOfCode(c, p, code)!;
      if (d !== null) {
        winner[i] = d.winner;
        row[i] = d.row;
      }
      for (let s = 0; s < 2; s++) {
        const o = sides?.[s];
        raw[s * 3][i] = o ? o.losses.lost : 0;
        raw[s * 3 + 1][i] = o ? o.losses.dead : 0;
        raw[s * 3 + 2][i] = o ? o.losses.wounded : 0;
        fatigueNames[s][i] = o ? o.fatigue : 'N';
        locationNames[s][i] = o ? o.location : code === CODE_NO_COMBAT ? 'no battle' : 'F';
      }
    }
  }
  const values = raw.map((r) => Float64Array.from(new Set(r)).sort());
  const valueIndex = raw.map((r, m) => Int32Array.from(r, (v) => values[m].indexOf(v)));
  const keysOf = (names: string[]) => [...new Set(names)].sort(byEntryText);
  const fatigueKeys = fatigueNames.map(keysOf);
  const locationKeys = locationNames.map(keysOf);
  const sizes = [
    ...values.map((v) => v.length),
    ...fatigueKeys.map((k) => k.length),
    ...locationKeys.map((k) => k.length),
  ];
  const starts = sizes.map((_, k) => sizes.slice(0, k).reduce((a, b) => a + b, 0));
  l = {
    winner,
    row,
    values,
    valueIndex,
    fatigueKeys,
    fatigueIndex: fatigueNames.map((names, s) => Int32Array.from(names, (k) => fatigueKeys[s].indexOf(k))),
    locationKeys,
    locationIndex: locationNames.map((names, s) => Int32Array.from(names, (k) => locationKeys[s].indexOf(k))),
    measureAt: Int32Array.from(starts.slice(0, 6)),
    fatigueAt: Int32Array.from(starts.slice(6, 8)),
    locationAt: Int32Array.from(starts.slice(8, 10)),
    scratch: new Float64Array(sizes.reduce((a, b) => a + b, 0)),
  };
  layouts.set(c, l);
  return l;
}

/**
 * Mean and 5/50/95% quantiles of a measure from weights per ascending value: the same arithmetic, in the same
 * order, as `discreteMean` and `discreteQuantile` (src/stats/) over the values with positive weight, without
 * building the distribution.
 */
function spreadOf(values: Float64Array, w: Float64Array, at: number): Spread {
  let sum = 0;
  let total = 0;
  for (let k = 0; k < values.length; k++) {
    const x = w[at + k];
    if (x > 0) {
      sum += values[k] * x;
      total += x;
    }
  }
  return {
    mean: total > 0 ? sum / total : 0,
    p05: quantileOf(values, w, at, total, 0.05),
    p50: quantileOf(values, w, at, total, 0.5),
    p95: quantileOf(values, w, at, total, 0.95),
  };
}

/** The p-quantile of weights w[at + k] on ascending values[k]: `discreteQuantile`'s rule (src/stats/). */
function quantileOf(values: Float64Array, w: Float64Array, at: number, total: number, p: number): number {
  if (total <= 0) return 0;
  const target = p * total;
  let cum = 0;
  let last = 0;
  for (let k = 0; k < values.length; k++) {
    const x = w[at + k];
    if (!(x > 0)) continue;
    cum += x;
    last = values[k];
    if (cum >= target - total * 1e-12) return values[k];
  }
  return last;
}

/**
 * `weights[pair × CODE_COUNT + code]` with `total` their sum (trials, or 1 for probabilities);
 * `tieRoll` is already a probability.
 */
export function summarizeOdds(
  c: CompiledWarMachine,
  weights: Float64Array,
  total: number,
  tieRoll: number,
): WarMachineOdds {
  const L = outcomeLayout(c);
  const win: [number, number] = [0, 0];
  const rows: [number[], number[]] = [new Array(ROW_COUNT).fill(0), new Array(ROW_COUNT).fill(0)];
  let noCombat = 0;
  let stalemate = 0;
  const sums = L.scratch;
  sums.fill(0);
  const n = c.pairs.length * CODE_COUNT;
  for (let i = 0; i < n; i++) {
    const w = weights[i];
    if (w === 0) continue;
    const code = i % CODE_COUNT;
    const winner = L.winner[i];
    if (winner < 0) {
      if (code === CODE_NO_COMBAT) noCombat += w;
      else if (code === CODE_STALEMATE) stalemate += w;
    } else {
      win[winner] += w;
      rows[winner][L.row[i]] += w;
    }
    for (let m = 0; m < 6; m++) sums[L.measureAt[m] + L.valueIndex[m][i]] += w;
    for (let s = 0; s < 2; s++) {
      sums[L.fatigueAt[s] + L.fatigueIndex[s][i]] += w;
      sums[L.locationAt[s] + L.locationIndex[s][i]] += w;
    }
  }
  // Exact weights are sums of float products: keep every probability inside [0, 1].
  const prob = (x: number) => Math.min(1, Math.max(0, x / total));
  const given = (x: number) => Math.min(1, Math.max(0, x / (total - noCombat)));
  // Weights are never negative, so a name that came up (with a weight above 0) has a sum above 0.
  const named = (keys: string[], at: number) => {
    const out: Record<string, number> = {};
    for (let k = 0; k < keys.length; k++) if (sums[at + k] > 0) out[keys[k]] = prob(sums[at + k]);
    return out;
  };
  const casualtiesOf = (s: number): CasualtySummary => {
    const lost = spreadOf(L.values[s * 3], sums, L.measureAt[s * 3]);
    return {
      mean: lost.mean,
      p05: lost.p05,
      p50: lost.p50,
      p95: lost.p95,
      dead: spreadOf(L.values[s * 3 + 1], sums, L.measureAt[s * 3 + 1]),
      wounded: spreadOf(L.values[s * 3 + 2], sums, L.measureAt[s * 3 + 2]),
    };
  };
  const casualties: [CasualtySummary, CasualtySummary] = [casualtiesOf(0), casualtiesOf(1)];
  return {
    win: [prob(win[0]), prob(win[1])],
    tie: prob(noCombat + stalemate),
    tieRoll,
    noCombat: prob(noCombat),
    noBattle: prob(noCombat),
    winGivenBattle: total - noCombat > 0 ? [given(win[0]), given(win[1])] : null,
    rows: [rows[0].map(prob), rows[1].map(prob)],
    casualties,
    fatigue: [named(L.fatigueKeys[0], L.fatigueAt[0]), named(L.fatigueKeys[1], L.fatigueAt[1])],
    location: [named(L.locationKeys[0], L.locationAt[0]), named(L.locationKeys[1], L.locationAt[1])],
  };
}

/** Monte Carlo counts → odds with Wilson intervals. */
export function summarizeMonteCarlo(c: CompiledWarMachine, acc: Float64Array, trials: number): WarMachineMonteCarlo {
  const tieSlot = c.pairs.length * CODE_COUNT;
  let tieCodes = 0;
  let noCombat = 0;
  for (let p = 0; p < c.pairs.length; p++) {
    for (let code = 0; code < CODE_COUNT; code++) {
      if (isTieCode(code)) tieCodes += acc[p * CODE_COUNT + code];
      if (code === CODE_NO_COMBAT) noCombat += acc[p * CODE_COUNT + code];
    }
  }
  const rerolled = acc[tieSlot];
  const rolls = trials - noCombat + rerolled;
  const odds = summarizeOdds(c, acc, trials, rolls > 0 ? (rerolled + tieCodes) / rolls : 0);
  const wins = winCounts(c, acc);
  const fought = trials - noCombat;
  return {
    ...odds,
    winCi95: [wilsonInterval(wins[0], trials), wilsonInterval(wins[1], trials)],
    noBattleCi95: wilsonInterval(noCombat, trials),
    winGivenBattleCi95: fought > 0 ? [wilsonInterval(wins[0], fought), wilsonInterval(wins[1], fought)] : null,
  };
}

/** The --precision stopping rule: every side's win probability is known to ± eps (95% Wilson half-width). */
export function winsKnownTo(c: CompiledWarMachine, acc: Float64Array, trials: number, eps: number): boolean {
  return winCounts(c, acc).every((wins) => wilsonHalfWidth(wins, trials) <= eps);
}

/** Battles won by each side in a Monte Carlo accumulator. */
export function winCounts(c: CompiledWarMachine, acc: Float64Array): [number, number] {
  const wins: [number, number] = [0, 0];
  for (let p = 0; p < c.pairs.length; p++) {
    for (let code = 0; code < CODE_COUNT; code++) {
      const d = decodeCode(code);
      if (d !== null) wins[d.winner] += acc[p * CODE_COUNT + code];
    }
  }
  return wins;
}
