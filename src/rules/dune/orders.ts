/**
 * A round's orders as the game runs them: the limits on forces and actions, the action points, the Spacing
 * Guild's hazard fees, recruiting and Kanly. Source: the Dune combat page, docs/sources/dune-combat.txt
 * ("Dune page line N"; the body is printed twice, lines below are in the first copy).
 *
 * `processOrders` takes the round as plain data and goes through the orders in the order they are sent
 * (recruits, upgrades, moves, attacks, each list in its own order). Each order is checked against the limits
 * as they stand when it is sent, then paid; an order that breaks a rule is a violation (the scenario error, or
 * under --lenient a rejected order that does not take part), an order its player cannot pay for fails (line 34:
 * "the forces are committed - unless the player couldn't afford the movement AP or cost at the time of the NB").
 * A rejected or unpaid order spends nothing.
 */
import type { AttackType } from './tables.js';

/** Where a quoted rule stands on the Dune page (docs/sources/dune-combat.txt). */
const rule = (line: number, words: string) => `“${words}” (Dune page line ${line})`;

/** "the maximum Combat Score is 5" (line 9). */
export const MAX_COMBAT = 5;
/** Legions recruited cost 1000 MS "unless otherwise specified" (line 10). */
export const RECRUIT_COST = 1000;

/** Maximum Forces: 3 × Combat + 5 legions, militia excluded (line 9). */
export const maxLegions = (combat: number) => 3 * combat + 5;
/** Starting legions: twice the Combat score (line 6). */
export const startingLegions = (combat: number) => 2 * combat;
/** "Combat Actions - Max (CC+1) AP per round" (line 12); CC is twice the Combat score, as in the seizure pair. */
export const actionPoints = (combat: number) => 2 * combat + 1;

/** Action points per action (lines 13–16; Kanly, line 68). */
export const AP = { upgrade: 1, recruit: 0, moveHero: 1, moveLegion: 2, kanlyLegion: 1, kanlyHero: 0 } as const;

/** Where a legion goes from or to, as the fee table names places. */
export type Place = 'homeworld' | 'controlled' | 'uncontrolled';
export type FeePurpose = 'move' | 'raid' | 'seizure';
/** A place as the fee table sees it: whose it is, and whether it is on Kaitain (line 21 is about Kaitain alone). */
export interface FeePlace {
  place: Place;
  kaitain: boolean;
}

/**
 * The hazard-fee table (lines 18–25), row for row: the first row that matches applies, in printed order.
 * `from`/`to` are seen from the player sending the legion; a house raid pays as a raid (lines 22–23). A Kaitain
 * location the player controls is "a Location you control" too: from the homeworld, line 19's 100 MS comes
 * before line 21's 200 ("any Location you control"), as line 18's 100 does for Kaitain → homeworld.
 */
export const HAZARD_FEES: readonly {
  line: number;
  fee: number;
  text: string;
  matches: (from: FeePlace, to: FeePlace, purpose: FeePurpose) => boolean;
}[] = [
  {
    line: 18,
    fee: 100,
    text: 'Move a Legion from anywhere to your Homeworld',
    matches: (_f, t) => t.place === 'homeworld',
  },
  {
    line: 19,
    fee: 100,
    text: 'Move a Legion from your Homeworld to any Location you control',
    matches: (f, t) => f.place === 'homeworld' && t.place === 'controlled',
  },
  {
    line: 20,
    fee: 200,
    text: 'Move a Legion from a Location you control to another Location you control',
    matches: (f, t) => f.place === 'controlled' && t.place === 'controlled',
  },
  { line: 21, fee: 200, text: 'Move a Legion to or from Kaitain', matches: (f, t) => f.kaitain || t.kaitain },
  {
    line: 22,
    fee: 300,
    text: 'Move a Legion from your Homeworld to a Location you do not control for a Raid or House Raid',
    matches: (f, t, p) => f.place === 'homeworld' && t.place === 'uncontrolled' && p === 'raid',
  },
  {
    line: 23,
    fee: 400,
    text: 'Move a Legion from a Location you control to a Location you do not control for a Raid or House Raid',
    matches: (f, t, p) => f.place !== 'homeworld' && t.place === 'uncontrolled' && p === 'raid',
  },
  {
    line: 24,
    fee: 400,
    text: 'Move a Legion from your Homeworld to a Location you do not control for a Seizure',
    matches: (f, t, p) => f.place === 'homeworld' && t.place === 'uncontrolled' && p === 'seizure',
  },
  {
    line: 25,
    fee: 500,
    text: 'Move a Legion from a Location you control to a Location you do not control for a Seizure',
    matches: (f, t, p) => f.place !== 'homeworld' && t.place === 'uncontrolled' && p === 'seizure',
  },
];

