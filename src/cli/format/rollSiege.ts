/** The narration of `warcast roll` for a siege: week by week in the game's words, then a timeline table. */
import type { SiegeRoll, SiegeRollWeek } from '../../analysis/rollSiege.js';
import type { BrPart } from '../../rules/siege/week.js';
import { num, table } from '../../text/format.js';
import { ENDING_WORDS } from '../siege.js';
import { LEGEND, locationWords } from './roll.js';

const ATTACKER_DOES: Record<string, string> = {
  bombard: 'bombards', harass: 'harasses', assault: 'assaults', besiege: 'besieges', storm: 'storms', depart: 'leaves',
};
const DEFENDER_DOES: Record<string, string> = { stay: 'stay inside', sally: 'sally out', depart: 'leave by the escape route' };
const FATIGUE: Record<string, string> = { N: 'no fatigue', M: 'moderate fatigue', S: 'serious fatigue', '-': 'no fatigue result (the force left the field)' };

const signed = (n: number) => (n >= 0 ? `+ ${n}` : `− ${-n}`);
const hitDice = (tenths: number) => num(tenths / 10, 1);

function brLine(parts: BrPart[], roll: number): string {
  const [base, ...rest] = parts;
  const total = parts.reduce((t, p) => t + p.value, 0) + roll;
  return [`BR ${base.value}`, ...rest.map((p) => `${signed(p.value)} ${p.part}`), `+ d100 ${roll} = ${total}`].join(' ');
}

/** The ending as it happened: each cause has its own code (the attacker's tactic, a rout, desertion). */
function endingWords(w: SiegeRollWeek): string {
  if (w.ending === 'attackerRouted' && !w.battle?.sides?.[0].ends) return 'the attacker has no troops left to keep the siege';
  return ENDING_WORDS[w.ending!] ?? w.ending!;
}

function week(r: SiegeRoll, w: SiegeRollWeek): string[] {
  const [a, d] = [r.sides[0].name, r.sides[1].name];
  const out = [`Week ${w.week}: the attacker ${ATTACKER_DOES[w.tactics[0]]}, the defenders ${DEFENDER_DOES[w.tactics[1]]}`];
  if (w.joined) {
    for (let i = 0; i < 2; i++) {
      const joining = Object.entries(w.joined.pieces[i]);
      if (joining.length === 0) continue;
      const pieces = joining.map(([engine, n]) => `${n} ${engine}`).join(', ');
      const dr = w.joined.damageRolls;
      out.push(`  built in the field: ${pieces} join${joining.length === 1 && joining[0][1] === 1 ? 's' : ''} ${r.sides[i].name} and fight from this week${i === 0 ? ` (damage dice now: artillery ${dr.artillery}, ballistae ${dr.ballista}, rams and bores ${dr.breaching})` : ''}`);
    }
  }
  if (w.supplies) {
    const s = w.supplies;
    const parts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const bits: string[] = [];
      if (s.rationsLeft[i] !== null) bits.push(`${num(s.rationsUsed[i])} rations eaten (${num(s.rationsLeft[i]!)} left)`);
      if (s.moneyLeft[i] !== null) bits.push(`${num(s.paid[i])} gp paid (${num(s.moneyLeft[i]!)} gp left)`);
      if (s.unfed[i] > 0) bits.push(`${num(s.unfed[i])} unfed`);
      if (bits.length) parts.push(`${r.sides[i].name} ${bits.join(', ')}`);
    }
    if (parts.length) out.push(`  supplies: ${parts.join('; ')}`);
  }
  if (w.artillery) {
    const x = w.artillery;
    out.push(`  artillery: ${a}'s 1d10 ${x.d10} → ${hitDice(x.hitDiceTenths[0])} hit dice on the defenders; ${d}'s 2d10 ${x.twoD10} → ${hitDice(x.hitDiceTenths[1])} on the attackers`);
    out.push(`    ${a} loses ${num(x.lost[0])} (${num(x.dead[0])} dead); ${d} loses ${num(x.lost[1])} (${num(x.dead[1])} dead)`);
  }
  const b = w.battle;
  if (b) {
    const what = b.battle === 'sally' ? `sally${w.sallyTactics?.[0] ? ` (${a} ${w.sallyTactics[0]}, ${d} ${w.sallyTactics[1]})` : ''}` : b.battle;
    if (b.noCombat) out.push(`  ${what}: no combat (the tactics chosen do not meet)`);
    else {
      const last = b.rolls[b.rolls.length - 1];
      out.push(`  ${what}: ${a}: ${brLine(b.parts[0], last[0])}`);
      out.push(`  ${' '.repeat(what.length)}  ${d}: ${brLine(b.parts[1], last[1])}`);
      for (const t of b.rolls.slice(0, -1)) out.push(`  (the dice tied first, ${t[0]} and ${t[1]}: rolled again)`);
      if (b.winner === null || !b.sides) out.push('  a standing tie: no losses');
      else {
        const row = w.resultsRow!;
        const wi = b.winner;
        out.push(`  ${r.sides[wi].name} wins by ${Math.abs(b.difference)} → results row ${row.band}: winner ${row.casualties[0]}% casualties, ${row.fatigue[0]}, ${row.location[0]}; loser ${row.casualties[1]}%, ${row.fatigue[1]}, ${row.location[1]}`);
        for (const s of [wi, 1 - wi]) {
          const o = b.sides[s];
          const rowPct = row.casualties[s === wi ? 0 : 1];
          const pctText = +o.percent.toFixed(2) === rowPct ? `${rowPct}%` : `${+o.percent.toFixed(2)}%: the row's ${rowPct}% after the siege's scales and tactic modifiers`;
          // Behind walls a location only matters when it ends the siege (a rout), or in a sally in the open.
          const where = o.ends ? (s === 0 && b.battle === 'assault' ? ', driven back to bombarding range' : ', routs') : b.battle === 'sally' ? `, ${locationWords(o.location)}` : '';
          out.push(`  ${r.sides[s].name} loses ${num(o.lost)} (${pctText}): ${num(o.dead)} dead, ${num(o.lost - o.dead)} wounded; ${FATIGUE[o.fatigue] ?? o.fatigue}${where}`);
        }
      }
    }
  }
  if (w.damageAdded > 0) out.push(`  the walls take ${num(w.damageAdded)} more hit points of fire: ${num(w.damageSoFar)} damage so far after the d100, breach ${num(w.breachFeet)} ft`);
  if (w.starved > 0) out.push(`  hunger: ${num(w.starved)} of ${d} desert or starve`);
  if (w.ending) out.push(`  the siege ends: ${endingWords(w)}`);
  else out.push(`  left standing: ${a} ${num(w.troopsAtEnd[0])}, ${d} ${num(w.troopsAtEnd[1])}`);
  return out;
}

