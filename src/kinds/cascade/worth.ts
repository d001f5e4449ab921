/**
 * A Dune seizure cascade's worth (src/kinds/worth.ts; `warcast worth <round.yaml> [--player NAME] [--location NAME]
 * [--rounds R] [--no-npc]`): for each choice the round accepts for one player — each attribute +1, one more legion
 * (standard or elite) or 10% more in the force that decides the location, one more militia there, upgrade orders for
 * that force, a hero to command or defend, each of the player's other orders left out, +1,000 MS, each policy's other
 * reading, no NPC attacks — the change in the probability that the player holds the location at the end (the owner
 * column `warcast cascade` headlines; `held(R, "L")` of `seek` when the player holds it now), by paired Monte Carlo as
 * on a siege. Equivalents are priced in legions of that force; the Dune rules have no Battle Rating, so
 * `brEquivalent` is null (docs/design.md, "worth on a cascade").
 */
import { UsageError } from '../../errors.js';
import { processOrders } from '../../rules/dune/orders.js';
import { validate } from '../../scenario/source.js';
import type { WorthOptions } from '../worth.js';
import type { KindWorth, Variation, WorthTools } from '../worth.js';
import { cascadeMetrics } from './accumulator.js';
import { compileCascade } from './plan.js';
import { cascadeSchema, checkCascade, type CascadeScenario } from './schema.js';

/** Rounds per variant when --trials is not given (every variant and every legion count searched runs this many). */
export const CASCADE_WORTH_TRIALS = 10_000;

/** Why a cascade's `brEquivalent` is null (the result's `brEquivalentNote`). */
export const CASCADE_BR_NOTE =
  'the Dune rules have no Battle Rating: a force’s battle score is its attribute pair + its units + its hero (docs/cascade.md), each valued as an item; the troop equivalent is in legions';

/** Where the location is decided for the player: its own garrison defends it, or its seizure force attacks it. */
export type CascadeRole = 'defender' | 'attacker';

/** The force whose legions are counted: the player's legions in the location's garrison, or its seizure's units. */
interface Force {
  role: CascadeRole;
  player: number;
  location: number;
  /** attacker: the index of the player's seizure in `attacks`. */
  attack: number;
}

type Edit = (x: CascadeScenario) => boolean | void;

/** Every name in the round (legions, heroes, recruits), for naming added legions. */
function takenNames(s: CascadeScenario): Set<string> {
  return new Set([
    ...s.locations.flatMap((l) => [...l.garrison.map((g) => g.name), ...l.heroes.map((h) => h.name)]),
    ...s.recruits.map((r) => r.name),
  ]);
}

/** Legions named in any order (they cannot be taken out of a garrison without breaking it). */
function orderedUnits(s: CascadeScenario): Set<string> {
  return new Set([
    ...s.upgrades.map((u) => u.legion),
    ...s.moves.flatMap((m) => m.units),
    ...s.attacks.flatMap((a) => a.units),
  ]);
}

/** The player's legions in the force (names), as the scenario stands. */
function forceLegions(s: CascadeScenario, f: Force): string[] {
  const me = s.players[f.player].name;
  if (f.role === 'attacker') return [...s.attacks[f.attack].units];
  return s.locations[f.location].garrison
    .filter((g) => (g.owner ?? s.locations[f.location].owner) === me)
    .map((g) => g.name);
}

/**
 * k more legions of `type` in the force (k < 0: |k| fewer). Defender: added to the location's garrison, or the last
 * of the player's legions there that no order names taken away. Attacker: new legions standing on the player's
 * homeworld (else where the seizure's first legion stands) sent with the seizure, paying their fee and counting
 * against the movement and AP limits as any legion sent; or the last legions listed left at home (one stays).
 */
