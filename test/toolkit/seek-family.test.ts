/**
 * seek's values visited held as one family (src/stats/family.ts `familyByTests`; docs/design.md, "seek"): each value
 * is a claim — the target holds, or fails, surely — judged by Holm (default) or Benjamini–Hochberg over the values
 * visited, its sequential test's level split over its looks; each value's test stages at α ÷ the most values the
 * search can visit. A value whose 95% interval alone excludes the threshold but whose interval at its family level
 * does not is not settled. By simulation, values all on the threshold (every call a false one) give a run with any
 * settled value in at most 5% of runs, within the simulation's own noise.
 */
import { describe, expect, it } from 'vitest';
import { seek } from '../../src/cli/registeredToolkit.js';
import type { SeekPoint, SeekResult } from '../../src/toolkit/seek.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { familyByTests } from '../../src/stats/family.js';
import { excludesThreshold, spendingZ } from '../../src/stats/sequential.js';
import { uniforms } from '../helpers/uniforms.js';

const SIMPLE = 'examples/simple-siege.yaml';
// 3,000 sieges a value in one look: 9 weeks of food (21.8% ± 1.5 on seed 42) is beyond 0.2 at 95% alone, not at the
// family's level (≈ 0.1% for it: a z of 3.2 against its 2.5).
const o = { vary: 'foodWeeks', target: 'fallenBy(20) >= 0.2', from: 0, to: 20, largest: true } as const;
const fixed = { ...o, trials: 3000, firstLook: 3000, threads: 1 };

const contains = (ci: [number, number], x: number) => ci[0] <= x && x <= ci[1];

function checkFamily(r: SeekResult, threshold: number): void {
  expect(r.familyError!.claims).toBe(r.evaluated.length);
  expect(r.evaluated.length).toBeLessThanOrEqual(r.familyPlanned!);
  expect(r.stageLevel).toBeCloseTo(0.05 / r.familyPlanned!, 15);
  expect(r.familyError!.findings).toBe(r.evaluated.filter((p) => p.sure).length);
  for (const p of r.evaluated) {
    // Settled exactly when the interval at its family level excludes the threshold; that interval holds its 95% one.
    expect(p.sure, String(p.value)).toBe(!contains(p.ciFamily!, threshold));
    expect(p.ciFamily![0]).toBeLessThanOrEqual(p.ci95![0]);
    expect(p.ciFamily![1]).toBeGreaterThanOrEqual(p.ci95![1]);
    // Its level: the family's for it, at most α, split over its looks (at least the first look's halving twice).
    expect(p.familyLevel!).toBeLessThanOrEqual(0.05 / 2 ** (p.looks! + 1) + 1e-15);
  }
}

