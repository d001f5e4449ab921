/** The `matchup --json` contract (docs/matchup.md): keys, shapes, identities; Monte Carlo cells; usage errors. */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { loadKernel } from '../../src/kinds/index.js';
import { runTrials } from '../../src/engine/run.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import { winCounts } from '../../src/kinds/warMachine/summary.js';
import { loadFile } from '../helpers/load.js';
import { withTactics } from '../../src/kinds/warMachine/matchup.js';
import { TACTICS } from '../../src/rules/warMachine/tactics.js';

async function matchup(args: string[], expectCode = 0) {
  const io = memoryIo();
  const code = await runCli(['matchup', 'examples/orcs-vs-men.yaml', ...args], io);
  expect(code, io.stderr).toBe(expectCode);
  return io;
}

const isGrid = (g: unknown) =>
  Array.isArray(g) &&
  g.length === 6 &&
  g.every((r) => Array.isArray(r) && r.length === 6 && r.every((x) => typeof x === 'number'));

describe('matchup --json', () => {
  it('has the contract keys: tactics, winA, winB, payoff, mixA, mixB, value', async () => {
    const r = JSON.parse((await matchup(['--json'])).stdout);
    expect(r.tactics).toEqual(['attack-plus', 'attack', 'envelop', 'trap', 'hold', 'withdraw']);
    for (const k of ['winA', 'winB', 'payoff', 'casualtiesA', 'casualtiesB', 'noWinner'])
      expect(isGrid(r[k]), k).toBe(true);
    for (const mix of [r.mixA, r.mixB]) {
      expect(Object.keys(mix)).toEqual(r.tactics);
      expect(Object.values(mix).reduce((a: number, b) => a + (b as number), 0)).toBeCloseTo(1, 12);
    }
    expect(typeof r.value).toBe('number');
    expect(r.monteCarlo).toBeNull();
    expect(r.objective).toBe('win');
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 6; j++) {
        expect(r.payoff[i][j]).toBeCloseTo(r.winA[i][j] + (1 - r.winA[i][j] - r.winB[i][j]) / 2, 12);
      }
    }
    // hold/withdraw against hold/withdraw: no battle, half a point each
    expect(r.noCombat[4][4]).toBe(true);
    expect(r.payoff[5][4]).toBe(0.5);
    // the scenario's own tactics (Attack vs Hold) are one cell of the table
    expect(r.scenarioTactics.payoff).toBe(r.payoff[1][4]);
  });

  it('--objective casualties adds the casualty game and says what kind of game it is', async () => {
    const io = await matchup(['--objective', 'casualties', '--json']);
    const r = JSON.parse(io.stdout);
    const cg = r.casualtyGame;
    expect(cg.constantSum).toBe(true);
    expect(cg.payoffA[0][3]).toBeCloseTo(r.casualtiesB[0][3] - r.casualtiesA[0][3], 12);
    expect(Object.keys(cg.bestResponseA)).toEqual(r.tactics);
    expect(Array.isArray(cg.pureEquilibria)).toBe(true);
    const text = (await matchup(['--objective', 'casualties'])).stdout;
    expect(text).toMatch(/zero-sum, not general-sum/);
  });

  it('--monte-carlo: every cell gets --trials battles with the same seed, as runTrials alone would give', async () => {
    const r = JSON.parse(
      (await matchup(['--monte-carlo', '--trials', '100000', '--seed', '9', '--threads', '1', '--json'])).stdout,
    );
    const mc = r.monteCarlo;
    expect(mc.trialsPerCell.flat().every((t: number) => t === 100000)).toBe(true);
    expect(mc.commonRandomNumbers).toBe(true);
    for (const k of ['winA', 'winB', 'payoff', 'casualtiesA', 'casualtiesB']) expect(isGrid(mc[k]), k).toBe(true);
    // cell Envelop (2) vs Trap (3), recomputed on its own
    const { scenario } = loadFile('examples/orcs-vs-men.yaml');
    const c = compileWarMachine(withTactics(scenario, TACTICS[2], TACTICS[3]));
    const run = await runTrials({
      kernel: await loadKernel('war-machine'),
      plan: c.plan,
      seed: 9,
      trials: 100000,
      threads: 1,
    });
    expect(mc.winA[2][3]).toBe(winCounts(c, run.acc)[0] / 100000);
    const [lo, hi] = mc.winACi95[2][3];
    expect(lo).toBeLessThan(mc.winA[2][3]);
    expect(hi).toBeGreaterThan(mc.winA[2][3]);
    expect(mc.maxErrorInStandardErrors).toBeLessThan(4.5);
  });

  it('a bad --objective is a usage error (exit 2, one line)', async () => {
    const io = await matchup(['--objective', 'glory'], 2);
    expect(io.stderr.trim().split('\n')).toHaveLength(1);
    expect(io.stderr).toMatch(/--objective/);
  });
});
