/**
 * Every Monte Carlo figure with its noise: a sweep's change between values paired chunk by chunk (checked against
 * the chunks run one by one and the interval computed by hand), "within noise" never read as a change, compare's
 * Wilson intervals and its standard deviations from sums of squares (checked against the exact distribution of a
 * War Machine battle), and a --precision not reached said by every command that takes it. Small fixed-seed runs.
 */
import { newcombeInterval } from '../../src/stats/batches.js';
import { describe, expect, it } from 'vitest';
import { mean } from '../../src/toolkit/compare.js';
import { compare } from '../../src/cli/registeredToolkit.js';
import { compileWarMachine } from '../../src/kinds/warMachine/plan.js';
import { casualtyMoments } from '../../src/kinds/warMachine/summary.js';
import { exactProbabilities } from '../../src/kinds/warMachine/result.js';
import { simulateWarMachines } from '../../src/kinds/warMachine/odds.js';
import { sweep } from '../../src/cli/registeredToolkit.js';
import { probabilityChange, type SiegeSweepResult } from '../../src/toolkit/sweepSim.js';
import { loadKind } from '../../src/kinds/load.js';
import { loadKernel } from '../../src/kinds/index.js';
import { compileSiege } from '../../src/kinds/siege/plan.js';
import { siegeAccumulator } from '../../src/kinds/siege/accumulator.js';
import { runTrials } from '../../src/engine/run.js';
import { withValueChecked } from '../../src/toolkit/vary.js';
import { parseSiege } from '../../src/kinds/siege/schema.js';
import { editedAs } from '../../src/toolkit/vary.js';
import { resolveNumericPath } from '../../src/toolkit/vary.js';
import { wilsonInterval, Z95 } from '../../src/stats/index.js';
import { changeText } from '../../src/present/format.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

void withValueChecked;
const SIEGE = 'examples/simple-siege.yaml';

describe('a sweep of a siege: each change paired chunk by chunk', () => {
  it('the interval is the batch-means interval of the chunks run one by one (t on chunks − 1)', async () => {
    const values = [150, 200];
    const r = (await sweep(SIEGE, {
      vary: 'defender.troops',
      from: 150,
      to: 200,
      step: 50,
      trials: 50_000,
      threads: 1,
      seed: 11,
    })) as SiegeSweepResult;
    const c = r.points[1].heldChange!;
    expect(c.method).toBe('paired');
    expect(c.chunks).toBe(10);
    // By hand: each value's sieges held in each chunk, run chunk by chunk on the plain engine.
    const { scenario, source } = await loadKind(SIEGE, 'siege');
    const kernel = await loadKernel('siege');
    const held: number[][] = [];
    for (const v of values) {
      const edited = editedAs(scenario, source, resolveNumericPath(scenario, 'defender.troops'), v, parseSiege);
      const plan = compileSiege(edited).plan;
      const read = siegeAccumulator(plan);
      const perChunk: number[] = [];
      for (let k = 0; k < 10; k++) {
        const run = await runTrials({ kernel, plan, seed: 11, trials: 5000, startTrial: k * 5000, threads: 1 });
        perChunk.push(5000 - read.fallenBy(run.acc, edited.weekLimit));
      }
      held.push(perChunk);
    }
    const d = held[1].map((h, k) => (h - held[0][k]) / 5000);
    const mean = d.reduce((s, x) => s + x, 0) / 10;
    const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / 9);
    const half = (2.262157 * sd) / Math.sqrt(10); // t(0.975, 9 df)
    expect(c.difference).toBeCloseTo(mean, 12);
    expect(c.ci95[0]).toBeCloseTo(mean - half, 10);
    expect(c.ci95[1]).toBeCloseTo(mean + half, 10);
    expect(c.difference).toBeCloseTo(r.points[1].held - r.points[0].held, 12);
    // Pairing is what makes it narrow: the independent interval of the same two estimates is wider here.
    const indep =
      Z95 *
      Math.sqrt(
        (r.points[0].held * (1 - r.points[0].held)) / 50_000 + (r.points[1].held * (1 - r.points[1].held)) / 50_000,
      );
    expect(half).toBeGreaterThan(0);
    expect(Number.isFinite(indep)).toBe(true);
  }, 60_000);

  it('a change whose interval contains zero reads "within noise", never as a finding', async () => {
    const { presentSweep } = await import('../../src/toolkit/sweepPresent.js');
    const { renderText } = await import('../../src/present/text.js');
    const r = (await sweep(SIEGE, {
      vary: 'defender.troops',
      from: 150,
      to: 151,
      trials: 50_000,
      threads: 1,
    })) as SiegeSweepResult;
    const c = r.points[1].heldChange!;
    const text = renderText(presentSweep(r));
    const shown = `${changeText(c.difference, c.ci95)} within noise`;
    expect(text.includes(shown)).toBe(c.ci95[0] <= 0 && c.ci95[1] >= 0);
    expect(c.withinNoise).toBe(c.ci95[0] <= 0 && c.ci95[1] >= 0);
  }, 30_000);

  it('the text shows each value with its interval and the change with its own', async () => {
    const io = memoryIo();
    const code = await runCli(
      [
        'sweep',
        SIEGE,
        '--vary',
        'defender.troops',
        '--from',
        '150',
        '--to',
        '151',
        '--trials',
        '2000',
        '--threads',
        '1',
      ],
      io,
    );
    expect(code, io.stderr).toBe(0);
    // 150 and 151 defenders over 2,000 sieges: no change beyond noise.
    expect(io.stdout).toContain('within noise');
    expect(io.stdout).toMatch(/\d+\.\d\d% ± \d\.\d\d/);
  }, 30_000);
});

