/** A cascade round's location trace in words: the attack order, each battle's scores and what it took. */
import { fixedGrouped, grouped } from '../../numbers.js';
import type { LocationTrace } from '../../rules/dune/cascade.js';

/** As the terminal tables write money: whole numbers grouped, fractions to one decimal. */
const num = (x: number) => (Number.isInteger(x) ? grouped(x) : fixedGrouped(x, 1, 1));

export const signedScore = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
const ordinal = (k: number) => `${k}${k % 10 === 1 && k % 100 !== 11 ? 'st' : k % 10 === 2 && k % 100 !== 12 ? 'nd' : k % 10 === 3 && k % 100 !== 13 ? 'rd' : 'th'}`;

function sum(score: { parts: { label: string; value: number }[]; total: number }): string {
  return `${score.total} = ${score.parts.map((p, i) => `${i === 0 ? (p.value < 0 ? '−' : '') : p.value < 0 ? '− ' : '+ '}${Math.abs(p.value)} ${p.label}`).join(' ')}`;
}

export function formatLocation(loc: LocationTrace): string[] {
  const out: string[] = [''];
  out.push(`${loc.location} (held by ${loc.ownerBefore})`);
  out.push('  order: raids highest score first, then seizures lowest score first');
  loc.order.forEach((o, i) => {
    out.push(`    ${i + 1}. ${o.attacker} ${o.type}, score ${o.score}, ${o.legions} legion${o.legions === 1 ? '' : 's'}${o.beforeNextBecause ? ` — before ${loc.order[i + 1].attacker}: ${o.beforeNextBecause}` : ''}`);
  });
  for (const b of loc.battles) {
    const what = b.seizure !== null ? `${b.type} (${ordinal(b.seizure)} seizure here this round)` : b.type;
    out.push(`  ${b.step}. ${b.attacker} ${what} against ${b.defender}: ${b.attackerScore.total} − ${b.defenderScore.total} = ${signedScore(b.difference)} → row ${b.row}: ${b.result}`);
    out.push(`       ${b.attacker}: ${sum(b.attackerScore)}`);
    out.push(`       ${b.defender}: ${sum(b.defenderScore)}`);
    const losses = [b.attackerLosses.length ? `${b.attacker} loses ${b.attackerLosses.join(', ')}` : `${b.attacker} loses nothing`, b.defenderLosses.length ? `${b.defender} loses ${b.defenderLosses.join(', ')}` : `${b.defender} loses nothing`];
    if (b.heroesLost.length) losses.push(`hero${b.heroesLost.length > 1 ? 'es' : ''} killed: ${b.heroesLost.join(', ')}`);
    out.push(`       ${losses.join('; ')}`);
    const after = [`owner after: ${b.ownerAfter}`, `damage: ${b.damageAfter}`];
    if (b.incomeTaken !== null) after.push(`income taken: ${num(b.incomeTaken)} MS`);
    if (b.wealthTaken !== null) after.push(`${b.defender} loses ${num(b.wealthTaken)} MS`);
    after.push(b.attackerRevealed ? `${b.defender} knows who attacked` : 'attacker unknown');
    out.push(`       ${after.join('; ')}`);
  }
  out.push(`  after the round: ${loc.location} held by ${loc.ownerAfter}, damage ${loc.damage}${loc.incomeTaken ? `, ${num(loc.incomeTaken.amount)} MS income taken by ${loc.incomeTaken.by}` : ''}`);
  return out;
}

