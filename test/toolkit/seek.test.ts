/**
 * `warcast seek`: the exact crossing found by bisection equals a brute-force scan of exact odds; a constructed
 * non-monotone battle is called "not monotone" (never a wrong crossing); Monte Carlo seeks on sieges and
 * cascades agree with the analysis run alone at the answer and at the value before it.
 */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { parseTarget } from '../../src/toolkit/seek.js';
import { seek } from '../../src/cli/registeredToolkit.js';
import { exactOdds } from '../../src/kinds/warMachine/odds.js';
import { siege } from '../../src/kinds/siege/analysis.js';
import { cascade } from '../../src/kinds/cascade/analysis.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import { loadFile } from '../helpers/load.js';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { pooledEngine } from '../../src/engine/testing.js';

const ORCS = 'examples/orcs-vs-men.yaml';
const DILUTED = 'test/fixtures/seek-not-monotone.yaml';

/** A's exact win probability with `field` of side `side` set to v (independent of seek's own code path). */
const loaded = new Map<string, ReturnType<typeof loadFile>['scenario']>();
function exactWin(file: string, side: 0 | 1, field: 'troops' | 'bonus', v: number, who: 0 | 1 = 0): number {
  // The file is read and validated once; each value edits a copy.
  if (!loaded.has(file)) loaded.set(file, loadFile(file).scenario);
  const scenario = structuredClone(loaded.get(file)!);
  scenario.sides[side][field] = v;
  return exactOdds(compileWarMachine(scenario)).win[who];
}

async function cli(args: string[], expectCode = 0) {
  const io = memoryIo();
  const code = await runCli(args, io);
  expect(code, io.stderr).toBe(expectCode);
  return io;
}

describe('seek: exact (war-machine)', () => {
  it('finds the crossing a brute-force scan finds, on the bisection path (100,000 values) and on the full scan', async () => {
    // Brute force: the first troops value in 1…2500 where A's exact win probability reaches 0.7.
    let brute = -1;
    for (let v = 1; v <= 2500 && brute < 0; v++) if (exactWin(ORCS, 0, 'troops', v) >= 0.7) brute = v;
    expect(brute).toBeGreaterThan(1);
    const wide = await seek(ORCS, { vary: 'sides[0].troops', target: 'win[0] >= 0.7' });
    expect(wide.method).toBe('exact');
    expect(wide.checked).not.toBe('every value');
    expect(wide.value).toBe(brute);
    expect(wide.at!.probability).toBeGreaterThanOrEqual(0.7);
    expect(wide.before!.value).toBe(brute - 1);
    expect(wide.before!.probability).toBeLessThan(0.7);
    const narrow = await seek(ORCS, {
      vary: 'sides[0].troops',
      target: 'win[0] >= 0.7',
      from: brute - 200,
      to: brute + 100,
    });
    expect(narrow.checked).toBe('every value');
    expect(narrow.value).toBe(brute);
    expect(narrow.monotone).toBe(true);
  });

  it('bisects bonus to the brute-force crossing, for >= and for <= on the other side, smallest and largest', async () => {
    for (const [target, who, largest] of [
      ['win[0] >= 0.9', 0, false],
      ['win[1] <= 0.25', 1, false],
      ['win[1] >= 0.5', 1, true],
    ] as const) {
      const holds = (p: number) =>
        target.includes('>=') ? p >= Number(target.split('>=')[1]) : p <= Number(target.split('<=')[1]);
      const values = Array.from({ length: 401 }, (_, k) => -200 + k);
      const order = largest ? [...values].reverse() : values;
      const brute = order.find((v) => holds(exactWin(ORCS, 0, 'bonus', v, who)));
      const r = await seek(ORCS, { vary: 'sides[0].bonus', target, from: -200, to: 200, largest, fullScanLimit: 10 });
      expect(r.checked).not.toBe('every value');
      expect(r.value, target).toBe(brute);
    }
  });

  it('says "not monotone" on a constructed battle, and never returns a wrong crossing', async () => {
    // Independently: A's win probability against A's troops rises and falls (officers diluted by troops).
    const ps = Array.from({ length: 700 - 70 + 1 }, (_, k) => exactWin(DILUTED, 0, 'troops', 70 + k));
    const rises = ps.some((p, i) => i > 0 && p > ps[i - 1] + 1e-12);
    const falls = ps.some((p, i) => i > 0 && p < ps[i - 1] - 1e-12);
    expect(rises && falls).toBe(true);
    const first = 70 + ps.findIndex((p) => p >= 0.8);
    // Every value checked: the true smallest value, flagged as not monotone.
    const all = await seek(DILUTED, {
      vary: 'sides[0].troops',
      target: 'win[0] >= 0.8',
      from: 70,
      to: 700,
      fullScanLimit: 5000,
    });
    expect(all.monotone).toBe(false);
    expect(all.note).toMatch(/^not monotone/);
    expect(all.value).toBe(first);
    // A sample only: no answer rather than a crossing bisection cannot vouch for.
    const sampled = await seek(DILUTED, {
      vary: 'sides[0].troops',
      target: 'win[0] >= 0.8',
      from: 70,
      to: 700,
      fullScanLimit: 100,
    });
    expect(sampled.monotone).toBe(false);
    expect(sampled.value).toBeNull();
    expect(sampled.note).toMatch(/^not monotone/);
  });

  it('an impossible target is one line, exit 2, naming the field, range, target and the best value', async () => {
    const io = await cli(
      ['seek', ORCS, '--vary', 'sides[0].troops', '--target', 'win[0] >= 0.9999', '--to', '5000'],
      2,
    );
    const best = Math.max(...[1, 1601, 2500, 5000].map((v) => exactWin(ORCS, 0, 'troops', v)));
    expect(io.stderr.trim().split('\n')).toHaveLength(1);
    expect(io.stderr).toMatch(
      /no value of sides\[0\]\.troops in 1…5000 reaches win\[0\] >= 0\.9999 \(best: 0\.\d{3} at \d+\)/,
    );
    expect(io.stderr).toContain(`best: ${best.toFixed(3)}`);
  });

  it('--json keeps the contract keys; bad targets are usage errors', async () => {
    const r = JSON.parse(
      (
        await cli([
          'seek',
          ORCS,
          '--vary',
          'sides[0].bonus',
          '--target',
          'win[0] >= 0.9',
          '--from',
          '-50',
          '--to',
          '150',
          '--json',
        ])
      ).stdout,
    );
    for (const k of ['vary', 'target', 'value', 'method', 'monotone', 'at', 'before']) expect(r).toHaveProperty(k);
    expect(r.vary).toBe('sides[0].bonus');
    expect(r.target).toBe('win[0] >= 0.9');
    expect(typeof r.value).toBe('number');
    expect(r.at.value).toBe(r.value);
    expect(r.before.value).toBe(r.value - 1);
    await cli(['seek', ORCS, '--vary', 'sides[0].bonus', '--target', 'win[2] >= 0.9'], 2);
    await cli(['seek', ORCS, '--vary', 'sides[0].bonus', '--target', 'fallenBy(3) >= 0.9'], 2);
    await cli(['seek', ORCS, '--vary', 'sides[0].bonus', '--target', 'win[0] >= 1.5'], 2);
    expect(() => parseTarget('held(5, "Duke Prime") > 0.5')).not.toThrow();
    expect(parseTarget("held(5, 'Duke Prime') > 0.5")).toMatchObject({
      measure: 'held',
      round: 5,
      location: 'Duke Prime',
      op: '>',
    });
  });
});

