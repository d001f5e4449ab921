/**
 * The seizure cascade: every attack on one location in one round, one after the other, in the seed's order
 * (Dune page lines 72–77, docs/cascade.md). A successful seizer becomes the defender with its surviving units; the
 * k-th seizure lowers the current defender's score by 2(k − 1); income is seized once per round; a location's
 * damage is the worst of its battles.
 *
 * The resolver works on the numeric model/state (model.ts) and allocates nothing unless asked for a trace, so
 * the Monte Carlo kernel runs the very same code as the printed step-by-step trace.
 */
import type { Dice } from '../dice.js';
import { ROLE_ATTACK, ROLE_DEFEND, weakestIndex } from './casualties.js';
import { NPC, UNGUARDED_ZERO, type CascadeModel, type CascadeState } from './model.js';
import { npcAttackCount, npcModifier, rollNpcAttack } from './npc.js';
import { orderReason, sortAttacks } from './ordering.js';
import { ATTACK_VALUE, ATTRIBUTE_PAIRS, DEFEND_VALUE, MILITIA, seizurePenalty, UNIT_TYPES } from './scores.js';
import {
  ATTACK_TYPES,
  DAMAGE_CRIPPLED,
  DAMAGE_DAMAGED,
  DAMAGE_NAMES,
  HOUSE_RAID,
  houseRaidWealthLoss,
  INCOME_HALF,
  LOSS_ALL,
  LOSS_ONE,
  RAID,
  rowIndex,
  rowLabel,
  SEIZURE,
  TABLES,
  type AttackType,
} from './tables.js';

/** Militia regenerate one unit per round for 300 MS each (Dune page line 7). */
export const MILITIA_COST = 300;

export interface ScorePart {
  label: string;
  value: number;
}

export interface BattleScore {
  parts: ScorePart[];
  total: number;
}

export interface BattleTrace {
  step: number;
  attacker: string;
  type: AttackType;
  /** k for the k-th seizure at this location this round. */
  seizure: number | null;
  attackerScore: BattleScore;
  defender: string;
  defenderScore: BattleScore;
  /** Attacker score − defender score. */
  difference: number;
  row: string;
  result: string;
  success: boolean;
  attackerLosses: string[];
  defenderLosses: string[];
  heroesLost: string[];
  ownerAfter: string;
  damageAfter: (typeof DAMAGE_NAMES)[number];
  incomeTaken: number | null;
  wealthTaken: number | null;
  attackerRevealed: boolean;
}

export interface OrderEntry {
  attacker: string;
  type: AttackType;
  score: number;
  legions: number;
  /** Why this attack goes before the next one (null for the last). */
  beforeNextBecause: string | null;
}

export interface LocationTrace {
  location: string;
  ownerBefore: string;
  order: OrderEntry[];
  battles: BattleTrace[];
  ownerAfter: string;
  damage: (typeof DAMAGE_NAMES)[number];
  incomeTaken: { by: string; amount: number } | null;
}

export interface RoundTrace {
  round: number;
  locations: LocationTrace[];
}

export function ownerName(m: CascadeModel, p: number): string {
  return p === NPC ? 'NPC' : m.players.names[p];
}

function pairOf(m: CascadeModel, type: number, p: number): number {
  const P = m.players;
  if (type === RAID) return P.combat[p] + P.intrigue[p];
  if (type === SEIZURE) return 2 * P.combat[p];
  return P.combat[p] + P.diplomacy[p];
}

function pairLabel(m: CascadeModel, type: number, p: number): string {
  const P = m.players;
  const what =
    type === RAID
      ? `Combat ${P.combat[p]} + Intrigue ${P.intrigue[p]}`
      : type === SEIZURE
        ? `2 × Combat ${P.combat[p]}`
        : `Combat ${P.combat[p]} + Diplomacy ${P.diplomacy[p]}`;
  return `${ATTRIBUTE_PAIRS[type].label} (${what})`;
}

/** A player's attack score: attribute pair + each unit's attack value + the commanding hero's bonus. */
export function playerAttackScore(m: CascadeModel, i: number): number {
  const A = m.attacks;
  let score = pairOf(m, A.type[i], A.player[i]);
  const units = A.units[i];
  for (let j = 0; j < units.length; j++) score += ATTACK_VALUE[m.units.type[units[j]]];
  if (A.hero[i] >= 0) score += m.heroes.bonus[A.hero[i]];
  return score;
}

