/**
 * The staged Monte Carlo behind a siege design (docs/design.md, "design for a siege"): every candidate plays the
 * same sieges (common random numbers: trial t of every candidate is the kernel's chunk t cut to one trial, so it
 * draws the dice of (seed, t) alone), a cheap first stage for all, then only the candidates still in contention
 * run the next stage (twice the trials), until the leaders are separated, within the precision of each other, or
 * at the cap. Each stage is a fixed trial count, so a candidate's numbers are a pure function of (scenario, seed,
 * its last stage): the same bytes whatever ran before or beside it.
 */
import { pairedProportionDifference, halfWidth, type PairedDifference } from '../stats/paired.js';
import { wilsonInterval, Z95 } from '../stats/index.js';
import { settled, sideOf } from '../toolkit/staging.js';
import { discordantPairs, type TrialBits } from '../toolkit/trialBits.js';

/** One candidate's trials, kept outcome by outcome (1: the buyer's side won that siege) for pairing. */
export interface StagedTrials {
  /** Trials run so far. */
  readonly done: number;
  readonly wins: number;
  /** Run trials up to n (where the runner puts them); false when stopped by the signal first. */
  runTo(n: number): Promise<boolean>;
  /** Which trials were won (t < done), one bit a trial; kept for every candidate to the end, for the Pareto front's pairs. */
  readonly outcomes: TrialBits;
}

export interface StagePlan {
  /** The trial counts of the stages, ascending; one count: a fixed-count run (no culling). */
  stages: number[];
  /** The half-width every comparison that decides must reach (null: a fixed count). */
  precision: number | null;
  /** With a target: the cheapest candidate whose P(win) reaches it is looked for too. */
  target: number | null;
  signal?: AbortSignal;
  /**
   * The z every decision is made at (a drop below the leader, a target reached or missed): the design's claims are
   * many, decided stage by stage, so each at its Bonferroni share of 5% (default: 95% alone).
   */
  z?: number;
}

export interface StagedOutcome {
  /** The leader's index: the highest P(win) at the last stage (ties: the cheaper, then the earlier). */
  leader: number;
  /** Candidates still in contention at the end (the leader first): within noise of it, never ranked. */
  contenders: number[];
  /** Each contender's paired difference from the leader over the leader's trials (the leader's own: null). */
  vsLeader: Map<number, PairedDifference>;
  /** The same differences' intervals at the decisions' z (`StagePlan.z`), contenders' and dropped ones'. */
  atDecision: Map<number, [number, number]>;
  /** The stage at which each dropped candidate was found clearly below the leader, and its difference from it then. */
  droppedAt: Map<number, number>;
  droppedBy: Map<number, PairedDifference>;
  /** With a target: candidates whose interval clearly reaches it, clearly misses it, or neither. */
  reaches: (boolean | null)[];
  /** Whether every deciding comparison reached the precision (null: a fixed count). */
  precisionReached: boolean | null;
  /** The widest half-width among the deciding comparisons at the end. */
  precisionHalfWidth: number;
  /** Sieges run, all candidates together. */
  trialsRun: number;
  /** Stages run (1 … stages.length). */
  stagesRun: number;
  interrupted: boolean;
}

/** The paired difference P(candidate) − P(leader) over the first n trials of both. */
export function pairedFromLeader(c: StagedTrials, leader: StagedTrials, n: number, z = Z95): PairedDifference {
  const { aOnly: candidateOnly, bOnly: leaderOnly } = discordantPairs(c.outcomes, leader.outcomes, n);
  return pairedProportionDifference(leaderOnly, candidateOnly, n, z);
}

const wilsonHalf = (t: StagedTrials) => halfWidth(wilsonInterval(t.wins, t.done));

/**
 * Run the stages. `costs[i]` orders equals (the cheaper leads) and, with a target, the search for the cheapest
 * reaching it: a candidate stays in while its interval straddles the target and no cheaper candidate is known to
 * reach it.
 */
