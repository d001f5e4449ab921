/**
 * Random NPC attacks (pirates, rogue houses), Dune page lines 79–95, docs/cascade.md:
 * - modifier = ⌊locations / 3⌋ (homeworld and electors count) − Diplomacy + 1 in rounds 1–2;
 * - 1d6 + modifier: ≤1 no attack, 2–3 one, 4–5 two, ≥6 three;
 * - type on 1d6: 1–4 raid on a random location, 5 seizure on a random location, 6 house raid;
 * - NPC battle score: raid 1d6+2, seizure 1d6+4, house raid 1d6+5.
 * Targets are drawn among the player's eligible locations (raids: not the homeworld, not an elector;
 * seizures: not the homeworld), an ungarrisoned one weighing `ungarrisonedWeight` against 1 (default 1:
 * uniform, as the table says "random location").
 */
import type { Dice } from '../dice.js';
import { HOUSE_RAID, RAID, SEIZURE } from './tables.js';

/** Attacks by total 1d6 + modifier, as printed: [highest total, attacks]. */
export const NPC_COUNT_TABLE: readonly { upTo: number; attacks: number }[] = [
  { upTo: 1, attacks: 0 },
  { upTo: 3, attacks: 1 },
  { upTo: 5, attacks: 2 },
  { upTo: Infinity, attacks: 3 },
];

/** Attack type by 1d6: 1–4 raid, 5 seizure, 6 house raid. */
export const NPC_TYPE_TABLE: readonly number[] = [RAID, RAID, RAID, RAID, SEIZURE, HOUSE_RAID];

/** NPC battle score = 1d6 + this, by attack type (raid, seizure, house raid). */
export const NPC_SCORE_BONUS: readonly number[] = [2, 4, 5];

export function npcModifier(locations: number, diplomacy: number, round: number): number {
  return Math.floor(locations / 3) - diplomacy + (round <= 2 ? 1 : 0);
}

export function npcAttackCount(total: number): number {
  for (const r of NPC_COUNT_TABLE) if (total <= r.upTo) return r.attacks;
  return 3;
}

/** Exact distribution of the number of NPC attacks (0…3) for a modifier. */
export function npcCountDistribution(modifier: number): number[] {
  const faces = [0, 0, 0, 0];
  for (let d = 1; d <= 6; d++) faces[npcAttackCount(d + modifier)]++;
  return faces.map((f) => f / 6);
}

export function npcScore(type: number, d6: number): number {
  return d6 + NPC_SCORE_BONUS[type];
}

export interface NpcAttack {
  type: number;
  /** Location index, −1 when the player has no eligible target for this type. */
  location: number;
  score: number;
}

/** Everything `rollNpcAttacks` needs to know about one player's holdings now. */
export interface NpcTargets {
  /** Location indices the player holds. */
  locations: readonly number[];
  count: number;
  homeworld: readonly number[];
  elector: readonly number[];
  /** 1 on Kaitain, where no combat takes place (Dune page line 11). */
  kaitain: readonly number[];
  /** 1 if the location has no living defender (legion or militia). */
  ungarrisoned: readonly number[];
  homeworldOf: number;
}

/** Can an NPC attack of `type` land on location l? */
export function npcEligible(type: number, l: number, t: NpcTargets): boolean {
  if (type === HOUSE_RAID) return l === t.homeworldOf;
  if (t.homeworld[l] || t.kaitain[l]) return false;
  return type === SEIZURE || !t.elector[l];
}

/**
 * One NPC attack on a player: the type die, the target, then the score die (in that order, so a run's numbers
 * do not depend on how targets are weighted). Writes the attack into `out` (no allocation); false when no
 * location is eligible for the type rolled (the attack does not happen).
 */
export function rollNpcAttack(rng: Dice, t: NpcTargets, ungarrisonedWeight: number, out: NpcAttack): boolean {
  const type = NPC_TYPE_TABLE[rng.below(6)];
  let total = 0;
  for (let i = 0; i < t.count; i++) {
    const l = t.locations[i];
    if (npcEligible(type, l, t)) total += t.ungarrisoned[l] ? ungarrisonedWeight : 1;
  }
  const pick = rng.unit() * total;
  const score = npcScore(type, rng.die(6));
  out.type = type;
  out.score = score;
  out.location = -1;
  if (total === 0) return false;
  let acc = 0;
  let chosen = -1;
  for (let i = 0; i < t.count; i++) {
    const l = t.locations[i];
    if (!npcEligible(type, l, t)) continue;
    chosen = l; // the last eligible one absorbs rounding at the top end
    acc += t.ungarrisoned[l] ? ungarrisonedWeight : 1;
    if (pick < acc) break;
  }
  out.location = chosen;
  return true;
}
