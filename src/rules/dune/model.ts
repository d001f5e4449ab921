/**
 * A round of the Dune game as plain numbers (the "model", compiled once from a scenario) and the mutable state
 * one play-through of it changes. Both are arrays of numbers indexed by player, location, unit, hero and attack,
 * so the resolver can run millions of times without allocating and the model can be sent to worker threads.
 */

import type { NpcAttack, NpcTargets } from './npc.js';

/** Owner / attacker index of a non-player house or pirate. */
export const NPC = -1;

export const UNGUARDED_ATTRIBUTES = 0;
export const UNGUARDED_ZERO = 1;

export interface CascadeModel {
  kind: 'cascade';
  /** Number of the first round simulated (the NPC table adds 1 in rounds 1 and 2). */
  round: number;
  /** Rounds simulated: 1 for "this round"; more under --rounds (the players' orders play in the first). */
  rounds: number;
  /** Resolve the players' ordered attacks (first round only). */
  playerAttacks: boolean;
  /** [r × P + p]: 1 when Kanly costs p half its income in round r (it launched no attack at its enemy). */
  kanlyPenalty: number[];
  npc: boolean;
  policies: {
    unguarded: number;
    ungarrisonedWeight: number;
    militiaRegeneration: boolean;
  };
  players: {
    names: string[];
    combat: number[];
    intrigue: number[];
    diplomacy: number[];
    wealth: number[];
    /** Location index of the homeworld, −1 if none. */
    homeworld: number[];
    /** The first round's orders, paid when sent (src/rules/dune/orders.ts): hazard fees, Kanly refunds, recruiting. */
    hazardFees: number[];
    refunds: number[];
    recruiting: number[];
  };
  locations: {
    names: string[];
    owner: number[];
    income: number[];
    /** 1 if damaged before the round (no income this round). */
    damaged: number[];
    homeworld: number[];
    elector: number[];
    /** 1 on Kaitain: no combat there (Dune page line 11), NPCs never attack it. */
    kaitain: number[];
    /** Defending units at the start of the round in roster order: militia first, then legions not sent away. */
    defenders: number[][];
    /** The location's own militia units (for regeneration). */
    militia: number[][];
  };
  units: {
    names: string[];
    /** UNIT_CODE */
    type: number[];
    owner: number[];
  };
  heroes: {
    names: string[];
    owner: number[];
    bonus: number[];
    /** Location the hero defends at the start of the round, −1 if it commands an attack. */
    location: number[];
  };
  attacks: {
    player: number[];
    /** RAID / SEIZURE / HOUSE_RAID */
    type: number[];
    location: number[];
    /** Units in the order the player listed them (casualty ties go to the first listed). */
    units: number[][];
    hero: number[];
  };
}

/** Everything one play-through changes. Allocated once per model; `resetState` restores it per trial. */
export interface CascadeState {
  alive: number[];
  owner: number[];
  /** Defence score of an NPC that took the location (its attack roll). */
  npcScore: number[];
  damage: number[];
  /** Raid +2 last round: no income this round either. */
  crippledBefore: number[];
  /** Income taken by raids this round (once per round). */
  incomeTaken: number[];
  incomeSeized: number[];
  defenders: number[][];
  defenderCount: number[];
  heroAlive: number[];
  heroAt: number[];
  wealth: number[];
  // Attacks of the current round (players' and NPCs').
  attackCount: number;
  attackPlayer: number[];
  attackType: number[];
  attackLocation: number[];
  attackScore: number[];
  /** Index into model.attacks for a player's attack, −1 for an NPC attack. */
  attackSource: number[];
  attackHero: number[];
  attackLegions: number[];
  /** Random key deciding coin-flip ties. */
  attackKey: number[];
  /** Scratch: the order of the attacks at one location. */
  order: number[];
  // Tallies of one play-through.
  legionsLost: number[];
  /** Wealth lost to house raids. */
  wealthLost: number[];
  // The ledger (MS): wealth after = wealth before − hazardFees + refunds − recruiting + income + raided
  // + houseRaidGain − wealthLost − regeneration, exactly.
  hazardFees: number[];
  refunds: number[];
  recruiting: number[];
  /** Income credited at the ends of rounds (after Kanly's half). */
  income: number[];
  /** Income forfeited to Kanly (not in `income`). */
  kanlyForfeit: number[];
  /** Income taken by this player's raids. */
  raided: number[];
  /** Half of a house raid's take (results +3 and better). */
  houseRaidGain: number[];
  /** Militia regeneration paid. */
  regeneration: number[];
  /** Scratch: income of the round being closed, per player. */
  roundIncome: number[];
  incomeLost: number[];
  attackerRevealed: number[];
  locationRevealed: number[];
  /** Owner at the start of the current round. */
  roundOwner: number[];
  /** Location still held by its scenario owner after each round: [round × L + l]. */
  held: number[];
  /** Scratch for NPC target choice. */
  npcTargets: NpcTargets & { locations: number[]; ungarrisoned: number[] };
  npcAttack: NpcAttack;
}