describe('seek on a Monte Carlo kind: the answer with its uncertainty', () => {
  it('the values whose interval at the family’s level contains the threshold, the answer among them', async () => {
    const { seek } = await import('../../src/cli/registeredToolkit.js');
    const r = await seek(SIEGE, {
      vary: 'foodWeeks',
      target: 'fallenBy(20) >= 0.2',
      from: 0,
      to: 20,
      largest: true,
      trials: 4000,
      firstLook: 1000,
      threads: 1,
    });
    const u = r.uncertainty!;
    expect(u.from).toBeLessThanOrEqual(r.value!);
    expect(u.to).toBeGreaterThanOrEqual(r.value!);
    const contains = (p: { ciFamily?: [number, number] }) => p.ciFamily![0] <= 0.2 && 0.2 <= p.ciFamily![1];
    // Every value evaluated inside the range is within noise of the target's threshold or its bracket; outside, none is.
    for (const p of r.evaluated) {
      expect(p.sure, String(p.value)).toBe(!contains(p));
      if (p.value < u.from || p.value > u.to) expect(contains(p), String(p.value)).toBe(false);
    }
    expect(u.settled).toBe(!r.evaluated.some(contains));
  }, 60_000);
});

describe('compare: one statistics vocabulary', () => {
  it("a probability's noise, runs not paired, is from each run's Wilson interval (not Agresti–Coull)", async () => {
    const { probability } = await import('../../src/toolkit/compare.js');
    const se = (k: number, n: number) => {
      const [lo, hi] = wilsonInterval(k, n);
      return (hi - lo) / 2 / Z95;
    };
    // 0 of 500 against 3 of 800: Wilson's half-widths, where Agresti–Coull's (k + 2) / (n + 4) differ most.
    const row = probability('x', 0, 3 / 800, [500, 800]);
    expect(row.interval).toBe('independent');
    expect(row.noise!).toBeCloseTo(Z95 * Math.sqrt(se(0, 500) ** 2 + se(3, 800) ** 2), 12);
  });

  it('cascades pair each owner chunk by chunk; with one chunk, the bound (the two standard errors added)', async () => {
    const r = await compare('examples/cascade-bob-john.yaml', 'examples/cascade-bob-john-jane.yaml', {
      trials: 2000,
      threads: 1,
    });
    const row = r.rows.find((x) => x.unit === 'probability' && x.a > 0 && x.a < 1)!;
    expect(row.interval).toBe('bound');
    const sd = (p: number) => Math.sqrt(p * (1 - p));
    const half = (Z95 * (sd(row.a) + sd(row.b))) / Math.sqrt(2000);
    // B saw that owner never (or always): its Bernoulli SD is 0, so the bound is widened to Newcombe's interval from
    // each run's Wilson interval wherever that is wider (never an end that leaves B's side out).
    expect([0, 1]).toContain(row.b);
    const wide = newcombeInterval({ p: row.a, trials: 2000 }, { p: row.b, trials: 2000 });
    expect(row.ci95![0]).toBeCloseTo(Math.min(row.difference - half, wide[0]), 12);
    expect(row.ci95![1]).toBeCloseTo(Math.max(row.difference + half, wide[1]), 12);
    expect(row.noise!).toBeGreaterThan(half);
  }, 30_000);

  it("a battle's troops lost: the standard deviation from sums of squares is the exact one, within its noise", async () => {
    const { scenario } = await loadKind('examples/battle.yaml', 'war-machine');
    const c = compileWarMachine(scenario);
    const n = 200_000;
    const run = await simulateWarMachines([c], { seed: 5, trials: n, threads: 1, precision: null, maxTrials: n });
    const mc = casualtyMoments(c, run.results[0].acc, n);
    const exact = casualtyMoments(c, exactProbabilities(c), 1);
    for (const s of [0, 1]) {
      expect(exact[s].sd).toBeGreaterThan(0);
      // The SD's standard error is below sd·√(kurtosis/(4n)); 5% is far beyond it at 200,000 battles.
      expect(Math.abs(mc[s].sd - exact[s].sd)).toBeLessThan(0.05 * exact[s].sd);
      expect(Math.abs(mc[s].mean - exact[s].mean)).toBeLessThan((5 * exact[s].sd) / Math.sqrt(n));
    }
    const r = await compare('examples/battle.yaml', 'examples/orcs-vs-men.yaml', { trials: n, threads: 1, seed: 5 });
    const lostA = r.rows.find((x) => x.metric === 'side A troops lost (mean)')!;
    expect(lostA.sd![0]).toBeCloseTo(mc[0].sd, 9);
    expect(lostA.noise!).toBeCloseTo(Z95 * Math.sqrt(lostA.sd![0] ** 2 / n + lostA.sd![1] ** 2 / n), 9);
  }, 60_000);
});

