/**
 * The report of a Dune seizure cascade (`warcast cascade --report` / `warcast report` on a cascade scenario):
 * who holds each location after the round, legions lost per player, the trace of the players' attacks and
 * the key numbers. Charts and numbers come from the cascade result (the --json document); the scenario
 * (for the players and attacks) is the validated one the result carries.
 */
import { num, pct } from '../src/text/format.js';
import type { CascadeResult } from '../src/analysis/cascade.js';
import type { CascadeScenario } from '../src/kinds/cascade/schema.js';
import { wilsonInterval } from '../src/stats/index.js';
import { cascadeHeldChart, cascadeLossesChart, cascadeOwnershipChart } from './charts/cascade.js';
import { atMostChart } from './charts/cumulative.js';
import type { ReportContent, Table } from './content.js';
import { elapsedText, policyText, runFacts } from './save.js';
import { playerColour, type Chart } from './spec.js';

export const CASCADE_SOURCES = [
  'The combat page of the Dune play-by-email game (docs/sources/dune-combat.txt, “Combat”): limits on forces and actions, action points, hazard fees, recruiting, Kanly, raids, seizures and house raids, battle scores, the results table, the order of several attacks on one location (“Who Attacks First?”), random NPC attacks.',
  'warcast’s interpretation decisions and named policies where the page is silent: docs/cascade.md.',
];

export function cascadeReport(r: CascadeResult, file: string): ReportContent {
  const { scenario } = r;
  const planning = r.trace === null;
  const charts: Chart[] = [];
  const playerNames = scenario.players.map((p) => p.name);
  if (r.owners) {
    const locations = Object.keys(r.owners);
    const seen = new Set(locations.flatMap((l) => Object.keys(r.owners![l])));
    const owners = [...scenario.players.map((p) => p.name), 'NPC'].filter((o) => seen.has(o));
    const ownership = locations.flatMap((location) =>
      Object.entries(r.owners![location]).map(([owner, probability]) => {
        const [lo, hi] = wilsonInterval(Math.round(probability * r.trials), r.trials);
        return { location, owner, probability, lo, hi };
      }),
    );
    charts.push({
      name: 'cascade-ownership',
      title: 'Who holds what',
      caption: `Who holds each location at the end of ${planning ? `the last of ${r.rounds} round${r.rounds === 1 ? '' : 's'}` : 'the round'}: one bar per location split by owner (NPC: taken by a non-player attacker).`,
      spec: cascadeOwnershipChart({ locations, owners, ownership, colours: owners.map((o) => playerColour(o, playerNames)) }),
    });
  }
  if (r.legionsLost && !planning) {
    const players = Object.keys(r.legionsLost);
    charts.push({
      name: 'cascade-legions',
      title: 'Legions lost',
      caption: 'How many legions each player loses in the round (all attacks and NPC attacks together), as a probability per count.',
      spec: cascadeLossesChart({ players, colours: players.map((p) => playerColour(p, playerNames)), losses: players.flatMap((player) => Object.entries(r.legionsLost![player].distribution).map(([lost, probability]) => ({ player, lost: Number(lost), probability }))) }),
    });
    const lost = r.legionsLost;
    charts.push({
      name: 'cascade-legions-at-most',
      title: 'Legions lost: at most / at least',
      caption: 'The chance each player loses at most x legions in the round; hover for the chance of losing at least x.',
      spec: atMostChart({
        title: 'How many legions it can cost',
        subtitle: 'P(legions lost ≤ x) per player',
        what: 'legions lost',
        colours: players.map((p) => playerColour(p, playerNames)),
        series: players.map((player) => {
          const counts = Object.keys(lost[player].atMost);
          return { label: player, values: counts.map(Number), atMost: counts.map((k) => lost[player].atMost[k]), atLeast: counts.map((k) => lost[player].atLeast[k]) };
        }),
      }),
    });
  }
  if (r.held && planning) {
    const held = r.held;
    charts.push({
      name: 'cascade-held',
      title: 'Still held, round by round',
      caption: 'The chance each location is still held by its owner after each round (the players’ orders in the first round, NPC attacks in every round).',
      spec: cascadeHeldChart({ locations: Object.keys(held), held: Object.entries(held).flatMap(([location, ps]) => ps.map((probability, k) => ({ location, round: r.round + k, probability }))) }),
    });
  }
  const tables = [playerTable(scenario), locationTable(scenario)];
  if (scenario.attacks.length) tables.push(attackTable(scenario));
  if (r.orderCosts) tables.push(orderTable(r));
  // Input the rules leave out (the text's note: lines).
  if (r.notes?.length) tables.push({ caption: 'Input the rules leave out', columns: ['note'], rows: r.notes.map((n) => [n]) });
  if (r.trace && r.trace.locations.length) tables.push(traceTable(r));
  if (r.owners) tables.push(locationNumbers(r), playerNumbers(r));
  if (r.heroesLost && Object.keys(r.heroesLost).length) tables.push({ caption: 'Heroes', columns: ['hero', 'killed'], rows: Object.entries(r.heroesLost).map(([h, p]) => [h, pct(p)]) });
  if (r.ledger) tables.push(ledgerTable(r));
  return {
    title: r.title ?? `Round ${r.round}`,
    lead: planning
      ? `Dune planning over ${r.rounds} round${r.rounds === 1 ? '' : 's'} from round ${r.round}: the players’ orders in the first, NPC attacks, income, fees and militia regeneration in every round`
      : `Dune seizure cascade, round ${r.round}: ${scenario.attacks.length} attack${scenario.attacks.length === 1 ? '' : 's'} by ${scenario.players.length} players on ${scenario.locations.length} locations`,
    facts: facts(r, file),
    tables,
    sources: CASCADE_SOURCES,
    charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  };
}