function playerAttackParts(m: CascadeModel, i: number): BattleScore {
  const A = m.attacks;
  const parts: ScorePart[] = [
    { label: pairLabel(m, A.type[i], A.player[i]), value: pairOf(m, A.type[i], A.player[i]) },
  ];
  for (const u of A.units[i])
    parts.push({
      label: `${m.units.names[u]} (${UNIT_TYPES[m.units.type[u]]}, attacking)`,
      value: ATTACK_VALUE[m.units.type[u]],
    });
  if (A.hero[i] >= 0) parts.push({ label: `hero ${m.heroes.names[A.hero[i]]}`, value: m.heroes.bonus[A.hero[i]] });
  return { parts, total: parts.reduce((t, p) => t + p.value, 0) };
}

/** The defending hero at l: the living hero there with the highest bonus (one hero commands), or −1. */
function defendingHero(m: CascadeModel, s: CascadeState, l: number): number {
  let best = -1;
  for (let h = 0; h < s.heroAlive.length; h++) {
    if (s.heroAlive[h] === 1 && s.heroAt[h] === l && (best < 0 || m.heroes.bonus[h] > m.heroes.bonus[best])) best = h;
  }
  return best;
}

/**
 * The current defender's score at l against an attack of `type`, as the k-th seizure when `type` is a seizure.
 * Owner's attribute pair (0 for an unguarded location under `unguarded: zero`) + living defenders' defence
 * values + the defending hero − 2(k − 1). An NPC holding the location defends with its own attack roll.
 */
export function defenderScore(
  m: CascadeModel,
  s: CascadeState,
  l: number,
  type: number,
  k: number,
  parts: ScorePart[] | null = null,
): number {
  const owner = s.owner[l];
  const softening = type === SEIZURE ? seizurePenalty(k) : 0;
  if (owner === NPC) {
    if (parts) {
      parts.push({ label: 'NPC score (its attack roll)', value: s.npcScore[l] });
      if (softening) parts.push({ label: `seizure ${k} of the round: −2 per earlier seizure`, value: -softening });
    }
    return s.npcScore[l] - softening;
  }
  let units = 0;
  let count = 0;
  const list = s.defenders[l];
  for (let i = 0; i < s.defenderCount[l]; i++) {
    const u = list[i];
    if (s.alive[u] === 0) continue;
    units += DEFEND_VALUE[m.units.type[u]];
    count++;
    if (parts)
      parts.push({
        label: `${m.units.names[u]} (${UNIT_TYPES[m.units.type[u]]}, defending)`,
        value: DEFEND_VALUE[m.units.type[u]],
      });
  }
  const hero = defendingHero(m, s, l);
  const heroBonus = hero >= 0 ? m.heroes.bonus[hero] : 0;
  const unguarded = count === 0 && hero < 0;
  const pair = unguarded && m.policies.unguarded === UNGUARDED_ZERO ? 0 : pairOf(m, type, owner);
  if (parts) {
    parts.unshift({
      label:
        unguarded && m.policies.unguarded === UNGUARDED_ZERO
          ? 'unguarded: no attribute pair (policy unguarded: zero)'
          : `${pairLabel(m, type, owner)}${unguarded ? ', unguarded' : ''}`,
      value: pair,
    });
    if (hero >= 0) parts.push({ label: `hero ${m.heroes.names[hero]}`, value: heroBonus });
    if (softening) parts.push({ label: `seizure ${k} of the round: −2 per earlier seizure`, value: -softening });
  }
  return pair + units + heroBonus - softening;
}

function kill(m: CascadeModel, s: CascadeState, u: number): void {
  s.alive[u] = 0;
  if (m.units.type[u] !== MILITIA) s.legionsLost[m.units.owner[u]]++;
}

/** Add one attack to the round. */
function pushAttack(
  s: CascadeState,
  player: number,
  type: number,
  location: number,
  score: number,
  source: number,
  hero: number,
  legions: number,
): void {
  const i = s.attackCount++;
  s.attackPlayer[i] = player;
  s.attackType[i] = type;
  s.attackLocation[i] = location;
  s.attackScore[i] = score;
  s.attackSource[i] = source;
  s.attackHero[i] = hero;
  s.attackLegions[i] = legions;
  s.attackKey[i] = 0;
}