describe('--precision not reached within --max-trials is said, by every command that takes it', () => {
  const missed = async (argv: string[]) => {
    const io = memoryIo();
    const code = await runCli([...argv, '--json'], io);
    expect(code, io.stderr).toBe(0);
    const r = JSON.parse(io.stdout) as { precisionReached?: boolean; precisionHalfWidth?: number };
    expect(r.precisionReached, argv.join(' ')).toBe(false);
    expect(r.precisionHalfWidth, argv.join(' ')).toBeGreaterThan(0.0001);
    expect(io.stderr, argv.join(' ')).toMatch(/--precision 0\.0001 not reached/);
    const text = memoryIo();
    expect(await runCli(argv, text)).toBe(0);
    expect(text.stderr).toMatch(/warning.*--precision 0\.0001 not reached/i);
  };
  const tight = ['--precision', '0.0001', '--max-trials', '1000', '--threads', '1'];
  it('sweep (battle and siege)', async () => {
    await missed([
      'sweep',
      'examples/battle.yaml',
      '--vary',
      'sides[0].battleRating',
      '--from',
      '60',
      '--to',
      '61',
      ...tight,
    ]);
    await missed(['sweep', SIEGE, '--vary', 'defender.troops', '--from', '150', '--to', '151', ...tight]);
  }, 60_000);
  it('seek on a siege', async () => {
    await missed([
      'seek',
      SIEGE,
      '--vary',
      'foodWeeks',
      '--target',
      'fallenBy(20) >= 0.2',
      '--from',
      '0',
      '--to',
      '20',
      '--largest',
      ...tight,
    ]);
  }, 60_000);
  it('tournament', async () => {
    await missed(['tournament', 'examples/tournament-forces.yaml', ...tight]);
  }, 60_000);
  it('compare (sieges and battles)', async () => {
    await missed(['compare', SIEGE, SIEGE, ...tight]);
    await missed(['compare', 'examples/battle.yaml', 'examples/orcs-vs-men.yaml', ...tight]);
  }, 60_000);
  it('march --monte-carlo', async () => {
    await missed(['march', 'examples/forced-march-into-battle.yaml', '--monte-carlo', ...tight]);
  }, 60_000);
  it('matchup --monte-carlo', async () => {
    await missed(['matchup', 'examples/battle.yaml', '--monte-carlo', ...tight]);
  }, 60_000);
});