describe('seek: the values visited as one family', () => {
  it('Holm by default: a value beyond the threshold at 95% alone is not settled at its family level', async () => {
    const r = await seek(SIMPLE, fixed);
    expect(r.familyError).toMatchObject({ method: 'holm', alpha: 0.05 });
    checkFamily(r, 0.2);
    const nine = r.evaluated.find((p) => p.value === 9)!;
    expect(nine.ci95![0]).toBeGreaterThan(0.2);
    expect(nine.sure).toBe(false);
    expect(r.value).toBe(9);
    expect(r.uncertainty).toMatchObject({ from: 9, to: 9, settled: false });
    // Every value far from the threshold is still settled.
    for (const p of r.evaluated) if (Math.abs(p.probability - 0.2) > 0.05) expect(p.sure, String(p.value)).toBe(true);
  }, 60_000);

  it('the text names the procedure and the staging level; --family bh in the verdict and JSON; a bad one exits 2', async () => {
    const args = ['seek', SIMPLE, '--vary', 'foodWeeks', '--target', 'fallenBy(20) >= 0.2', '--largest'];
    const range = ['--from', '0', '--to', '20', '--trials', '3000', '--threads', '1'];
    const text = memoryIo();
    expect(await runCli([...args, ...range], text), text.stderr).toBe(0);
    expect(text.stdout).toMatch(/Holm: the chance of any false finding over the \d+ values visited ≤ 5%/);
    expect(text.stdout).toMatch(/a sequential test at each at its share of the family's 5% \([0-9.]+%: at most \d+/);
    expect(text.stdout).toMatch(/9 +21\.\d+% ± 1\.\d+ +3k +yes \(not settled\)/);
    const bh = memoryIo();
    expect(await runCli([...args, ...range, '--family', 'bh', '--json'], bh), bh.stderr).toBe(0);
    const r = JSON.parse(bh.stdout) as SeekResult;
    expect(r.familyError!.method).toBe('bh');
    checkFamily(r, 0.2);
    const bad = memoryIo();
    expect(await runCli([...args, ...range, '--family', 'bonferroni'], bad)).toBe(2);
    expect(bad.stderr).toMatch(/--family/);
  }, 60_000);

  it('same bytes on 1 and 2 threads, staged by the default precision', async () => {
    const strip = (x: object) => JSON.stringify({ ...x, elapsedMs: 0, threads: 0 });
    const [one, two] = [await seek(SIMPLE, { ...o, threads: 1 }), await seek(SIMPLE, { ...o, threads: 2 })];
    expect(strip(two)).toBe(strip(one));
    checkFamily(one, 0.2);
  }, 60_000);
});

describe('the family error of a sequential search, by simulation: every value on the threshold', () => {
  // Each run: m values whose probability is exactly the threshold (so every settled value is a false finding), each
  // a sequential test as seek runs it — looks at 50, 100, 200, 400 trials, look k at (α ÷ planned) ÷ 2^(k + 1), stopped
  // when settled — then judged as one family. The share of runs with any settled value, with its standard error.
  const runs = 1500;
  const m = 10;
  const planned = 16;
  const theta = 0.3;
  const alpha = 0.05;
  const bound = alpha + 3 * Math.sqrt((alpha * (1 - alpha)) / runs);

  function anyFalse(method: 'holm' | 'bh' | 'each95', seed: number): number {
    const u = uniforms(seed);
    let withOne = 0;
    for (let r = 0; r < runs; r++) {
      const points: Pick<SeekPoint, 'probability' | 'trials' | 'looks'>[] = [];
      for (let v = 0; v < m; v++) {
        let k = 0;
        let n = 0;
        let look = 0;
        for (const to of [50, 100, 200, 400]) {
          for (; n < to; n++) if (u() < theta) k++;
          look++;
          if (excludesThreshold(k, n, theta, spendingZ(look + 1, alpha / planned))) break;
        }
        points.push({ probability: k / n, trials: n, looks: look });
      }
      const passes = (i: number, level: number) => {
        const p = points[i];
        const k = Math.round(p.probability * p.trials);
        return excludesThreshold(k, p.trials, theta, method === 'each95' ? 1.959964 : spendingZ(p.looks! + 1, level));
      };
      const called =
        method === 'each95'
          ? points.some((_, i) => passes(i, alpha))
          : familyByTests(m, passes, alpha, method).some((d) => d.beyond);
      if (called) withOne++;
    }
    return withOne / runs;
  }

  it(`Holm and BH: a run with any false finding in at most ${alpha} of runs (+ 3 standard errors); 95% each fails`, () => {
    expect(anyFalse('holm', 31)).toBeLessThanOrEqual(bound);
    expect(anyFalse('bh', 32)).toBeLessThanOrEqual(bound);
    // The check has power: each value's last look judged at 95% alone finds something in most runs.
    expect(anyFalse('each95', 33)).toBeGreaterThan(0.25);
  });

  it('familyByTests agrees with Holm and BH on z’s (one look each: a test at level L is |z| > Φ⁻¹(1 − L/2))', async () => {
    const { familyDecisions } = await import('../../src/stats/family.js');
    const { normalQuantile } = await import('../../src/stats/normal.js');
    const u = uniforms(41);
    for (let t = 0; t < 200; t++) {
      const zs = Array.from({ length: 8 }, () => (u() - 0.5) * 8);
      for (const method of ['holm', 'bh'] as const) {
        const byZ = familyDecisions(zs, 0.05, method).map((d) => d.beyond);
        const byTest = familyByTests(8, (i, level) => Math.abs(zs[i]) > normalQuantile(1 - level / 2), 0.05, method);
        expect(byTest.map((d) => d.beyond)).toEqual(byZ);
      }
    }
  });
});
