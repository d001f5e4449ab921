/** The War Machine battle: one pairing (or a mix of tactic pairings) resolved by two d100 (docs/rules.md). */
import type { KindDefinition } from '../definition.js';
import type { WarMachinePlan } from './plan.js';
import type { WarMachineScenario } from './schema.js';

export const warMachineKind: KindDefinition<WarMachineScenario, WarMachinePlan> = {
  name: 'war-machine',
  title: 'War Machine battle',
  scenarioKind: 'war-machine',
  unit: 'battles',
  commands: ['odds', 'rate', 'matchup', 'sweep', 'report'],
  docs: 'docs/rules.md',
  benchSuites: ['war-machine battle', 'tactic-mix battle', 'pool 1e8 battles, 2 threads'],
  reports: ['reports/warMachine.ts', 'reports/matchup.ts', 'reports/sweep.ts'],
  parse: async () => (await import('./schema.js')).parseWarMachine,
  kernel: async () => (await import('./kernelEntry.js')).warMachineKernel,
  roll: async () => (await import('./roll.js')).warMachineRoll,
};
