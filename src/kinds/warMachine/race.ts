/**
 * Racing many War Machine candidates (sweep points, tournament forces): run every candidate in stages — a cheap
 * first stage, then doubling to the final trial count — and after each stage drop the candidates that are clearly
 * worse than the best (their upper confidence bound under the best's lower bound). Each stage continues a run where
 * the last one stopped (the same chunk seeds), so a run kept to the end has exactly the answer it would have had
 * alone with the same trial count. docs/design.md, "racing".
 */
import { runTrials, type RunResult } from '../../engine/run.js';
import { warMachineKind } from './kind.js';
import type { CompiledWarMachine } from './plan.js';
import { summarizeMonteCarlo } from './summary.js';
import { wilsonInterval } from '../../stats/index.js';
import { bonferroniZ, clearlyBelowBest, doublingStages } from '../../stats/sequential.js';
import type { RunOptions, RunSettings } from '../../engine/options.js';

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

/** The trial count at the end of each stage: final ÷ 16, ÷ 8, ÷ 4, ÷ 2 in whole chunks (duplicates merged), final. */
export function raceStageTargets(final: number, chunk: number): number[] {
  return doublingStages(final, chunk, STAGES);
}

/** Bonferroni: every drop decision (candidate × stage) at 5% / (candidates × stages), two-sided. */
export function raceZ(candidates: number, stages: number): number {
  return bonferroniZ(Math.max(1, candidates) * stages);
}

/**
 * Run compiled battles in stages to `targets`: before each stage `running(results)` says which battles continue
 * (from where they stopped, with the same seed); after each stage `afterStage` may record and drop. Every run's
 * numbers equal a plain run of it to its final trial count.
 */
export async function runInStages(
  cs: readonly CompiledWarMachine[],
  s: Pick<RunSettings, 'seed' | 'threads'>,
  o: RunOptions,
  targets: readonly number[],
  running: (results: readonly RunResult[]) => readonly number[],
  afterStage: (results: readonly RunResult[], target: number, last: boolean) => void,
): Promise<{ results: RunResult[]; threadsUsed: number; interrupted: boolean }> {
  const kernel = await warMachineKind.kernel();
  const results: RunResult[] = cs.map((c) => ({
    acc: new Float64Array(kernel.accLength(c.plan)),
    trials: 0,
    threadsUsed: 1,
    interrupted: false,
  }));
  let threadsUsed = 1;
  let interrupted = false;
  for (let k = 0; k < targets.length; k++) {
    const target = targets[k];
    for (const i of running(results)) {
      const r = results[i];
      const run = await runTrials({
        kernel,
        plan: cs[i].plan,
        seed: s.seed,
        trials: target - r.trials,
        startTrial: r.trials,
        threads: s.threads,
        signal: o.signal,
        engine: o.engine,
      });
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
    afterStage(results, target, k === targets.length - 1);
  }
  return { results, threadsUsed, interrupted };
}

export async function raceWarMachines(
  cs: readonly CompiledWarMachine[],
  s: Pick<RunSettings, 'seed' | 'trials' | 'threads'>,
  o: RunOptions,
  side: 0 | 1,
): Promise<{ results: RunResult[]; threadsUsed: number; interrupted: boolean; race: RaceRecord }> {
  const kernel = await warMachineKind.kernel();
  const final = s.trials;
  const targets = raceStageTargets(final, kernel.chunkTrials);
  const z = raceZ(cs.length, targets.length);
  let alive = cs.map((_, i) => i);
  const stages: RaceStage[] = [];
  const run = await runInStages(
    cs,
    s,
    o,
    targets,
    () => alive,
    (results, target) => {
      let dropped: number[] = [];
      if (target < final && alive.length > 1) {
        const bounds = alive.map((i) => {
          const wins = summarizeMonteCarlo(cs[i], results[i].acc, results[i].trials).win[side] * results[i].trials;
          return wilsonInterval(Math.round(wins), results[i].trials, z);
        });
        dropped = clearlyBelowBest(bounds).map((k) => alive[k]);
        alive = alive.filter((i) => !dropped.includes(i));
      }
      stages.push({ trials: target, kept: [...alive], dropped });
    },
  );
  return {
    ...run,
    race: { side, z, stages, trialsUsed: run.results.reduce((t, r) => t + r.trials, 0), trialsFull: final * cs.length },
  };
}
