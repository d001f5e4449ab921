/**
 * `roll` for a march: day by day through the readable rules (src/rules/warMachine/march.ts: movement, foraging,
 * forced-march rolls, hunger and fatigue) with chunk 0 of the march stream, so the march is the first trial of
 * `warcast march --monte-carlo --seed N`; on arrival, the battle against the enemy is fought with the fatigue the
 * march left, on the dice that follow.
 */
import { grouped as num } from '../../numbers.js';
import { Stream } from '../../rng/index.js';
import type { Dice } from '../../rules/dice.js';
import { FATIGUE_PENALTY } from '../../rules/warMachine/engagement.js';
import { fatigueOf, marchDay, type MarchAction, type MarchFatigue } from '../../rules/warMachine/march.js';
import { warcastVersion } from '../../version.js';
import type { KindRoll, Narration } from '../roll.js';
import { BATTLE_SHAPES, narrateBattle, playBattle, type BattleRoll } from '../warMachine/roll.js';
import { marchPlanOf, startState } from './plan.js';
import type { MarchScenario } from './schema.js';

export interface MarchRollDay {
  day: number;
  action: MarchAction;
  /** Fatigue in the morning, from every cause (a seriously fatigued force cannot move). */
  morningFatigue: MarchFatigue;
  /** The day's 1d6 (forced march or foraging) and 1d4s (fatigue days), as rolled. */
  d6: number | null;
  d4: number[];
  forced: boolean;
  foraged: boolean;
  unfed: boolean;
  moved: number;
  distance: number;
  food: number;
  daysWithoutFood: number;
  fatigue: MarchFatigue;
}

export interface MarchRoll {
  kind: 'march';
  schema: 'warcast/roll/march@1';
  warcastVersion: string;
  title: string | null;
  force: { name: string; troops: number; dailyRate: number; troopClass: string; food: number };
  distance: number | null;
  days: MarchRollDay[];
  /** Day the force arrived (null: not within the plan, or no destination). */
  arrivedDay: number | null;
  fatigueOnArrival: MarchFatigue | null;
  /** The battle on arrival, fought at that fatigue (null: no enemy, or the force did not arrive). */
  battle: BattleRoll | null;
}

/** Dice that note the faces the rules asked for (to narrate a day's rolls). */
function noting(dice: Dice, seen: { sides: number; value: number }[]): { die(sides: number): number } {
  return {
    die(sides: number) {
      const value = dice.die(sides);
      seen.push({ sides, value });
      return value;
    },
  };
}

const LEVEL_WORDS: Record<MarchFatigue, 'none' | 'moderate' | 'serious'> = { N: 'none', M: 'moderate', S: 'serious' };

export function playMarch(s: MarchScenario, dice: Dice): MarchRoll {
  const { plan, troopClass, rate } = marchPlanOf(s);
  const target = s.distance ?? null;
  let state = startState(plan);
  const days: MarchRollDay[] = [];
  let arrivedDay: number | null = null;
  for (let day = 1; day <= s.force.actions.length; day++) {
    const action = s.force.actions[day - 1];
    const seen: { sides: number; value: number }[] = [];
    const morningFatigue = fatigueOf(state);
    const d = marchDay(state, action, { rate, troopClass }, s.marchPolicies, noting(dice, seen));
    state = d.state;
    const arrived = target !== null && state.distance >= target;
    if (arrived) state = { ...state, distance: target };
    days.push({
      day,
      action,
      morningFatigue,
      d6: seen.find((x) => x.sides === 6)?.value ?? null,
      d4: seen.filter((x) => x.sides === 4).map((x) => x.value),
      forced: d.forced,
      foraged: d.foraged,
      unfed: d.unfed,
      moved: d.moved,
      distance: state.distance,
      food: state.food,
      daysWithoutFood: state.daysWithoutFood,
      fatigue: fatigueOf(state),
    });
    if (arrived) {
      arrivedDay = day;
      break;
    }
  }
  const fatigueOnArrival = arrivedDay === null ? null : fatigueOf(state);
  let battle: BattleRoll | null = null;
  if (s.battle && fatigueOnArrival !== null) {
    const [a, b] = s.battle.sides;
    battle = playBattle(
      { ...s.battle, sides: [{ ...a, adjustments: { ...a.adjustments, fatigue: LEVEL_WORDS[fatigueOnArrival] } }, b] },
      dice,
    );
  }
  return {
    kind: 'march',
    schema: 'warcast/roll/march@1',
    warcastVersion,
    title: s.title ?? null,
    force: { name: s.force.name, troops: s.force.troops, dailyRate: rate, troopClass, food: s.force.food },
    distance: target,
    days,
    arrivedDay,
    fatigueOnArrival,
    battle,
  };
}