function facts(r: CascadeResult, file: string): [string, string][] {
  const f: [string, string][] = [
    ['scenario', file],
    ['method', r.trace ? 'the players’ attacks traced step by step (no NPCs), then Monte Carlo over the NPC attacks and coin flips' : `Monte Carlo of ${r.rounds} round${r.rounds === 1 ? '' : 's'}: the players’ orders in the first, NPC attacks in every round`],
    ['NPC attacks', r.npc ? 'on' : 'off'],
    ...runFacts(r, 'trials'),
  ];
  if (r.traceCoinFlips) f.push(['coin flips', 'a coin flip decided an order in the trace: it shows one draw, the Monte Carlo covers both']);
  f.push(['elapsed', elapsedText(r.elapsedMs)], ['policies', policyText(r.policies)]);
  return f;
}

function playerTable(s: CascadeScenario): Table {
  return {
    caption: 'Players',
    columns: ['player', 'combat', 'intrigue', 'diplomacy', 'wealth (MS)', 'homeworld'],
    rows: s.players.map((p) => [p.name, String(p.combat), String(p.intrigue), String(p.diplomacy), num(p.wealth), p.homeworld ?? '—']),
  };
}

function locationTable(s: CascadeScenario): Table {
  return {
    caption: 'Locations',
    columns: ['location', 'owner', 'income (MS)', 'militia', 'legions', 'heroes', 'notes'],
    rows: s.locations.map((l) => [
      l.name,
      l.owner,
      num(l.income),
      String(l.militia),
      String(l.garrison.length),
      l.heroes.map((h) => h.name).join(', ') || '—',
      [l.isHomeworld ? 'homeworld' : '', l.isElector ? 'elector' : '', l.damaged ? 'damaged' : ''].filter(Boolean).join(', ') || '—',
    ]),
  };
}

