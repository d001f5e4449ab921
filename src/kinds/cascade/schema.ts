/**
 * The `cascade` scenario: one round of the Dune play-by-email game as the moderator writes it (players,
 * locations with their garrisons, the attacks ordered this round). Schema (zod, unknown keys rejected) and the
 * checks across fields. Rules: docs/cascade.md; user documentation: docs/cascade.md.
 */
import * as z from 'zod';
import { HERO_BONUS_DEFAULT } from '../../rules/dune/scores.js';
import { formatPath, Problems, validate, type ScenarioSource } from '../../scenario/source.js';
import { processOrders, type OrderList } from '../../rules/dune/orders.js';

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const name = z.string().min(1).max(200);

/** Every named policy of docs/cascade.md with its default. */
export const CASCADE_POLICY_DEFAULTS = {
  /** An unguarded location still defends with the owner's attribute pair (`zero`: it counts 0). */
  unguarded: 'attributes',
  /** Bonus of a hero that gives none of its own. */
  heroBonus: HERO_BONUS_DEFAULT,
  /**
   * Weight of an ungarrisoned location when an NPC picks its target (a garrisoned one weighs 1). The page says
   * NPCs are "much more likely" to attack ungarrisoned locations (line 79): 3 makes a lone ungarrisoned
   * location among three the target more often than the other two together (3 / 5). docs/cascade.md.
   */
  ungarrisonedWeight: 3,
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
  /** The player the legion serves, when not the location's owner (left behind after a transfer, or sold): it attacks. */
  owner: name.optional(),
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
  /** On Kaitain, the Imperial Capital: no combat there, and troops there may move again the same round. */
  isKaitain: z.boolean().default(false),
  militia: int(0, 1000).default(0),
  garrison: z.array(legionSchema).max(1000).default([]),
  heroes: z.array(heroSchema).max(100).default([]),
});

export const attackSchema = z.strictObject({
  player: name,
  /** Default: a seizure at a location, a house raid on a homeworld (Dune page line 11). */
  type: z.enum(['raid', 'seizure', 'house-raid']).optional(),
  /** A location; for a house raid also the defending player's name. */
  target: name,
  /** Legions sent, by name, in roster order (the first listed dies first among equals). */
  units: z.array(name).min(1).max(1000),
  hero: name.optional(),
});

export const recruitSchema = z.strictObject({
  player: name,
  /** The new legion's name (it arrives on the homeworld before combat). */
  name,
  type: z.enum(['standard', 'elite']).default('standard'),
  /** MS; default 1000 (Dune page line 10: "unless otherwise specified"). */
  cost: int(0, 1_000_000).optional(),
});

export const upgradeSchema = z.strictObject({
  player: name,
  legion: name,
  upgrade: z.enum(['offensive', 'defensive']),
});

export const moveSchema = z.strictObject({
  player: name,
  units: z.array(name).max(1000).default([]),
  heroes: z.array(name).max(100).default([]),
  /** One of the player's own locations, its homeworld, or a location on Kaitain. */
  to: name,
});

export const kanlySchema = z.strictObject({
  players: z.tuple([name, name]),
  /** The round Kanly was declared (no attacks between them that round). */
  declared: int(1, 100_000),
  /** The round it ends, if it does (forces aimed at the other return, half the fee back). */
  ended: int(1, 100_000).optional(),
});

export const cascadeSchema = z.strictObject({
  kind: z.literal('cascade'),
  title: z.string().max(500).optional(),
  /** This round's number (rounds 1 and 2 add 1 to the NPC attack table). */
  round: int(1, 100_000),
  policies: cascadePoliciesSchema,
  players: z.array(playerSchema).min(1).max(100),
  locations: z.array(locationSchema).min(1).max(1000),
  /** The game's first round: every player owns exactly 2 × Combat standard legions (Dune page line 6). */
  gameStart: z.boolean().default(false),
  kanly: z.array(kanlySchema).max(100).default([]),
  recruits: z.array(recruitSchema).max(1000).default([]),
  upgrades: z.array(upgradeSchema).max(1000).default([]),
  moves: z.array(moveSchema).max(1000).default([]),
  attacks: z.array(attackSchema).max(1000).default([]),
});

/** An order the rules reject, kept under --lenient (it does not take part). */
export interface RejectedOrder {
  list: OrderList;
  index: number;
  player: string;
  line: number | null;
  path: string;
  message: string;
}

export type CascadeScenario = z.output<typeof cascadeSchema> & {
  /** Under --lenient: the orders the rules reject (they do not take part). */
  rejected?: RejectedOrder[];
};
export type CascadePolicies = z.output<typeof cascadePoliciesSchema>;

/** Sizes the schema allows one by one but the engine cannot hold together (docs/reliability.md). */
export const CASCADE_LIMITS = {
  /** Locations × units: ~8 bytes a slot per worker thread, so 40 MB each at most. */
  locationUnitSlots: 5_000_000,
} as const;

