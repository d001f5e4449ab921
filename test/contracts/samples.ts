/**
 * Cheap sample plans of every registered kind (src/kinds/index.ts KINDS), compiled from the examples, for the
 * kernel contracts of this folder. A kind registered without samples here fails `kernel-contracts.test.ts`
 * at once: its contracts must be checked before it ships. Two plans where a kind has two shapes of loop (pure
 * tactics and a mix, one round and a campaign, a siege with and without engines).
 */
import { marchPlanOf } from '../../src/kinds/march/analysis.js';
import { engagementPlanOf } from '../../src/kinds/warMachine/result.js';
import { forcesOf } from '../../src/kinds/divided/analysis.js';
import { compileCascade } from '../../src/kinds/cascade/plan.js';
import type { CascadeScenario } from '../../src/kinds/cascade/schema.js';
import { parseDivided, type DividedScenario } from '../../src/kinds/divided/schema.js';
import { parseMarch } from '../../src/kinds/march/schema.js';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import type { SiegeScenario } from '../../src/kinds/siege/schema.js';
import { parseTournament } from '../../src/kinds/tournament/schema.js';
import { parseDesign } from '../../src/kinds/design/schema.js';
import { purchases } from '../../src/questions/design.js';
import { sideOf, troopTypesOf } from '../../src/questions/designGame.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import { parseWarMachine } from '../../src/kinds/warMachine/schema.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';
import { readScenarioFile } from '../../src/scenario/read.js';
import { parseScenarioText } from '../../src/scenario/source.js';
import { loadFile } from '../helpers/load.js';

const warMachine = (file: string) => (loadFile(`examples/${file}`) as { scenario: WarMachineScenario }).scenario;

export const SAMPLES: Record<string, () => unknown[]> = {
  'war-machine': () => [
    compileWarMachine(warMachine('orcs-vs-men.yaml')).plan,
    compileWarMachine(warMachine('elven-pursuit.yaml')).plan,
  ],
  pursuit: () => {
    const s = warMachine('elven-pursuit.yaml');
    return [engagementPlanOf(s, compileWarMachine(s))];
  },
  siege: () =>
    ['simple-siege.yaml', 'castle-siege.yaml'].map(
      (f) => compileSiege((loadFile(`examples/${f}`) as { scenario: SiegeScenario }).scenario).plan,
    ),
  cascade: () => {
    const one = (loadFile('examples/cascade-bob-john.yaml') as { scenario: CascadeScenario }).scenario;
    const kanly = (loadFile('examples/cascade-kanly-three-rounds.yaml') as { scenario: CascadeScenario }).scenario;
    return [compileCascade(one, { npc: true, rounds: null }), compileCascade(kanly, { npc: true, rounds: 2 })];
  },
  march: () => [marchPlanOf(parseMarch(readScenarioFile('examples/starving-army.yaml'))).plan],
  // A divided day's trials are battles, one per pairing: its first pairing's plan.
  divided: () => {
    const s: DividedScenario = parseDivided(readScenarioFile('examples/divided-forces.yaml'));
    const sides: WarMachineScenario['sides'] = [
      forcesOf(s.sides[0], null, s.policies)[0],
      forcesOf(s.sides[1], null, s.policies)[0],
    ];
    return [compileWarMachine({ kind: 'war-machine', title: s.title, policies: s.policies, sides }).plan];
  },
  // A design's battles: its example's first purchase with troops against its enemy.
  design: () => {
    const d = parseDesign(readScenarioFile('examples/design-budget.yaml'));
    const types = troopTypesOf(d);
    const purchase = [...purchases(d)].find((p) => sideOf(d, types, p).troops > 0)!;
    const doc = { kind: 'war-machine', policies: d.policies, sides: [sideOf(d, types, purchase), d.enemy] };
    return [compileWarMachine(parseWarMachine(parseScenarioText(JSON.stringify(doc), 'design.json'))).plan];
  },
  // A tournament's trials are battles of one pairing: the first force attacking the second.
  tournament: () => {
    const t = parseTournament(readScenarioFile('examples/tournament-forces.yaml'));
    const side = ({ cost: _cost, ...force }: (typeof t.forces)[number], defending: boolean) => ({
      ...force,
      defending,
    });
    const doc = {
      kind: 'war-machine',
      policies: t.setting.policies,
      sides: [side(t.forces[0], false), side(t.forces[1], true)],
    };
    return [compileWarMachine(parseWarMachine(parseScenarioText(JSON.stringify(doc), 'pairing.json'))).plan];
  },
};