/** The hazard fee (MS) of one legion's move. A legion standing where its player has no control pays as from "a Location". */
export function hazardFee(from: FeePlace, to: FeePlace, purpose: FeePurpose): number {
  const from2 = from.place === 'uncontrolled' ? { ...from, place: 'controlled' as const } : from;
  for (const r of HAZARD_FEES) if (r.matches(from2, to, purpose)) return r.fee;
  throw new Error(`no hazard fee for ${from.place} → ${to.place} (${purpose})`);
}

export type LegionKind = 'standard' | 'offensive' | 'defensive' | 'elite';

/** One round as the scenario gives it (structurally the validated `cascade` scenario). */
export interface RoundInput {
  round: number;
  gameStart: boolean;
  players: readonly { name: string; combat: number; wealth: number; homeworld?: string }[];
  locations: readonly {
    name: string;
    owner: string;
    isElector: boolean;
    isKaitain: boolean;
    militia: number;
    garrison: readonly { name: string; type: LegionKind; owner?: string }[];
    heroes: readonly { name: string }[];
  }[];
  kanly: readonly { players: readonly string[]; declared: number; ended?: number }[];
  recruits: readonly { player: string; name: string; type: 'standard' | 'elite'; cost?: number }[];
  upgrades: readonly { player: string; legion: string; upgrade: 'offensive' | 'defensive' }[];
  moves: readonly { player: string; units: readonly string[]; heroes: readonly string[]; to: string }[];
  attacks: readonly { player: string; type?: AttackType; target: string; units: readonly string[]; hero?: string }[];
}

export type OrderList = 'recruits' | 'upgrades' | 'moves' | 'attacks';
export type Path = (string | number)[];

export interface Violation {
  path: Path;
  message: string;
  /** The order that breaks the rule (null: the round's state itself, e.g. a Combat score above 5). */
  order: { list: OrderList; index: number } | null;
}

export type OrderStatus = 'accepted' | 'rejected' | 'unpaid' | 'returned';

export interface OrderOutcome {
  list: OrderList;
  index: number;
  player: string;
  status: OrderStatus;
  /** Why it was rejected, failed or returned (null when accepted). */
  reason: string | null;
  ap: number;
  /** Hazard fees or recruiting cost paid (MS), before any refund. */
  paid: number;
  /** Half the transport fee back when Kanly returns the forces (lines 69–70). */
  refund: number;
  /** Attacks: the type after the default (seizure at a location, house raid on a homeworld; line 11). */
  type: AttackType | null;
  /** Attacks and moves: the location aimed at (a house raid's target player resolved to the homeworld). */
  location: string | null;
}

export interface PlayerOrders {
  ap: number;
  legionsMoved: number;
  heroesMoved: number;
  hazardFees: number;
  refunds: number;
  recruiting: number;
  /** Wealth once the round's orders are paid. */
  wealth: number;
}

export interface RoundOrders {
  violations: Violation[];
  outcomes: OrderOutcome[];
  players: Record<string, PlayerOrders>;
  /** Where every legion (recruits included) and hero stands once the orders are carried out. */
  units: Record<string, { owner: string; at: string; type: LegionKind }>;
  heroAt: Record<string, string>;
}

/** Is Kanly between a and b active in `round` (declared before it, not yet ended)? */
export function kanlyActive(k: { declared: number; ended?: number }, round: number): boolean {
  return k.declared < round && (k.ended === undefined || round < k.ended);
}

/** Does Kanly between a and b send their forces home this round (the round it is declared or ended)? */
export function kanlyReturns(k: { declared: number; ended?: number }, round: number): boolean {
  return k.declared === round || k.ended === round;
}

const ordinal = (k: number) =>
  `${k}${k % 10 === 1 && k % 100 !== 11 ? 'st' : k % 10 === 2 && k % 100 !== 12 ? 'nd' : k % 10 === 3 && k % 100 !== 13 ? 'rd' : 'th'}`;