// ---- narration --------------------------------------------------------------------------------------------

const FATIGUE: Record<MarchFatigue, string> = { N: 'fresh', M: 'moderately fatigued', S: 'seriously fatigued' };
const DOES: Record<MarchAction, string> = {
  march: 'marches',
  forage: 'forages on the move (2V′/3)',
  'forage-slow': 'forages slowly (V′/3)',
  'forced-march': 'forces the march',
  rest: 'rests',
};

function dayLines(r: MarchRoll, d: MarchRollDay): string[] {
  const out = [
    `Day ${d.day}: ${r.force.name} ${DOES[d.action]}${d.morningFatigue === 'N' ? '' : ` (${FATIGUE[d.morningFatigue]} this morning${d.morningFatigue === 'S' ? ': it cannot move' : ''})`}`,
  ];
  if (d.action === 'forced-march' && d.d6 !== null)
    out.push(
      `  forced-march table, ${r.force.troopClass}, 1d6 ${d.d6}: ${d.forced ? 'the forced march succeeds (+50% movement)' : 'no extra movement'}`,
    );
  if ((d.action === 'forage' || d.action === 'forage-slow') && d.d6 !== null)
    out.push(`  foraging 1d6 ${d.d6}: ${d.foraged ? 'food found' : 'nothing found'}`);
  if (d.d4.length) out.push(`  fatigue days 1d4: ${d.d4.join(', ')}`);
  const food = d.foraged
    ? 'fed by foraging'
    : d.unfed
      ? `unfed (${d.daysWithoutFood} day${d.daysWithoutFood === 1 ? '' : 's'} without food)`
      : `eats from the stores (${d.food} day${d.food === 1 ? '' : 's'} left)`;
  out.push(
    `  moves ${num(d.moved)}${r.distance !== null ? `, ${num(d.distance)} of ${num(r.distance)} covered` : `, ${num(d.distance)} in all`}; ${food}; ${FATIGUE[d.fatigue]} tonight`,
  );
  return out;
}

export function narrateMarch(r: MarchRoll): Narration {
  const paragraphs: Narration['paragraphs'] = r.days.map((d) => dayLines(r, d));
  const last = r.days[r.days.length - 1];
  if (r.arrivedDay !== null) paragraphs.push([`Arrived on day ${r.arrivedDay}, ${FATIGUE[r.fatigueOnArrival!]}.`]);
  else
    paragraphs.push([
      `Not arrived${r.distance !== null ? ` after ${r.days.length} days: ${num(last?.distance ?? 0)} of ${num(r.distance)} covered` : ` : ${num(last?.distance ?? 0)} covered in ${r.days.length} days`}.`,
    ]);
  let legend = [
    `Fatigue: moderate −${-FATIGUE_PENALTY.M} BR, serious −${-FATIGUE_PENALTY.S} BR in battle; a seriously fatigued force cannot move (docs/rules.md §8).`,
  ];
  if (r.battle) {
    const b = narrateBattle(r.battle);
    paragraphs.push([`The battle on arrival: ${b.title}`], ...b.paragraphs);
    legend = [...legend, ...b.legend];
  }
  return {
    title: `${r.title ? r.title + ': ' : ''}${r.force.name} (${num(r.force.troops)}, ${r.force.troopClass}) marching ${r.distance !== null ? `${num(r.distance)} at ${num(r.force.dailyRate)} a day` : `at ${num(r.force.dailyRate)} a day`}, food for ${r.force.food} day${r.force.food === 1 ? '' : 's'}`,
    paragraphs,
    legend,
  };
}

export const marchRoll: KindRoll<MarchScenario, MarchRoll> = {
  stream: () => Stream.march,
  shapes: { below: BATTLE_SHAPES.below, names: { 6: 'd6 forced march or foraging', 4: 'd4 fatigue days' } },
  play: (s, dice) => playMarch(s, dice),
  narrate: narrateMarch,
};
