/**
 * Compiling a validated `cascade` scenario into the numeric model the resolver and the kernel share
 * (src/rules/dune/model.ts). The model is plain arrays, so it crosses to worker threads by structured clone.
 */
import type { CascadeScenario } from './schema.js';
import { UNGUARDED_ATTRIBUTES, UNGUARDED_ZERO, type CascadeModel } from '../../rules/dune/model.js';
import { UNIT_CODE } from '../../rules/dune/scores.js';
import { ATTACK_CODE } from '../../rules/dune/tables.js';
import { kanlyActive, processOrders } from '../../rules/dune/orders.js';

export interface CascadeRunShape {
  /** Roll NPC attacks (default true). */
  npc: boolean;
  /** Planning over this many rounds (the players' orders in the first, NPC attacks in all); null: this round. */
  rounds: number | null;
}

export function compileCascade(s: CascadeScenario, shape: CascadeRunShape = { npc: true, rounds: null }): CascadeModel {
  const playerIndex = new Map(s.players.map((p, i) => [p.name, i]));
  const locationIndex = new Map(s.locations.map((l, i) => [l.name, i]));
  const homeworlds = new Map(
    s.players.filter((p) => p.homeworld !== undefined).map((p) => [p.homeworld!, playerIndex.get(p.name)!]),
  );
  // The orders as the game carries them out: what is paid, what is rejected or returned, where everyone stands.
  const orders = processOrders(s);
  const P = s.players.length;

  const units: CascadeModel['units'] = { names: [], type: [], owner: [] };
  const heroes: CascadeModel['heroes'] = { names: [], owner: [], bonus: [], location: [] };
  const unitIndex = new Map<string, number>();
  const heroIndex = new Map<string, number>();
  const militia: number[][] = [];
  const addUnit = (name: string, type: number, owner: number) => {
    unitIndex.set(name, units.names.length);
    units.names.push(name);
    units.type.push(type);
    units.owner.push(owner);
  };
  s.locations.forEach((loc) => {
    const owner = playerIndex.get(loc.owner)!;
    const m: number[] = [];
    for (let i = 0; i < loc.militia; i++) {
      m.push(units.names.length);
      addUnit(loc.militia === 1 ? `${loc.name} militia` : `${loc.name} militia ${i + 1}`, UNIT_CODE.militia, owner);
    }
    militia.push(m);
    // An upgrade ordered this round applies to this round's battles.
    for (const legion of loc.garrison)
      addUnit(
        legion.name,
        UNIT_CODE[orders.units[legion.name].type],
        playerIndex.get(orders.units[legion.name].owner)!,
      );
    for (const h of loc.heroes) {
      heroIndex.set(h.name, heroes.names.length);
      heroes.names.push(h.name);
      heroes.owner.push(owner);
      heroes.bonus.push(h.bonus ?? s.policies.heroBonus);
      heroes.location.push(locationIndex.get(orders.heroAt[h.name])!);
    }
  });
  orders.outcomes.forEach((o) => {
    if (o.list !== 'recruits' || o.status !== 'accepted') return;
    const r = s.recruits[o.index];
    addUnit(r.name, UNIT_CODE[r.type], playerIndex.get(r.player)!);
  });

  const attacks: CascadeModel['attacks'] = { player: [], type: [], location: [], units: [], hero: [] };
  const away = new Set<number>();
  const attackAt = new Map<string, number>(); // player \0 location → attack index
  const attacked = new Set<number>(); // [p × L + l] with an attack ordered and sent
  for (const o of orders.outcomes) {
    if (o.list !== 'attacks' || o.status !== 'accepted') continue;
    const a = s.attacks[o.index];
    const p = playerIndex.get(a.player)!;
    const l = locationIndex.get(o.location!)!;
    attackAt.set(`${p}\u0000${l}`, attacks.player.length);
    attacked.add(p * s.locations.length + l);
    attacks.player.push(p);
    attacks.type.push(ATTACK_CODE[o.type!]);
    attacks.location.push(l);
    const list = a.units.map((u) => unitIndex.get(u)!);
    list.forEach((u) => away.add(u));
    attacks.units.push(list);
    const h = a.hero === undefined ? -1 : heroIndex.get(a.hero)!;
    if (h >= 0) heroes.location[h] = -1; // commanding the attack, not defending anywhere
    attacks.hero.push(h);
  }
  // Forces at a location their player does not own attack it (Dune page lines 11, 72): troops a previous owner left
  // behind after a transfer, troops sold and not moved. Default type: seizure, house raid on a homeworld.
  for (const [name, u] of Object.entries(orders.units)) {
    const x = unitIndex.get(name)!;
    const l = locationIndex.get(u.at)!;
    const loc = s.locations[l];
    if (away.has(x) || loc.owner === u.owner || loc.isKaitain) continue;
    const p = playerIndex.get(u.owner)!;
    const key = `${p}\u0000${l}`;
    let i = attackAt.get(key);
    if (i === undefined) {
      i = attacks.player.length;
      attackAt.set(key, i);
      attacks.player.push(p);
      attacks.type.push(ATTACK_CODE[homeworlds.has(loc.name) ? 'house-raid' : 'seizure']);
      attacks.location.push(l);
      attacks.units.push([]);
      attacks.hero.push(-1);
    }
    attacks.units[i].push(x);
    away.add(x);
  }
  // Defenders in roster order: militia, the garrison as listed, then legions that arrived this round (moves, recruits).
  const defenders = s.locations.map((loc, l) => {
    const list = [...militia[l]];
    for (const g of loc.garrison)
      if (orders.units[g.name].at === loc.name && !away.has(unitIndex.get(g.name)!)) list.push(unitIndex.get(g.name)!);
    for (const [name, u] of Object.entries(orders.units)) {
      const x = unitIndex.get(name)!;
      if (u.at === loc.name && !away.has(x) && !list.includes(x)) list.push(x);
    }
    return list;
  });

  // Kanly (Dune page line 69): from the round after it is declared, each must attack the other or lose half its income.
  const R = shape.rounds ?? 1;
  const kanlyPenalty = new Array<number>(R * P).fill(0);
  for (const k of s.kanly) {
    const [a, b] = k.players.map((n) => playerIndex.get(n)!);
    for (let r = 0; r < R; r++) {
      if (!kanlyActive(k, s.round + r)) continue;
      for (const [p, q] of [
        [a, b],
        [b, a],
      ]) {
        // Only the first round has players' orders; an attack counts when it was sent and aimed at q's holding.
        let kept = false;
        if (r === 0)
          for (let l = 0; l < s.locations.length; l++)
            if (attacked.has(p * s.locations.length + l) && playerIndex.get(s.locations[l].owner) === q) kept = true;
        if (!kept) kanlyPenalty[r * P + p] = 1;
      }
    }
  }

  const book = s.players.map((p) => orders.players[p.name]);
  return {
    kind: 'cascade',
    round: s.round,
    rounds: R,
    playerAttacks: true,
    kanlyPenalty,
    npc: shape.npc,
    policies: {
      unguarded: s.policies.unguarded === 'zero' ? UNGUARDED_ZERO : UNGUARDED_ATTRIBUTES,
      ungarrisonedWeight: s.policies.ungarrisonedWeight,
      militiaRegeneration: s.policies.militiaRegeneration,
    },
    players: {
      names: s.players.map((p) => p.name),
      combat: s.players.map((p) => p.combat),
      intrigue: s.players.map((p) => p.intrigue),
      diplomacy: s.players.map((p) => p.diplomacy),
      wealth: s.players.map((p) => p.wealth),
      homeworld: s.players.map((p) => (p.homeworld === undefined ? -1 : locationIndex.get(p.homeworld)!)),
      hazardFees: book.map((b) => b.hazardFees),
      refunds: book.map((b) => b.refunds),
      recruiting: book.map((b) => b.recruiting),
    },
    locations: {
      names: s.locations.map((l) => l.name),
      owner: s.locations.map((l) => playerIndex.get(l.owner)!),
      income: s.locations.map((l) => l.income),
      damaged: s.locations.map((l) => (l.damaged ? 1 : 0)),
      homeworld: s.locations.map((l) => (homeworlds.has(l.name) ? 1 : 0)),
      elector: s.locations.map((l) => (l.isElector ? 1 : 0)),
      kaitain: s.locations.map((l) => (l.isKaitain ? 1 : 0)),
      defenders,
      militia,
    },
    units,
    heroes,
    attacks,
  };
}