function legions(s0: CascadeScenario, f: Force, k: number, type: 'standard' | 'elite' = 'standard'): Edit {
  return (s) => {
    const me = s.players[f.player].name;
    const taken = takenNames(s0);
    let next = 1;
    const fresh = () => {
      while (taken.has(`${me} extra legion ${next}`)) next++;
      taken.add(`${me} extra legion ${next}`);
      return `${me} extra legion ${next}`;
    };
    if (f.role === 'defender') {
      const loc = s.locations[f.location];
      if (k >= 0) {
        for (let i = 0; i < k; i++) loc.garrison.push({ name: fresh(), type });
        return true;
      }
      const ordered = orderedUnits(s);
      for (let i = 0; i < -k; i++) {
        const j = loc.garrison.findLastIndex((g) => (g.owner ?? loc.owner) === me && !ordered.has(g.name));
        if (j < 0) return false;
        loc.garrison.splice(j, 1);
      }
      return true;
    }
    const attack = s.attacks[f.attack];
    if (k < 0) {
      if (attack.units.length + k < 1) return false;
      attack.units.splice(attack.units.length + k);
      return true;
    }
    const home = s.players[f.player].homeworld;
    const first = attack.units[0];
    const at =
      home !== undefined
        ? s.locations.find((l) => l.name === home)
        : s.locations.find((l) => l.garrison.some((g) => g.name === first));
    if (at === undefined) return false;
    for (let i = 0; i < k; i++) {
      const name = fresh();
      at.garrison.push({ name, type, ...(at.owner === me ? {} : { owner: me }) });
      attack.units.push(name);
    }
    return true;
  };
}

