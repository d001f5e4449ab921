/**
 * The march result (`warcast march <scenario>`), pure so the what-if page builds it too: the plan compiled from
 * the scenario, the battle's exact odds at each fatigue, and the result assembled from the march's weights (the
 * exact chain's, or a Monte Carlo run's counts). src/kinds/march/analysis.ts runs the chain or the kernel.
 */
import { resultMeta, type ResultMeta } from '../../resultMeta.js';
import { marchPlanOf, type MarchPlan } from './plan.js';
import type { MarchScenario } from './schema.js';
import { summarizeMarch, type FatigueSplit, type Interval, type MarchSummary } from './summary.js';
import { exactWarMachine } from '../warMachine/kernel.js';
import { CODE_COUNT, compileWarMachine } from '../warMachine/plan.js';
import { summarizeOdds, type WarMachineOdds } from '../warMachine/summary.js';
import type { WarMachineScenario } from '../warMachine/schema.js';
import type { MarchAction } from '../../rules/warMachine/march.js';
import type { TroopClassName } from '../../rules/warMachine/forceRating.js';
import { Z95 } from '../../stats/index.js';
import { pcExpectations } from '../divided/result.js';
import { marchTroopClass } from './troopClass.js';

export interface BattleAtFatigue {
  fatigue: 'N' | 'M' | 'S';
  /** P(this fatigue on arrival | arrived). */
  probability: number;
  /** The battle's exact odds with the marching force at this fatigue. */
  win: [number, number];
  tie: number;
  /** Each side's casualties in this battle, as `odds` gives them (mean, p5/p50/p95, dead, wounded). */
  casualties: WarMachineOdds['casualties'];
  /** Deprecated alias of `casualties[side].mean` (kept for scripts written against warcast/march@1). */
  meanLosses: [number, number];
}

/** Casualty means mixed over the fatigue on arrival (means mix linearly; quantiles do not, so none are given). */
export interface MixedCasualties {
  mean: number;
  dead: { mean: number };
  wounded: { mean: number };
}

export interface MarchBattle {
  sides: [string, string];
  /** Exact odds per arrival fatigue. */
  byFatigue: BattleAtFatigue[];
  /** Given arrival: the exact battle odds mixed over the fatigue-on-arrival distribution. */
  win: [number, number];
  winCi95: [Interval, Interval] | null;
  /** Each side's mean casualties given arrival (mixed over the fatigue on arrival), named as in every command. */
  casualties: [MixedCasualties, MixedCasualties];
  /** Deprecated alias of `casualties[side].mean`. */
  meanLosses: [number, number];
  /** P(the force arrives within the plan and wins). */
  arriveAndWin: number;
  arriveAndWinCi95: Interval | null;
  /** The same battle fought fresh (no fatigue), for comparison. */
  winIfFresh: number;
  /** Given arrival, for a PC leading the marching force: expected XP, item charges used, combat spells kept. */
  leader: { xp: number; itemChargesUsed: number; combatSpellsKept: number };
}

export interface MarchResult extends ResultMeta {
  kind: 'march';
  title: string | null;
  method: 'exact' | 'monte-carlo';
  /** Why the method differs from the one asked for (chain too large), or null. */
  note: string | null;
  seed: number | null;
  trials: number | null;
  /** With --monte-carlo --precision: the target, whether P(arrives) reached it within --max-trials, the half-width got. */
  precision?: number;
  precisionReached?: boolean;
  precisionHalfWidth?: number;
  maxTrials?: number;
  threads: number | null;
  interrupted: boolean;
  elapsedMs: number;
  force: {
    name: string;
    troops: number;
    movement: number;
    dailyRate: number;
    troopClass: TroopClassName;
    food: number;
    daysWithoutFood: number;
  };
  policies: MarchScenario['policies'];
  plan: MarchAction[];
  march: MarchSummary;
  battle: MarchBattle | null;
}

export { marchTroopClass };

export { marchPlanOf };

/** The battle's exact odds with the marching side (side 0) at a fatigue. */
export function battleAtFatigue(battle: WarMachineScenario, fatigue: 'N' | 'M' | 'S'): WarMachineOdds {
  const level = fatigue === 'N' ? 'none' : fatigue === 'M' ? 'moderate' : 'serious';
  const [a, b] = battle.sides;
  const s: WarMachineScenario = { ...battle, sides: [{ ...a, adjustments: { ...a.adjustments, fatigue: level } }, b] };
  const c = compileWarMachine(s);
  const probs = exactWarMachine(
    c.plan,
    c.pairs.map((p) => p.probability),
  );
  return summarizeOdds(c, probs, 1, probs[c.pairs.length * CODE_COUNT]);
}