export function formatSiegeRoll(r: SiegeRoll, replay: string): string {
  const [a, d] = r.sides;
  const mode = r.mode === 'simple' ? 'a simple siege' : 'Siege Machine';
  const out = [`${r.title ? r.title + ': ' : ''}${a.name} (${num(a.troops)}) besieging ${d.name} (${num(d.troops)}), ${mode}, up to ${r.weekLimit} weeks`, `dice seed ${r.seed} (replay: ${replay})`];
  const dr = r.damageRolls;
  if (r.mode !== 'simple') out.push(`damage dice (rolled once for the siege, added each week the weapons fire${r.weeks.some((w) => w.joined) ? '; pieces built in the field add theirs from the week they join' : ''}): artillery ${dr.artillery}, ballistae ${dr.ballista}, rams and bores ${dr.breaching}; damage d100 ${dr.d100}`);
  if (r.foodWeeks !== null) out.push(`the garrison's food lasts ${r.foodWeeks} week${r.foodWeeks === 1 ? '' : 's'}`);
  out.push('');
  for (const w of r.weeks) out.push(...week(r, w), '');
  out.push(`Result: ${r.weeks.length ? endingWords(r.weeks[r.weeks.length - 1]) : ENDING_WORDS[r.ending]}, week ${r.endWeek}.`);
  for (let s = 0; s < 2; s++) {
    const extra = s === 1 && r.deserted > 0 ? `, ${num(r.deserted)} deserted or starved` : s === 0 && r.attackerDeserted > 0 ? `, ${num(r.attackerDeserted)} deserted unfed` : '';
    out.push(`  ${r.sides[s].name}: ${num(r.dead[s])} dead, ${num(r.wounded[s])} wounded${extra}, ${num(r.troopsLeft[s])} of ${num(r.sides[s].troops)} left`);
  }
  if (r.rearGuard > 0) out.push(`  a rear guard of ${num(r.rearGuard)} stays behind`);
  if (r.mode !== 'simple') out.push(`  fortifications: ${num(r.damage)} hit points of damage, breach ${num(r.breachFeet)} ft${r.rubble ? ', reduced to rubble' : ''}`);
  out.push('');
  const withRations = r.weeks.some((w) => w.supplies?.rationsLeft[1] != null);
  const walls = r.mode !== 'simple';
  const header = ['week', 'attacker', 'defender', `${a.name} left`, `${d.name} left`, ...(walls ? ['breach ft'] : []), ...(withRations ? ['garrison rations left'] : [])];
  const rows = r.weeks.map((w) => {
    const row = [String(w.week), w.tactics[0], w.tactics[1], num(w.troopsAtEnd[0]), num(w.troopsAtEnd[1])];
    if (walls) row.push(num(w.breachFeet));
    if (withRations) row.push(w.supplies?.rationsLeft[1] == null ? '—' : num(w.supplies.rationsLeft[1]));
    return row;
  });
  out.push(table(rows, header).trimEnd());
  out.push('', LEGEND, `Siege battles scale casualties (docs/siege.md)${walls ? "; the weapons' damage is rolled once and added each week they fire" : ''}.`);
  return out.join('\n') + '\n';
}
