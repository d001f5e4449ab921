/** The narration of `warcast roll`: one battle day by day, or one cascade round, in the game's words. */
import type { BattleRoll, BattleRollDay, CascadeRoll, RollResult } from '../../analysis/roll.js';
import { num } from '../../text/format.js';
import { formatLocation } from '../cascade.js';
import { formatSiegeRoll } from './rollSiege.js';

const FATIGUE: Record<string, string> = { N: 'no fatigue', M: 'moderate fatigue', S: 'serious fatigue', '-': 'no fatigue result (the force left the field)' };

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

const signed = (n: number) => (n >= 0 ? `+ ${n}` : `− ${-n}`);
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

export const LEGEND = [
  'results row: casualties % (winner; loser), fatigue N none, M moderate, S serious, - no result (left the field);',
  'location F holds the field, F+n holds and may advance n terrain units, R retreats, R+n retreats n units, rout, - destroyed.',
  'Casualties are half dead, half wounded; a force that leaves the field counts its wounded as dead (docs/rules.md §4, §6).',
].join('\n');

function day(r: BattleRoll, d: BattleRollDay, replay: boolean): string[] {
  const name = (s: number) => r.sides[s].name;
  const out: string[] = [];
  const tactics = d.tactics[0] === null ? 'no tactics' : `${name(0)} chooses ${d.tactics[0]}, ${name(1)} chooses ${d.tactics[1]}`;
  out.push(`${replay ? `Day ${d.day}` : 'Battle'}: ${tactics}`);
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
  out.push(`  ${name(w)} wins by ${Math.abs(d.difference)} → results row ${row.band}: winner ${row.casualties[0]}% casualties, ${row.fatigue[0]}, ${row.location[0]}; loser ${row.casualties[1]}%, ${row.fatigue[1]}, ${row.location[1]}`);
  for (const s of [w, 1 - w]) {
    const o = d.sides[s];
    const lost = o.dead + o.wounded;
    const before = o.troopsLeft + lost;
    const rowPct = row.casualties[s === w ? 0 : 1];
    const share = +o.percent.toFixed(2) === rowPct ? ` (${rowPct}% of ${num(before)})` : ` (${+o.percent.toFixed(2)}% of ${num(before)}: the row's ${rowPct}% after tactic and policy modifiers)`;
    out.push(`  ${name(s)} loses ${lost.toLocaleString('en-US')}${share}: ${num(o.dead)} dead, ${num(o.wounded)} wounded; ${num(o.troopsLeft)} left, ${FATIGUE[o.fatigue]}, ${locationWords(o.location)}`);
  }
  if (r.maxDays > 1 && d.contact) out.push(`  ${CONTACT[d.contact]}`);
  return out;
}

function formatBattleRoll(r: BattleRoll, replay: string): string {
  const out = [`${r.title ? r.title + ': ' : ''}${r.sides[0].name} against ${r.sides[1].name}`, `dice seed ${r.seed} (replay: ${replay})`, ''];
  const pursuit = r.maxDays > 1;
  for (const d of r.days) out.push(...day(r, d, pursuit), '');
  if (r.days.length === 0) out.push('no battle: the tactics chosen give no combat', '');
  const winner = r.lastWinner === null ? 'no winner' : `${r.sides[r.lastWinner].name} won${pursuit ? ' the last battle' : ''}`;
  if (pursuit) out.push(`After ${r.days.length} day${r.days.length === 1 ? '' : 's'}: ${END[r.end]}; ${winner}.`);
  else out.push(`Result: ${winner}.`);
  for (let s = 0; s < 2; s++) out.push(`  ${r.sides[s].name}: ${num(r.dead[s])} dead, ${num(r.wounded[s])} wounded, ${num(r.troopsLeft[s])} of ${num(r.sides[s].troops)} left`);
  out.push('', LEGEND);
  return out.join('\n') + '\n';
}

function formatCascadeRoll(r: CascadeRoll, replay: string): string {
  const out = [`${r.title ? r.title + ': ' : ''}round ${r.trace.round}, the players' attacks${r.npc ? ' and the NPC attacks the dice brought' : ' (no NPC attacks)'}`, `dice seed ${r.seed} (replay: ${replay})`];
  if (r.trace.locations.length === 0) out.push('', 'no attacks this round');
  for (const loc of r.trace.locations) out.push(...formatLocation(loc));
  out.push('', 'MS: money as the Dune page counts it; NPC: attacks by non-player forces, rolled this round');
  return out.join('\n') + '\n';
}

export function formatRoll(r: RollResult, file: string): string {
  const replay = `warcast roll ${file} --seed ${r.seed}`;
  return r.kind === 'war-machine' ? formatBattleRoll(r, replay) : r.kind === 'siege' ? formatSiegeRoll(r, replay) : formatCascadeRoll(r, replay);
}
