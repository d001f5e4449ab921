/**
 * The `cascade` scenario: one round of the Dune play-by-email game as the moderator writes it (players,
 * locations with their garrisons, the attacks ordered this round). Schema (zod, unknown keys rejected) and the
 * checks across fields. Rules: docs/cascade.md; user documentation: docs/cascade.md.
 */
import { z } from 'zod';
import { HERO_BONUS_DEFAULT } from '../../rules/dune/scores.js';
import { validate, type ScenarioSource } from '../../scenario/source.js';

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const name = z.string().min(1).max(200);

/** Every named policy of docs/cascade.md with its default. */
export const CASCADE_POLICY_DEFAULTS = {
  /** An unguarded location still defends with the owner's attribute pair (`zero`: it counts 0). */
  unguarded: 'attributes',
  /** Bonus of a hero that gives none of its own. */
  heroBonus: HERO_BONUS_DEFAULT,
  /** Weight of an ungarrisoned location when an NPC picks its target (a garrisoned one weighs 1). */
  ungarrisonedWeight: 1,
  /** Under --rounds: destroyed militia come back one per round for 300 MS each, while the owner can pay. */
  militiaRegeneration: true,
} as const;

export const cascadePoliciesSchema = z
  .strictObject({
    unguarded: z.enum(['attributes', 'zero']).default(CASCADE_POLICY_DEFAULTS.unguarded),
    heroBonus: int(-100, 100).default(CASCADE_POLICY_DEFAULTS.heroBonus),
    ungarrisonedWeight: z.number().positive().max(1_000_000).default(CASCADE_POLICY_DEFAULTS.ungarrisonedWeight),
    militiaRegeneration: z.boolean().default(CASCADE_POLICY_DEFAULTS.militiaRegeneration),
  })
  .prefault({});

export const playerSchema = z.strictObject({
  name,
  combat: int(0, 20),
  intrigue: int(0, 20).default(0),
  diplomacy: int(0, 20).default(0),
  /** Current wealth in MS (house raids take a share of it). */
  wealth: int(0, 1e12).default(0),
  /** Name of the player's homeworld location. */
  homeworld: name.optional(),
});

export const legionSchema = z.strictObject({
  name,
  type: z.enum(['standard', 'offensive', 'defensive', 'elite']).default('standard'),
});

export const heroSchema = z.strictObject({
  name,
  /** Battle score bonus when commanding a force (default: policies.heroBonus). */
  bonus: int(-100, 100).optional(),
});

export const locationSchema = z.strictObject({
  name,
  owner: name,
  /** Income per round in MS. */
  income: int(0, 1_000_000).default(0),
  /** Damaged before this round (crippled by a raid last round): no income this round. */
  damaged: z.boolean().default(false),
  isHomeworld: z.boolean().default(false),
  isElector: z.boolean().default(false),
  militia: int(0, 1000).default(0),
  garrison: z.array(legionSchema).max(1000).default([]),
  heroes: z.array(heroSchema).max(100).default([]),
});

export const attackSchema = z.strictObject({
  player: name,
  type: z.enum(['raid', 'seizure', 'house-raid']),
  /** A location; for a house raid also the defending player's name. */
  target: name,
  /** Legions sent, by name, in roster order (the first listed dies first among equals). */
  units: z.array(name).min(1).max(1000),
  hero: name.optional(),
});

export const cascadeSchema = z.strictObject({
  kind: z.literal('cascade'),
  title: z.string().max(500).optional(),
  /** This round's number (rounds 1 and 2 add 1 to the NPC attack table). */
  round: int(1, 100_000),
  policies: cascadePoliciesSchema,
  players: z.array(playerSchema).min(1).max(100),
  locations: z.array(locationSchema).min(1).max(1000),
  attacks: z.array(attackSchema).max(1000).default([]),
});

export type CascadeScenario = z.output<typeof cascadeSchema>;
export type CascadePolicies = z.output<typeof cascadePoliciesSchema>;

