/**
 * Staged runs by precision on sieges and cascades (src/toolkit/staging.ts; docs/design.md, "Staged runs"): sweep,
 * seek and compare stop each candidate once it is known to ± precision (or decided), by default ± 0.5 points. They
 * spend fewer trials than a fixed count reaching the same precision everywhere; every staged estimate is the
 * fixed run of its own trials (the same dice) and agrees with a long run within its noise; the bytes do not depend
 * on the thread count. Small runs on simple-siege and the Dune example.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  FIRST_STAGE,
  STAGED_MAX_TRIALS,
  STAGED_PRECISION,
  settled,
  sideOf,
  stagedOptions,
  stagesOf,
} from '../../src/toolkit/staging.js';
import { type CascadeSweepResult, type SiegeSweepResult } from '../../src/toolkit/sweepSim.js';
import { sweepSimulated } from '../../src/cli/registeredToolkit.js';
import { seek } from '../../src/cli/registeredToolkit.js';
import { siege } from '../../src/kinds/siege/analysis.js';
import { compare } from '../../src/cli/registeredToolkit.js';
import { presentSweep } from '../../src/toolkit/sweepPresent.js';
import { simSweepReport } from '../../reports/sweepSim.js';
import { wilsonInterval } from '../../src/stats/index.js';
import { pooledEngine } from '../../src/engine/testing.js';
import { ShardEngine } from '../../src/engine/shard.js';
import { stagesOf as worthStages, WORTH_MAX_TRIALS, WORTH_PRECISION } from '../../src/toolkit/worthPaired.js';

const SIMPLE = 'examples/simple-siege.yaml';
const written = () => parse(readFileSync(SIMPLE, 'utf8')) as { foodWeeks: number };

/**
 * A staged estimate (n trials) against a long run (m > n trials) of the same seed: the staged trials are the long
 * run's first n (the same chunks, the same dice), so their difference has variance p(1 − p)(1/n − 1/m). Within 4
 * standard deviations (and a floor of one trial's weight for p near 0 or 1).
 */
function agrees(staged: number, n: number, long: number, m: number): boolean {
  const sd = Math.sqrt(Math.max(long * (1 - long), 1 / m) * (1 / n - 1 / m));
  return Math.abs(staged - long) <= 4 * sd + 1 / n;
}

describe('the staging policy', () => {
  it('stages double from the first to the cap; a candidate stops settled or decided; defaults only when nothing is given', () => {
    expect(stagesOf(2000, 128_000)).toEqual([2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000]);
    expect(stagesOf(5000, 12_000)).toEqual([5000, 10_000, 12_000]);
    expect(stagesOf(20_000, 10_000)).toEqual([10_000]);
    // worth's stages and defaults are this policy's (one source).
    expect(worthStages).toBe(stagesOf);
    expect([WORTH_PRECISION, WORTH_MAX_TRIALS]).toEqual([STAGED_PRECISION, STAGED_MAX_TRIALS]);
    expect(settled([0.3, 0.309], 0.005)).toBe(true);
    expect(settled([0.3, 0.3101], 0.005)).toBe(false);
    expect(sideOf([0.21, 0.25], 0.2)).toBe(1);
    expect(sideOf([0.15, 0.19], 0.2)).toBe(-1);
    expect(sideOf([0.19, 0.21], 0.2)).toBe(0);
    expect(stagedOptions({})).toEqual({
      options: { trials: FIRST_STAGE, precision: STAGED_PRECISION, maxTrials: STAGED_MAX_TRIALS },
      by: 'staged-default',
    });
    expect(stagedOptions({ maxTrials: 9000 }).options.maxTrials).toBe(9000);
    expect(stagedOptions({ trials: 500 })).toEqual({ options: { trials: 500 }, by: 'given' });
    expect(stagedOptions({ precision: 0.01 })).toEqual({
      options: { precision: 0.01, trials: FIRST_STAGE },
      by: 'precision',
    });
    expect(stagedOptions({ precision: 0.01, trials: 8000 }).options.trials).toBe(8000);
    // A shard cannot stop by precision: it keeps the fixed count (and its replay agrees with it).
    expect(stagedOptions({ engine: new ShardEngine(1, 2) }).by).toBe('fixed-default');
    expect(stagedOptions({ engine: pooledEngine() }).by).toBe('staged-default');
  });
});

