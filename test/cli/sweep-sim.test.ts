/**
 * `sweep` on sieges and cascades (one field, or two as a grid): each point is the kind's own analysis of the edited
 * scenario with the same seed (common random numbers), the values are set by the code seek uses, and the report's
 * charts compile. Small runs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siege } from '../../src/kinds/siege/analysis.js';
import {
  type MarchSweepResult,
  type BattleGridSweepResult,
  type CascadeSweepResult,
  type SiegeSweepResult,
} from '../../src/toolkit/sweepSim.js';
import { sweepSimulated } from '../../src/cli/registeredToolkit.js';
import { sweep } from '../../src/cli/registeredToolkit.js';
import { odds } from '../../src/kinds/warMachine/odds.js';
import { march } from '../../src/kinds/march/analysis.js';
import { seek } from '../../src/cli/registeredToolkit.js';
import { parse } from 'yaml';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { compileSpec } from '../../reports/render.js';
import { simSweepReport } from '../../reports/sweepSim.js';

const RUN = { trials: 2000, threads: 1, seed: 7 };

/** A battle swept over two fields: A's troops by B's bonus (exact, a heatmap). */
const BATTLE_GRID = [
  'sweep',
  'examples/orcs-vs-men.yaml',
  '--vary',
  'sides[0].troops',
  '--from',
  '100',
  '--to',
  '2100',
  '--step',
  '1000',
  '--vary2',
  'sides[1].bonus',
  '--from2',
  '0',
  '--to2',
  '40',
  '--step2',
  '20',
];

