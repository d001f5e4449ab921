/**
 * worth's Monte Carlo differences are paired and honest (docs/design.md, "Paired differences", "Staged runs"): on
 * the castle siege no item reads as a change unless its 95% interval excludes 0, and a change within noise gets no
 * equivalent; the paired interval covers the true difference 95% of the time at the width the pairs give (and an
 * unpaired or mis-scaled interval would not pass the same check); staged runs give the same bytes on 1 and 2 threads.
 */
import { describe, expect, it } from 'vitest';
import { type WorthResult } from '../../src/toolkit/worth.js';
import { worth } from '../../src/cli/registeredToolkit.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { PairedWorth, type PairedModel } from '../../src/toolkit/worthPaired.js';
import { pooledEngine } from '../../src/engine/testing.js';
import { siegeMetrics } from '../../src/kinds/siege/accumulator.js';
import { siegeKernel } from '../../src/kinds/siege/kernelEntry.js';
import { compileSiege, type SiegePlan } from '../../src/kinds/siege/plan.js';
import type { SiegeScenario } from '../../src/kinds/siege/schema.js';
import { loadScenario } from '../../src/kinds/load.js';
import { Xoshiro128 } from '../../src/rng/index.js';
import { pairedProportionDifference, type PairedDifference } from '../../src/stats/paired.js';
import { Z95 } from '../../src/stats/index.js';

const CASTLE = 'examples/castle-siege.yaml';
/** A cheap staged run: two groups, stages of 1,000 trials doubling to 4,000. */
const STAGED = { groups: ['information', 'size'], trials: 1000, precision: 0.005, maxTrials: 4000, threads: 1 };

function checkHonest(r: WorthResult) {
  expect(r.items.length).toBeGreaterThan(3);
  for (const i of r.items) {
    const [lo95, hi95] = i.changeCi95!;
    expect(lo95, i.name).toBeLessThanOrEqual(i.winDelta);
    expect(hi95, i.name).toBeGreaterThanOrEqual(i.winDelta);
    // The decision is made at the family's level (Holm over the items), whose interval holds the 95% one.
    const [lo, hi] = i.changeCiFamily!;
    expect(lo, i.name).toBeLessThanOrEqual(lo95 + 1e-12);
    expect(hi, i.name).toBeGreaterThanOrEqual(hi95 - 1e-12);
    expect(i.withinNoise, i.name).toBe(lo <= 0 && hi >= 0);
    if (i.withinNoise) {
      // No point equivalent bisected on noise.
      expect(i.brEquivalent, i.name).toBeNull();
      expect(i.troopsEquivalent, i.name).toBeNull();
      expect(i.brEquivalentCi95, i.name).toBeUndefined();
    } else expect(lo > 0 || hi < 0, i.name).toBe(true);
  }
}

