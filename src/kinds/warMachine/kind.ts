/** The War Machine battle: one pairing (or a mix of tactic pairings) resolved by two d100 (docs/rules.md). */
import type { KindDefinition } from '../definition.js';
import type { WarMachinePlan } from './plan.js';
import type { WarMachineScenario } from './schema.js';

export const warMachineKind: KindDefinition<WarMachineScenario, WarMachinePlan> = {
  name: 'war-machine',
  title: 'War Machine battle',
  scenarioKind: 'war-machine',
  command: 'odds',
  unit: 'battles',
  called: 'a battle',
  commands: ['odds', 'rate', 'matchup', 'roll', 'sweep', 'seek', 'worth', 'compare', 'report', 'app', 'luck', 'infer'],
  metrics: [
    {
      name: 'win[i]',
      meaning: 'P(side i wins the battle), i = 0 (A) or 1 (B)',
      method: 'exact',
      seek: true,
      example: 'win[0] >= 0.5',
    },
    {
      name: 'noBattle',
      meaning:
        'P(no battle): neither side attacks (hold or withdraw against hold or withdraw); win[i] counts such a trial as won by neither (odds --json: noBattle)',
      method: 'exact',
      seek: false,
    },
    {
      name: 'winGivenBattle[i]',
      meaning: 'P(side i wins | a battle is fought): win[i] / (1 − noBattle) (odds --json: winGivenBattle)',
      method: 'exact',
      seek: false,
    },
    { name: 'casualties[i]', meaning: 'troops side i loses (mean and percentiles)', method: 'exact', seek: false },
  ],
  fields: ['sides[0].troops', 'sides[1].troops', 'sides[0].bonus', 'sides[1].bonus', 'sides[0].battleRating'],
  page: 'battle',
  docs: 'docs/rules.md',
  benchSuites: ['war-machine battle', 'tactic-mix battle', 'pool 1e8 battles, 2 threads'],
  reports: ['reports/warMachine.ts', 'reports/matchup.ts', 'reports/sweep.ts'],
  parse: async () => (await import('./schema.js')).parseWarMachine,
  schema: async () => (await import('./schema.js')).warMachineSchema,
  kernel: async () => (await import('./kernelEntry.js')).warMachineKernel,
  roll: async () => (await import('./roll.js')).warMachineRoll,
};
