/**
 * Paired trials on the pool (src/engine/paired.ts, a task shape of the engine's one scheduler): a job's values are those of its trials played one after
 * another on this thread, whatever the thread count and however the blocks fell (and with two threads or more
 * some blocks did run on a worker); a stop resolves every pending job with null; a reader that is not affine in
 * the accumulator is refused rather than probed wrongly.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { probeOf, type PairedModel } from '../../src/toolkit/worthPaired.js';
import { localEngine } from '../../src/engine/local.js';
import { mainThreadExecutor } from '../../src/engine/executor.js';
import { PairedTrials, runPairedTrials } from '../../src/engine/paired.js';
import { fixedJobs } from '../../src/engine/sizing.js';
import type { TrialTask } from '../../src/engine/task.js';
import { closePool } from '../../src/engine/pool.js';
import { compileCascade } from '../../src/kinds/cascade/plan.js';
import { cascadeAccumulator } from '../../src/kinds/cascade/accumulator.js';
import { cascadeKernel } from '../../src/kinds/cascade/kernelEntry.js';
import { compileSiege, type SiegePlan } from '../../src/kinds/siege/plan.js';
import { siegeAccumulator } from '../../src/kinds/siege/accumulator.js';
import { siegeKernel } from '../../src/kinds/siege/kernelEntry.js';
import { siegeLayout, SUM } from '../../src/kinds/siege/kernel.js';
import type { CascadeScenario } from '../../src/kinds/cascade/schema.js';
import type { SiegeScenario } from '../../src/kinds/siege/schema.js';
import { loadFile } from '../helpers/load.js';
import { outcomesAlone } from '../helpers/pairedTrials.js';

afterAll(() => closePool());

function siegeModel(): PairedModel<SiegePlan> {
  const { scenario } = loadFile('examples/castle-siege.yaml') as unknown as { scenario: SiegeScenario };
  const plan = compileSiege(scenario).plan;
  const read = siegeAccumulator(plan);
  const sums = siegeLayout(plan).sums;
  return {
    kernel: siegeKernel,
    plan,
    read: {
      // The defender's measure: held through week 8 (a constant per trial minus slots).
      hits: (acc, trials) => trials - read.fallenBy(acc, 8),
      lost(acc, out) {
        out[0] = acc[sums + SUM.defenderDead] + acc[sums + SUM.defenderWounded];
        out[1] = acc[sums + SUM.attackerDead] + acc[sums + SUM.attackerWounded];
      },
    },
  };
}

function cascadeModel(): PairedModel<ReturnType<typeof compileCascade>> {
  const { scenario } = loadFile('examples/cascade-bob-john.yaml') as unknown as { scenario: CascadeScenario };
  const plan = compileCascade(scenario, { npc: true, rounds: null });
  const read = cascadeAccumulator(plan);
  return {
    kernel: cascadeKernel,
    plan,
    read: {
      hits: (acc) => read.owner(acc, 0, 0),
      lost(acc, out) {
        out[0] = read.legionsLost(acc, 0, 1);
        out[1] = 2 * read.legionsLost(acc, 1, 2);
      },
    },
  };
}

describe('paired trials', () => {
  it('the probe reads each trial as the reader reads that trial played alone', () => {
    const m = siegeModel();
    const values = runPairedTrials(m.kernel, m.plan, probeOf(m as PairedModel<unknown>), 9, 0, 200);
    const read = siegeAccumulator(m.plan);
    const held = outcomesAlone(m.kernel, m.plan, 9, 200, (acc) => read.fallenBy(acc, 8) === 0);
    expect(Array.from({ length: 200 }, (_, t) => values[3 * t])).toEqual(Array.from(held));
    expect(values.some((v, i) => i % 3 === 1 && v > 0)).toBe(true); // losses are read too
  });

  it('the same values on 1, 2 and 3 threads, blocks split any way; with 2+ threads the pool takes blocks', async () => {
    for (const m of [siegeModel(), cascadeModel()] as PairedModel<unknown>[]) {
      const probe = probeOf(m);
      const job = { kernel: m.kernel, plan: m.plan, probe, seed: 5, from: 100, to: 700 };
      const alone = runPairedTrials(m.kernel, m.plan, probe, 5, 100, 600);
      for (const threads of [1, 2, 3]) {
        const runner = localEngine.paired({ threads });
        // Two jobs at once (as a stage's items run): each gets its own trials back.
        const [a, b] = await Promise.all([runner.run(job), runner.run({ ...job, from: 0, to: 100 })]);
        expect(Array.from(a!), `${m.kernel.name} on ${threads}`).toEqual(Array.from(alone));
        expect(Array.from(b!)).toEqual(Array.from(runPairedTrials(m.kernel, m.plan, probe, 5, 0, 100)));
        expect(runner.trialsDone).toBe(700);
        // The pool was handed blocks (which copy of a block ends first depends on the machine's load).
        if (threads > 1) expect(runner.tasksPosted).toBeGreaterThan(0);
        else expect(runner.tasksPosted + runner.trialsOnWorkers).toBe(0);
      }
    }
  }, 60_000);

  it('any split of the trials into tasks (fixed blocks of 1, 7, 64; two lanes of different sizes) gives the same values', async () => {
    const m = cascadeModel() as PairedModel<unknown>;
    const probe = probeOf(m);
    const job = { kernel: m.kernel, plan: m.plan, probe, seed: 11, from: 37, to: 337 };
    const alone = Array.from(runPairedTrials(m.kernel, m.plan, probe, 11, 37, 300));
    const here = () => mainThreadExecutor<TrialTask>(() => m.kernel, { warm: false, yieldFirst: false });
    for (const sizes of [[1], [7], [64], [3, 50]]) {
      const tasks: number[] = [];
      const lanes = sizes.map((n) => {
        const e = here();
        return {
          executor: { ...e, run: (t: TrialTask, s: AbortSignal) => (tasks.push(t.trials), e.run(t, s)) },
          policy: fixedJobs(n),
        };
      });
      const runner = new PairedTrials(lanes);
      // Two jobs at once, as a stage's variants run: each gets its own trials back.
      const [a, b] = await Promise.all([runner.run(job), runner.run({ ...job, seed: 12 })]);
      expect(Array.from(a!), `blocks of ${sizes.join(', ')}`).toEqual(alone);
      expect(Array.from(b!)).toEqual(Array.from(runPairedTrials(m.kernel, m.plan, probe, 12, 37, 300)));
      expect(tasks.reduce((x, y) => x + y, 0)).toBe(600);
      expect(Math.max(...tasks)).toBe(Math.max(...sizes));
    }
  });

  it('a stop resolves every pending job with null, and later jobs too', async () => {
    const m = siegeModel() as PairedModel<unknown>;
    const probe = probeOf(m);
    const controller = new AbortController();
    const runner = localEngine.paired({ threads: 2, signal: controller.signal, onTrials: () => controller.abort() });
    const job = { kernel: m.kernel, plan: m.plan, probe, seed: 1, from: 0, to: 50_000 };
    const [a, b] = await Promise.all([runner.run(job), runner.run(job)]);
    expect([a, b]).toEqual([null, null]);
    expect(runner.trialsDone).toBeLessThan(100_000);
    expect(await runner.run(job)).toBeNull();
  }, 30_000);

  it('a reader that is not affine in the accumulator is refused', () => {
    const m = siegeModel();
    const read = siegeAccumulator(m.plan);
    const squared = { ...m, read: { ...m.read, hits: (acc: Float64Array) => read.fallenBy(acc, 8) ** 2 } };
    expect(() => probeOf(squared as PairedModel<unknown>)).toThrow(/not affine/);
  });
});