/** Set up round `r` (0-based): the players' attacks (first round) and the NPC dice. */
export function beginRound(m: CascadeModel, s: CascadeState, r: number, rng: Dice | null): void {
  const L = m.locations.names.length;
  s.attackCount = 0;
  for (let l = 0; l < L; l++) {
    s.roundOwner[l] = s.owner[l];
    s.damage[l] = 0;
    s.incomeTaken[l] = 0;
    s.incomeSeized[l] = 0;
  }
  if (r === 0) {
    // The round's orders were paid when sent, before any battle (src/rules/dune/orders.ts).
    const P = m.players;
    for (let p = 0; p < P.names.length; p++) {
      s.wealth[p] += P.refunds[p] - P.hazardFees[p] - P.recruiting[p];
      s.hazardFees[p] += P.hazardFees[p];
      s.refunds[p] += P.refunds[p];
      s.recruiting[p] += P.recruiting[p];
    }
  }
  if (r === 0 && m.playerAttacks) {
    const A = m.attacks;
    for (let i = 0; i < A.player.length; i++)
      pushAttack(s, A.player[i], A.type[i], A.location[i], playerAttackScore(m, i), i, A.hero[i], A.units[i].length);
  }
  if (!m.npc || rng === null) return;
  const t = s.npcTargets;
  const out = s.npcAttack;
  for (let p = 0; p < m.players.names.length; p++) {
    t.count = 0;
    t.homeworldOf = -1;
    for (let l = 0; l < L; l++) {
      if (s.owner[l] !== p) continue;
      t.locations[t.count++] = l;
      if (m.locations.homeworld[l]) t.homeworldOf = l;
      let guarded = 0;
      const list = s.defenders[l];
      for (let i = 0; i < s.defenderCount[l]; i++) guarded |= s.alive[list[i]];
      t.ungarrisoned[l] = guarded ? 0 : 1;
    }
    if (t.count === 0) continue; // nothing left to attack
    const n = npcAttackCount(rng.die(6) + npcModifier(t.count, m.players.diplomacy[p], m.round + r));
    for (let j = 0; j < n; j++) {
      if (rollNpcAttack(rng, t, m.policies.ungarrisonedWeight, out))
        pushAttack(s, NPC, out.type, out.location, out.score, -1, -1, 0);
    }
  }
}

/**
 * Resolve every attack of the round at location l. `rng` decides coin-flip ties (null: ties keep the order the
 * attacks were listed in, for callers that know there are none). With `trace`, a step-by-step account is
 * appended to it (this allocates; the Monte Carlo passes null).
 */
export function resolveLocation(
  m: CascadeModel,
  s: CascadeState,
  l: number,
  rng: Dice | null,
  trace: LocationTrace[] | null,
): void {
  let n = 0;
  for (let a = 0; a < s.attackCount; a++) if (s.attackLocation[a] === l) s.order[n++] = a;
  if (n === 0) return;
  // 30-bit keys stay small integers, so the key array never changes representation (a V8 deopt).
  if (n > 1 && rng !== null) for (let i = 0; i < n; i++) s.attackKey[s.order[i]] = rng.next() >>> 2;
  sortAttacks(m, s, n);
  let lt: LocationTrace | null = null;
  if (trace) {
    const order: OrderEntry[] = [];
    for (let i = 0; i < n; i++) {
      const a = s.order[i];
      order.push({
        attacker: ownerName(m, s.attackPlayer[a]),
        type: ATTACK_TYPES[s.attackType[a]],
        score: s.attackScore[a],
        legions: s.attackLegions[a],
        beforeNextBecause: i + 1 < n ? orderReason(m, s, a, s.order[i + 1]) : null,
      });
    }
    lt = {
      location: m.locations.names[l],
      ownerBefore: ownerName(m, s.owner[l]),
      order,
      battles: [],
      ownerAfter: '',
      damage: 'none',
      incomeTaken: null,
    };
    trace.push(lt);
  }
  let k = 0;
  for (let i = 0; i < n; i++) {
    const a = s.order[i];
    if (s.attackType[a] === SEIZURE) k++;
    battle(m, s, l, a, k, lt);
  }
  if (lt) {
    lt.ownerAfter = ownerName(m, s.owner[l]);
    lt.damage = DAMAGE_NAMES[s.damage[l]];
  }
}