function attackTable(s: CascadeScenario): Table {
  return {
    caption: 'Attacks ordered this round',
    columns: ['player', 'type', 'target', 'legions', 'hero'],
    rows: s.attacks.map((a) => [a.player, a.type ?? 'default', a.target, String(a.units.length), a.hero ?? '—']),
  };
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

function traceTable(r: CascadeResult): Table {
  return {
    caption: `The players’ attacks, step by step (no NPCs${r.traceCoinFlips ? '; one draw of the coin flips' : ''})`,
    columns: ['location', 'step', 'attack', 'scores', 'row: result', 'losses', 'owner after'],
    rows: r.trace!.locations.flatMap((loc) =>
      loc.battles.map((b) => [
        loc.location,
        String(b.step),
        `${b.attacker} ${b.type} against ${b.defender}`,
        `${b.attackerScore.total} − ${b.defenderScore.total} = ${signed(b.difference)}`,
        `${b.row}: ${b.result}`,
        [`${b.attacker}: ${b.attackerLosses.join(', ') || 'none'}`, `${b.defender}: ${b.defenderLosses.join(', ') || 'none'}`, ...(b.heroesLost.length ? [`killed: ${b.heroesLost.join(', ')}`] : [])].join('; '),
        `${b.ownerAfter} (${b.damageAfter})`,
      ]),
    ),
  };
}

/** What each player's orders cost, and every order that did not go as sent (rejected under --lenient, unpaid, returned by Kanly). */
function orderTable(r: CascadeResult): Table {
  const rows = Object.entries(r.orderCosts).map(([name, c]) => [name, `${c.ap} of ${c.apLimit}`, String(c.legionsMoved), num(c.hazardFees), num(c.refunds), num(c.recruiting), '—']);
  for (const o of r.orders) rows.push([o.player, '', '', '', '', '', `${o.status} ${o.path}${o.line !== null ? ` (line ${o.line})` : ''}: ${o.reason}`]);
  return { caption: 'The round’s orders (paid when sent: recruits, upgrades, moves, attacks, each in the order listed)', columns: ['player', 'AP', 'legions moved', 'hazard fees (MS)', 'Kanly refunds (MS)', 'recruiting (MS)', 'order not carried out'], rows };
}

/** The ledger (mean MS per trial); each trial's adds up exactly: wealth after = before + the columns between. */
function ledgerTable(r: CascadeResult): Table {
  return {
    caption: `Ledger over ${r.rounds === 1 ? 'the round' : `${r.rounds} rounds`} (mean MS): wealth after = wealth before − fees + refunds − recruiting + income + seized − house-raid losses − militia`,
    columns: ['player', 'wealth before', 'hazard fees', 'Kanly refunds', 'recruiting', 'income', 'seized', 'house-raid losses', 'militia', 'wealth after', 'Kanly: income forfeited'],
    rows: Object.entries(r.ledger!).map(([name, l]) => [name, num(l.wealthBefore), num(l.hazardFees, 0), num(l.refunds, 0), num(l.recruiting, 0), num(l.income, 0), num(l.raided + l.houseRaidGain, 0), num(l.houseRaidLoss, 0), num(l.regeneration, 0), num(l.wealthAfter, 0), num(l.kanlyForfeit, 0)]),
  };
}

function locationNumbers(r: CascadeResult): Table {
  return {
    caption: 'Key numbers: locations',
    columns: ['location', 'final owner', 'damaged', 'crippled', 'revealed by an NPC'],
    rows: Object.keys(r.owners!).map((name) => [
      name,
      Object.entries(r.owners![name]).sort((a, b) => b[1] - a[1]).map(([o, p]) => `${o} ${pct(p)}`).join(', '),
      pct(r.damage![name].damaged),
      pct(r.damage![name].crippled),
      pct(r.revealed!.locations[name]),
    ]),
  };
}

function playerNumbers(r: CascadeResult): Table {
  return {
    caption: 'Key numbers: players',
    columns: ['player', 'legions lost (mean)', 'income lost (mean MS)', 'P(any income lost)', 'wealth lost (mean MS)', 'identity revealed'],
    rows: Object.keys(r.legionsLost!).map((name) => [
      name,
      num(r.legionsLost![name].mean, 2),
      num(r.incomeLost![name].mean, 0),
      pct(r.incomeLost![name].probability),
      num(r.wealthLost![name].mean, 0),
      pct(r.revealed!.attackers[name]),
    ]),
  };
}
