/**
 * The War Machine kernel's loop (one draw for a mixed pairing, `twoD100` for the dice, a tied roll made again,
 * nothing allocated) gives the same counts as that loop written plainly over `Xoshiro128`, chunk by chunk.
 */
import { describe, expect, it } from 'vitest';
import { Stream, Xoshiro128 } from '../../src/rng/index.js';
import {
  CODE_COUNT,
  CODE_REROLL,
  ROLL_PAIRS,
  compileWarMachine,
  type WarMachinePlan,
} from '../../src/kinds/warMachine/plan.js';
import { runWarMachineChunks, WAR_MACHINE_CHUNK, warMachineAccLength } from '../../src/kinds/warMachine/kernel.js';
import { parseWarMachine } from '../../src/kinds/warMachine/schema.js';
import { parseScenarioText } from '../../src/scenario/source.js';

function plan(tacticA: unknown, tacticB: unknown): WarMachinePlan {
  const doc = {
    kind: 'war-machine',
    sides: [
      { name: 'A', troops: 800, battleRating: 72, tactic: tacticA },
      { name: 'B', troops: 400, battleRating: 70, tactic: tacticB },
    ],
  };
  return compileWarMachine(parseWarMachine(parseScenarioText(JSON.stringify(doc), 'battle.json'))).plan;
}

/** One chunk through the shared generator, written plainly. */
function viaGenerator(p: WarMachinePlan, seed: number, chunk: number, battles: number): Float64Array {
  const acc = new Float64Array(warMachineAccLength(p));
  const g = Xoshiro128.forChunk(seed, Stream.warMachine, chunk);
  let ties = 0;
  for (let done = 0; done < battles; done++) {
    let pair = 0;
    if (p.pairCount > 1) {
      const x = g.next();
      while (x >= p.pairThresholds[pair]) pair++;
    }
    for (;;) {
      const code = p.codeTable[pair * ROLL_PAIRS + g.twoD100()];
      if (code !== CODE_REROLL) {
        acc[pair * CODE_COUNT + code]++;
        break;
      }
      ties++;
    }
  }
  acc[p.pairCount * CODE_COUNT] += ties;
  return acc;
}

describe('the War Machine kernel draws what Xoshiro128 draws', () => {
  const cases: [string, WarMachinePlan][] = [
    ['one pairing', plan('attack', 'hold')],
    ['mixed tactics', plan({ attack: 0.5, envelop: 0.5 }, { hold: 0.7, withdraw: 0.3 })],
  ];
  for (const [name, p] of cases) {
    it(name, () => {
      expect(p.pairCount).toBe(name === 'one pairing' ? 1 : 4);
      for (const [seed, chunk] of [
        [42, 0],
        [7, 3],
      ] as const) {
        const battles = 20_000;
        const acc = new Float64Array(warMachineAccLength(p));
        runWarMachineChunks(p, seed, chunk, 1, chunk * WAR_MACHINE_CHUNK + battles, acc);
        expect([...acc]).toEqual([...viaGenerator(p, seed, chunk, battles)]);
      }
      // A generator one draw off gives other counts: the comparison can fail.
      const acc = new Float64Array(warMachineAccLength(p));
      runWarMachineChunks(p, 43, 0, 1, 20_000, acc);
      expect([...acc]).not.toEqual([...viaGenerator(p, 42, 0, 20_000)]);
    });
  }
});
