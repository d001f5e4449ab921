/**
 * `roll` for a War Machine battle: one battle (day by day when the scenario pursues) through the readable rules
 * (src/rules/warMachine/engagement.ts), drawing as the kernels do: one battle as the battle kernel
 * (Stream.warMachine), a pursuit as the engagement kernel, so the roll with seed N is the first trial of `odds --seed N`.
 */
import { Stream } from '../../rng/index.js';
import type { Dice } from '../../rules/dice.js';
import { fightEngagement, type EngagementDay, type EngagementEnd } from '../../rules/warMachine/engagement.js';
import { RESULTS_TABLE, rowLabel } from '../../rules/warMachine/results.js';
import type { Tactic } from '../../rules/warMachine/tactics.js';
import { warcastVersion } from '../../version.js';
import { grouped as num } from '../../numbers.js';
import { engagementSides } from '../pursuit/engagement.js';
import { BATTLE_DICE, type DiceShapes, type KindRoll, type Narration } from '../roll.js';
import { compileWarMachine } from './plan.js';
import type { WarMachineScenario } from './schema.js';

export interface BattleRollSide {
  name: string;
  troops: number;
  /** The tactic drawn from the side's mix (null: tactics not used). */
  tactic: Tactic | null;
}

/** A results row as printed: its band of differences, casualties %, fatigue and location (winner, loser). */
export interface ResultsRowWords {
  band: string;
  casualties: [number, number];
  fatigue: [string, string];
  location: [string, string];
}

export interface BattleRollDay extends EngagementDay {
  tactics: [Tactic | null, Tactic | null];
  resultsRow: ResultsRowWords | null;
}

export interface BattleRoll {
  kind: 'war-machine';
  schema: 'warcast/roll/war-machine@1';
  warcastVersion: string;
  title: string | null;
  /** Battles fought as one engagement (pursuit: scenario engagement.maxDays with policy pursue: always). */
  maxDays: number;
  sides: [BattleRollSide, BattleRollSide];
  days: BattleRollDay[];
  end: EngagementEnd;
  /** Winner of the last battle fought (null: none fought, or a standing tie). */
  lastWinner: 0 | 1 | null;
  dead: [number, number];
  wounded: [number, number];
  troopsLeft: [number, number];
}

/** The results row of a decided battle, in the table's words. */
export function resultsRowWords(row: number | null): ResultsRowWords | null {
  if (row === null) return null;
  const r = RESULTS_TABLE[row];
  return { band: rowLabel(row), casualties: r.casualties, fatigue: r.fatigue, location: r.location };
}

/** Dice of a battle: the two d100 as one draw, a d4 for the days a fatigue lasts. */
export const BATTLE_SHAPES: DiceShapes = { below: { 10_000: BATTLE_DICE }, names: { 4: 'd4 fatigue days' } };

const maxDaysOf = (s: WarMachineScenario) => (s.policies.pursue === 'always' ? (s.engagement?.maxDays ?? 1) : 1);

