/**
 * The divided-forces result (`warcast divided <scenario>`; pure, so the what-if page builds it too): several forces a side. Forces pair off in the book's order (highest BR chooses
 * first, src/rules/warMachine/divided.ts), each pairing is one War Machine battle, fought independently, so
 * every figure is exact: each pairing's odds, each force's casualties, and P(each side wins the day) under each
 * "wins the day" rule (a convolution over the independent battles). With splits listed, every combination is
 * solved and the best split reported (one side listing several: the best for it; both: a zero-sum game on
 * P(A wins the day) − P(B wins the day)).
 */
import { resultMeta, type ResultMeta } from '../../resultMeta.js';
import { exactWarMachine } from '../warMachine/kernel.js';
import { CODE_COUNT, CODE_NO_COMBAT, compileWarMachine, decodeCode, outcomeOfCode } from '../warMachine/plan.js';
import { summarizeOdds } from '../warMachine/summary.js';
import type { WarMachineScenario, WarMachineSide } from '../warMachine/schema.js';
import type { DividedScenario, DividedSide } from './schema.js';
import {
  divisionProblem,
  pairForces,
  weakestOpponent,
  WINS_THE_DAY,
  type DividedForce,
  type WinsTheDay,
} from '../../rules/warMachine/divided.js';
import { rateSides } from '../../rules/warMachine/rating.js';
import { leaderExperience, pcResourcesUsed } from '../../rules/warMachine/otherNotes.js';
import { solveZeroSum } from '../../stats/game.js';
import { forcesOf } from './forces.js';

export interface ForceFigures {
  name: string;
  troops: number;
  battleRating: number;
  /** Index of the enemy force it fights. */
  opponent: number;
  win: number;
  holdsField: number;
  meanLost: number;
  meanDead: number;
  meanWounded: number;
  /** Expected values for a PC leading this force (sheet l. 174–177; RC l. 11358–11360; no battle: nothing). */
  leaderXp: number;
  /** Expected share of a PC's offensive/defensive item charges used (⅓ on a win, ⅔ on a loss). */
  itemChargesUsed: number;
  /** Expected combat spells a PC keeps uncast (1 on a win, none on a loss). */
  combatSpellsKept: number;
}

export interface PairingFigures {
  forces: [number, number];
  names: [string, string];
  win: [number, number];
  noWinner: number;
  modifiedBattleRating: [number, number];
}

export interface DayFigures {
  /** P(A wins the day), P(B wins the day), P(neither), by rule. */
  byRule: Record<WinsTheDay, { win: [number, number]; neither: number }>;
  /** Under the scenario's rule. */
  win: [number, number];
  neither: number;
}

export interface SplitOutcome {
  splits: [number | null, number | null];
  /** The troop counts of each side's forces in this outcome. */
  troops: [number[], number[]];
  pairings: PairingFigures[];
  forces: [ForceFigures[], ForceFigures[]];
  day: DayFigures;
}

export interface DividedResult extends ResultMeta {
  kind: 'divided';
  title: string | null;
  method: 'exact';
  /** Always false: exact, nothing to interrupt (the field every result has). */
  interrupted: boolean;
  sides: [string, string];
  policies: DividedScenario['policies'];
  /** The split each side plays in `outcome` (the best one when several are listed). */
  outcome: SplitOutcome;
  /** Every combination of listed splits (rows: A's splits, columns: B's), P(A) − P(B) wins the day. */
  splitTable: { a: number; b: number; win: [number, number] }[] | null;
  /** Both sides listing several splits: the game's optimal mixes and value. */
  splitGame: { mixA: number[]; mixB: number[]; value: number } | null;
}

export { forcesOf };

interface BattleOutcome {
  p: number;
  winner: 0 | 1 | null;
  holds: [boolean, boolean];
  left: [number, number];
  dead: [number, number];
  wounded: [number, number];
}