export async function runStages(
  trials: StagedTrials[],
  costs: readonly number[],
  plan: StagePlan,
): Promise<StagedOutcome> {
  const all = trials.map((_, i) => i);
  const open = new Set(all);
  const droppedAt = new Map<number, number>();
  const droppedBy = new Map<number, PairedDifference>();
  const reaches: (boolean | null)[] = trials.map(() => null);
  let vsLeader = new Map<number, PairedDifference>();
  const atDecision = new Map<number, [number, number]>();
  const z = plan.z ?? Z95;
  let leader = 0;
  let precisionReached: boolean | null = plan.precision === null ? null : false;
  let widest = 0;
  let stagesRun = 0;
  let interrupted = false;
  const byCost = [...all].sort((a, b) => costs[a] - costs[b] || a - b);
  // With a target: the candidates whose answer may still change which is the cheapest reaching it.
  let targetOpen = new Set<number>(plan.target === null ? [] : all);
  for (const [k, n] of plan.stages.entries()) {
    const running = [...new Set([...open, ...targetOpen])].sort((a, b) => a - b);
    // Every candidate of the stage at once, so the pool's threads stay busy across them; each folds its own trials
    // in trial order (trial t is the dice of (seed, t) wherever it ran). Ctrl-C ends the stage under way: the
    // candidates that finished it keep it, the others stay at the stage before.
    const ran = await Promise.all(running.map((i) => trials[i].runTo(n)));
    if (plan.signal?.aborted || ran.some((ok) => !ok)) interrupted = true;
    if (interrupted) break;
    stagesRun = k + 1;
    const last = k === plan.stages.length - 1;
    // The best: the leader at this stage, and who is clearly below it.
    leader = [...open].reduce((a, b) => {
      const d = trials[b].wins - trials[a].wins;
      return d > 0 || (d === 0 && (costs[b] < costs[a] || (costs[b] === costs[a] && b < a))) ? b : a;
    });
    vsLeader = new Map();
    widest = wilsonHalf(trials[leader]);
    for (const i of [...open]) {
      if (i === leader) continue;
      const d = pairedFromLeader(trials[i], trials[leader], n);
      // Dropped only when clearly below at the decisions' level (its share of the family's 5%), not at 95% alone.
      const decided = z === Z95 ? d.ci95 : pairedFromLeader(trials[i], trials[leader], n, z).ci95;
      atDecision.set(i, decided);
      if (decided[1] < 0) {
        open.delete(i);
        droppedAt.set(i, n);
        droppedBy.set(i, d);
      } else {
        vsLeader.set(i, d);
        widest = Math.max(widest, halfWidth(d.ci95));
      }
    }
    // The target: each candidate's interval against it; the cheapest clearly reaching it bounds the search.
    if (plan.target !== null) {
      for (const i of targetOpen) {
        const side = sideOf(wilsonInterval(trials[i].wins, trials[i].done, z), plan.target);
        reaches[i] = side === 1 ? true : side === -1 ? false : null;
      }
      const cheapest = byCost.find((i) => reaches[i] === true);
      const bound = cheapest === undefined ? Infinity : costs[cheapest];
      targetOpen = new Set(
        byCost.filter((i) => reaches[i] === null && costs[i] <= bound && trials[i].done === n && i !== cheapest),
      );
      for (const i of targetOpen) widest = Math.max(widest, wilsonHalf(trials[i]));
    }
    if (plan.precision === null) break;
    const known = (i: number) => settled(wilsonInterval(trials[i].wins, trials[i].done), plan.precision!);
    const bestSettled = open.size === 1 || [...vsLeader.values()].every((d) => settled(d.ci95, plan.precision!));
    const leaderSettled = known(leader);
    const targetSettled = [...targetOpen].every(known);
    if (bestSettled && leaderSettled && targetSettled) {
      precisionReached = true;
      break;
    }
    if (last) break;
  }
  const rate = (i: number) => trials[i].wins / Math.max(1, trials[i].done);
  const others = [...open].filter((i) => i !== leader);
  const contenders = [leader, ...others.sort((a, b) => rate(b) - rate(a) || costs[a] - costs[b] || a - b)];
  return {
    leader,
    contenders,
    vsLeader,
    atDecision,
    droppedAt,
    droppedBy,
    reaches,
    precisionReached,
    precisionHalfWidth: widest,
    trialsRun: trials.reduce((t, x) => t + x.done, 0),
    stagesRun,
    interrupted,
  };
}
