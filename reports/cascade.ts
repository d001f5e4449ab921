/**
 * The report of a Dune seizure cascade (`warcast cascade --report` / `warcast report` on a cascade scenario):
 * who holds each location after the round, legions lost per player, the trace of the players' attacks and
 * the key numbers. Charts and numbers come from the cascade result (the --json document); the scenario
 * (for the players and attacks) is the validated one the result carries.
 */
import type { CascadeResult } from '../src/kinds/cascade/result.js';
import { presentCascade } from '../src/kinds/cascade/present.js';
import { wilsonInterval } from '../src/stats/index.js';
import { cascadeHeldChart, cascadeLossesChart, cascadeOwnershipChart } from './charts/cascade.js';
import { atMostChart } from './charts/cumulative.js';
import { documentContent, type ReportContent } from './content.js';
import { elapsedText, policyText, runFacts } from './facts.js';
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
      spec: cascadeOwnershipChart({
        locations,
        owners,
        ownership,
        colours: owners.map((o) => playerColour(o, playerNames)),
      }),
    });
  }
  if (r.legionsLost && !planning) {
    const players = Object.keys(r.legionsLost);
    charts.push({
      name: 'cascade-legions',
      title: 'Legions lost',
      caption:
        'How many legions each player loses in the round (all attacks and NPC attacks together), as a probability per count.',
      spec: cascadeLossesChart({
        players,
        colours: players.map((p) => playerColour(p, playerNames)),
        losses: players.flatMap((player) =>
          Object.entries(r.legionsLost![player].distribution).map(([lost, probability]) => ({
            player,
            lost: Number(lost),
            probability,
          })),
        ),
      }),
    });
    const lost = r.legionsLost;
    charts.push({
      name: 'cascade-legions-at-most',
      title: 'Legions lost: at most / at least',
      caption:
        'The chance each player loses at most x legions in the round; hover for the chance of losing at least x.',
      spec: atMostChart({
        title: 'How many legions it can cost',
        subtitle: 'P(legions lost ≤ x) per player',
        what: 'legions lost',
        colours: players.map((p) => playerColour(p, playerNames)),
        series: players.map((player) => {
          const counts = Object.keys(lost[player].atMost);
          return {
            label: player,
            values: counts.map(Number),
            atMost: counts.map((k) => lost[player].atMost[k]),
            atLeast: counts.map((k) => lost[player].atLeast[k]),
          };
        }),
      }),
    });
  }
  if (r.held && planning) {
    const held = r.held;
    charts.push({
      name: 'cascade-held',
      title: 'Still held, round by round',
      caption:
        'The chance each location is still held by its owner after each round (the players’ orders in the first round, NPC attacks in every round).',
      spec: cascadeHeldChart({
        locations: Object.keys(held),
        held: Object.entries(held).flatMap(([location, ps]) =>
          ps.map((probability, k) => ({ location, round: r.round + k, probability })),
        ),
      }),
    });
  }
  return documentContent(presentCascade(r), {
    facts: facts(r, file),
    sources: CASCADE_SOURCES,
    charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}

function facts(r: CascadeResult, file: string): [string, string][] {
  const f: [string, string][] = [
    ['scenario', file],
    [
      'method',
      r.trace
        ? 'the players’ attacks traced step by step (no NPCs), then Monte Carlo over the NPC attacks and coin flips'
        : `Monte Carlo of ${r.rounds} round${r.rounds === 1 ? '' : 's'}: the players’ orders in the first, NPC attacks in every round`,
    ],
    ['NPC attacks', r.npc ? 'on' : 'off'],
    ...runFacts(r, 'trials'),
  ];
  if (r.traceCoinFlips)
    f.push(['coin flips', 'a coin flip decided an order in the trace: it shows one draw, the Monte Carlo covers both']);
  f.push(['elapsed', elapsedText(r.elapsedMs)], ['policies', policyText(r.policies)]);
  return f;
}