function variations(
  s: CascadeScenario,
  edit: WorthTools<CascadeScenario>['edit'],
  f: Force,
  npc: boolean,
  rounds: number | null,
): Variation<CascadeScenario>[] {
  const out: Variation<CascadeScenario>[] = [];
  const me = s.players[f.player];
  const loc = s.locations[f.location];
  const add = (name: string, group: string, rule: string, apply: Edit, options?: { npc: boolean }) =>
    void out.push({ name, group, rule, apply, ...(options ? { options } : {}) });
  const pl = (x: CascadeScenario) => x.players[f.player];
  add(
    'combat +1',
    'attribute',
    `Combat ${me.combat} → ${me.combat + 1}: seizure pair +2, raid and house-raid pairs +1, AP limit +2, movement limit +1 (lines 4, 12, 17)`,
    (x) => void (pl(x).combat += 1),
  );
  add(
    'intrigue +1',
    'attribute',
    `Intrigue ${me.intrigue} → ${me.intrigue + 1}: raid pair +1 (line 37)`,
    (x) => void (pl(x).intrigue += 1),
  );
  add(
    'diplomacy +1',
    'attribute',
    `Diplomacy ${me.diplomacy} → ${me.diplomacy + 1}: house-raid pair +1, NPC attack table −1 (lines 55, 81)`,
    (x) => void (pl(x).diplomacy += 1),
  );

  const force = forceLegions(s, f);
  const where = f.role === 'defender' ? 'in the garrison' : 'sent with the seizure (fee and limits apply)';
  add(
    '+1 legion',
    'legions',
    `one more standard legion ${where}: ${f.role === 'defender' ? '+2 defending' : '+1 attacking'} (line 6)`,
    legions(s, f, 1),
  );
  add(
    '+1 elite legion',
    'legions',
    `one more elite legion ${where}: ${f.role === 'defender' ? '+3 defending' : '+2 attacking'} (line 8)`,
    legions(s, f, 1, 'elite'),
  );
  const tenth = Math.round(force.length * 0.1);
  if (tenth >= 2)
    add('+10% legions', 'legions', `${force.length} → ${force.length + tenth} legions ${where}`, legions(s, f, tenth));
  if (f.role === 'defender')
    add(
      '+1 militia',
      'militia',
      `militia ${loc.militia} → ${loc.militia + 1}: +1 defending (line 7)`,
      (x) => void (x.locations[f.location].militia += 1),
    );

  // Upgrade orders for the force's standard legions not yet upgraded, one by one while the rules allow (1 AP each).
  const ordered = new Set(s.upgrades.map((u) => u.legion));
  const typeOf = new Map(s.locations.flatMap((l) => l.garrison.map((g) => [g.name, g.type] as const)));
  const upgradable = force.filter((u) => typeOf.get(u) === 'standard' && !ordered.has(u));
  for (const upgrade of ['offensive', 'defensive'] as const) {
    let kept: string[] = [];
    for (const u of upgradable)
      if (
        typeof edit(
          (x) => void x.upgrades.push(...[...kept, u].map((legion) => ({ player: me.name, legion, upgrade }))),
        ) !== 'string'
      )
        kept = [...kept, u];
    if (kept.length === 0) {
      if (upgradable.length > 0)
        add(
          `${upgrade} upgrades`,
          'upgrade',
          '',
          (x) => void x.upgrades.push({ player: me.name, legion: upgradable[0], upgrade }),
        );
      continue;
    }
    add(
      `${upgrade} upgrades`,
      'upgrade',
      `${upgrade} upgrade of ${kept.length === upgradable.length ? `the force’s ${kept.length} standard legion${kept.length === 1 ? '' : 's'}` : `${kept.length} of the force’s ${upgradable.length} standard legions`} (1 AP each, line 28)`,
      (x) => void x.upgrades.push(...kept.map((legion) => ({ player: me.name, legion, upgrade }))),
    );
  }

  // Heroes: the one commanding the seizure (or the best at the location) one point better, or one more sent.
  const commanding = new Set(s.attacks.flatMap((a) => (a.hero === undefined ? [] : [a.hero])));
  const moving = new Set(s.moves.flatMap((m) => m.heroes));
  const mine = s.locations.flatMap((l, li) => (l.owner === me.name ? l.heroes.map((h, hi) => ({ h, li, hi })) : []));
  const bonusOf = (h: { bonus?: number }) => h.bonus ?? s.policies.heroBonus;
  if (f.role === 'attacker') {
    const a = s.attacks[f.attack];
    if (a.hero !== undefined) {
      const x0 = mine.find((m) => m.h.name === a.hero)!;
      add(
        'hero bonus +1',
        'hero',
        `${a.hero}, commanding the seizure: bonus ${bonusOf(x0.h)} → ${bonusOf(x0.h) + 1} (line 17)`,
        (x) => void (x.locations[x0.li].heroes[x0.hi].bonus = bonusOf(x0.h) + 1),
      );
    } else {
      for (const m of mine) {
        if (commanding.has(m.h.name) || moving.has(m.h.name)) continue;
        add(
          `hero ${m.h.name} commands`,
          'hero',
          `${m.h.name} (bonus ${bonusOf(m.h)}) commands the seizure: 1 AP, one hero a force (line 17)`,
          (x) => void (x.attacks[f.attack].hero = m.h.name),
        );
      }
    }
  } else {
    const here = mine.filter((m) => m.li === f.location);
    if (here.length > 0) {
      add(
        'hero bonus +1',
        'hero',
        `the heroes at ${loc.name} (${here.map((m) => m.h.name).join(', ')}) one point better: the best defends (line 17)`,
        (x) => here.forEach((m) => (x.locations[m.li].heroes[m.hi].bonus = bonusOf(m.h) + 1)),
      );
    } else {
      for (const m of mine) {
        if (commanding.has(m.h.name) || moving.has(m.h.name)) continue;
        add(
          `hero ${m.h.name} defends`,
          'hero',
          `${m.h.name} (bonus ${bonusOf(m.h)}) moved to ${loc.name} to defend: 1 AP (lines 14, 17)`,
          (x) => void x.moves.push({ player: me.name, units: [], heroes: [m.h.name], to: loc.name }),
        );
      }
    }
  }

  // Each of the player's other orders left out: what it costs the location to send it.
  const outcomes = processOrders(s).outcomes;
  for (const list of ['recruits', 'upgrades', 'moves', 'attacks'] as const) {
    s[list].forEach((o, i) => {
      if (o.player !== me.name || (list === 'attacks' && i === f.attack)) return;
      const oc = outcomes.find((x) => x.list === list && x.index === i);
      const what =
        list === 'attacks'
          ? `${oc?.type ?? 'attack'} on ${oc?.location ?? s.attacks[i].target}`
          : list === 'moves'
            ? `move to ${s.moves[i].to}`
            : list === 'recruits'
              ? `recruit ${s.recruits[i].name}`
              : `upgrade of ${s.upgrades[i].legion}`;
      add(
        `without the ${what}`,
        'orders',
        `${list}[${i}] left out: nothing is spent on it${list === 'attacks' || list === 'moves' ? ', and its legions and hero stay where they stand' : ''}`,
        (x) => void x[list].splice(i, 1),
      );
    });
  }
  add(
    '+1,000 MS',
    'wealth',
    `wealth ${me.wealth.toLocaleString('en-US')} → ${(me.wealth + 1000).toLocaleString('en-US')} MS (fees, militia, house raids)`,
    (x) => void (pl(x).wealth += 1000),
  );

  // The readings of the rules (policies, docs/cascade.md): the same for every player, but they move the answer.
  const p = s.policies;
  const other = p.unguarded === 'attributes' ? 'zero' : 'attributes';
  add(
    `policy unguarded: ${other}`,
    'policy',
    `a location with no living unit or hero defends with ${other === 'zero' ? 'a pair of 0' : 'the owner’s attribute pair'}`,
    (x) => void (x.policies.unguarded = other),
  );
  add(
    'policy heroBonus +1',
    'policy',
    `a hero without its own bonus adds ${p.heroBonus + 1}, not ${p.heroBonus} (every player’s)`,
    (x) => void (x.policies.heroBonus = p.heroBonus + 1),
  );
  if (npc && p.ungarrisonedWeight !== 1)
    add(
      'policy ungarrisonedWeight: 1',
      'policy',
      `NPCs pick targets uniformly, not ${p.ungarrisonedWeight} × an ungarrisoned one (line 79)`,
      (x) => void (x.policies.ungarrisonedWeight = 1),
    );
  if (rounds !== null && rounds > 1)
    add(
      `policy militiaRegeneration: ${!p.militiaRegeneration}`,
      'policy',
      `destroyed militia ${p.militiaRegeneration ? 'do not come back' : 'come back one a round for 300 MS'} (line 7)`,
      (x) => void (x.policies.militiaRegeneration = !p.militiaRegeneration),
    );
  if (npc && rounds === null)
    add('no NPC attacks', 'npc', 'as cascade --no-npc (lines 79–95)', () => true, { npc: false });
  return out;
}

