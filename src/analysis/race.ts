/**
 * Racing many War Machine candidates (sweep points, …): run every candidate in stages — a cheap first stage, then
 * doubling to the final trial count — and after each stage drop the candidates whose win probability is clearly
 * below the best's (their upper confidence bound under the best lower bound). Each stage continues a candidate's
 * run where the last one stopped (the same chunk seeds), so a candidate kept to the end has exactly the answer it
 * would have run alone to the same trial count. docs/design.md, "racing".
 */
import { probit } from 'simple-statistics';
import { runTrials, type RunResult } from '../engine/run.js';
import { loadKernel } from '../kinds/index.js';
import type { CompiledWarMachine } from '../kinds/warMachine/plan.js';
import { summarizeMonteCarlo } from '../kinds/warMachine/summary.js';
import { wilsonInterval } from '../stats/index.js';
import type { RunOptions, RunSettings } from './options.js';

export interface RaceStage {
  /** Trials each surviving candidate had run at the end of this stage. */
  trials: number;
  /** Candidates (indices) still running after this stage. */
  kept: number[];
  /** Candidates dropped after this stage: clearly below the best. */
  dropped: number[];
}

export interface RaceRecord {
  /** Whose win probability is raced (the larger the better). */
  side: 0 | 1;
  /** The confidence level of each drop decision (95% split over every candidate and stage). */
  z: number;
  stages: RaceStage[];
  /** Trials run over all candidates, and what running every candidate to the end would have cost. */
  trialsUsed: number;
  trialsFull: number;
}

/** At most this many stages: the first is final ÷ 2^(STAGES − 1), rounded up to whole chunks. */
const STAGES = 5;

export async function raceWarMachines(cs: readonly CompiledWarMachine[], s: Pick<RunSettings, 'seed' | 'trials' | 'threads'>, o: RunOptions, side: 0 | 1): Promise<{ results: RunResult[]; threadsUsed: number; interrupted: boolean; race: RaceRecord }> {
  const kernel = await loadKernel('war-machine');
  const chunk = kernel.chunkTrials;
  const final = s.trials;
  const targets: number[] = [];
  for (let k = STAGES - 1; k >= 1; k--) {
    const t = Math.ceil(final / 2 ** k / chunk) * chunk;
    if (t < final && (targets.length === 0 || t > targets[targets.length - 1])) targets.push(t);
  }
  targets.push(final);
  // Bonferroni: every drop decision (candidate × stage) at 5% / (candidates × stages), two-sided.
  const z = probit(1 - 0.05 / (2 * Math.max(1, cs.length) * targets.length));
  const results: RunResult[] = cs.map((c) => ({ acc: new Float64Array(kernel.accLength(c.plan)), trials: 0, threadsUsed: 1, interrupted: false }));
  let alive = cs.map((_, i) => i);
  const stages: RaceStage[] = [];
  let threadsUsed = 1;
  let interrupted = false;
  for (const target of targets) {
    for (const i of alive) {
      const r = results[i];
      const run = await runTrials({ kernel, plan: cs[i].plan, seed: s.seed, trials: target - r.trials, startTrial: r.trials, threads: s.threads, signal: o.signal, minPoolTrials: o.minPoolTrials });
      for (let j = 0; j < r.acc.length; j++) r.acc[j] += run.acc[j];
      r.trials += run.trials;
      r.threadsUsed = Math.max(r.threadsUsed, run.threadsUsed);
      threadsUsed = Math.max(threadsUsed, run.threadsUsed);
      if (run.interrupted) {
        r.interrupted = interrupted = true;
        break;
      }
    }
    if (interrupted) break;
    let dropped: number[] = [];
    if (target < final && alive.length > 1) {
      const bounds = alive.map((i) => {
        const wins = summarizeMonteCarlo(cs[i], results[i].acc, results[i].trials).win[side] * results[i].trials;
        return wilsonInterval(Math.round(wins), results[i].trials, z);
      });
      const bestLow = Math.max(...bounds.map((b) => b[0]));
      dropped = alive.filter((_, k) => bounds[k][1] < bestLow);
      alive = alive.filter((i) => !dropped.includes(i));
    }
    stages.push({ trials: target, kept: [...alive], dropped });
  }
  return {
    results,
    threadsUsed,
    interrupted,
    race: { side, z, stages, trialsUsed: results.reduce((t, r) => t + r.trials, 0), trialsFull: final * cs.length },
  };
}