describe('seek: Monte Carlo (siege, cascade)', () => {
  it('siege: the largest food that still lets the fortress fall by week 20 with 20%; each value matches siege() run alone', async () => {
    const o = {
      vary: 'foodWeeks',
      target: 'fallenBy(20) >= 0.2',
      from: 0,
      to: 20,
      largest: true,
      trials: 40_000,
      threads: 1,
    };
    const r = await seek('examples/simple-siege.yaml', o);
    expect(r.method).toBe('monte-carlo');
    expect(r.monotone).toBe(true);
    expect(r.value).not.toBeNull();
    expect(r.at!.holds && r.at!.sure).toBe(true);
    expect(r.before!.value).toBe(r.value! + 1);
    expect(r.before!.holds).toBe(false);
    expect(r.before!.sure).toBe(true);
    // Common random numbers: each value's estimate is what `siege` gives alone with the same seed and trials.
    for (const p of [r.at!, r.before!]) {
      const { scenario } = loadFile('examples/simple-siege.yaml');
      scenario.foodWeeks = p.value;
      const alone = await siege(scenario, { trials: p.trials, threads: 1 });
      expect(p.probability).toBe(alone.fallenByWeek[19].probability);
    }
    // Same seed, same bytes, whatever the thread count.
    const two = await seek('examples/simple-siege.yaml', { ...o, threads: 2, engine: pooledEngine() });
    const strip = (x: typeof r) => JSON.stringify({ ...x, elapsedMs: 0, threads: 0 });
    expect(strip(two)).toBe(strip(r));
  }, 120_000);

  it('an answer left unsettled by the --max-trials cap advises raising --max-trials (not --trials)', async () => {
    const o = { vary: 'foodWeeks', target: 'fallenBy(20) >= 0.2', from: 0, to: 20, largest: true, threads: 1 };
    const capped = await seek('examples/simple-siege.yaml', { ...o, precision: 0.002, maxTrials: 2000 });
    expect(capped.at!.sure).toBe(false);
    expect(capped.note).toContain('within 2,000 trials (the --max-trials cap)');
    expect(capped.note).toContain('raise --max-trials');
    expect(capped.note).not.toContain('--trials ');
    expect(capped.note).not.toContain('called by the estimate');
    const fixed = await seek('examples/simple-siege.yaml', { ...o, trials: 2000 });
    expect(fixed.at!.sure).toBe(false);
    expect(fixed.note).toContain('raise --trials for a surer answer');
  }, 30_000);

  it('cascade: the militia that keeps the refinery held after 3 rounds with 90%', async () => {
    const r = await seek('examples/cascade-bob-john.yaml', {
      vary: 'locations[0].militia',
      target: 'held(3) >= 0.9',
      from: 0,
      to: 12,
      trials: 20_000,
      threads: 1,
    });
    expect(r.value).not.toBeNull();
    // The round as written (a validated cascade carries derived keys its schema does not take back).
    const written = parse(readFileSync('examples/cascade-bob-john.yaml', 'utf8')) as {
      kind: string;
      locations: { militia?: number }[];
    };
    for (const p of [r.at!, r.before!]) {
      written.locations[0].militia = p.value;
      const alone = await cascade(written, { rounds: 3, trials: p.trials, threads: 1 });
      expect(p.probability).toBe(alone.held!['Arrakis Spice Refinery'][2]);
    }
    expect(r.at!.probability).toBeGreaterThanOrEqual(0.9);
    expect(r.before!.probability).toBeLessThan(0.9);
  }, 120_000);
});
