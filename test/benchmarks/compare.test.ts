import { describe, expect, it } from 'vitest';
import { median, measure, type BenchSuite } from '../../benchmarks/harness.js';
import {
  compareWithBaseline,
  confirmFailures,
  formatReport,
  slowdownFromEnv,
  speedUpVsC,
  toBaseline,
  type Baseline,
  type BenchReport,
} from '../../benchmarks/report.js';
import type { SuiteResult } from '../../benchmarks/harness.js';

const result = (name: string, ratio: number, batch = 1000): SuiteResult => ({
  name,
  description: '',
  unit: 'battles',
  batch,
  copies: 1,
  samples: 5,
  ratio,
  ratioMin: ratio,
  ratioMax: ratio,
  perSecond: 1e8,
  msPerSample: 10,
  referencePerSecond: 5e8,
});
const baseline = (suites: Record<string, number>): Baseline => ({
  note: '',
  node: 'v20',
  cpu: 'cpu',
  cores: 2,
  date: '2024-01-01T00:00:00Z',
  suites: Object.fromEntries(
    Object.entries(suites).map(([k, ratio]) => [
      k,
      { ratio, perSecond: 1e8, unit: 'battles', batch: 1000, msPerSample: 10 },
    ]),
  ),
});

describe('speed gate', () => {
  it('fails a suite only when the same work takes more than (1 + threshold)× as long', () => {
    const b = baseline({ a: 0.3, b: 0.3, c: 0.3 });
    // 1.2× slower passes at 0.25; 1.4× slower (the artificial 40% slowdown) fails; faster always passes.
    const [a, bb, c] = compareWithBaseline(
      [result('a', 0.3 / 1.2), result('b', 0.3 / 1.4), result('c', 0.45)],
      b,
      0.25,
    );
    expect([a.pass, bb.pass, c.pass]).toEqual([true, false, true]);
    expect(bb.slowdown).toBeCloseTo(1.4, 10);
    expect(bb.change).toBeCloseTo(1 / 1.4 - 1, 10);
    // The lenient CI threshold lets 1.4× through but not 1.6×.
    const [d, e] = compareWithBaseline([result('a', 0.3 / 1.4), result('b', 0.3 / 1.6)], b, 0.5);
    expect([d.pass, e.pass]).toEqual([true, false]);
  });

  it('does not gate suites without a baseline or with a different batch size, nor without a threshold', () => {
    const b = baseline({ a: 0.3 });
    const [x, y] = compareWithBaseline([result('new suite', 0.01), result('a', 0.01, 2000)], b, 0.25);
    expect([x.pass, y.pass, x.baselineRatio, y.baselineRatio]).toEqual([null, null, null, null]);
    expect(compareWithBaseline([result('a', 0.01)], b, null)[0].pass).toBeNull();
    // a row marked gated: false (too noisy for one quick sample) is compared but never fails the gate
    const [z] = compareWithBaseline([{ ...result('a', 0.01), gated: false }], b, 0.25);
    expect([z.pass, z.slowdown! > 1.25]).toEqual([null, true]);
  });

  it('round-trips a report into a baseline keyed by suite name', () => {
    const report = {
      node: 'v20',
      cpu: 'cpu',
      cores: 2,
      date: 'd',
      quick: false,
      slowdownInjected: 0,
      baseline: null,
      threshold: null,
      pass: null,
      suites: compareWithBaseline([result('a', 0.123456789)], null, null),
    } satisfies BenchReport;
    expect(toBaseline(report).suites.a).toEqual({
      ratio: 0.123457,
      perSecond: 1e8,
      unit: 'battles',
      batch: 1000,
      msPerSample: 10,
    });
    expect(formatReport(report)).toContain('new');
  });

  it('reads the artificial slowdown only from its env var and rejects nonsense', () => {
    expect(slowdownFromEnv({})).toBe(0);
    expect(slowdownFromEnv({ WARCAST_BENCH_SLOWDOWN: '0.4' })).toBe(0.4);
    expect(() => slowdownFromEnv({ WARCAST_BENCH_SLOWDOWN: 'lots' })).toThrow(/WARCAST_BENCH_SLOWDOWN/);
  });

  it('takes medians of odd and even samples', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('measures each fresh copy as reference, sample, reference, … (warm-up samples untimed)', async () => {
    const calls: number[] = [];
    const suite: BenchSuite = {
      name: 'fake',
      description: '',
      unit: 'battles',
      batch: 1000,
      reference: { kind: 'loop', threads: 1, iterations: 1000 },
      copies: { full: 3, quick: 2 },
      samples: { full: 5, quick: 3 },
      warmUp: 2,
      setup: (ctx) => ({ run: (i) => void calls.push(ctx.copy * 100 + i) }),
    };
    const r = await measure(suite, { root: '.', quick: true, slowdown: 0 });
    expect(calls).toEqual([-1, -2, 0, 1, 2, 99, 98, 103, 104, 105]);
    expect([r.copies, r.samples]).toEqual([2, 3]);
    expect(r.ratioMin).toBeLessThanOrEqual(r.ratio);
    expect(r.ratio).toBeLessThanOrEqual(r.ratioMax);
  });

  it("holds a 2-thread row against the machine's own 2-thread slowdown in the same run, never against a faster machine", () => {
    const b = baseline({ 'machine: reference loop, 2 threads': 1.74, two: 0.0024, one: 0.0018 });
    const machineSlow = result('machine: reference loop, 2 threads', 1.05); // the CI run: 1.66× below its baseline
    const two = { ...result('two', 0.0024 / 1.64), threads: 2 };
    const one = result('one', 0.0018 / 1.64);
    const [, t, o] = compareWithBaseline([machineSlow, two, one], b, 0.5);
    expect(t.machineSlowdown).toBeCloseTo(1.74 / 1.05, 10);
    expect(t.slowdown).toBeCloseTo(1.64, 10); // reported as measured
    expect([t.pass, o.pass]).toEqual([true, false]); // a one-thread row gets no allowance
    // a pool that stopped scaling (2× slower) on a machine that did not: fails
    const [, stuck] = compareWithBaseline(
      [result('machine: reference loop, 2 threads', 1.74), { ...result('two', 0.0024 / 2), threads: 2 }],
      b,
      0.5,
    );
    expect([stuck.machineSlowdown, stuck.pass]).toEqual([1, false]);
    // a machine faster than its baseline never makes the gate stricter
    const [, fast] = compareWithBaseline(
      [result('machine: reference loop, 2 threads', 2), { ...result('two', 0.0024 / 1.4), threads: 2 }],
      b,
      0.5,
    );
    expect([fast.machineSlowdown, fast.pass]).toEqual([1, true]);
    // the machine's figure may come from a separate measurement (the re-measure takes it again first)
    expect(compareWithBaseline([two], b, 0.5, machineSlow)[0].pass).toBe(true);
    expect(compareWithBaseline([two], b, 0.5)[0].pass).toBe(false);
    expect(
      formatReport({
        node: 'v20',
        cpu: 'cpu',
        cores: 2,
        date: 'd',
        quick: true,
        slowdownInjected: 0,
        baseline: null,
        threshold: 0.5,
        pass: true,
        suites: [t],
      }),
    ).toMatch(/ok \(÷1\.66\)/);
  });

  it('measures a failing suite once more: it fails only if slow twice; passing suites are not re-measured', async () => {
    const b = baseline({ steady: 0.3, blip: 0.3, regressed: 0.3 });
    const first = compareWithBaseline(
      [result('steady', 0.3), result('blip', 0.3 / 1.7), result('regressed', 0.3 / 1.7)],
      b,
      0.5,
    );
    expect(first.map((r) => r.pass)).toEqual([true, false, false]);
    const asked: string[] = [];
    const second = { blip: 0.3 / 1.1, regressed: 0.3 / 1.8 } as Record<string, number>;
    const confirmed = await confirmFailures(first, async (name) => {
      asked.push(name);
      return compareWithBaseline([result(name, second[name])], b, 0.5)[0];
    });
    expect(asked).toEqual(['blip', 'regressed']);
    expect(confirmed.map((r) => [r.name, r.pass, r.remeasured ?? false])).toEqual([
      ['steady', true, false],
      ['blip', true, true],
      ['regressed', false, true],
    ]);
    const report = {
      node: 'v20',
      cpu: 'cpu',
      cores: 2,
      date: 'd',
      quick: true,
      slowdownInjected: 0,
      baseline: null,
      threshold: 0.5,
      pass: false,
      suites: confirmed,
    } satisfies BenchReport;
    expect(formatReport(report)).toMatch(/blip .* ok \(2nd run\)/);
    expect(formatReport(report)).toMatch(/regressed .* FAIL \(twice\)/);
  });
});

describe("the pool's 2-thread speed-up against C's", () => {
  it('is the 2-thread ÷ C row over the 1-thread one, and absent unless both ran', () => {
    // W₁/C₁ = 0.75, W₂/C₂ = 0.52: warcast's speed-up is 0.52/0.75 of C's
    const rows = [result('process: odds 3e8, 1 thread ÷ C', 0.75), result('process: odds 3e8, 2 threads ÷ C', 0.52)];
    expect(speedUpVsC(rows).speedUpVsC).toBeCloseTo(0.52 / 0.75, 12);
    expect(speedUpVsC(rows.slice(0, 1))).toEqual({});
  });
});