/** The player and location valued, and how the player decides it (defaults: docs/design.md). */
function forceOf(s: CascadeScenario, o: WorthOptions): Force {
  const player = o.player as string | undefined;
  const locationName = o.location as string | undefined;
  const seizures = processOrders(s).outcomes.filter(
    (x) => x.list === 'attacks' && x.type === 'seizure' && x.status !== 'rejected',
  );
  let name = player;
  if (name === undefined && o.side !== undefined) {
    if (!Number.isInteger(o.side) || o.side < 0 || o.side >= s.players.length)
      throw new UsageError(
        `--side: a cascade's side is a player's index, 0 to ${s.players.length - 1} (or use --player NAME), got ${o.side}`,
      );
    name = s.players[o.side].name;
  }
  name ??= seizures[0]?.player ?? s.locations[0].owner;
  const p = s.players.findIndex((x) => x.name === name);
  if (p < 0)
    throw new UsageError(
      `--player: no player '${name}' in this round (there: ${s.players.map((p) => p.name).join(', ')})`,
    );
  const own = s.locations.filter((l) => l.owner === name);
  const home = s.players[p].homeworld;
  const where =
    locationName ??
    seizures.find((x) => x.player === name)?.location ??
    (own.find((l) => l.name !== home) ?? own[0])?.name;
  if (where === undefined)
    throw new UsageError(
      `--location: ${name} holds no location and orders no seizure this round: name the location to value with --location`,
    );
  const location = s.locations.findIndex((l) => l.name === where);
  if (location < 0)
    throw new UsageError(
      `--location: no location '${where}' in this round (there: ${s.locations.map((l) => l.name).join(', ')})`,
    );
  if (s.locations[location].owner === name) return { role: 'defender', player: p, location, attack: -1 };
  const seizure = seizures.find((x) => x.player === name && x.location === where);
  if (seizure === undefined)
    throw new UsageError(
      `--location: ${name} neither holds '${where}' nor orders a seizure of it this round, so nothing ${name} chooses can make it theirs`,
    );
  return { role: 'attacker', player: p, location, attack: seizure.index };
}