/** Checks across fields, each reported at the field that is wrong (one line, exit 3). */
export function checkCascade(source: ScenarioSource, s: CascadeScenario): CascadeScenario {
  const err = (path: (string | number)[], msg: string) => source.error(path, msg);
  const unique = (list: { name: string }[], what: string, at: string) => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (seen.has(x.name)) throw err([at, i, 'name'], `${what} '${x.name}' is listed twice`);
      seen.add(x.name);
    });
  };
  unique(s.players, 'player', 'players');
  // 'NPC' names the non-player houses in the trace and the owners table: a player so named would be merged with them.
  s.players.forEach((p, i) => {
    if (p.name === 'NPC') throw err(['players', i, 'name'], "a player name other than 'NPC' (reserved for non-player houses)");
  });
  unique(s.locations, 'location', 'locations');
  const players = new Map(s.players.map((p, i) => [p.name, i]));
  const locations = new Map(s.locations.map((l, i) => [l.name, i]));
  const homeworldOf = new Map<string, string>(); // location → player

  s.players.forEach((p, i) => {
    if (p.homeworld === undefined) return;
    const l = locations.get(p.homeworld);
    if (l === undefined) throw err(['players', i, 'homeworld'], `unknown location '${p.homeworld}'`);
    if (s.locations[l].owner !== p.name) throw err(['players', i, 'homeworld'], `'${p.homeworld}' is owned by ${s.locations[l].owner}, not ${p.name}`);
    if (homeworldOf.has(p.homeworld)) throw err(['players', i, 'homeworld'], `'${p.homeworld}' is already ${homeworldOf.get(p.homeworld)}'s homeworld`);
    homeworldOf.set(p.homeworld, p.name);
  });

  const unitAt = new Map<string, { location: number; index: number }>();
  const heroAt = new Map<string, { location: number; index: number }>();
  s.locations.forEach((loc, i) => {
    if (!players.has(loc.owner)) throw err(['locations', i, 'owner'], `unknown player '${loc.owner}'`);
    const isHome = homeworldOf.has(loc.name);
    if (loc.isHomeworld && !isHome) throw err(['locations', i, 'isHomeworld'], `no player names '${loc.name}' as its homeworld`);
    if (isHome && loc.isElector) throw err(['locations', i, 'isElector'], 'a homeworld cannot also be an elector');
    if (isHome && loc.militia > 0) throw err(['locations', i, 'militia'], 'militia may never be on a homeworld');
    loc.garrison.forEach((g, j) => {
      if (unitAt.has(g.name) || heroAt.has(g.name)) throw err(['locations', i, 'garrison', j, 'name'], `'${g.name}' is listed twice (unit and hero names must be unique)`);
      unitAt.set(g.name, { location: i, index: j });
    });
    loc.heroes.forEach((h, j) => {
      if (unitAt.has(h.name) || heroAt.has(h.name)) throw err(['locations', i, 'heroes', j, 'name'], `'${h.name}' is listed twice (unit and hero names must be unique)`);
      heroAt.set(h.name, { location: i, index: j });
    });
  });

  const targeted = new Set<string>();
  const sent = new Map<string, number>();
  const heroSent = new Map<string, number>();
  s.attacks.forEach((a, i) => {
    const at = (...p: (string | number)[]) => ['attacks', i, ...p];
    if (!players.has(a.player)) throw err(at('player'), `unknown player '${a.player}'`);
    let target = a.target;
    if (a.type === 'house-raid' && players.has(target) && !locations.has(target)) {
      const home = s.players[players.get(target)!].homeworld;
      if (home === undefined) throw err(at('target'), `player '${target}' has no homeworld to house-raid`);
      target = home;
    }
    const l = locations.get(target);
    if (l === undefined) throw err(at('target'), `unknown location '${a.target}'`);
    const loc = s.locations[l];
    const isHome = homeworldOf.has(loc.name);
    if (loc.owner === a.player) throw err(at('target'), `${a.player} owns '${loc.name}' and cannot attack it`);
    if (isHome && a.type !== 'house-raid') throw err(at('type'), `'${loc.name}' is a homeworld: only a house raid may attack it, not a ${a.type}`);
    if (!isHome && a.type === 'house-raid') throw err(at('target'), `a house raid attacks a player's homeworld, and '${loc.name}' is not one`);
    if (a.type === 'raid' && loc.isElector) throw err(at('target'), `'${loc.name}' is an elector: electors cannot be raided`);
    const key = `${a.player}\u0000${loc.name}`;
    if (targeted.has(key)) throw err(at('target'), `${a.player} already attacks '${loc.name}' this round: one attack per player per location`);
    targeted.add(key);
    a.units.forEach((u, j) => {
      const where = unitAt.get(u);
      if (where === undefined || s.locations[where.location].owner !== a.player) {
        throw err(at('units', j), `${a.player} has no legion '${u}'${where ? ` (it stands on ${s.locations[where.location].name}, held by ${s.locations[where.location].owner})` : ''}`);
      }
      if (sent.has(u)) throw err(at('units', j), `legion '${u}' is already sent in attacks[${sent.get(u)}]`);
      sent.set(u, i);
    });
    if (a.hero !== undefined) {
      const where = heroAt.get(a.hero);
      if (where === undefined || s.locations[where.location].owner !== a.player) throw err(at('hero'), `${a.player} has no hero '${a.hero}'`);
      if (heroSent.has(a.hero)) throw err(at('hero'), `hero '${a.hero}' already commands attacks[${heroSent.get(a.hero)}]`);
      heroSent.set(a.hero, i);
    }
  });
  return s;
}

/** Validate a parsed cascade document (schema, then the checks across fields). */
export function parseCascade(source: ScenarioSource): CascadeScenario {
  return checkCascade(source, validate(source, cascadeSchema));
}
