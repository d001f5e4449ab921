/**
 * Who attacks first at one location in one round (seed 004 lines 75–76, RULES.md §3):
 * - raids first, highest battle score first; ties: higher Combat, then higher Intrigue, then more legions,
 *   then a coin flip;
 * - then seizures, lowest battle score first; ties: fewer legions, then a coin flip.
 * House raids only ever meet other house raids (they alone may target a homeworld); the seed gives them no
 * order, so they go like raids with Diplomacy (their pair) in Intrigue's place. Ties that involve an NPC are
 * coin flips (an NPC has no attributes or legion count). A coin flip is a random key per attack drawn when the
 * location is resolved: for two tied attacks it is a fair coin, for more a uniformly random order.
 */
import { NPC, type CascadeModel, type CascadeState } from './model.js';
import { HOUSE_RAID, SEIZURE } from './tables.js';

const groupOf = (type: number) => (type === SEIZURE ? 1 : 0);

/** Negative when attack a goes before attack b. */
export function compareAttacks(m: CascadeModel, s: CascadeState, a: number, b: number): number {
  return decide(m, s, a, b).sign;
}

export type OrderReason = 'raids before seizures' | 'higher score' | 'lower score' | 'higher Combat' | 'higher Intrigue' | 'higher Diplomacy' | 'more legions' | 'fewer legions' | 'coin flip';

const decision = { sign: 0, reason: 'coin flip' as OrderReason };

/** The first rule that separates a and b, and which way. Reuses one result object (no allocation). */
function decide(m: CascadeModel, s: CascadeState, a: number, b: number): { sign: number; reason: OrderReason } {
  const ga = groupOf(s.attackType[a]);
  const gb = groupOf(s.attackType[b]);
  const d = decision;
  if (ga !== gb) return set(d, ga - gb, 'raids before seizures');
  const sa = s.attackScore[a];
  const sb = s.attackScore[b];
  const pa = s.attackPlayer[a];
  const pb = s.attackPlayer[b];
  const players = pa !== NPC && pb !== NPC;
  if (ga === 0) {
    if (sa !== sb) return set(d, sb - sa, 'higher score');
    if (players) {
      const P = m.players;
      if (P.combat[pa] !== P.combat[pb]) return set(d, P.combat[pb] - P.combat[pa], 'higher Combat');
      if (s.attackType[a] === HOUSE_RAID) {
        if (P.diplomacy[pa] !== P.diplomacy[pb]) return set(d, P.diplomacy[pb] - P.diplomacy[pa], 'higher Diplomacy');
      } else if (P.intrigue[pa] !== P.intrigue[pb]) return set(d, P.intrigue[pb] - P.intrigue[pa], 'higher Intrigue');
      if (s.attackLegions[a] !== s.attackLegions[b]) return set(d, s.attackLegions[b] - s.attackLegions[a], 'more legions');
    }
  } else {
    if (sa !== sb) return set(d, sa - sb, 'lower score');
    if (players && s.attackLegions[a] !== s.attackLegions[b]) return set(d, s.attackLegions[a] - s.attackLegions[b], 'fewer legions');
  }
  return set(d, s.attackKey[a] < s.attackKey[b] ? -1 : s.attackKey[a] > s.attackKey[b] ? 1 : a - b, 'coin flip');
}

function set(d: typeof decision, sign: number, reason: OrderReason) {
  d.sign = sign;
  d.reason = reason;
  return d;
}

/** Why attack a goes before attack b (a must come first). */
export function orderReason(m: CascadeModel, s: CascadeState, a: number, b: number): OrderReason {
  return decide(m, s, a, b).reason;
}

/** Sort `s.order[0..n)` into attack order (insertion sort: a handful of attacks, no allocation). */
export function sortAttacks(m: CascadeModel, s: CascadeState, n: number): void {
  const o = s.order;
  for (let i = 1; i < n; i++) {
    const x = o[i];
    let j = i - 1;
    while (j >= 0 && compareAttacks(m, s, o[j], x) > 0) {
      o[j + 1] = o[j];
      j--;
    }
    o[j + 1] = x;
  }
}