/** A packed array of small integers (never holey: V8 keeps one fast representation). */
function filled(n: number, v = 0): number[] {
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push(v);
  return a;
}

/** The most attacks one round can hold: the players' plus up to three NPC attacks per player. */
export function attackCapacity(m: CascadeModel): number {
  return m.attacks.player.length + 3 * m.players.names.length;
}

export function createState(m: CascadeModel): CascadeState {
  const P = m.players.names.length;
  const L = m.locations.names.length;
  const U = m.units.names.length;
  const H = m.heroes.names.length;
  const A = attackCapacity(m);
  const s: CascadeState = {
    alive: filled(U),
    owner: filled(L),
    npcScore: filled(L),
    damage: filled(L),
    crippledBefore: filled(L),
    incomeTaken: filled(L),
    incomeSeized: filled(L),
    defenders: Array.from({ length: L }, () => filled(U, -1)),
    defenderCount: filled(L),
    heroAlive: filled(H),
    heroAt: filled(H),
    wealth: filled(P),
    attackCount: 0,
    attackPlayer: filled(A),
    attackType: filled(A),
    attackLocation: filled(A),
    attackScore: filled(A),
    attackSource: filled(A),
    attackHero: filled(A),
    attackLegions: filled(A),
    attackKey: filled(A),
    order: filled(A),
    legionsLost: filled(P),
    wealthLost: filled(P),
    hazardFees: filled(P),
    refunds: filled(P),
    recruiting: filled(P),
    income: filled(P),
    kanlyForfeit: filled(P),
    raided: filled(P),
    houseRaidGain: filled(P),
    regeneration: filled(P),
    roundIncome: filled(P),
    incomeLost: filled(P),
    attackerRevealed: filled(P),
    locationRevealed: filled(L),
    roundOwner: filled(L),
    held: filled(L * Math.max(1, m.rounds)),
    npcTargets: {
      locations: filled(L),
      count: 0,
      homeworld: m.locations.homeworld,
      elector: m.locations.elector,
      kaitain: m.locations.kaitain,
      ungarrisoned: filled(L),
      homeworldOf: -1,
    },
    npcAttack: { type: 0, location: -1, score: 0 },
  };
  resetState(m, s);
  return s;
}

/** Back to the start of the scenario (no allocation). */
export function resetState(m: CascadeModel, s: CascadeState): void {
  s.alive.fill(1);
  const L = m.locations.names.length;
  for (let l = 0; l < L; l++) {
    s.owner[l] = m.locations.owner[l];
    s.npcScore[l] = 0;
    s.damage[l] = 0;
    s.crippledBefore[l] = m.locations.damaged[l];
    s.incomeTaken[l] = 0;
    s.incomeSeized[l] = 0;
    const init = m.locations.defenders[l];
    const list = s.defenders[l];
    for (let i = 0; i < init.length; i++) list[i] = init[i];
    s.defenderCount[l] = init.length;
    s.locationRevealed[l] = 0;
  }
  for (let h = 0; h < s.heroAlive.length; h++) {
    s.heroAlive[h] = 1;
    s.heroAt[h] = m.heroes.location[h];
  }
  for (let p = 0; p < s.wealth.length; p++) {
    s.wealth[p] = m.players.wealth[p];
    s.legionsLost[p] = 0;
    s.wealthLost[p] = 0;
    s.hazardFees[p] = 0;
    s.refunds[p] = 0;
    s.recruiting[p] = 0;
    s.income[p] = 0;
    s.kanlyForfeit[p] = 0;
    s.raided[p] = 0;
    s.houseRaidGain[p] = 0;
    s.regeneration[p] = 0;
    s.incomeLost[p] = 0;
    s.attackerRevealed[p] = 0;
  }
  s.held.fill(0);
  s.attackCount = 0;
}