/** How the march's weights were made: the exact chain's (trials 1), or a Monte Carlo run's counts. */
export interface MarchRun {
  method: 'exact' | 'monte-carlo';
  /** Why the method differs from the one asked for (chain too large), or null. */
  note: string | null;
  weights: Float64Array;
  trials: number;
  seed: number;
  threads: number | null;
  interrupted: boolean;
  elapsedMs: number;
}

/** `warcast march --json` from the scenario, its compiled plan and the march's weights. */
export function marchResultOf(
  s: MarchScenario,
  compiled: { plan: MarchPlan; troopClass: TroopClassName; rate: number },
  run: MarchRun,
): MarchResult {
  const { plan, troopClass, rate } = compiled;
  const { method, note, weights, trials, threads, interrupted } = run;
  const exact = method === 'exact';
  const march = summarizeMarch(plan, weights, trials, exact);
  let battle: MarchBattle | null = null;
  if (s.battle) {
    const arrivals: FatigueSplit = march.fatigueAtArrival ?? { N: 0, M: 0, S: 0 };
    const byFatigue = (['N', 'M', 'S'] as const).map((f): BattleAtFatigue => {
      const odds = battleAtFatigue(s.battle!, f);
      return {
        fatigue: f,
        probability: arrivals[f],
        win: odds.win,
        tie: odds.tie,
        casualties: odds.casualties,
        meanLosses: [odds.casualties[0].mean, odds.casualties[1].mean],
      };
    });
    const mix = (pick: (b: BattleAtFatigue) => number) => byFatigue.reduce((t, b) => t + b.probability * pick(b), 0);
    const win: [number, number] = [mix((b) => b.win[0]), mix((b) => b.win[1])];
    // Monte Carlo: the battle odds are exact per fatigue; the interval comes from the fatigue frequencies
    // (a mean of a bounded per-trial value over the arrived trials: normal approximation).
    const arrivedTrials = march.arrives * trials;
    const ci = (k: 0 | 1): Interval | null => {
      if (exact) return null;
      if (arrivedTrials === 0) return [0, 1];
      const mean = win[k];
      const variance = byFatigue.reduce((t, b) => t + b.probability * (b.win[k] - mean) ** 2, 0);
      const h = Z95 * Math.sqrt(variance / arrivedTrials);
      return [Math.max(0, mean - h), Math.min(1, mean + h)];
    };
    const arriveAndWin = march.arrives * win[0];
    let arriveAndWinCi95: Interval | null = null;
    if (!exact) {
      // Per trial: the force's exact win chance if it arrived, else 0.
      const m = arriveAndWin;
      const second = march.arrives * byFatigue.reduce((t, b) => t + b.probability * b.win[0] ** 2, 0);
      const h = Z95 * Math.sqrt(Math.max(0, second - m * m) / trials);
      arriveAndWinCi95 = [Math.max(0, m - h), Math.min(1, m + h)];
    }
    battle = {
      sides: [s.battle.sides[0].name, s.battle.sides[1].name],
      byFatigue,
      win,
      winCi95: exact ? null : [ci(0)!, ci(1)!],
      casualties: [0, 1].map((k) => ({
        mean: mix((b) => b.casualties[k].mean),
        dead: { mean: mix((b) => b.casualties[k].dead.mean) },
        wounded: { mean: mix((b) => b.casualties[k].wounded.mean) },
      })) as [MixedCasualties, MixedCasualties],
      meanLosses: [mix((b) => b.casualties[0].mean), mix((b) => b.casualties[1].mean)],
      arriveAndWin,
      arriveAndWinCi95,
      winIfFresh: byFatigue[0].win[0],
      leader: (({ leaderXp, itemChargesUsed, combatSpellsKept }) => ({
        xp: leaderXp,
        itemChargesUsed,
        combatSpellsKept,
      }))(pcExpectations(win[0], win[1], s.battle.sides[1].troops)),
    };
  }
  return {
    ...resultMeta('march'),
    kind: 'march',
    title: s.title ?? null,
    method,
    note,
    seed: exact ? null : run.seed,
    trials: exact ? null : trials,
    threads,
    interrupted,
    elapsedMs: run.elapsedMs,
    force: {
      name: s.force.name,
      troops: s.force.troops,
      movement: s.force.movement,
      dailyRate: rate,
      troopClass,
      food: s.force.food,
      daysWithoutFood: s.force.daysWithoutFood,
    },
    policies: s.policies,
    plan: s.force.actions,
    march,
    battle,
  };
}
