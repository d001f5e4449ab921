/**
 * From outcome-code weights (Monte Carlo counts or exact probabilities) to the answer a user reads: win
 * probabilities, results rows, casualties (dead, wounded, total), fatigue and location outcomes per side.
 */
import { ROW_COUNT } from '../../rules/warMachine/results.js';
import { discrete, discreteMean, discreteQuantile, wilsonHalfWidth, wilsonInterval, type Discrete } from '../../stats/index.js';
import { CODE_COUNT, CODE_NO_COMBAT, CODE_STALEMATE, decodeCode, isTieCode, outcomeOfCode, type CompiledWarMachine } from './plan.js';

export interface Spread {
  mean: number;
  p05: number;
  p50: number;
  p95: number;
}

export interface CasualtySummary extends Spread {
  dead: Spread;
  wounded: Spread;
}

export interface WarMachineOdds {
  win: [number, number];
  tie: number;
  tieRoll: number;
  noCombat: number;
  rows: [number[], number[]];
  casualties: [CasualtySummary, CasualtySummary];
  fatigue: [Record<string, number>, Record<string, number>];
  location: [Record<string, number>, Record<string, number>];
}

export interface WarMachineMonteCarlo extends WarMachineOdds {
  winCi95: [[number, number], [number, number]];
}

function spread(d: Discrete): Spread {
  return { mean: discreteMean(d), p05: discreteQuantile(d, 0.05), p50: discreteQuantile(d, 0.5), p95: discreteQuantile(d, 0.95) };
}

/**
 * `weights[pair × CODE_COUNT + code]` with `total` their sum (trials, or 1 for probabilities);
 * `tieRoll` is already a probability.
 */
export function summarizeOdds(c: CompiledWarMachine, weights: Float64Array, total: number, tieRoll: number): WarMachineOdds {
  const win: [number, number] = [0, 0];
  const rows: [number[], number[]] = [new Array(ROW_COUNT).fill(0), new Array(ROW_COUNT).fill(0)];
  let noCombat = 0;
  let stalemate = 0;
  const lost: [number, number][][] = [[], []];
  const dead: [number, number][][] = [[], []];
  const wounded: [number, number][][] = [[], []];
  const fatigue: [Record<string, number>, Record<string, number>] = [{}, {}];
  const location: [Record<string, number>, Record<string, number>] = [{}, {}];
  const bump = (r: Record<string, number>, k: string, w: number) => (r[k] = (r[k] ?? 0) + w);
  for (let p = 0; p < c.pairs.length; p++) {
    for (let code = 0; code < CODE_COUNT; code++) {
      const w = weights[p * CODE_COUNT + code];
      if (w === 0) continue;
      const d = decodeCode(code);
      if (d === null) {
        if (code === CODE_NO_COMBAT) noCombat += w;
        else if (code === CODE_STALEMATE) stalemate += w;
        for (let s = 0; s < 2; s++) {
          lost[s].push([0, w]);
          dead[s].push([0, w]);
          wounded[s].push([0, w]);
          bump(fatigue[s], 'N', w);
          bump(location[s], code === CODE_NO_COMBAT ? 'no battle' : 'F', w);
        }
        continue;
      }
      win[d.winner] += w;
      rows[d.winner][d.row] += w;
      const sides = outcomeOfCode(c, p, code)!;
      for (let s = 0; s < 2; s++) {
        const o = sides[s];
        lost[s].push([o.losses.lost, w]);
        dead[s].push([o.losses.dead, w]);
        wounded[s].push([o.losses.wounded, w]);
        bump(fatigue[s], o.fatigue, w);
        bump(location[s], o.location, w);
      }
    }
  }
  // Exact weights are sums of float products: keep every probability inside [0, 1].
  const prob = (x: number) => Math.min(1, Math.max(0, x / total));
  const norm = (r: Record<string, number>) => Object.fromEntries(Object.entries(r).sort().map(([k, v]) => [k, prob(v)]));
  const casualties = [0, 1].map((s) => ({
    ...spread(discrete(lost[s])),
    dead: spread(discrete(dead[s])),
    wounded: spread(discrete(wounded[s])),
  })) as [CasualtySummary, CasualtySummary];
  return {
    win: [prob(win[0]), prob(win[1])],
    tie: prob(noCombat + stalemate),
    tieRoll,
    noCombat: prob(noCombat),
    rows: [rows[0].map(prob), rows[1].map(prob)],
    casualties,
    fatigue: [norm(fatigue[0]), norm(fatigue[1])],
    location: [norm(location[0]), norm(location[1])],
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
  return { ...odds, winCi95: [wilsonInterval(wins[0], trials), wilsonInterval(wins[1], trials)] };
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
