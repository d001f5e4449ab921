/** Random but valid war-machine scenarios for property tests, from a seeded generator. */
import { Xoshiro128 } from '../../src/rng/index.js';
import { TACTICS } from '../../src/rules/warMachine/tactics.js';
import { loadText } from './load.js';
import type { WarMachineScenario } from '../../src/kinds/warMachine/schema.js';

const TIES = ['reroll', 'stalemate', 'defender', 'attacker'] as const;

export function randomScenarioObject(g: Xoshiro128, opts: { tactics?: 'none' | 'pure' | 'mix' | 'any' } = {}) {
  const mode = opts.tactics ?? 'any';
  const pick = mode === 'any' ? (['none', 'pure', 'mix'] as const)[g.below(3)] : mode;
  const tactic = () => {
    if (pick === 'pure') return TACTICS[g.below(6)];
    const a = TACTICS[g.below(6)];
    const b = TACTICS[(TACTICS.indexOf(a) + 1 + g.below(5)) % 6];
    const p = (1 + g.below(9)) / 10;
    return { [a]: p, [b]: +(1 - p).toFixed(10) };
  };
  const side = (name: string, defending: boolean) => ({
    name,
    troops: 10 + g.below(3000),
    battleRating: g.below(220),
    bonus: g.below(41) - 20,
    defending,
    staffOfHealing: g.below(4) === 0,
    ...(pick === 'none' ? {} : { tactic: tactic() }),
  });
  return {
    kind: 'war-machine',
    policies: {
      tie: TIES[g.below(4)],
      casualtyMod: g.below(2) ? 'additive' : 'multiplicative',
      ratioRounding: (['book', 'up', 'down'] as const)[g.below(3)],
      mercy: g.below(4) === 0,
    },
    sides: [side('A', false), side('B', true)],
  };
}

export function randomScenario(g: Xoshiro128, opts?: Parameters<typeof randomScenarioObject>[1]): WarMachineScenario {
  return loadText(JSON.stringify(randomScenarioObject(g, opts)), 'random.json').scenario as WarMachineScenario;
}