function battle(s: DividedScenario, a: WarMachineSide, b: WarMachineSide) {
  const sc: WarMachineScenario = { kind: 'war-machine', title: s.title, policies: s.policies, sides: [a, b] };
  const c = compileWarMachine(sc);
  const probs = exactWarMachine(
    c.plan,
    c.pairs.map((p) => p.probability),
  );
  const odds = summarizeOdds(c, probs, 1, probs[c.pairs.length * CODE_COUNT]);
  const outcomes: BattleOutcome[] = [];
  for (let pair = 0; pair < c.pairs.length; pair++) {
    for (let code = 0; code < CODE_COUNT; code++) {
      const p = probs[pair * CODE_COUNT + code];
      if (p === 0) continue;
      const d = decodeCode(code);
      if (d === null) {
        // No battle, or a standing tie: nobody loses, both stay on the field.
        outcomes.push({
          p,
          winner: null,
          holds: [true, true],
          left: [a.troops, b.troops],
          dead: [0, 0],
          wounded: [0, 0],
        });
        continue;
      }
      const o = outcomeOfCode(c, pair, code)!;
      outcomes.push({
        p,
        winner: d.winner,
        holds: [o[0].location[0] === 'F', o[1].location[0] === 'F'],
        left: [a.troops - o[0].losses.lost, b.troops - o[1].losses.lost],
        dead: [o[0].losses.dead, o[1].losses.dead],
        wounded: [o[0].losses.wounded, o[1].losses.wounded],
      });
    }
  }
  void CODE_NO_COMBAT;
  return {
    odds,
    outcomes,
    modified: [c.ratings[0].modifiedBattleRating, c.ratings[1].modifiedBattleRating] as [number, number],
  };
}

/** A PC leader's expected XP, item charges used and spells kept, from P(win), P(loss) and the enemy's troops. */
export function pcExpectations(
  win: number,
  loss: number,
  enemyTroops: number,
): Pick<ForceFigures, 'leaderXp' | 'itemChargesUsed' | 'combatSpellsKept'> {
  const w = pcResourcesUsed('won');
  const l = pcResourcesUsed('lost');
  return {
    leaderXp: win * leaderExperience(enemyTroops, 'won') + loss * leaderExperience(enemyTroops, 'lost'),
    itemChargesUsed: win * w.itemChargesUsed + loss * l.itemChargesUsed,
    combatSpellsKept: win * w.combatSpellsKept + loss * l.combatSpellsKept,
  };
}

/** Distribution of a sum over independent battles: each battle maps an outcome to a number. */
function convolve(battles: BattleOutcome[][], value: (o: BattleOutcome) => number): Map<number, number> {
  let dist = new Map<number, number>([[0, 1]]);
  for (const outcomes of battles) {
    const local = new Map<number, number>();
    for (const o of outcomes) local.set(value(o), (local.get(value(o)) ?? 0) + o.p);
    const next = new Map<number, number>();
    for (const [x, p] of dist) for (const [y, q] of local) next.set(x + y, (next.get(x + y) ?? 0) + p * q);
    dist = next;
  }
  return dist;
}

function dayFigures(battles: BattleOutcome[][], rule: WinsTheDay): DayFigures {
  const byRule = {} as DayFigures['byRule'];
  for (const r of WINS_THE_DAY) {
    let a = 0;
    let b = 0;
    if (r === 'field') {
      // Bits: 1 = some A force holds, 2 = some B force holds; OR over battles = "max" per bit, via products.
      let noneA = 1;
      let noneB = 1;
      let neither = 1;
      for (const outcomes of battles) {
        noneA *= outcomes.reduce((t, o) => t + (o.holds[0] ? 0 : o.p), 0);
        noneB *= outcomes.reduce((t, o) => t + (o.holds[1] ? 0 : o.p), 0);
        neither *= outcomes.reduce((t, o) => t + (o.holds[0] || o.holds[1] ? 0 : o.p), 0);
      }
      // P(A holds somewhere, B nowhere) = P(B nowhere) − P(neither anywhere).
      a = noneB - neither;
      b = noneA - neither;
    } else {
      const dist = convolve(
        battles,
        r === 'battles' ? (o) => (o.winner === 0 ? 1 : o.winner === 1 ? -1 : 0) : (o) => o.left[0] - o.left[1],
      );
      for (const [x, p] of dist) {
        if (x > 0) a += p;
        if (x < 0) b += p;
      }
    }
    const clamp = (x: number) => Math.min(1, Math.max(0, x));
    byRule[r] = { win: [clamp(a), clamp(b)], neither: clamp(1 - a - b) };
  }
  return { byRule, win: byRule[rule].win, neither: byRule[rule].neither };
}