/** Go through the round's orders in the order they are sent; see the file comment. Pure. */
export function processOrders(r: RoundInput): RoundOrders {
  const violations: Violation[] = [];
  const outcomes: OrderOutcome[] = [];
  const player = new Map(r.players.map((p) => [p.name, p]));
  const location = new Map(r.locations.map((l) => [l.name, l]));
  const homeworldOf = new Map<string, string>(); // location → player
  for (const p of r.players) if (p.homeworld !== undefined) homeworldOf.set(p.homeworld, p.name);

  // Units where they stand now, and who they serve.
  const unit = new Map<
    string,
    { owner: string; at: string; type: LegionKind; movedTo: string | null; recruited: boolean }
  >();
  const militia = new Set<string>();
  const hero = new Map<string, { owner: string; at: string }>();
  for (const l of r.locations) {
    for (let i = 0; i < l.militia; i++)
      militia.add(l.militia === 1 ? `${l.name} militia` : `${l.name} militia ${i + 1}`);
    for (const g of l.garrison)
      unit.set(g.name, { owner: g.owner ?? l.owner, at: l.name, type: g.type, movedTo: null, recruited: false });
    for (const h of l.heroes) hero.set(h.name, { owner: l.owner, at: l.name });
  }

  const book: Record<string, PlayerOrders> = {};
  const owned = new Map<string, number>();
  for (const p of r.players) {
    book[p.name] = {
      ap: 0,
      legionsMoved: 0,
      heroesMoved: 0,
      hazardFees: 0,
      refunds: 0,
      recruiting: 0,
      wealth: p.wealth,
    };
    owned.set(p.name, 0);
  }
  for (const u of unit.values()) owned.set(u.owner, (owned.get(u.owner) ?? 0) + 1);

  // The round's state: limits that no order can fix.
  r.players.forEach((p, i) => {
    if (p.combat > MAX_COMBAT)
      violations.push({
        path: ['players', i, 'combat'],
        message: `Combat ${p.combat} is above ${MAX_COMBAT}: ${rule(9, 'the maximum Combat Score is 5')}`,
        order: null,
      });
    const n = owned.get(p.name) ?? 0;
    if (n > maxLegions(p.combat))
      violations.push({
        path: ['players', i, 'combat'],
        message: `${p.name} owns ${n} legions, above 3 × Combat ${p.combat} + 5 = ${maxLegions(p.combat)}: ${rule(9, 'No player may control more than three times their combat score plus five (CCC+5) legions in total')}`,
        order: null,
      });
    if (r.gameStart && n !== startingLegions(p.combat))
      violations.push({
        path: ['players', i, 'name'],
        message: `${p.name} starts the game with ${n} legions, not 2 × Combat ${p.combat} = ${startingLegions(p.combat)}: ${rule(6, 'Each Player begins with a number of Standard Legions … equal to twice their Combat Score (CC)')}`,
        order: null,
      });
  });
  if (r.gameStart) {
    for (const [name, u] of unit) {
      if (u.type !== 'standard') {
        const l = r.locations.findIndex((x) => x.name === u.at);
        const j = r.locations[l].garrison.findIndex((g) => g.name === name);
        violations.push({
          path: ['locations', l, 'garrison', j, 'type'],
          message: `'${name}' is ${u.type} at the game's start: ${rule(6, 'Each Player begins with a number of Standard Legions')}`,
          order: null,
        });
      }
    }
  }
  const kanlyOf = new Map<string, { other: string; k: RoundInput['kanly'][number] }>();
  r.kanly.forEach((k, i) => {
    for (const [a, b] of [
      [k.players[0], k.players[1]],
      [k.players[1], k.players[0]],
    ]) {
      const prior = kanlyOf.get(a);
      if (prior && prior.other !== b)
        violations.push({
          path: ['kanly', i, 'players'],
          message: `${a} is already in Kanly with ${prior.other}: ${rule(68, 'a person can only have one state of Kanly at a time')}`,
          order: null,
        });
      kanlyOf.set(a, { other: b, k });
    }
  });
  const kanlyWith = (a: string, b: string) => {
    const k = kanlyOf.get(a);
    return k && k.other === b ? k.k : null;
  };

  const combat = (p: string) => player.get(p)!.combat;
  const placeOf = (p: string, at: string): FeePlace => {
    const l = location.get(at)!;
    return {
      place: homeworldOf.get(at) === p ? 'homeworld' : l.owner === p ? 'controlled' : 'uncontrolled',
      kaitain: l.isKaitain,
    };
  };
  const perLocation = new Set<string>();
  const upgraded = new Set<string>();
  const recruitedBy = new Map<string, number>();

  /** Checks shared by moves and attacks for one legion; null when it may go. */
  const legionProblem = (p: string, name: string): string | null => {
    if (militia.has(name)) return `'${name}' is militia: ${rule(7, 'Militia can not be moved from their Location')}`;
    const u = unit.get(name);
    if (u === undefined || u.owner !== p) return null; // reported by the scenario's reference checks
    if (u.recruited)
      return `'${name}' is recruited this round and arrives on the homeworld only before combat: ${rule(10, 'new legions arrive on the Homeworld before Combat takes place that round')}`;
    if (u.movedTo !== null && !location.get(u.movedTo)?.isKaitain) {
      return `'${name}' has already been sent to '${u.movedTo}' this round: ${rule(26, 'Normally troops can only go one place per round, the lone exception to this is the Imperial Capital of Kaitain')}`;
    }
    return null;
  };

  const outcome = (list: OrderList, index: number, p: string, extra: Partial<OrderOutcome>): OrderOutcome => {
    const o: OrderOutcome = {
      list,
      index,
      player: p,
      status: 'accepted',
      reason: null,
      ap: 0,
      paid: 0,
      refund: 0,
      type: null,
      location: null,
      ...extra,
    };
    outcomes.push(o);
    return o;
  };
  const reject = (o: OrderOutcome, path: Path, message: string) => {
    o.status = 'rejected';
    o.reason = message;
    o.ap = 0;
    o.paid = 0;
    violations.push({ path, message, order: { list: o.list, index: o.index } });
  };
  /** The movement limit, then AP, once the order's own costs are known; false when it was rejected. */
  const withinLimits = (o: OrderOutcome, at: Path, ap: number, legions: number, heroes: number): boolean => {
    const b = book[o.player];
    const c = combat(o.player);
    const moved = b.legionsMoved + legions + Math.max(0, b.heroesMoved + heroes - 1);
    if (moved > c) {
      reject(
        o,
        at,
        `${o.player} would move ${b.legionsMoved + legions} legion${b.legionsMoved + legions === 1 ? '' : 's'} and ${b.heroesMoved + heroes} hero${b.heroesMoved + heroes === 1 ? '' : 'es'} this round with Combat ${c}: ${rule(17, 'A player can only move 1 legion per Combat Score per round, plus 1 hero')}`,
      );
      return false;
    }
    if (b.ap + ap > actionPoints(c)) {
      reject(
        o,
        at,
        `${o.player} would spend ${b.ap + ap} AP this round, above 2 × Combat ${c} + 1 = ${actionPoints(c)}: ${rule(12, 'Combat Actions - Max (CC+1) AP per round')}`,
      );
      return false;
    }
    return true;
  };
  const pay = (o: OrderOutcome, cost: number): boolean => {
    const b = book[o.player];
    if (cost > b.wealth) {
      o.status = 'unpaid';
      o.reason = `${o.player} has ${b.wealth} MS when the order is sent and it costs ${cost} MS: the forces are not committed (${rule(34, "unless the player couldn't afford the movement AP or cost at the time of the NB")})`;
      return false;
    }
    b.wealth -= cost;
    o.paid = cost;
    return true;
  };

  // 1. Recruits: 0 AP, 1000 MS unless given, at most Combat a round, within Maximum Forces, on the homeworld.
  r.recruits.forEach((rec, i) => {
    const o = outcome('recruits', i, rec.player, {});
    const p = player.get(rec.player)!;
    const n = (recruitedBy.get(rec.player) ?? 0) + 1;
    if (p.homeworld === undefined)
      return reject(
        o,
        ['recruits', i, 'player'],
        `${rec.player} has no homeworld for recruits to arrive on: ${rule(10, 'new legions arrive on the Homeworld before Combat takes place that round')}`,
      );
    if (n > p.combat)
      return reject(
        o,
        ['recruits', i],
        `${rec.player} recruits a ${ordinal(n)} legion this round with Combat ${p.combat}: ${rule(10, 'Players can not recruit more legions per round than their Combat Score')}`,
      );
    const after = (owned.get(rec.player) ?? 0) + 1;
    if (after > maxLegions(p.combat))
      return reject(
        o,
        ['recruits', i],
        `${rec.player} would own ${after} legions, above 3 × Combat ${p.combat} + 5 = ${maxLegions(p.combat)}: ${rule(9, 'No player may control more than three times their combat score plus five (CCC+5) legions in total')}`,
      );
    if (!pay(o, rec.cost ?? RECRUIT_COST)) return;
    book[rec.player].recruiting += o.paid;
    recruitedBy.set(rec.player, n);
    owned.set(rec.player, after);
    unit.set(rec.name, { owner: rec.player, at: p.homeworld, type: rec.type, movedTo: null, recruited: true });
    o.location = p.homeworld;
  });

  // 2. Upgrades: 1 AP, one per legion ever, never an elite, never militia.
  r.upgrades.forEach((up, i) => {
    const o = outcome('upgrades', i, up.player, {});
    const at: Path = ['upgrades', i, 'legion'];
    if (militia.has(up.legion))
      return reject(
        o,
        at,
        `'${up.legion}' is militia: ${rule(7, 'Militia can not be moved from their Location or upgraded')}`,
      );
    const u = unit.get(up.legion);
    if (u === undefined || u.owner !== up.player) return reject(o, at, `${up.player} has no legion '${up.legion}'`);
    if (u.type === 'elite')
      return reject(o, at, `'${up.legion}' is an elite unit: ${rule(8, 'they can not receive upgrades')}`);
    if (u.type !== 'standard' || upgraded.has(up.legion))
      return reject(o, at, `'${up.legion}' already has an upgrade: ${rule(28, 'Any Legion may receive one Upgrade')}`);
    if (!withinLimits(o, ['upgrades', i], AP.upgrade, 0, 0)) return;
    o.ap = AP.upgrade;
    book[up.player].ap += AP.upgrade;
    upgraded.add(up.legion);
    u.type = up.upgrade;
  });

  /** Send legions (and heroes) from where they stand to `dest`; AP, fees, limits, once-a-round. */
  const send = (
    o: OrderOutcome,
    list: OrderList,
    i: number,
    units: readonly string[],
    heroes: readonly string[],
    dest: string,
    purpose: FeePurpose,
    kanly: boolean,
  ): boolean => {
    const p = o.player;
    let ap = 0;
    let fee = 0;
    let legions = 0;
    for (let j = 0; j < units.length; j++) {
      const why = legionProblem(p, units[j]);
      if (why) {
        reject(o, [list, i, 'units', j], why);
        return false;
      }
      const u = unit.get(units[j])!;
      // Under Kanly legions sent to one's own or the enemy's locations cost 1 AP and pass the movement limit (line 68).
      ap += kanly ? AP.kanlyLegion : AP.moveLegion;
      if (!kanly && u.movedTo === null) legions++;
      fee += hazardFee(placeOf(p, u.at), placeOf(p, dest), purpose);
    }
    let heroAp = 0;
    let heroCount = 0;
    for (const h of heroes) {
      const x = hero.get(h);
      if (x && x.at === dest) continue;
      heroAp += list === 'attacks' && kanly ? AP.kanlyHero : AP.moveHero;
      heroCount++;
    }
    if (!withinLimits(o, [list, i], ap + heroAp, legions, heroCount)) return false;
    if (!pay(o, fee)) return false;
    const b = book[p];
    b.ap += ap + heroAp;
    b.legionsMoved += legions;
    b.heroesMoved += heroCount;
    b.hazardFees += fee;
    o.ap = ap + heroAp;
    for (const name of units) {
      const u = unit.get(name)!;
      u.at = dest;
      u.movedTo = dest;
    }
    for (const h of heroes) {
      const x = hero.get(h);
      if (x) x.at = dest;
    }
    return true;
  };

  // 3. Moves: to one's own locations, homeworld or Kaitain (anywhere else is an attack).
  r.moves.forEach((mv, i) => {
    const o = outcome('moves', i, mv.player, { location: mv.to });
    const dest = location.get(mv.to);
    if (dest === undefined) return reject(o, ['moves', i, 'to'], `unknown location '${mv.to}'`);
    if (dest.owner !== mv.player && !dest.isKaitain) {
      return reject(
        o,
        ['moves', i, 'to'],
        `'${mv.to}' is held by ${dest.owner}, so forces sent there attack it: list them under attacks; ${rule(11, 'If no one specified a type of attack, the default is a Seizure (CC) at a Location and a House Raid on a Homeworld')}`,
      );
    }
    const k = kanlyOf.get(mv.player);
    // "legions sent to a location they control or their enemy controls now only cost 1 AP" (line 68): on
    // Kaitain too; a Kaitain location a third player holds is neither.
    const kanly = k !== undefined && kanlyActive(k.k, r.round) && (dest.owner === mv.player || dest.owner === k.other);
    send(o, 'moves', i, mv.units, mv.heroes, mv.to, 'move', kanly);
  });

  // 4. Attacks.
  r.attacks.forEach((a, i) => {
    const o = outcome('attacks', i, a.player, {});
    let target = a.target;
    if (!location.has(target) && player.has(target)) target = player.get(target)!.homeworld ?? target;
    const loc = location.get(target);
    if (loc === undefined) return reject(o, ['attacks', i, 'target'], `unknown location '${a.target}'`);
    const isHome = homeworldOf.has(loc.name);
    const type: AttackType = a.type ?? (isHome ? 'house-raid' : 'seizure');
    o.type = type;
    o.location = loc.name;
    const at: Path = ['attacks', i];
    if (loc.isKaitain)
      return reject(
        o,
        [...at, 'target'],
        `'${loc.name}' is on Kaitain: ${rule(11, 'with the exception of Kaitain, the Imperial Capital, where combat can not take place')}`,
      );
    // Raids and seizures each have their own line with the same words: a raid's is 37, a seizure's 46.
    const targetRule = type === 'raid' ? 37 : 46;
    if (loc.owner === a.player)
      return reject(
        o,
        [...at, 'target'],
        `${a.player} owns '${loc.name}' and cannot attack it: ${rule(targetRule, 'a Location known to them and not under their control')}`,
      );
    if (isHome && type !== 'house-raid')
      return reject(
        o,
        [...at, 'type'],
        `'${loc.name}' is a homeworld: only a house raid may attack it, not a ${type}: ${rule(targetRule, 'a Location known to them and not under their control, other than a Homeworld')}`,
      );
    if (!isHome && type === 'house-raid')
      return reject(
        o,
        [...at, 'target'],
        `a house raid attacks a player's homeworld, and '${loc.name}' is not one: ${rule(55, 'the attacker directly attacks a player, not a Location')}`,
      );
    if (type === 'raid' && loc.isElector)
      return reject(o, [...at, 'target'], `'${loc.name}' is an elector: ${rule(37, "You can't raid Electors")}`);
    const key = `${a.player}\u0000${loc.name}`;
    if (perLocation.has(key))
      return reject(
        o,
        [...at, 'target'],
        `${a.player} already attacks '${loc.name}' this round: ${rule(76, 'A player can only launch 1 attack force of any type at a single location')}`,
      );
    const k = kanlyWith(a.player, loc.owner);
    const kanly = k !== null && kanlyActive(k, r.round);
    const origins = a.units.map((u) => unit.get(u)?.at ?? '');
    const heroOrigin = a.hero === undefined ? '' : (hero.get(a.hero)?.at ?? '');
    if (
      !send(
        o,
        'attacks',
        i,
        a.units,
        a.hero === undefined ? [] : [a.hero],
        loc.name,
        type === 'seizure' ? 'seizure' : 'raid',
        kanly,
      )
    )
      return;
    perLocation.add(key);
    if (k !== null && kanlyReturns(k, r.round)) {
      o.status = 'returned';
      o.refund = Math.floor(o.paid / 2);
      book[a.player].refunds += o.refund;
      book[a.player].wealth += o.refund;
      // "forces return home" (line 69): to the homeworld, or where they stood for a player without one.
      const home = player.get(a.player)!.homeworld;
      a.units.forEach((u, j) => (unit.get(u)!.at = home ?? origins[j]));
      if (a.hero !== undefined && hero.has(a.hero)) hero.get(a.hero)!.at = home ?? heroOrigin;
      o.reason = `Kanly with ${loc.owner} is ${k.declared === r.round ? 'declared' : 'ended'} this round: the forces return home and half the fee (${o.refund} MS) comes back (${rule(k.declared === r.round ? 69 : 70, k.declared === r.round ? 'Players may not attack each other the round Kanly is declared' : 'troops aimed at the other player return home, refunding half their transport fee')})`;
    }
  });
  const units: RoundOrders['units'] = {};
  for (const [name, u] of unit) units[name] = { owner: u.owner, at: u.at, type: u.type };
  const heroAt: Record<string, string> = {};
  for (const [name, h] of hero) heroAt[name] = h.at;
  return { violations, outcomes, players: book, units, heroAt };
}