/** Checks across fields, each reported at the field that is wrong, all of them at once (one line each, exit 3). */
export function checkCascade(
  source: ScenarioSource,
  s: CascadeScenario,
  options: { lenient?: boolean } = {},
): CascadeScenario {
  const problems = new Problems(source);
  const err = (path: (string | number)[], msg: string) => problems.add(path, msg);
  const unique = (list: { name: string }[], what: string, at: string) => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (seen.has(x.name)) err([at, i, 'name'], `${what} '${x.name}' is listed twice`);
      seen.add(x.name);
    });
  };
  unique(s.players, 'player', 'players');
  // 'NPC' names the non-player houses in the trace and the owners table: a player so named would be merged with them.
  s.players.forEach((p, i) => {
    if (p.name === 'NPC')
      err(['players', i, 'name'], "a player name other than 'NPC' (reserved for non-player houses)");
  });
  unique(s.locations, 'location', 'locations');
  // The engine keeps, per location, a slot for every unit (militia and legions) that could defend it: the
  // schema's maxima (1,000 locations of 1,000 militia) would need 10⁹ slots. Bound the product, not each factor.
  const units = s.locations.reduce((n, l) => n + l.militia + l.garrison.length, 0);
  if (s.locations.length * units > CASCADE_LIMITS.locationUnitSlots) {
    err(
      ['locations'],
      `${s.locations.length.toLocaleString('en-US')} locations × ${units.toLocaleString('en-US')} units (militia and legions) is more than the engine holds (at most ${CASCADE_LIMITS.locationUnitSlots.toLocaleString('en-US')}): fewer locations or fewer units`,
    );
    problems.done(); // the checks below would walk every unit: stop at this one
  }
  const players = new Map(s.players.map((p, i) => [p.name, i]));
  const locations = new Map(s.locations.map((l, i) => [l.name, i]));
  const homeworldOf = new Map<string, string>(); // location → player

  s.players.forEach((p, i) => {
    if (p.homeworld === undefined) return;
    const l = locations.get(p.homeworld);
    if (l === undefined) return err(['players', i, 'homeworld'], `unknown location '${p.homeworld}'`);
    if (s.locations[l].owner !== p.name)
      err(['players', i, 'homeworld'], `'${p.homeworld}' is owned by ${s.locations[l].owner}, not ${p.name}`);
    if (homeworldOf.has(p.homeworld))
      err(['players', i, 'homeworld'], `'${p.homeworld}' is already ${homeworldOf.get(p.homeworld)}'s homeworld`);
    homeworldOf.set(p.homeworld, p.name);
  });

  const unitAt = new Map<string, { location: number; index: number }>();
  const heroAt = new Map<string, { location: number; index: number }>();
  s.locations.forEach((loc, i) => {
    if (!players.has(loc.owner)) err(['locations', i, 'owner'], `unknown player '${loc.owner}'`);
    const isHome = homeworldOf.has(loc.name);
    if (loc.isHomeworld && !isHome)
      err(['locations', i, 'isHomeworld'], `no player names '${loc.name}' as its homeworld`);
    if (isHome && loc.isElector) err(['locations', i, 'isElector'], 'a homeworld cannot also be an elector');
    if (isHome && loc.militia > 0)
      err(['locations', i, 'militia'], '“Militia may never be on a homeworld” (Dune page line 7)');
    loc.garrison.forEach((g, j) => {
      if (unitAt.has(g.name) || heroAt.has(g.name))
        err(
          ['locations', i, 'garrison', j, 'name'],
          `'${g.name}' is listed twice (unit and hero names must be unique)`,
        );
      unitAt.set(g.name, { location: i, index: j });
    });
    loc.heroes.forEach((h, j) => {
      if (unitAt.has(h.name) || heroAt.has(h.name))
        err(['locations', i, 'heroes', j, 'name'], `'${h.name}' is listed twice (unit and hero names must be unique)`);
      heroAt.set(h.name, { location: i, index: j });
    });
  });

  // Recruits name new legions: they must not clash with any unit or hero.
  s.recruits.forEach((r, i) => {
    if (!players.has(r.player)) err(['recruits', i, 'player'], `unknown player '${r.player}'`);
    if (unitAt.has(r.name) || heroAt.has(r.name))
      err(['recruits', i, 'name'], `'${r.name}' is listed twice (unit and hero names must be unique)`);
    unitAt.set(r.name, { location: -1, index: i });
  });
  const unitOwner = (u: string): string | null => {
    const where = unitAt.get(u);
    if (where === undefined) return null;
    if (where.location < 0) return s.recruits[where.index].player;
    const loc = s.locations[where.location];
    return loc.garrison[where.index].owner ?? loc.owner;
  };
  const militiaNames = new Set(
    s.locations.flatMap((l) =>
      Array.from({ length: l.militia }, (_, i) =>
        l.militia === 1 ? `${l.name} militia` : `${l.name} militia ${i + 1}`,
      ),
    ),
  );
  const checkUnit = (p: string, u: string, path: (string | number)[]) => {
    if (militiaNames.has(u)) return; // a rule, not a reference: the orders say why militia cannot go
    const owner = unitOwner(u);
    if (owner !== p) {
      const where = unitAt.get(u);
      const stands =
        where && where.location >= 0 ? ` (it stands on ${s.locations[where.location].name}, serving ${owner})` : '';
      err(path, `${p} has no legion '${u}'${stands}`);
    }
  };
  s.locations.forEach((loc, i) =>
    loc.garrison.forEach((g, j) => {
      if (g.owner !== undefined && !players.has(g.owner))
        err(['locations', i, 'garrison', j, 'owner'], `unknown player '${g.owner}'`);
    }),
  );
  s.upgrades.forEach((u, i) => {
    if (!players.has(u.player)) err(['upgrades', i, 'player'], `unknown player '${u.player}'`);
    checkUnit(u.player, u.legion, ['upgrades', i, 'legion']);
  });
  s.moves.forEach((m, i) => {
    const at = (...p: (string | number)[]) => ['moves', i, ...p];
    if (!players.has(m.player)) return err(at('player'), `unknown player '${m.player}'`);
    if (!locations.has(m.to)) err(at('to'), `unknown location '${m.to}'`);
    m.units.forEach((u, j) => checkUnit(m.player, u, at('units', j)));
    m.heroes.forEach((h, j) => {
      const where = heroAt.get(h);
      if (where === undefined || s.locations[where.location].owner !== m.player)
        err(at('heroes', j), `${m.player} has no hero '${h}'`);
    });
    if (m.units.length + m.heroes.length === 0) err(at('units'), 'at least one legion or hero to move');
  });
  s.kanly.forEach((k, i) => {
    k.players.forEach((p, j) => {
      if (!players.has(p)) err(['kanly', i, 'players', j], `unknown player '${p}'`);
    });
    if (k.players[0] === k.players[1]) err(['kanly', i, 'players'], 'two different players');
    if (k.declared > s.round) err(['kanly', i, 'declared'], `a round up to this one (${s.round})`);
    if (k.ended !== undefined && k.ended <= k.declared)
      err(['kanly', i, 'ended'], `a round after the one Kanly was declared (${k.declared})`);
  });

  const heroSent = new Map<string, number>();
  s.attacks.forEach((a, i) => {
    const at = (...p: (string | number)[]) => ['attacks', i, ...p];
    if (!players.has(a.player)) return err(at('player'), `unknown player '${a.player}'`);
    if (!locations.has(a.target)) {
      if (!players.has(a.target)) err(at('target'), `unknown location '${a.target}'`);
      else if (s.players[players.get(a.target)!].homeworld === undefined)
        err(at('target'), `player '${a.target}' has no homeworld to house-raid`);
    }
    a.units.forEach((u, j) => checkUnit(a.player, u, at('units', j)));
    if (a.hero !== undefined) {
      const where = heroAt.get(a.hero);
      if (where === undefined || s.locations[where.location].owner !== a.player)
        err(at('hero'), `${a.player} has no hero '${a.hero}'`);
      else if (heroSent.has(a.hero))
        err(
          at('hero'),
          `hero '${a.hero}' already commands attacks[${heroSent.get(a.hero)}]: ${'“A hero, and only one hero, may be placed in command of a force”'}`,
        );
      heroSent.set(a.hero, i);
    }
  });

  // The orders' rules below read the names checked above: a file with unknown names stops here.
  problems.done();
  // The game's rules on the round's orders (src/rules/dune/orders.ts): each one broken is an error, unless
  // --lenient keeps the rejected orders aside (a broken limit of the round's state is always an error).
  const { violations } = processOrders(s);
  const rejected: RejectedOrder[] = [];
  for (const v of violations) {
    if (v.order === null || !options.lenient) {
      err(v.path, v.message);
      continue;
    }
    const o = s[v.order.list][v.order.index];
    rejected.push({
      ...v.order,
      player: o.player,
      line: source.lineOf(v.path),
      path: formatPath(v.path),
      message: v.message,
    });
  }
  problems.done();
  return { ...s, rejected };
}

/**
 * Validate a parsed cascade document (schema, then the checks across fields). `lenient`: orders the rules
 * reject are listed in `rejected` and left out instead of failing (the state's own limits still fail).
 */
export function parseCascade(source: ScenarioSource, options: { lenient?: boolean } = {}): CascadeScenario {
  return checkCascade(source, validate(source, cascadeSchema), options);
}
