/**
 * Compiling a validated `cascade` scenario into the numeric model the resolver and the kernel share
 * (src/rules/dune/model.ts). The model is plain arrays, so it crosses to worker threads by structured clone.
 */
import type { CascadeScenario } from './schema.js';
import { UNGUARDED_ATTRIBUTES, UNGUARDED_ZERO, type CascadeModel } from '../../rules/dune/model.js';
import { UNIT_CODE } from '../../rules/dune/scores.js';
import { ATTACK_CODE } from '../../rules/dune/tables.js';

export interface CascadeRunShape {
  /** Roll NPC attacks (default true). */
  npc: boolean;
  /** Garrison planning over this many rounds (NPC attacks only); null: this round with the players' attacks. */
  rounds: number | null;
}

export function compileCascade(s: CascadeScenario, shape: CascadeRunShape = { npc: true, rounds: null }): CascadeModel {
  const playerIndex = new Map(s.players.map((p, i) => [p.name, i]));
  const locationIndex = new Map(s.locations.map((l, i) => [l.name, i]));
  const homeworlds = new Map(s.players.filter((p) => p.homeworld !== undefined).map((p) => [p.homeworld!, playerIndex.get(p.name)!]));

  const units: CascadeModel['units'] = { names: [], type: [], owner: [] };
  const heroes: CascadeModel['heroes'] = { names: [], owner: [], bonus: [], location: [] };
  const unitIndex = new Map<string, number>();
  const heroIndex = new Map<string, number>();
  const militia: number[][] = [];
  const garrisons: number[][] = [];
  s.locations.forEach((loc) => {
    const owner = playerIndex.get(loc.owner)!;
    const m: number[] = [];
    for (let i = 0; i < loc.militia; i++) {
      m.push(units.names.length);
      units.names.push(loc.militia === 1 ? `${loc.name} militia` : `${loc.name} militia ${i + 1}`);
      units.type.push(UNIT_CODE.militia);
      units.owner.push(owner);
    }
    const g: number[] = [];
    for (const legion of loc.garrison) {
      unitIndex.set(legion.name, units.names.length);
      g.push(units.names.length);
      units.names.push(legion.name);
      units.type.push(UNIT_CODE[legion.type]);
      units.owner.push(owner);
    }
    militia.push(m);
    garrisons.push(g);
    for (const h of loc.heroes) {
      heroIndex.set(h.name, heroes.names.length);
      heroes.names.push(h.name);
      heroes.owner.push(owner);
      heroes.bonus.push(h.bonus ?? s.policies.heroBonus);
      heroes.location.push(locationIndex.get(loc.name)!);
    }
  });

  const attacks: CascadeModel['attacks'] = { player: [], type: [], location: [], units: [], hero: [] };
  const away = new Set<number>();
  for (const a of s.attacks) {
    let target = a.target;
    if (a.type === 'house-raid' && !locationIndex.has(target)) target = s.players[playerIndex.get(target)!].homeworld!;
    attacks.player.push(playerIndex.get(a.player)!);
    attacks.type.push(ATTACK_CODE[a.type]);
    attacks.location.push(locationIndex.get(target)!);
    const list = a.units.map((u) => unitIndex.get(u)!);
    list.forEach((u) => away.add(u));
    attacks.units.push(list);
    const h = a.hero === undefined ? -1 : heroIndex.get(a.hero)!;
    if (h >= 0) heroes.location[h] = -1; // commanding the attack, not defending at home
    attacks.hero.push(h);
  }
  // Under --rounds the players' own attacks are not part of the question: everyone stays home.
  const planning = shape.rounds !== null;
  const defenders = s.locations.map((_, l) => [...militia[l], ...garrisons[l].filter((u) => planning || !away.has(u))]);
  if (planning) heroes.location = s.locations.flatMap((loc, l) => loc.heroes.map(() => l));

  return {
    kind: 'cascade',
    round: s.round,
    rounds: shape.rounds ?? 1,
    playerAttacks: !planning,
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
    },
    locations: {
      names: s.locations.map((l) => l.name),
      owner: s.locations.map((l) => playerIndex.get(l.owner)!),
      income: s.locations.map((l) => l.income),
      damaged: s.locations.map((l) => (l.damaged ? 1 : 0)),
      homeworld: s.locations.map((l) => (homeworlds.has(l.name) ? 1 : 0)),
      elector: s.locations.map((l) => (l.isElector ? 1 : 0)),
      defenders,
      militia,
    },
    units,
    heroes,
    attacks,
  };
}