describe('worth on the castle siege', () => {
  it('reports no item as a change unless its interval excludes 0; within noise reads so, with no equivalent', async () => {
    const r = await worth(CASTLE, STAGED);
    checkHonest(r);
    expect(r.items.some((i) => i.withinNoise)).toBe(true);
    expect(r.items.some((i) => !i.withinNoise)).toBe(true);
    // Staged: every item ran the first stage; only the undecided and unsettled went on; each stage a whole number
    // of trials.
    expect(r.stages![0]).toEqual({ trials: 1000, items: r.items.length });
    for (const i of r.items) expect([1000, 2000, 4000]).toContain(i.trials);
    const held = r.items.filter((i) => i.decided !== true);
    expect(r.precisionHalfWidth).toBe(Math.max(0, ...held.map((i) => (i.changeCi95![1] - i.changeCi95![0]) / 2)));
    expect(r.precisionReached).toBe(r.precisionHalfWidth! <= 0.005);
    // An item stopped early is within ± precision, or decided: beyond noise at the early-stop level (a change the
    // size of a siege engine's is decided at the first stage); one that ran to the cap may be neither.
    expect(r.items.some((i) => i.decided)).toBe(true);
    for (const i of r.items.filter((x) => x.trials! < 4000))
      if (i.decided) expect(i.withinNoise, i.name).toBe(false);
      else expect((i.changeCi95![1] - i.changeCi95![0]) / 2).toBeLessThanOrEqual(0.005);
  }, 60_000);

  it('the text says "within noise" and gives no equivalent; a missed precision is a warning and precisionReached: false', async () => {
    const io = memoryIo();
    const argv = ['worth', CASTLE, '--trials', '500', '--precision', '0.001', '--max-trials', '1000', '--threads', '1'];
    expect(await runCli(argv, io)).toBe(0);
    const rows = io.stdout.split('\n').filter((l) => !l.startsWith('→') && /\d within noise/.test(l));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/within noise\s+—\s+—/);
    // rows within noise of each other are marked tied (=n), as tournament's, and the note says what that means
    expect(io.stdout).toMatch(/^=\d+ /m);
    expect(io.stdout).toMatch(
      /=n: within noise of another item \(the two changes’ difference in size, paired trial by trial, has an interval containing zero at the family’s level: the \d+ pairs of ranked items/,
    );
    expect(io.stderr).toMatch(/--precision 0\.001 not reached at the cap of 1,000 trials/);
    const json = memoryIo();
    expect(await runCli([...argv, '--json'], json)).toBe(0);
    const j = JSON.parse(json.stdout) as WorthResult;
    expect(j).toMatchObject({ precision: 0.001, precisionReached: false, maxTrials: 1000, trials: 1000 });
    checkHonest(j);
  }, 120_000);

  it('staged runs: the same bytes on 1 and 2 threads and on a second run', async () => {
    // Stages of 250, 500 and 1,000: the same staging as STAGED at a quarter of its sieges (the bytes are under test).
    const o = { ...STAGED, groups: ['information'], seed: 11, trials: 250, maxTrials: 1000 };
    const strip = ({ elapsedMs: _e, threads: _t, ...rest }: WorthResult) => JSON.stringify(rest);
    const one = strip(await worth(CASTLE, o));
    expect(strip(await worth(CASTLE, { ...o, threads: 2, engine: pooledEngine() }))).toBe(one);
    expect(strip(await worth(CASTLE, o))).toBe(one);
  }, 60_000);
});

describe('paired stages run slice by slice', () => {
  it('a stage cut into slices (so its values grow with the trials run) gives the numbers of the stage run whole', async () => {
    const castle = (await loadScenario(CASTLE)).scenario as SiegeScenario;
    const bigger = structuredClone(castle);
    bigger.attacker.bonus += 30;
    const model = (s: SiegeScenario): PairedModel<SiegePlan> => {
      const plan = compileSiege(s).plan;
      const fallen = siegeMetrics.fallenBy(9); // its median week to fall
      const [own, enemy] = [siegeMetrics.lost('attacker'), siegeMetrics.lost('defender')];
      return {
        kernel: siegeKernel,
        plan,
        read: {
          hits: (acc, trials) => fallen.read(plan, acc, trials),
          lost(acc, out) {
            out[0] = own.read(plan, acc, 0);
            out[1] = enemy.read(plan, acc, 0);
          },
        },
      };
    };
    // Stages of 700 and 1,400 trials: slices of 300 split both stages, one of them mid-stage.
    const run = async (slice?: number) => {
      const plan = { seed: 3, first: 700, precision: 1e-9, trials: 700, maxTrials: 1400, threads: 1, slice };
      const paired = new PairedWorth(model(castle), plan);
      const stats = await paired.runStages([paired.variant(model(bigger))]);
      return {
        stats,
        base: paired.base.stage(1400),
        outcomes: [...Array(1400).keys()].map((t) => paired.base.outcomeOf(t)),
      };
    };
    const whole = await run();
    expect(whole.stats[0]!.trials).toBe(1400);
    expect(whole.stats[0]!.variantOnly).toBeGreaterThan(0); // the change is seen, so a slice misread would show
    expect(await run(300)).toEqual(whole);
  }, 60_000);
});