describe('sweep, staged by precision', () => {
  it('siege: every point within ± 0.5 points or its changes decided, fewer sieges than a fixed count as precise, each point the fixed run of its trials and within noise of a long run; same bytes on 1 and 2 threads', async () => {
    const o = { vary: 'foodWeeks', from: 0, to: 30, step: 10, threads: 1 };
    const r = (await sweepSimulated(SIMPLE, o)) as SiegeSweepResult;
    expect(r.trialsBy).toBe('staged-default');
    expect([r.precision, r.maxTrials, r.precisionReached]).toEqual([STAGED_PRECISION, STAGED_MAX_TRIALS, true]);
    // A point stops within ± precision, or once every change it is part of is decided (then it may be wider): 0 and
    // 10 weeks of food (P(held) 5% → 77%, and 0 → 30 weeks) are decided at the first chunk, 20 and 30 weeks (88%,
    // 89%: a change within a point or two) run on to ± 0.5 points.
    expect(r.points.map((p) => [p.trials, p.decided])).toEqual([
      [5000, true],
      [5000, true],
      [20_000, undefined],
      [20_000, undefined],
    ]);
    expect(r.points[1].heldChange!.decided).toBe(true);
    expect((r.points[1].heldCi95[1] - r.points[1].heldCi95[0]) / 2).toBeGreaterThan(STAGED_PRECISION);
    for (const p of r.points)
      if (p.decided !== true) expect((p.heldCi95[1] - p.heldCi95[0]) / 2).toBeLessThanOrEqual(STAGED_PRECISION);
    const trials = r.points.map((p) => p.trials);
    expect(r.trialsTotal).toBe(trials.reduce((a, b) => a + b, 0));
    // A fixed count gives every point the trials the hardest point needed (the stages are the same counts):
    // the staged sweep spends less, because the points already within precision stopped earlier.
    expect(new Set(trials).size).toBeGreaterThan(1);
    expect(r.trialsTotal!).toBeLessThan(r.trialsPerPoint * r.points.length);
    // The JSON, the text and the report's facts say so: the fewest and the most, and each point's own count.
    expect([r.trialsFewest, r.trialsPerPoint]).toEqual([Math.min(...trials), Math.max(...trials)]);
    const n = (x: number) => x.toLocaleString('en-US');
    const facts = Object.fromEntries(simSweepReport(r, 'x').facts);
    expect(facts['sieges per point']).toContain(
      `${n(r.trialsFewest)} to ${n(r.trialsPerPoint)} (${n(r.trialsTotal!)} in all)`,
    );
    const table = presentSweep(r).blocks.find((b) => b.type === 'table') as { columns: string[]; rows: unknown[][] };
    const sieges = table.columns.indexOf('sieges');
    expect(table.rows.map((row) => (row[sieges] as { value: number }).value)).toEqual(trials);
    // Every mean a user reads carries the SD of what it averages, in the JSON and the table's cells.
    for (const p of r.points)
      for (const sd of [p.meanWeeksSd, p.attackerDeadSd, p.defenderDeadSd]) expect(sd).toBeGreaterThan(0);
    expect(table.columns).toContain('attacker dead (SD)');
    // foodWeeks is a whole number: the chart's axis reads 0, 10, 20 (never 0.0, 10.0).
    const held = simSweepReport(r, 'x').charts.find((c) => c.name === 'sweep-held')!;
    expect(JSON.stringify(held.spec)).toContain('"axis":{"format":"d","tickMinStep":1}');
    // …and the hardest point was not within precision one stage earlier (so no smaller fixed count would do).
    const hardest = r.points.find((p) => p.trials === r.trialsPerPoint)!;
    const doc = written();
    doc.foodWeeks = hardest.values[0];
    const half = r.trialsPerPoint / 2;
    const earlier = await siege(doc, { trials: half, precision: STAGED_PRECISION, maxTrials: half, threads: 1 });
    expect(earlier.precisionReached).toBe(false);
    // Each point is exactly the siege of its value run alone to its own trials (the same seed, the same dice),
    // and agrees with a run of 80,000 sieges within the noise of the trials it did not run.
    const longs = [];
    for (const p of r.points) {
      doc.foodWeeks = p.values[0];
      const alone = await siege(doc, { trials: p.trials, threads: 1 });
      expect(p.fallen).toBe(alone.weeksToFall.probability);
      const long = await siege(doc, { trials: 80_000, threads: 1 });
      longs.push(long.weeksToFall.probability);
      expect(agrees(p.fallen, p.trials, long.weeksToFall.probability, 80_000)).toBe(true);
    }
    // The check can fail: a neighbouring value's estimate is a wrong answer for this one.
    expect(agrees(r.points[1].fallen, r.points[1].trials, longs[0], 80_000)).toBe(false);
    expect(agrees(r.points[2].fallen + 3 * STAGED_PRECISION, r.points[2].trials, longs[2], 80_000)).toBe(false);
    // Same seed, same bytes, whatever the thread count (the stages are trial counts, never a clock).
    const two = await sweepSimulated(SIMPLE, { ...o, threads: 2, engine: pooledEngine() });
    const one = await sweepSimulated(SIMPLE, { ...o, engine: pooledEngine() });
    const strip = (x: object) => JSON.stringify({ ...x, elapsedMs: 0, threads: 0 });
    expect(strip(two)).toBe(strip(one));
    // Without the pairing recorder (an engine given) the numbers are the same; only the changes' intervals differ.
    expect((one as SiegeSweepResult).points.map((p) => p.fallen)).toEqual(r.points.map((p) => p.fallen));
  }, 120_000);

  it('a given --trials stays a fixed count; a given --precision stages from it', async () => {
    const o = { vary: 'foodWeeks', from: 0, to: 20, step: 20, threads: 1 };
    const fixed = (await sweepSimulated(SIMPLE, { ...o, trials: 3000 })) as SiegeSweepResult;
    expect(fixed.trialsBy).toBe('given');
    expect(fixed.points.map((p) => p.trials)).toEqual([3000, 3000]);
    expect(fixed.precisionReached).toBeUndefined();
    const given = (await sweepSimulated(SIMPLE, { ...o, precision: 0.02 })) as SiegeSweepResult;
    expect(given.trialsBy).toBe('precision');
    expect(given.precisionReached).toBe(true);
    expect(given.precisionHalfWidth!).toBeLessThanOrEqual(0.02);
  }, 60_000);

  it('cascade: the certain points stop at the first stage, the close one runs on to ± 0.5 points', async () => {
    const r = (await sweepSimulated('examples/cascade-bob-john.yaml', {
      vary: 'locations[0].militia',
      from: 0,
      to: 6,
      step: 6,
      threads: 1,
    })) as CascadeSweepResult;
    expect(r.trialsBy).toBe('staged-default');
    expect(r.precisionReached).toBe(true);
    const [first, last] = r.points;
    // Militia 0: Bob's seizure never holds the refinery (P = 0 is known at once); 6 militia: about 89%.
    expect(first.held['Arrakis Spice Refinery']).toBe(0);
    expect(first.trials).toBeLessThan(last.trials);
    const ci = last.heldCi95['Arrakis Spice Refinery'];
    expect((ci[1] - ci[0]) / 2).toBeLessThanOrEqual(STAGED_PRECISION);
  }, 60_000);
});

