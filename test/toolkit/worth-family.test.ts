/**
 * worth's many claims held together (src/stats/family.ts, Holm by default): an item is "beyond noise" only at the
 * family's level, so two seeds never disagree in sign on an item that either calls beyond noise; the claims, the
 * findings and each item's family interval agree with its decision; --family bh on the command line.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type WorthItem, type WorthResult } from '../../src/toolkit/worth.js';
import { worth } from '../../src/cli/registeredToolkit.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { closePool } from '../../src/engine/pool.js';
import { worthReport } from '../../reports/toolkit.js';

afterAll(() => closePool());

/** The decision as the item states it, checked against its interval at the family's level. */
function checkItem(i: WorthItem): void {
  const [lo, hi] = i.changeCiFamily!;
  expect(i.withinNoise, i.name).toBe(lo <= 0 && hi >= 0);
  // At the family's level (a smaller α) the interval is at least the item's own 95% one.
  expect(hi - lo, i.name).toBeGreaterThanOrEqual(i.changeCi95![1] - i.changeCi95![0] - 1e-12);
  if (i.withinNoise) {
    expect(i.brEquivalent ?? null, i.name).toBeNull();
    expect(i.troopsEquivalent, i.name).toBeNull();
    expect(i.rank ?? null, i.name).toBeNull();
  }
}

/** worth at precision 0.02 on 1 thread, once per file and seed: the tornado test draws a run the seeds test made. */
const worthRuns = new Map<string, Promise<WorthResult>>();
function worthOf(file: string, seed: number): Promise<WorthResult> {
  const key = `${file} ${seed}`;
  if (!worthRuns.has(key)) worthRuns.set(key, worth(file, { seed, precision: 0.02, threads: 1 }));
  return worthRuns.get(key)!;
}

describe('worth: the family error over the items', () => {
  for (const [file, seeds] of [
    ['examples/castle-siege.yaml', [1, 2, 3]],
    ['examples/castle-siege-supplies.yaml', [3, 4]],
    ['examples/cascade-bob-john.yaml', [1, 2, 3, 4]],
  ] as const) {
    it(`${file}: seeds ${seeds.join(', ')} never disagree in sign on an item called beyond noise`, async () => {
      const runs: WorthResult[] = [];
      for (const seed of seeds) runs.push(await worthOf(file, seed));
      for (const r of runs) {
        expect(r.familyError).toMatchObject({ method: 'holm', alpha: 0.05 });
        r.items.forEach(checkItem);
        // Claims: the distinct changes (items with one plan are one claim); findings: those beyond noise.
        const key = (i: WorthItem) => `${i.winDelta} ${i.trials} ${i.pairs!.baseOnly}`;
        const beyond = r.items.filter((i) => !i.withinNoise);
        expect(r.familyError!.claims).toBeGreaterThanOrEqual(new Set(r.items.map(key)).size);
        expect(r.familyError!.claims).toBeLessThanOrEqual(r.items.length);
        expect(r.familyError!.findings).toBeGreaterThanOrEqual(new Set(beyond.map(key)).size);
        expect(r.familyError!.findings).toBeLessThanOrEqual(beyond.length);
      }
      for (let a = 0; a < runs.length; a++)
        for (let b = a + 1; b < runs.length; b++)
          for (const x of runs[a].items) {
            const y = runs[b].items.find((i) => i.name === x.name)!;
            if (!x.withinNoise || !y.withinNoise)
              expect(Math.sign(x.winDelta), `${x.name}: ${x.winDelta} and ${y.winDelta}`).toBe(Math.sign(y.winDelta));
          }
    }, 60_000);
  }

  it('the report’s tornado draws each item’s interval at the family’s level: grey exactly when it crosses 0', async () => {
    const r = await worthOf('examples/castle-siege.yaml', 2);
    const tornado = worthReport(r, 'examples/castle-siege.yaml').charts.find((c) => c.name === 'tornado')!;
    expect(tornado.caption).toMatch(/at the family’s level \(Holm: the chance of any false finding/);
    const values = (tornado.spec as { data: { values: { name: string; lo: number; hi: number; sign: string }[] } }).data
      .values;
    expect(values.some((v) => v.sign === 'within noise')).toBe(true);
    expect(values.some((v) => v.sign !== 'within noise')).toBe(true);
    for (const v of values) expect(v.sign === 'within noise', v.name).toBe(v.lo <= 0 && v.hi >= 0);
  }, 60_000);

  it('--family bh on the command line: said in the verdict and the JSON; a bad method is a usage error', async () => {
    const args = ['worth', 'examples/cascade-bob-john.yaml', '--precision', '0.02', '--seed', '5', '--threads', '1'];
    const text = memoryIo();
    expect(await runCli([...args, '--family', 'bh'], text), text.stderr).toBe(0);
    expect(text.stdout).toMatch(/beyond noise \(Benjamini–Hochberg: the expected share of false findings/);
    const json = memoryIo();
    expect(await runCli([...args, '--family', 'bh', '--json'], json)).toBe(0);
    expect((JSON.parse(json.stdout) as WorthResult).familyError!.method).toBe('bh');
    const holm = memoryIo();
    expect(await runCli(args, holm)).toBe(0);
    expect(holm.stdout).toMatch(
      /beyond noise \(Holm: the chance of any false finding over the \d+ distinct changes ≤ 5%\)/,
    );
    const bad = memoryIo();
    expect(await runCli([...args, '--family', 'bonferroni'], bad)).toBe(2);
    expect(bad.stderr).toMatch(/--family/);
  }, 60_000);
});