function battle(m: CascadeModel, s: CascadeState, l: number, a: number, k: number, lt: LocationTrace | null): void {
  const type = s.attackType[a];
  const p = s.attackPlayer[a];
  const src = s.attackSource[a];
  const owner = s.owner[l];
  const defenderParts: ScorePart[] | null = lt ? [] : null;
  const ds = defenderScore(m, s, l, type, k, defenderParts);
  const as = s.attackScore[a];
  const d = as - ds;
  const row = TABLES[type][rowIndex(type, d)];
  const aliveBefore = lt ? s.alive.slice() : null;
  const heroesBefore = lt ? s.heroAlive.slice() : null;

  // Attacker's losses: weakest first in the attacking role; a whole force lost takes its hero with it.
  if (src >= 0) {
    const units = m.attacks.units[src];
    if (row.attackerLoses === LOSS_ONE) {
      const i = weakestIndex(units, units.length, m.units.type, s.alive, ROLE_ATTACK);
      if (i >= 0) kill(m, s, units[i]);
    } else if (row.attackerLoses === LOSS_ALL) {
      for (let i = 0; i < units.length; i++) if (s.alive[units[i]] === 1) kill(m, s, units[i]);
      const h = s.attackHero[a];
      if (h >= 0) s.heroAlive[h] = 0;
    }
  }
  // Defender's losses (an NPC garrison is not tracked: it defends with its roll until driven out).
  if (owner !== NPC) {
    const list = s.defenders[l];
    if (row.defenderLoses === LOSS_ONE) {
      const i = weakestIndex(list, s.defenderCount[l], m.units.type, s.alive, ROLE_DEFEND);
      if (i >= 0) kill(m, s, list[i]);
    } else if (row.defenderLoses === LOSS_ALL) {
      for (let i = 0; i < s.defenderCount[l]; i++) if (s.alive[list[i]] === 1) kill(m, s, list[i]);
      for (let h = 0; h < s.heroAlive.length; h++) if (s.heroAt[h] === l) s.heroAlive[h] = 0;
    }
  }
  // A successful seizer becomes the defender with its surviving units (seed line 72).
  if (row.taken) {
    s.owner[l] = p;
    let c = 0;
    if (p === NPC) s.npcScore[l] = as;
    else {
      const units = m.attacks.units[src];
      const list = s.defenders[l];
      for (let i = 0; i < units.length; i++) if (s.alive[units[i]] === 1) list[c++] = units[i];
      const h = s.attackHero[a];
      if (h >= 0 && s.heroAlive[h] === 1) s.heroAt[h] = l;
    }
    s.defenderCount[l] = c;
  }
  if (row.damage > s.damage[l]) s.damage[l] = row.damage;
  let income = -1;
  if (row.income !== 0 && s.incomeSeized[l] === 0) {
    // Seized once per round; a location crippled last round has nothing to take.
    const full = s.crippledBefore[l] ? 0 : m.locations.income[l];
    income = row.income === INCOME_HALF ? Math.floor(full / 2) : full;
    s.incomeSeized[l] = 1;
    s.incomeTaken[l] = income;
    if (p !== NPC) {
      s.wealth[p] += income;
      s.raided[p] += income;
    }
  }
  let wealth = -1;
  if (type === HOUSE_RAID && owner !== NPC && row.wealthPercent > 0) {
    wealth = houseRaidWealthLoss(row, s.wealth[owner]);
    s.wealth[owner] -= wealth;
    s.wealthLost[owner] += wealth;
    if (row.halfToAttacker && p !== NPC) {
      s.wealth[p] += Math.floor(wealth / 2);
      s.houseRaidGain[p] += Math.floor(wealth / 2);
    }
  }
  if (p !== NPC && row.revealed) s.attackerRevealed[p] = 1;
  // NPCs brag about their successes, revealing the location to everyone (seed line 79; homeworlds are public).
  if (p === NPC && row.success && m.locations.homeworld[l] === 0) s.locationRevealed[l] = 1;

  if (lt && aliveBefore && heroesBefore && defenderParts) {
    const attackerUnits = src >= 0 ? m.attacks.units[src] : [];
    const lostNow = (u: number) => aliveBefore[u] === 1 && s.alive[u] === 0;
    const attackerScore: BattleScore =
      src >= 0
        ? playerAttackParts(m, src)
        : {
            parts: [{ label: `NPC roll 1d6 + ${type === RAID ? 2 : type === SEIZURE ? 4 : 5}`, value: as }],
            total: as,
          };
    lt.battles.push({
      step: lt.battles.length + 1,
      attacker: ownerName(m, p),
      type: ATTACK_TYPES[type],
      seizure: type === SEIZURE ? k : null,
      attackerScore,
      defender: ownerName(m, owner),
      defenderScore: { parts: defenderParts, total: ds },
      difference: d,
      row: rowLabel(row),
      result: row.text,
      success: row.success,
      attackerLosses: attackerUnits.filter(lostNow).map((u) => m.units.names[u]),
      defenderLosses: s.alive
        .map((_, u) => u)
        .filter((u) => lostNow(u) && !attackerUnits.includes(u))
        .map((u) => m.units.names[u]),
      heroesLost: heroesBefore
        .map((v, h) => (v === 1 && s.heroAlive[h] === 0 ? m.heroes.names[h] : null))
        .filter((x): x is string => x !== null),
      ownerAfter: ownerName(m, s.owner[l]),
      damageAfter: DAMAGE_NAMES[s.damage[l]],
      incomeTaken: income >= 0 ? income : null,
      wealthTaken: wealth >= 0 ? wealth : null,
      attackerRevealed: row.revealed,
    });
    if (income >= 0) lt.incomeTaken = { by: ownerName(m, p), amount: income };
  }
}