describe('sweep of a siege or cascade', () => {
  it('siege, one field: each point is warcast siege of the edited file (same seed); more defenders hold longer', async () => {
    const r = (await sweepSimulated('examples/simple-siege.yaml', {
      ...RUN,
      vary: 'defender.troops',
      from: 50,
      to: 250,
      step: 100,
    })) as SiegeSweepResult;
    expect(r.schema).toBe('warcast/sweep/siege@1');
    expect(r.points.map((p) => p.values[0])).toEqual([50, 150, 250]);
    const edited = readFileSync('examples/simple-siege.yaml', 'utf8').replace('troops: 150', 'troops: 250');
    const direct = await siege({ text: edited }, RUN);
    expect(r.points[2].fallen).toBe(direct.weeksToFall.probability);
    expect(r.points[2].defenderDeadMean).toBe(direct.casualties.defender.dead.mean);
    // P(held) rises with the garrison, beyond the intervals (a sweep that ignored the value would be flat).
    expect(r.points[0].heldCi95[1]).toBeLessThan(r.points[1].heldCi95[0]);
    expect(r.points[1].heldCi95[1]).toBeLessThan(r.points[2].heldCi95[0]);
    const c = simSweepReport(r, 'x');
    for (const ch of c.charts) expect((await compileSpec(ch.spec)).messages, ch.name).toEqual([]);
  });

  it('siege, two fields: a grid (first × second), drawn as a heatmap', async () => {
    const r = (await sweepSimulated('examples/simple-siege.yaml', {
      ...RUN,
      trials: 500,
      vary: 'defender.troops',
      from: 100,
      to: 200,
      step: 100,
      vary2: 'foodWeeks',
      from2: 4,
      to2: 12,
      step2: 8,
    })) as SiegeSweepResult;
    expect(r.points.map((p) => p.values)).toEqual([
      [100, 4],
      [100, 12],
      [200, 4],
      [200, 12],
    ]);
    expect(r.points[3].held).toBeGreaterThan(r.points[0].held);
    const c = simSweepReport(r, 'x');
    expect(c.charts.map((ch) => ch.name)).toEqual(['sweep-held']);
    expect((await compileSpec(c.charts[0].spec)).messages).toEqual([]);
  });

  it('cascade: P(held) per location and legions lost per player; a report line per location', async () => {
    const r = (await sweepSimulated('examples/cascade-bob-john.yaml', {
      ...RUN,
      trials: 500,
      vary: 'locations[0].militia',
      from: 0,
      to: 2,
      step: 2,
    })) as CascadeSweepResult;
    expect(r.schema).toBe('warcast/sweep/cascade@1');
    expect(Object.keys(r.points[0].held)).toEqual(r.locations);
    expect(r.players).toContain('Bob');
    for (const ch of simSweepReport(r, 'x').charts) expect((await compileSpec(ch.spec)).messages, ch.name).toEqual([]);
  });

  it('CLI: text and --json for a siege; --vary2 on a battle is a grid of exact odds', async () => {
    const io = memoryIo();
    expect(
      await runCli(
        [
          'sweep',
          'examples/simple-siege.yaml',
          '--vary',
          'defender.troops',
          '--from',
          '100',
          '--to',
          '200',
          '--step',
          '100',
          '--vary2',
          'foodWeeks',
          '--from2',
          '4',
          '--to2',
          '8',
          '--step2',
          '4',
          '--trials',
          '300',
          '--threads',
          '1',
        ],
        io,
      ),
    ).toBe(0);
    expect(io.stdout).toContain('defender.troops \\ foodWeeks');
    const grid = memoryIo();
    expect(await runCli([...BATTLE_GRID, '--json'], grid)).toBe(0);
    const r = JSON.parse(grid.stdout) as BattleGridSweepResult;
    expect(r.schema).toBe('warcast/sweep/war-machine@1');
    expect(r.method).toBe('exact');
    expect(r.points.map((p) => p.values)).toEqual([
      [100, 0],
      [100, 20],
      [100, 40],
      [1100, 0],
      [1100, 20],
      [1100, 40],
      [2100, 0],
      [2100, 20],
      [2100, 40],
    ]);
    // Each point is the exact odds of the edited battle: the same numbers odds --exact gives for that file.
    const doc = parse(readFileSync('examples/orcs-vs-men.yaml', 'utf8')) as {
      sides: { troops: number; bonus?: number }[];
    };
    const one = await odds('examples/orcs-vs-men.yaml', { exact: true });
    const b = doc.sides[1].bonus ?? 0;
    const base = await sweep('examples/orcs-vs-men.yaml', {
      vary: 'sides[0].troops',
      from: doc.sides[0].troops,
      to: doc.sides[0].troops,
      vary2: 'sides[1].bonus',
      from2: b,
      to2: b,
    });
    expect((base as BattleGridSweepResult).points[0].win).toEqual(one.exact!.win);
    // More troops for A, more bonus for B: A's chance rises along the rows and falls along the columns.
    const at = (a: number, b: number) => r.points.find((p) => p.values[0] === a && p.values[1] === b)!.win[0];
    expect(at(2100, 0)).toBeGreaterThan(at(100, 0));
    expect(at(1100, 40)).toBeLessThan(at(1100, 0));
    const text = memoryIo();
    expect(await runCli(BATTLE_GRID, text)).toBe(0);
    expect(text.stdout).toContain('sides[0].troops \\ sides[1].bonus');
    expect(text.stdout).toContain('exact odds at every point');
    const report = simSweepReport(r, 'examples/orcs-vs-men.yaml');
    expect(report.charts.map((c) => c.name)).toEqual(['sweep-win']);
    // --race needs one field.
    const bad = memoryIo();
    expect(
      await runCli(
        [
          'sweep',
          'examples/orcs-vs-men.yaml',
          '--vary',
          'sides[0].troops',
          '--from',
          '1',
          '--to',
          '2',
          '--vary2',
          'sides[1].troops',
          '--from2',
          '1',
          '--to2',
          '2',
          '--race',
          '0',
        ],
        bad,
      ),
    ).toBe(2);
    expect(bad.stderr).toContain('--race');
  });

  it("the library's sweep() sweeps a siege as the CLI does (the kind picks the analysis)", async () => {
    const options = { ...RUN, vary: 'defender.troops', from: 50, to: 250, step: 200 };
    const viaSweep = (await sweep('examples/simple-siege.yaml', options)) as SiegeSweepResult;
    expect(viaSweep.schema).toBe('warcast/sweep/siege@1');
    const direct = await sweepSimulated('examples/simple-siege.yaml', options);
    expect(viaSweep.points).toEqual(direct.points);
  });

  it('march: the exact chain at every point; one field matches warcast march, two fields a grid; its report compiles', async () => {
    const file = 'examples/forced-march-into-battle.yaml';
    const r = (await sweep(file, { vary: 'distance', from: 40, to: 80, step: 20 })) as MarchSweepResult;
    expect(r.schema).toBe('warcast/sweep/march@1');
    expect(r.method).toBe('exact');
    const at60 = await march(file);
    const p60 = r.points.find((p) => p.values[0] === 60)!;
    expect(p60.arrives).toBe(at60.march.arrives);
    expect(p60.arriveAndWin).toBe(at60.battle!.arriveAndWin);
    // Farther to go, no likelier to arrive.
    expect(r.points[0].arrives).toBeGreaterThanOrEqual(r.points[1].arrives);
    expect(r.points[1].arrives).toBeGreaterThanOrEqual(r.points[2].arrives);
    const g = (await sweep(file, {
      vary: 'distance',
      from: 40,
      to: 60,
      step: 20,
      vary2: 'force.food',
      from2: 1,
      to2: 3,
      step2: 2,
    })) as MarchSweepResult;
    expect(g.points.map((p) => p.values)).toEqual([
      [40, 1],
      [40, 3],
      [60, 1],
      [60, 3],
    ]);
    for (const report of [simSweepReport(r, file), simSweepReport(g, file)])
      for (const c of report.charts) expect((await compileSpec(c.spec)).messages, c.name).toEqual([]);
    const io = memoryIo();
    expect(await runCli(['sweep', file, '--vary', 'distance', '--from', '40', '--to', '80', '--step', '20'], io)).toBe(
      0,
    );
    expect(io.stdout).toContain('P(arrives and wins)');
  });
});

describe('seek on a march', () => {
  it('arrivedBy(d): the exact chain judges each value; the answer is the first value that meets the target', async () => {
    const file = 'examples/forced-march-into-battle.yaml';
    const r = await seek(file, {
      vary: 'distance',
      target: 'arrivedBy(4) >= 0.5',
      from: 10,
      to: 100,
      step: 10,
      largest: true,
    });
    expect(r.method).toBe('exact');
    expect(r.value).not.toBeNull();
    // The answer meets the target and one step farther does not, each by warcast march on the edited file.
    const arrivedBy4 = async (distance: number) => {
      const doc = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return (await march({ ...doc, distance } as { kind: string })).march.perDay[3].arrivedBy;
    };
    expect(await arrivedBy4(r.value!)).toBeGreaterThanOrEqual(0.5);
    if (r.value! < 100) expect(await arrivedBy4(r.value! + 10)).toBeLessThan(0.5);
    await expect(seek(file, { vary: 'distance', target: 'win[0] >= 0.5' })).rejects.toThrow(/arrivedBy\(day\)/);
  });
});