describe('the paired interval (Agresti–Min) against an independent simulation', () => {
  // Pairs of trials with known cell probabilities: the base alone meets the measure 1%, the variant alone 3%.
  const P = { baseOnly: 0.01, variantOnly: 0.03, both: 0.55 };
  const TRUE_DIFFERENCE = P.variantOnly - P.baseOnly;
  const N = 1000;
  const REPLICATES = 2000;
  /** Cells of one replicate: counts of (base, variant) = (1,0), (0,1), and the two marginal successes. */
  function replicates() {
    const rng = new Xoshiro128([7, 11, 13, 17]);
    const out: { baseOnly: number; variantOnly: number; base: number; variant: number }[] = [];
    for (let k = 0; k < REPLICATES; k++) {
      let baseOnly = 0;
      let variantOnly = 0;
      let both = 0;
      for (let t = 0; t < N; t++) {
        const u = rng.next() / 2 ** 32;
        if (u < P.baseOnly) baseOnly++;
        else if (u < P.baseOnly + P.variantOnly) variantOnly++;
        else if (u < P.baseOnly + P.variantOnly + P.both) both++;
      }
      out.push({ baseOnly, variantOnly, base: both + baseOnly, variant: both + variantOnly });
    }
    return out;
  }
  const data = replicates();
  const coverage = (ci: (x: (typeof data)[number]) => [number, number]) =>
    data.filter((x) => {
      const [lo, hi] = ci(x);
      return lo <= TRUE_DIFFERENCE && TRUE_DIFFERENCE <= hi;
    }).length / REPLICATES;
  // 95% ± 4.5 standard errors of a coverage estimated from 2,000 replicates.
  const TOLERANCE = 4.5 * Math.sqrt((0.95 * 0.05) / REPLICATES);
  const paired = (x: (typeof data)[number]): PairedDifference =>
    pairedProportionDifference(x.baseOnly, x.variantOnly, N);
  /** Two independent runs' interval (what an unpaired comparison would print). */
  const unpaired = (x: (typeof data)[number]): [number, number] => {
    const p1 = x.base / N;
    const p2 = x.variant / N;
    const half = Z95 * Math.sqrt((p1 * (1 - p1) + p2 * (1 - p2)) / N);
    return [p2 - p1 - half, p2 - p1 + half];
  };

  it('covers the true difference 95% of the time, at the width the pairs give', () => {
    expect(Math.abs(coverage((x) => paired(x).ci95) - 0.95)).toBeLessThan(TOLERANCE);
    // Its mean half-width is z × the true standard deviation of the paired difference (within 5%).
    const sd = Math.sqrt((P.baseOnly + P.variantOnly - TRUE_DIFFERENCE ** 2) / N);
    const meanHalf = data.reduce((s, x) => s + (paired(x).ci95[1] - paired(x).ci95[0]) / 2, 0) / REPLICATES;
    expect(Math.abs(meanHalf / (Z95 * sd) - 1)).toBeLessThan(0.05);
  });

  it('the same check fails an unpaired interval and a mis-scaled one', () => {
    expect(Math.abs(coverage(unpaired) - 0.95)).toBeGreaterThan(TOLERANCE); // far too wide: covers ~100%
    const halved = (x: (typeof data)[number]): [number, number] => {
      const { difference, ci95 } = paired(x);
      const h = (ci95[1] - ci95[0]) / 4;
      return [difference - h, difference + h];
    };
    expect(Math.abs(coverage(halved) - 0.95)).toBeGreaterThan(TOLERANCE);
  });

  it('no discordant pair still leaves an interval of about ± 1/n, never of zero width', () => {
    const { difference, ci95 } = pairedProportionDifference(0, 0, 2000);
    expect(difference).toBe(0);
    expect(ci95[0]).toBeLessThan(0);
    expect(ci95[1]).toBeCloseTo(Z95 / 2002, 6);
  });
});