/** One battle or pursuit of `s` with `dice`. */
export function playBattle(s: WarMachineScenario, dice: Dice): BattleRoll {
  const c = compileWarMachine(s);
  const maxDays = maxDaysOf(s);
  const sides = engagementSides(c, [s.sides[0].adjustments.fatigue, s.sides[1].adjustments.fatigue]);
  const pairings = c.pairs.map((p, i) => ({ threshold: c.plan.pairThresholds[i], effects: p.effects }));
  const trace: EngagementDay[] = [];
  // One battle: no night follows, so the 1d4 days of a fatigue at the start are never read, and the battle
  // kernel rolls none; they are not rolled here either (the roll stays the kernel's first battle).
  const battleDice: Dice =
    maxDays > 1
      ? dice
      : {
          next: () => dice.next(),
          below: (n) => dice.below(n),
          unit: () => dice.unit(),
          die: (n) => (n === 4 ? 1 : dice.die(n)),
        };
  const o = fightEngagement(
    sides,
    pairings,
    { ...c.policies, ratioRounding: s.policies.ratioRounding },
    c.favoured,
    maxDays,
    battleDice,
    trace,
  );
  const days: BattleRollDay[] = trace.map((d) => ({
    ...d,
    tactics: c.pairs[d.pairing].tactics,
    resultsRow: resultsRowWords(d.row),
  }));
  return {
    kind: 'war-machine',
    schema: 'warcast/roll/war-machine@1',
    warcastVersion,
    title: s.title ?? null,
    maxDays,
    sides: [0, 1].map((i) => ({
      name: s.sides[i].name,
      troops: s.sides[i].troops,
      tactic: days[0]?.tactics[i] ?? null,
    })) as [BattleRollSide, BattleRollSide],
    days,
    end: o.end,
    lastWinner: o.lastWinner,
    dead: o.dead,
    wounded: o.wounded,
    troopsLeft: [0, 1].map(
      (i) => days.findLast((d) => d.sides.length > 0)?.sides[i].troopsLeft ?? s.sides[i].troops,
    ) as [number, number],
  };
}

// ---- narration --------------------------------------------------------------------------------------------

export const FATIGUE_WORDS: Record<string, string> = {
  N: 'no fatigue',
  M: 'moderate fatigue',
  S: 'serious fatigue',
  '-': 'no fatigue result (the force left the field)',
};

/** A location result in words (results table: F holds, F+n advances n, R retreats, R+n retreats n more, rout, - destroyed). */
export function locationWords(l: string): string {
  if (l === 'F') return 'holds the field';
  if (l.startsWith('F+')) return `holds the field and may advance ${l.slice(2)} terrain unit${l === 'F+1' ? '' : 's'}`;
  if (l === 'R') return 'retreats';
  if (l.startsWith('R+')) return `retreats ${l.slice(2)} terrain unit${l === 'R+1' ? '' : 's'}`;
  if (l === 'rout') return 'routs';
  if (l === '-') return 'is destroyed';
  if (l === 'withdraws') return 'withdraws (its tactic)';
  return l;
}

export const signed = (n: number) => (n >= 0 ? `+ ${n}` : `− ${-n}`);
const CONTACT: Record<string, string> = {
  holds: 'the armies stay in contact: the winner attacks again tomorrow',
  broken: 'contact is broken',
  'both-left': 'both armies leave the field',
  rout: 'the loser routs',
  destroyed: 'the loser is destroyed',
};
const END: Record<string, string> = {
  'no battle': 'no battle: the tactics chosen give no combat',
  'contact broken': 'the pursuit ends: contact broken',
  'both left the field': 'both armies left the field',
  rout: 'the loser routed',
  destroyed: 'a force was destroyed',
  'day limit': 'the day limit was reached with the armies still in contact',
};

export const BATTLE_LEGEND = [
  'results row: casualties % (winner; loser), fatigue N none, M moderate, S serious, - no result (left the field);',
  'location F holds the field, F+n holds and may advance n terrain units, R retreats, R+n retreats n units, rout, - destroyed.',
  'Casualties are half dead, half wounded; a force that leaves the field counts its wounded as dead (docs/rules.md §4, §6).',
];

