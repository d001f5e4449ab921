/**
 * `roll` for divided forces: the forces pair off in the book's order (highest BR chooses first,
 * src/rules/warMachine/divided.ts; each picks by the scenario's `choose` policy), then each pairing's battle is
 * rolled in that order through the readable battle rules, and the day goes to a side by the `winsTheDay` policy.
 * A side that lists splits fights with its first listed split.
 */
import { grouped as num } from '../../numbers.js';
import { Stream } from '../../rng/index.js';
import type { Dice } from '../../rules/dice.js';
import {
  choosingOrder,
  divisionProblem,
  pairForces,
  weakestOpponent,
  winnerOfTheDay,
  type DividedForce,
  type WinsTheDay,
} from '../../rules/warMachine/divided.js';
import { rateSides } from '../../rules/warMachine/rating.js';
import { warcastVersion } from '../../version.js';
import type { KindRoll, Narration } from '../roll.js';
import { exactWarMachine } from '../warMachine/kernel.js';
import { CODE_COUNT, compileWarMachine } from '../warMachine/plan.js';
import { BATTLE_LEGEND, BATTLE_SHAPES, battleDayLines, playBattle, type BattleRoll } from '../warMachine/roll.js';
import type { WarMachineScenario, WarMachineSide } from '../warMachine/schema.js';
import { summarizeOdds } from '../warMachine/summary.js';
import { forcesOf } from './forces.js';
import type { DividedScenario } from './schema.js';

export interface DividedRollPairing {
  /** Index of side A's and side B's force. */
  forces: [number, number];
  names: [string, string];
  /** The force whose choice made this pairing (side, index), in the book's order. */
  chosenBy: { side: 0 | 1; name: string; battleRating: number };
  battle: BattleRoll;
}

export interface DividedRoll {
  kind: 'divided';
  schema: 'warcast/roll/divided@1';
  warcastVersion: string;
  title: string | null;
  sides: [string, string];
  winsTheDay: WinsTheDay;
  /** The pairings in the order they were chosen, each with its battle. */
  pairings: DividedRollPairing[];
  /** The side that wins the day (null: neither). */
  winnerOfTheDay: 0 | 1 | null;
}

const battleOf = (s: DividedScenario, a: WarMachineSide, b: WarMachineSide): WarMachineScenario => ({
  kind: 'war-machine',
  title: s.title,
  policies: s.policies,
  sides: [a, b],
});

export function playDivided(s: DividedScenario, dice: Dice): DividedRoll {
  const forces = [forcesOf(s.sides[0], null, s.policies), forcesOf(s.sides[1], null, s.policies)] as const;
  const rated = forces.map((list, side) =>
    list.map((f, index): DividedForce => ({
      side: side as 0 | 1,
      index,
      battleRating: rateSides([f, f], s.policies)[0].battleRating,
      troops: f.troops,
    })),
  ) as [DividedForce[], DividedForce[]];
  const problem = divisionProblem(rated);
  if (problem) throw new Error(problem);
  const win = (i: number, j: number): [number, number] => {
    const c = compileWarMachine(battleOf(s, forces[0][i], forces[1][j]));
    const probs = exactWarMachine(
      c.plan,
      c.pairs.map((p) => p.probability),
    );
    return summarizeOdds(c, probs, 1, probs[c.pairs.length * CODE_COUNT]).win;
  };
  const preference =
    s.policies.choose === 'weakest'
      ? weakestOpponent
      : (chooser: DividedForce, c: DividedForce) =>
          chooser.side === 0 ? win(chooser.index, c.index)[0] : win(c.index, chooser.index)[1];
  const pairs = pairForces(rated, preference);
  // The book's order: the pairing of the force that chose first comes first.
  const order = choosingOrder(rated);
  const chooserOf = (p: [number, number]) => order.find((f) => p[f.side] === f.index)!;
  const ordered = [...pairs].sort((x, y) => order.indexOf(chooserOf(x)) - order.indexOf(chooserOf(y)));
  const pairings = ordered.map(([i, j]): DividedRollPairing => {
    const chooser = chooserOf([i, j]);
    return {
      forces: [i, j],
      names: [forces[0][i].name, forces[1][j].name],
      chosenBy: {
        side: chooser.side,
        name: forces[chooser.side][chooser.index].name,
        battleRating: chooser.battleRating,
      },
      battle: playBattle(battleOf(s, forces[0][i], forces[1][j]), dice),
    };
  });
  const results = pairings.map((p) => {
    const last = p.battle.days.findLast((d) => d.sides.length > 0);
    const holds = (k: number) => (last ? last.sides[k].location[0] === 'F' : true);
    return {
      winner: p.battle.lastWinner,
      holdsField: [holds(0), holds(1)] as [boolean, boolean],
      troopsLeft: p.battle.troopsLeft,
    };
  });
  return {
    kind: 'divided',
    schema: 'warcast/roll/divided@1',
    warcastVersion,
    title: s.title ?? null,
    sides: [s.sides[0].name, s.sides[1].name],
    winsTheDay: s.policies.winsTheDay,
    pairings,
    winnerOfTheDay: winnerOfTheDay(results, s.policies.winsTheDay),
  };
}

const DAY_RULE: Record<WinsTheDay, string> = {
  battles: 'more battles won',
  field: 'a force holding the field when none of the enemy does',
  troops: 'more troops left standing',
};

export function narrateDivided(r: DividedRoll): Narration {
  const paragraphs: Narration['paragraphs'] = r.pairings.map((p, k) => {
    const chosen = p.names[1 - p.chosenBy.side];
    const head = `Pairing ${k + 1}, ${p.chosenBy.name} (BR ${p.chosenBy.battleRating}) chooses ${chosen}`;
    const day = p.battle.days[0];
    const lines = day ? battleDayLines(p.names, day, head, false) : [head, '  no battle'];
    const b = p.battle;
    lines.push(
      `  → ${b.lastWinner === null ? 'no winner' : `${p.names[b.lastWinner]} wins`}; ${p.names[0]} ${num(b.troopsLeft[0])} of ${num(b.sides[0].troops)} left, ${p.names[1]} ${num(b.troopsLeft[1])} of ${num(b.sides[1].troops)} left`,
    );
    return lines;
  });
  const winner = r.winnerOfTheDay === null ? 'neither side wins the day' : `${r.sides[r.winnerOfTheDay]} wins the day`;
  paragraphs.push([`Result: ${winner} (rule: ${DAY_RULE[r.winsTheDay]}).`]);
  return {
    title: `${r.title ? r.title + ': ' : ''}${r.sides[0]} against ${r.sides[1]}, ${r.pairings.length} pairings in the book's order (highest BR chooses first)`,
    paragraphs,
    legend: BATTLE_LEGEND,
  };
}

export const dividedRoll: KindRoll<DividedScenario, DividedRoll> = {
  stream: () => Stream.warMachine,
  shapes: BATTLE_SHAPES,
  play: (s, dice) => playDivided(s, dice),
  narrate: narrateDivided,
};