/**
 * Close round r, in this order: income lost by each round-start owner; income credited to each end-of-round
 * owner (none from a damaged location, less what raiders took; Kanly's half withheld); damage carried; held
 * flags; militia regeneration, paid by the location's owner now (militia pass with the location, Dune page line 7).
 */
export function endRound(m: CascadeModel, s: CascadeState, r: number): void {
  const L = m.locations.names.length;
  const P = m.players.names.length;
  for (let p = 0; p < P; p++) s.roundIncome[p] = 0;
  for (let l = 0; l < L; l++) {
    const p0 = s.roundOwner[l];
    const damaged = s.crippledBefore[l] === 1 || s.damage[l] >= DAMAGE_DAMAGED;
    if (p0 !== NPC) {
      // A damaged location yields nothing this round; one that changed hands yields nothing to its old owner.
      const lost = damaged || s.owner[l] !== p0 ? m.locations.income[l] : s.incomeTaken[l];
      s.incomeLost[p0] += lost;
    }
    const p1 = s.owner[l];
    if (p1 !== NPC && !damaged) s.roundIncome[p1] += m.locations.income[l] - s.incomeTaken[l];
    s.crippledBefore[l] = s.damage[l] === DAMAGE_CRIPPLED ? 1 : 0;
    if (r < m.rounds) s.held[r * L + l] = s.owner[l] === m.locations.owner[l] ? 1 : 0;
  }
  for (let p = 0; p < P; p++) {
    // Kanly: "both participants must each launch at least one [attack] at the other player or lose half their income that round" (line 69).
    const forfeit = m.kanlyPenalty[r * P + p] === 1 ? Math.floor(s.roundIncome[p] / 2) : 0;
    s.kanlyForfeit[p] += forfeit;
    s.income[p] += s.roundIncome[p] - forfeit;
    s.wealth[p] += s.roundIncome[p] - forfeit;
  }
  if (!m.policies.militiaRegeneration) return;
  for (let l = 0; l < L; l++) {
    const owner = s.owner[l];
    if (owner === NPC) continue;
    // One destroyed militia unit comes back per round for 300 MS, if the owner can pay.
    const militia = m.locations.militia[l];
    for (let i = 0; i < militia.length; i++) {
      const u = militia[i];
      if (s.alive[u] === 1) continue;
      if (s.wealth[owner] >= MILITIA_COST) {
        s.wealth[owner] -= MILITIA_COST;
        s.regeneration[owner] += MILITIA_COST;
        s.alive[u] = 1;
        // After a seizure the defenders are the seizer's units: the militia rejoin them.
        const list = s.defenders[l];
        let present = false;
        for (let j = 0; j < s.defenderCount[l]; j++) if (list[j] === u) present = true;
        if (!present) list[s.defenderCount[l]++] = u;
      }
      break;
    }
  }
}

/** One whole round: set-up, every location's cascade, close. Returns the trace when asked for one. */
export function resolveRound(
  m: CascadeModel,
  s: CascadeState,
  r: number,
  rng: Dice | null,
  trace: RoundTrace | null = null,
): void {
  beginRound(m, s, r, rng);
  for (let l = 0; l < m.locations.names.length; l++) resolveLocation(m, s, l, rng, trace ? trace.locations : null);
  endRound(m, s, r);
}
