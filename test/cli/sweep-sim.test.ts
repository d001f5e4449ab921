/**
 * `sweep` on sieges and cascades (one field, or two as a grid): each point is the kind's own analysis of the edited
 * scenario with the same seed (common random numbers), the values are set by the code seek uses, and the report's
 * charts compile. Small runs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siege } from '../../src/analysis/siege.js';
import { sweepSimulated, type CascadeSweepResult, type SiegeSweepResult } from '../../src/analysis/sweepSim.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { compileSpec } from '../../reports/render.js';
import { simSweepReport } from '../../reports/sweepSim.js';

const RUN = { trials: 2000, threads: 1, seed: 7 };

describe('sweep of a siege or cascade', () => {
  it('siege, one field: each point is warcast siege of the edited file (same seed); more defenders hold longer', async () => {
    const r = (await sweepSimulated('examples/simple-siege.yaml', { ...RUN, vary: 'defender.troops', from: 50, to: 250, step: 100 })) as SiegeSweepResult;
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
    const r = (await sweepSimulated('examples/simple-siege.yaml', { ...RUN, trials: 500, vary: 'defender.troops', from: 100, to: 200, step: 100, vary2: 'foodWeeks', from2: 4, to2: 12, step2: 8 })) as SiegeSweepResult;
    expect(r.points.map((p) => p.values)).toEqual([[100, 4], [100, 12], [200, 4], [200, 12]]);
    expect(r.points[3].held).toBeGreaterThan(r.points[0].held);
    const c = simSweepReport(r, 'x');
    expect(c.charts.map((ch) => ch.name)).toEqual(['sweep-held']);
    expect((await compileSpec(c.charts[0].spec)).messages).toEqual([]);
  });

  it('cascade: P(held) per location and legions lost per player; a report line per location', async () => {
    const r = (await sweepSimulated('examples/cascade-bob-john.yaml', { ...RUN, trials: 500, vary: 'locations[0].militia', from: 0, to: 2, step: 2 })) as CascadeSweepResult;
    expect(r.schema).toBe('warcast/sweep/cascade@1');
    expect(Object.keys(r.points[0].held)).toEqual(r.locations);
    expect(r.players).toContain('Bob');
    for (const ch of simSweepReport(r, 'x').charts) expect((await compileSpec(ch.spec)).messages, ch.name).toEqual([]);
  });

  it('CLI: text and --json for a siege; --vary2 on a battle is a usage error', async () => {
    const io = memoryIo();
    expect(await runCli(['sweep', 'examples/simple-siege.yaml', '--vary', 'defender.troops', '--from', '100', '--to', '200', '--step', '100', '--vary2', 'foodWeeks', '--from2', '4', '--to2', '8', '--step2', '4', '--trials', '300', '--threads', '1'], io)).toBe(0);
    expect(io.stdout).toContain('defender.troops \\ foodWeeks');
    const bad = memoryIo();
    expect(await runCli(['sweep', 'examples/orcs-vs-men.yaml', '--vary', 'sides[0].troops', '--from', '1', '--to', '2', '--vary2', 'sides[1].troops', '--from2', '1', '--to2', '2'], bad)).toBe(2);
    expect(bad.stderr).toContain('--vary2');
  });
});