/** One combination of splits: pair, fight, add up. */
export function solveSplits(s: DividedScenario, splitA: number | null, splitB: number | null): SplitOutcome {
  const forces = [forcesOf(s.sides[0], splitA, s.policies), forcesOf(s.sides[1], splitB, s.policies)] as const;
  const rated = forces.map((list, side) =>
    list.map((f, index): DividedForce => {
      const [r] = rateSides([f, f], s.policies);
      return { side: side as 0 | 1, index, battleRating: r.battleRating, troops: f.troops };
    }),
  ) as [DividedForce[], DividedForce[]];
  const problem = divisionProblem(rated);
  if (problem) throw new Error(problem);
  const cache = new Map<string, ReturnType<typeof battle>>();
  const fight = (i: number, j: number) => {
    const key = `${i}:${j}`;
    let b = cache.get(key);
    if (!b) cache.set(key, (b = battle(s, forces[0][i], forces[1][j])));
    return b;
  };
  const preference =
    s.policies.choose === 'weakest'
      ? weakestOpponent
      : (chooser: DividedForce, c: DividedForce) =>
          chooser.side === 0 ? fight(chooser.index, c.index).odds.win[0] : fight(c.index, chooser.index).odds.win[1];
  const pairs = pairForces(rated, preference);
  const results = pairs.map(([i, j]) => fight(i, j));
  const pairings: PairingFigures[] = pairs.map(([i, j], k) => ({
    forces: [i, j],
    names: [forces[0][i].name, forces[1][j].name],
    win: results[k].odds.win,
    noWinner: results[k].odds.tie,
    modifiedBattleRating: results[k].modified,
  }));
  const figures = [0, 1].map((side) =>
    forces[side].map((f, idx): ForceFigures => {
      const k = pairs.findIndex((p) => p[side] === idx);
      const out = results[k].outcomes;
      const mean = (g: (o: BattleOutcome) => number) => out.reduce((t, o) => t + o.p * g(o), 0);
      return {
        name: f.name,
        troops: f.troops,
        battleRating: rated[side][idx].battleRating,
        opponent: pairs[k][1 - side],
        win: results[k].odds.win[side],
        holdsField: mean((o) => (o.holds[side] ? 1 : 0)),
        meanLost: mean((o) => f.troops - o.left[side]),
        meanDead: mean((o) => o.dead[side]),
        meanWounded: mean((o) => o.wounded[side]),
        ...pcExpectations(
          results[k].odds.win[side],
          results[k].odds.win[1 - side],
          forces[1 - side][pairs[k][1 - side]].troops,
        ),
      };
    }),
  ) as [ForceFigures[], ForceFigures[]];
  return {
    splits: [splitA, splitB],
    troops: [forces[0].map((f) => f.troops), forces[1].map((f) => f.troops)],
    pairings,
    forces: figures,
    day: dayFigures(
      results.map((r) => r.outcomes),
      s.policies.winsTheDay,
    ),
  };
}

export function analyseDivided(s: DividedScenario): DividedResult {
  const options = (side: DividedSide) => (side.splits ? side.splits.map((_, i) => i) : [null]);
  const rows = options(s.sides[0]);
  const cols = options(s.sides[1]);
  const all = rows.map((a) => cols.map((b) => solveSplits(s, a, b)));
  const payoff = all.map((row) => row.map((o) => o.day.win[0] - o.day.win[1]));
  let best: SplitOutcome;
  let game: DividedResult['splitGame'] = null;
  if (rows.length > 1 && cols.length > 1) {
    const g = solveZeroSum(payoff);
    game = { mixA: g.mixA, mixB: g.mixB, value: g.value };
    // The outcome shown: each side's most-played split in the optimal mixes.
    const argmax = (xs: number[]) => xs.indexOf(Math.max(...xs));
    best = all[argmax(g.mixA)][argmax(g.mixB)];
  } else if (rows.length > 1) {
    const k = payoff.map((r) => r[0]).reduce((bi, x, i, xs) => (x > xs[bi] ? i : bi), 0);
    best = all[k][0];
  } else if (cols.length > 1) {
    const k = payoff[0].reduce((bi, x, i, xs) => (x < xs[bi] ? i : bi), 0);
    best = all[0][k];
  } else best = all[0][0];
  const table =
    rows.length * cols.length > 1 ? all.flatMap((row, i) => row.map((o, j) => ({ a: i, b: j, win: o.day.win }))) : null;
  return {
    ...resultMeta('divided'),
    kind: 'divided',
    title: s.title ?? null,
    method: 'exact',
    interrupted: false,
    sides: [s.sides[0].name, s.sides[1].name],
    policies: s.policies,
    outcome: best,
    splitTable: table,
    splitGame: game,
  };
}
