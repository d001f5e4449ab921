/**
 * Who attacks first at one location in one round (Dune page lines 75–76, docs/cascade.md):
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

export type OrderReason =
  | 'raids before seizures'
  | 'higher score'
  | 'lower score'
  | 'higher Combat'
  | 'higher Intrigue'
  | 'higher Diplomacy'
  | 'more legions'
  | 'fewer legions'
  | 'coin flip';

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
      if (s.attackLegions[a] !== s.attackLegions[b])
        return set(d, s.attackLegions[b] - s.attackLegions[a], 'more legions');
    }
  } else {
    if (sa !== sb) return set(d, sa - sb, 'lower score');
    if (players && s.attackLegions[a] !== s.attackLegions[b])
      return set(d, s.attackLegions[a] - s.attackLegions[b], 'fewer legions');
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

/** Same place in the order: same group (raids / seizures) and the same score. */
function sameSlot(s: CascadeState, a: number, b: number): boolean {
  return groupOf(s.attackType[a]) === groupOf(s.attackType[b]) && s.attackScore[a] === s.attackScore[b];
}

/**
 * Sort `s.order[0..n)` into attack order, without allocating. The players' attacks are sorted first (their
 * tie-breaks are a consistent order). Each NPC attack is then put at a uniformly random place among the attacks
 * it ties with (same group, same score), by its random key: a coin flip against one player, a fair place among
 * several, whatever their own tie-breaks (a pairwise coin flip against each would not be a consistent order).
 */
export function sortAttacks(m: CascadeModel, s: CascadeState, n: number): void {
  const o = s.order;
  // Players to the front, NPCs to the back, each in their original order.
  let players = 0;
  for (let i = 0; i < n; i++) {
    const x = o[i];
    if (s.attackPlayer[x] === NPC) continue;
    for (let j = i; j > players; j--) o[j] = o[j - 1];
    o[players++] = x;
  }
  for (let i = 1; i < players; i++) {
    const x = o[i];
    let j = i - 1;
    while (j >= 0 && compareAttacks(m, s, o[j], x) > 0) {
      o[j + 1] = o[j];
      j--;
    }
    o[j + 1] = x;
  }
  for (let k = players; k < n; k++) {
    const x = o[k];
    // [lo, hi): the attacks already placed that tie with x; everything before lo goes before it.
    let lo = 0;
    while (lo < k && !sameSlot(s, o[lo], x) && compareAttacks(m, s, o[lo], x) < 0) lo++;
    let hi = lo;
    while (hi < k && sameSlot(s, o[hi], x)) hi++;
    const at = lo + Math.floor((s.attackKey[x] * (hi - lo + 1)) / 1073741824); // keys are 30-bit
    for (let j = k; j > at; j--) o[j] = o[j - 1];
    o[at] = x;
  }
}