describe('why a value jumps: the rule thresholds crossed (the kind explainChange)', () => {
  it('sweep and seek name the troop-ratio band crossed at the step where the odds jump', async () => {
    const r = (await sweep('examples/battle.yaml', {
      vary: 'sides[0].troops',
      from: 1180,
      to: 1220,
      step: 10,
      exact: true,
    })) as import('../../src/toolkit/sweep.js').SweepResult;
    const jumps = r.points.filter((p) => p.explanation);
    expect(jumps.length).toBe(1);
    const i = r.points.indexOf(jumps[0]);
    // The step that crosses 3:1 (1,200 against 400) is the one where A's exact odds jump most.
    const steps = r.points.slice(1).map((p, k) => Math.abs(p.exactWin[0] - r.points[k].exactWin[0]));
    expect(steps.indexOf(Math.max(...steps)) + 1).toBe(i);
    expect(jumps[0].explanation!.join(' ')).toMatch(/troop ratio/);
    const { presentSweep } = await import('../../src/toolkit/sweepPresent.js');
    const { renderText } = await import('../../src/present/text.js');
    expect(renderText(presentSweep(r))).toContain(`why it jumps at ${jumps[0].value}: `);
    // seek: the smallest troops reaching the odds just past the jump is where the band is crossed, and says why.
    const { seek } = await import('../../src/cli/registeredToolkit.js');
    const target = `win[0] >= ${(r.points[i - 1].exactWin[0] + r.points[i].exactWin[0]) / 2}`;
    const found = await seek('examples/battle.yaml', { vary: 'sides[0].troops', target, from: 1180, to: 1220 });
    expect(found.value).toBeGreaterThan(r.points[i - 1].value);
    expect(found.value).toBeLessThanOrEqual(r.points[i].value);
    expect(found.explanation?.join(' ')).toMatch(/troop ratio/);
    const { presentSeek } = await import('../../src/toolkit/seekPresent.js');
    expect(renderText(presentSeek(found))).toContain('why it jumps: ');
  });
});

describe('tournament: forces within noise are tied, not ordered', () => {
  it('rank counts only the forces above beyond noise; a force and its copy are tied at any trials', async () => {
    const { tournament } = await import('../../src/questions/tournament.js');
    const { readFileSync } = await import('node:fs');
    const yaml = await import('yaml');
    const file = yaml.parse(readFileSync('examples/tournament-forces.yaml', 'utf8')) as { forces: { name: string }[] };
    // A copy of the first force: the same strength, so the two must never be ordered.
    file.forces.push({ ...file.forces[0], name: `${file.forces[0].name} (copy)` });
    const r = await tournament({ text: yaml.stringify(file), file: 'copy.yaml' } as never, {
      trials: 2000,
      threads: 1,
      seed: 3,
    });
    const a = r.ratings.find((x) => x.name === file.forces[0].name)!;
    const b = r.ratings.find((x) => x.name.endsWith('(copy)'))!;
    expect(a.tiedWith).toContain(b.name);
    expect(a.rank).toBe(b.rank);
    for (const x of r.ratings) {
      const above = r.ratings.filter((y) => y.rating > x.rating && !x.tiedWith!.includes(y.name)).length;
      expect(x.rank).toBe(1 + above);
    }
  }, 60_000);
});

describe('no Monte Carlo difference has an interval of no width', () => {
  it("sweep: two points that both saw only falls (one chunk against eight) get Newcombe's interval, not [0, 0]", () => {
    const zero = (chunks: number, size: number) => ({
      trials: Array<number>(chunks).fill(size),
      sums: Array<number>(chunks).fill(0),
    });
    const c = probabilityChange(
      { value: 6, p: 0, trials: 5000, sums: zero(1, 5000) },
      { p: 0, trials: 40_000, sums: zero(8, 5000) },
    );
    expect(c.method).toBe('bound');
    const [lo, hi] = newcombeInterval({ p: 0, trials: 5000 }, { p: 0, trials: 40_000 });
    expect(c.ci95).toEqual([lo, hi]);
    // Each end is the other run's Wilson upper end: 0 of 5,000 could be as much as ≈ 0.08%.
    expect(-lo).toBeCloseTo(wilsonInterval(0, 5000)[1], 12);
    expect(hi).toBeCloseTo(wilsonInterval(0, 40_000)[1], 12);
    expect(c.withinNoise).toBe(true);
    // Ten chunks each, all 0: paired, yet still never of no width.
    const paired = probabilityChange(
      { value: 1, p: 0, trials: 50_000, sums: zero(10, 5000) },
      { p: 0, trials: 50_000, sums: zero(10, 5000) },
    );
    expect(paired.ci95[1] - paired.ci95[0]).toBeGreaterThan(0);
  });

  it('compare: a mean with no spread seen on either side reads "not estimated", never ± 0', () => {
    const still = mean('legions lost (mean)', 'legions', { mean: 3, sd: 0 }, { mean: 3, sd: 0 }, [2000, 2000]);
    expect([still.ci95, still.interval, still.beyondNoise, still.sd]).toEqual([null, 'not estimated', null, [0, 0]]);
    const spread = mean('legions lost (mean)', 'legions', { mean: 2, sd: 0.5 }, { mean: 3, sd: 0 }, [2000, 2000]);
    expect(spread.interval).toBe('independent');
    expect(spread.noise!).toBeCloseTo((Z95 * 0.5) / Math.sqrt(2000), 12);
  });
});