describe('seek and compare, staged by precision', () => {
  it('seek: values far from the threshold are decided at the first stage, the close one stops at ± 0.5 points and says so', async () => {
    const o = { vary: 'foodWeeks', target: 'fallenBy(20) >= 0.2', from: 0, to: 20, largest: true, threads: 1 };
    const r = await seek(SIMPLE, o);
    expect(r.trialsBy).toBe('staged-default');
    expect(r.precisionReached).toBe(true);
    // The old default (a cap of 1,000,000 trials per value, first look 10,000) gives the same answer with more trials.
    const fixed = await seek(SIMPLE, { ...o, trials: 1_000_000 });
    expect(fixed.trialsBy).toBe('given');
    expect(r.value).toBe(fixed.value);
    expect(r.trials).toBeLessThan(fixed.trials);
    // A threshold at a value's own probability (9 weeks of food: 21.2% over 40,000 sieges): no stage can decide
    // it. It stops at ± 0.5 points, far below the cap, called by its estimate, and the note says why.
    const close = await seek(SIMPLE, { ...o, target: 'fallenBy(20) >= 0.212' });
    const unsure = close.evaluated.filter((p) => !p.sure);
    expect(unsure.length).toBeGreaterThan(0);
    for (const p of unsure) {
      expect(p.precisionReached).toBe(true);
      expect(p.trials).toBeLessThan(STAGED_MAX_TRIALS);
      expect(((p.ci95![1] - p.ci95![0]) / 2) as number).toBeLessThanOrEqual(STAGED_PRECISION);
    }
    expect(close.note).toMatch(/known to ± 0\.5 points but its interval still contains the threshold/);
    // Same bytes on 2 threads.
    const two = await seek(SIMPLE, { ...o, threads: 2, engine: pooledEngine() });
    const one = await seek(SIMPLE, { ...o, engine: pooledEngine() });
    const strip = (x: object) => JSON.stringify({ ...x, elapsedMs: 0, threads: 0 });
    expect(strip(two)).toBe(strip(one));
  }, 120_000);

  // The default staged compare, run once for the two tests that read it (two castle sieges to 50,000 trials each).
  let defaultRun: ReturnType<typeof compare> | undefined;
  const staged = () =>
    (defaultRun ??= compare('examples/castle-siege.yaml', 'examples/castle-four-trebuchets.yaml', { threads: 1 }));

  it('compare: both sieges to ± 0.5 points by default, the fall beyond noise', async () => {
    const r = await staged();
    expect(r.trialsBy).toBe('staged-default');
    expect([r.precision, r.precisionReached]).toEqual([STAGED_PRECISION, true]);
    expect(r.precisionHalfWidth!).toBeLessThanOrEqual(STAGED_PRECISION);
    for (const n of r.trials) expect(n).toBeLessThanOrEqual(STAGED_MAX_TRIALS);
    // The four-trebuchet siege always falls (settled at the first stage); it is run on to the other's count, so
    // the differences pair every trial of both.
    expect(r.trials[1]).toBe(r.trials[0]);
    const fixed = await compare('examples/castle-siege.yaml', 'examples/castle-four-trebuchets.yaml', {
      threads: 1,
      trials: r.trials[0],
    });
    expect(fixed.rows).toEqual(r.rows);
    const given = await compare('examples/castle-siege.yaml', 'examples/castle-four-trebuchets.yaml', {
      threads: 1,
      trials: 5000,
    });
    expect(given.trials).toEqual([5000, 5000]);
    expect(given.trialsBy).toBe('given');
  }, 60_000);

  it('compare, staged: both sides run at least ten chunks, so the losses pair; no difference has an interval of no width; means carry their SD', async () => {
    const r = await staged();
    // Ten chunks of 5,000 sieges on both sides (the four-trebuchet siege is settled at once, yet runs as long).
    expect(r.trials).toEqual([50_000, 50_000]);
    for (const metric of ['attacker dead (mean)', 'defender dead (mean)'])
      expect(r.rows.find((x) => x.metric === metric)!.interval).toBe('paired');
    for (const x of r.rows) {
      expect(x.ci95).not.toBeNull();
      expect(x.ci95![1] - x.ci95![0]).toBeGreaterThan(0);
      if (x.unit !== 'probability') expect(x.sd!.every((v) => v > 0)).toBe(true);
    }
    // Both always fall: the interval is Newcombe's from each run's Wilson interval, not [0, 0].
    const fell = r.rows.find((x) => x.metric === 'fallen within the week limit')!;
    expect([fell.a, fell.b]).toEqual([1, 1]);
    const upper = wilsonInterval(0, 50_000)[1];
    expect(fell.ci95![0]).toBeCloseTo(-upper, 12);
    expect(fell.ci95![1]).toBeCloseTo(upper, 12);
    expect(fell.beyondNoise).toBe(false);
  }, 60_000);
});
