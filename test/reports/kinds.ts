/** The report kinds beyond war-machine, as the kind tests and the browser test run them (small runs). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOSTILE, hostileCascade, hostileScenario, hostileSiege } from './helpers.js';

/** A forces file whose names and title try to break out of the page. */
function hostileForces(dir: string): string {
  const file = join(dir, 'hostile-forces.yaml');
  const force = (name: string, br: number) =>
    `  - { name: ${JSON.stringify(name)}, troops: 300, battleRating: ${br}, cost: ${br * 10} }\n`;
  writeFileSync(
    file,
    `kind: tournament\ntitle: "</script><script>alert(2)</script>"\nforces:\n${force(HOSTILE, 80)}${force('Men <img src=x onerror=alert(3)>', 90)}${force('Elves & "friends"', 70)}`,
  );
  return file;
}

export const SMALL = ['--trials', '2000', '--threads', '1'];
const SWEEP = ['--vary', 'sides[0].battleRating', '--from', '60', '--to', '100', '--step', '10'];

export interface Kind {
  name: string;
  /** The analysis command's argv for a scenario file. */
  command: (file: string) => string[];
  /** `warcast report` reaches this kind (siege, cascade). */
  viaReport: boolean;
  example: string;
  hostile: (dir: string) => string;
  charts: string[];
  /** Text the page must show. */
  shows: string[];
}

export const KINDS: Kind[] = [
  {
    name: 'siege',
    command: (f) => ['siege', f, ...SMALL],
    viaReport: true,
    example: 'examples/castle-siege.yaml',
    hostile: hostileSiege,
    charts: ['siege-survival', 'siege-weeks', 'siege-endings', 'siege-casualties-at-most'],
    shows: [
      'Siege of Castle Marhold',
      'Baron Ulric&#39;s host',
      'fortifications BR',
      'Endings',
      'war-machine-sheet.txt',
      'starvation: compounding',
    ],
  },
  {
    name: 'cascade',
    command: (f) => ['cascade', f, ...SMALL],
    viaReport: true,
    example: 'examples/cascade-bob-john-jane.yaml',
    hostile: hostileCascade,
    charts: ['cascade-ownership', 'cascade-legions', 'cascade-legions-at-most'],
    shows: [
      'Bob holds against John',
      'Arrakis Spice Refinery',
      'step by step',
      'Key numbers: players',
      'dune-combat.txt',
    ],
  },
  {
    name: 'matchup',
    command: (f) => ['matchup', f],
    viaReport: false,
    example: 'examples/matchup-twin-hills.yaml',
    hostile: hostileScenario,
    charts: ['matchup'],
    shows: [
      'Skirmish at Twin Hills',
      'Northern Levy',
      'value of the game to A',
      'Attack+',
      'P(A wins), exact',
      'Rules Cyclopedia',
    ],
  },
  {
    name: 'sweep',
    command: (f) => ['sweep', f, ...SWEEP, ...SMALL],
    viaReport: false,
    example: 'examples/orcs-vs-men.yaml',
    hostile: hostileScenario,
    charts: ['sweep', 'sweep-casualties'],
    shows: [
      'Orcs of the Broken Fang',
      'sides[0].battleRating',
      'A wins (95%)',
      'common random numbers',
      'Rules Cyclopedia',
    ],
  },
  {
    name: 'worth',
    command: (f) => ['worth', f],
    viaReport: false,
    example: 'examples/orcs-vs-men.yaml',
    hostile: hostileScenario,
    charts: ['tornado'],
    shows: ['Orcs of the Broken Fang', 'BR equivalent', 'troops equivalent', 'attackingEnemyOnMarch', 'docs/design.md'],
  },
  {
    name: 'tournament',
    command: (f) => ['tournament', f, ...SMALL],
    viaReport: false,
    example: 'examples/tournament-forces.yaml',
    hostile: hostileForces,
    charts: ['win-matrix', 'ratings'],
    shows: ['Five armies of the Borderlands', 'Knights of the Order', 'Pareto front', 'Bradley–Terry'],
  },
];