export const cascadeWorth: KindWorth<CascadeScenario> = {
  method: 'monte-carlo',
  check(copy, source) {
    delete copy.rejected;
    return checkCascade(source, validate(source, cascadeSchema, copy));
  },
  async frame(scenario, _source, options, tools) {
    const rounds = (options.rounds as number | null | undefined) ?? null;
    if (rounds !== null && (!Number.isInteger(rounds) || rounds < 1 || rounds > 1000))
      throw new UsageError(`--rounds: expected a whole number from 1 to 1,000, got ${rounds}`);
    const npc = options.npc !== false;
    if (rounds !== null && !npc)
      throw new UsageError('--rounds plans against NPC attacks: it does not go with --no-npc');
    const f = forceOf(scenario, options);
    const kernel = (await import('./kernelEntry.js')).cascadeKernel;
    // The legion range the rules allow (limits, gameStart, one legion left in a seizure): the search stays inside.
    const legal = (k: number) => typeof tools.edit(legions(scenario, f, k)) !== 'string';
    let hi = 0;
    while (hi < 100 && legal(hi + 1)) hi++;
    let lo = 0;
    while (lo > -100 && legal(lo - 1)) lo--;
    const me = scenario.players[f.player].name;
    const loc = scenario.locations[f.location].name;
    const R = rounds ?? 1;
    const role = f.role === 'defender' ? `its garrison defends ${loc}` : `its seizure attacks ${loc}`;
    const measureText = `P(${me} holds ${loc} after ${R === 1 ? 'the round' : `round ${R}`})`;
    const signed = (x: number) => `${x > 0 ? '+' : ''}${x}`;
    return {
      side: f.player,
      sideName: me,
      variations: variations(scenario, tools.edit, f, npc, rounds),
      pricing: {
        troops: { current: 0, lo, hi, set: (copy, k) => legions(scenario, f, k)(copy) },
      },
      paired: {
        kernel,
        plan: (s, o) => compileCascade(s, { npc: (o?.npc as boolean | undefined) ?? npc, rounds }),
        measure: cascadeMetrics.owner(f.location, f.player),
        losses: [cascadeMetrics.legionsLost((p) => p === f.player), cascadeMetrics.legionsLost((p) => p !== f.player)],
        trials: CASCADE_WORTH_TRIALS,
        unit: rounds === null ? 'rounds' : 'campaigns',
        noTroopsNote: (gain) => equivalentNote(gain, lo, hi),
      },
      fields: (refused) => ({
        measure: f.role === 'defender' ? `held(${R}, "${loc}")` : `owner(${R}, "${loc}") = "${me}"`,
        player: me,
        location: loc,
        role: f.role,
        rounds: R,
        npc,
        unit: 'legions',
        legionRange: [lo, hi],
        refused,
        brEquivalentNote: CASCADE_BR_NOTE,
      }),
      words: {
        heading: `${scenario.title ? scenario.title + ': ' : ''}what each choice is worth to ${me} (${role}), measured by ${measureText}${npc ? '' : ', no NPC attacks'}`,
        measureColumn: 'P(holds)',
        trialsUnit: R === 1 ? 'rounds' : `campaigns of ${R} rounds`,
        equivalents: `equivalents in legions of that force (the rules allow ${signed(lo)} to ${signed(hi)}) by bisection over the same trials; no BR equivalent (${CASCADE_BR_NOTE})`,
        unit: 'legions',
        losses: 'Δ legions lost own / others',
      },
    };
  },
};

/** Why an item's legion equivalent is null. */
function equivalentNote(gain: boolean, lo: number, hi: number): string {
  if (gain ? hi === 0 : lo === 0)
    return `the rules allow no ${gain ? 'more' : 'fewer'} legions in this force (see refused and legionRange)`;
  return `no legion change from ${lo} to +${hi} (the range the rules allow) reaches it, or the estimates do not ${gain ? 'rise' : 'fall'} with legions there`;
}