/** One day's battle in words; `heading` names it ("Battle", "Day 2", a pairing). */
export function battleDayLines(
  names: readonly [string, string],
  d: BattleRollDay,
  heading: string,
  pursuit: boolean,
): string[] {
  const name = (s: number) => names[s];
  const out: string[] = [];
  const tactics =
    d.tactics[0] === null ? 'no tactics' : `${name(0)} chooses ${d.tactics[0]}, ${name(1)} chooses ${d.tactics[1]}`;
  out.push(`${heading}: ${tactics}`);
  if (d.noCombat) return out.concat('  no combat (the tactics chosen do not meet)');
  const last = d.rolls[d.rolls.length - 1];
  for (let s = 0; s < 2; s++) {
    const parts = [`BR ${d.battleRating[s] - d.tacticBonus[s] - d.fatiguePenalty[s] - d.ratioBonus[s]}`];
    if (d.tacticBonus[s]) parts.push(`${signed(d.tacticBonus[s])} tactic`);
    if (d.ratioBonus[s]) parts.push(`${signed(d.ratioBonus[s])} troop ratio`);
    if (d.fatiguePenalty[s]) parts.push(`${signed(d.fatiguePenalty[s])} fatigue`);
    out.push(`  ${name(s)}: ${parts.join(' ')} + d100 ${last[s]} = ${d.battleRating[s] + last[s]}`);
  }
  for (const t of d.rolls.slice(0, -1)) out.push(`  (the dice tied first, ${t[0]} and ${t[1]}: rolled again)`);
  if (d.winner === null) return out.concat('  a standing tie: no losses, both hold the field');
  const row = d.resultsRow!;
  const w = d.winner;
  out.push(
    `  ${name(w)} wins by ${Math.abs(d.difference)} → results row ${row.band}: winner ${row.casualties[0]}% casualties, ${row.fatigue[0]}, ${row.location[0]}; loser ${row.casualties[1]}%, ${row.fatigue[1]}, ${row.location[1]}`,
  );
  for (const s of [w, 1 - w]) {
    const o = d.sides[s];
    const lost = o.dead + o.wounded;
    const before = o.troopsLeft + lost;
    const rowPct = row.casualties[s === w ? 0 : 1];
    const share =
      +o.percent.toFixed(2) === rowPct
        ? ` (${rowPct}% of ${num(before)})`
        : ` (${+o.percent.toFixed(2)}% of ${num(before)}: the row's ${rowPct}% after tactic and policy modifiers)`;
    out.push(
      `  ${name(s)} loses ${num(lost)}${share}: ${num(o.dead)} dead, ${num(o.wounded)} wounded; ${num(o.troopsLeft)} left, ${FATIGUE_WORDS[o.fatigue]}, ${locationWords(o.location)}`,
    );
  }
  if (pursuit && d.contact) out.push(`  ${CONTACT[d.contact]}`);
  return out;
}

export function narrateBattle(r: BattleRoll): Narration {
  const pursuit = r.maxDays > 1;
  const names = [r.sides[0].name, r.sides[1].name] as const;
  const paragraphs = r.days.map((d) => battleDayLines(names, d, pursuit ? `Day ${d.day}` : 'Battle', pursuit));
  if (r.days.length === 0) paragraphs.push(['no battle: the tactics chosen give no combat']);
  const winner =
    r.lastWinner === null ? 'no winner' : `${r.sides[r.lastWinner].name} won${pursuit ? ' the last battle' : ''}`;
  const result = [
    pursuit
      ? `After ${r.days.length} day${r.days.length === 1 ? '' : 's'}: ${END[r.end]}; ${winner}.`
      : `Result: ${winner}.`,
  ];
  for (let s = 0; s < 2; s++)
    result.push(
      `  ${r.sides[s].name}: ${num(r.dead[s])} dead, ${num(r.wounded[s])} wounded, ${num(r.troopsLeft[s])} of ${num(r.sides[s].troops)} left`,
    );
  paragraphs.push(result);
  return {
    title: `${r.title ? r.title + ': ' : ''}${r.sides[0].name} against ${r.sides[1].name}`,
    paragraphs,
    legend: BATTLE_LEGEND,
  };
}

export const warMachineRoll: KindRoll<WarMachineScenario, BattleRoll> = {
  stream: (s) => (maxDaysOf(s) > 1 ? Stream.engagement : Stream.warMachine),
  shapes: BATTLE_SHAPES,
  play: (s, dice) => playBattle(s, dice),
  narrate: narrateBattle,
};
