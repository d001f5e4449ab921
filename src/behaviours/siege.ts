/** What a siege does in the toolkit (src/kinds/definition.ts): its analysis and report, and sweep, seek, worth and compare by Monte Carlo. */
import { mean, probability, type CompareRow, bothPrecision } from '../toolkit/compare.js';
import { sequentialTest, wrongMeasure } from '../toolkit/seek.js';
import { siege, type SiegeResult } from '../kinds/siege/analysis.js';
import { chunkRecorder, probabilityChange, type SiegeSweepPoint, type SweepHooks } from '../toolkit/sweepSim.js';
import type { ChunkSums } from '../stats/batches.js';
import { editedAs } from '../toolkit/vary.js';
import { UsageError } from '../errors.js';
import type { KindBehaviour } from './behaviour.js';
import { siegeKind } from '../kinds/siege/kind.js';
import { siegeAccumulator } from '../kinds/siege/accumulator.js';
import { SIEGE_CHUNK, siegeLayout, SUM } from '../kinds/siege/kernel.js';
import { loadKind } from '../kinds/load.js';
import { bernoulliSd, pairedDifference } from '../stats/batches.js';
import { compileSiege } from '../kinds/siege/plan.js';
import { parseSiege, type SiegeScenario } from '../kinds/siege/schema.js';
import { siegeWorth } from '../kinds/siege/worth.js';

/** P(fallen by week w), P(held through it), weeks to fall and losses at each point. */
const sweep: SweepHooks<SiegeScenario> = {
  check(options, settings) {
    if (settings.exact)
      throw new UsageError('--exact: sieges and cascades have no exact odds (their sweep is Monte Carlo)');
    if (options.rounds !== undefined) throw new UsageError('--rounds: cascades only');
  },
  async point({ scenario, document, values }, options) {
    const recorder = chunkRecorder(options);
    const r = await siege(document, recorder ? { ...options, engine: recorder } : options);
    if (r.trials === 0) return { point: null, threads: r.threads, interrupted: r.interrupted };
    const f = r.weeksToFall;
    const median = 'p50' in f ? (f as { p50: number }).p50 : null;
    const point: SiegeSweepPoint = {
      values,
      trials: r.trials,
      fallen: f.probability,
      fallenCi95: f.ci95,
      held: 1 - f.probability,
      heldCi95: [1 - f.ci95[1], 1 - f.ci95[0]],
      weeksToFallMean: f.mean,
      weeksToFallMedian: median,
      weeksToFallSd: 'sd' in f ? (f as { sd: number }).sd : null,
      meanWeeks: r.meanWeeks,
      meanWeeksSd: r.weeksSd,
      attackerDeadMean: r.casualties.attacker.dead.mean,
      defenderDeadMean: r.casualties.defender.dead.mean,
      attackerDeadSd: r.casualties.attacker.dead.sd,
      defenderDeadSd: r.casualties.defender.dead.sd,
    };
    // Each chunk's sieges held, for the paired changes between points.
    const read = recorder && siegeAccumulator(compileSiege(scenario).plan);
    const sums =
      recorder && read ? { held: recorder.sums((acc, n) => n - read.fallenBy(acc, scenario.weekLimit)) } : undefined;
    const precision =
      r.precisionReached === undefined
        ? undefined
        : { reached: r.precisionReached, halfWidth: r.precisionHalfWidth ?? 0 };
    return { point, threads: r.threads, interrupted: r.interrupted, precision, sums };
  },
  result(common, s, points, _options, sums) {
    const ps = points as SiegeSweepPoint[];
    const one = common.axes.length === 1 && ps.length > 1;
    const at = (p: SiegeSweepPoint) => ({ value: p.values[0], p: p.held, trials: p.trials, sums: sums(p, 'held') });
    ps.forEach((p, i) => (p.heldChange = one && i > 0 ? probabilityChange(at(ps[i - 1]), at(p)) : null));
    return {
      ...common,
      kind: 'siege',
      schema: 'warcast/sweep/siege@1',
      sides: [s.attacker.name, s.defender.name],
      weekLimit: s.weekLimit,
      points: ps,
      heldChangeOverall: one ? probabilityChange(at(ps[0]), at(ps[ps.length - 1])) : null,
    };
  },
};

export const siegeCommands: KindBehaviour<SiegeScenario, SiegeResult> = {
  analyse: (file, options) => siege(file, options),
  report: async (r, file) => (await import('../../reports/siege.js')).siegeReport(r, file),
  sources: async () => (await import('../../reports/siege.js')).SIEGE_SOURCES,
  edit: (scenario, source, path, value) => editedAs(scenario, source, path, value, parseSiege),
  staged: true,
  chunkTrials: SIEGE_CHUNK,
  sweep,
  seek(scenario, source, path, t, settings, options) {
    if (t.measure !== 'fallenBy') throw wrongMeasure('siege', t, 'fallenBy(week)');
    const { test, threads } = sequentialTest('siege', siegeKind.kernel, 'sieges', t, settings, options);
    return {
      method: 'monte-carlo',
      threads,
      evaluate: async (value) => {
        const edited = editedAs(scenario, source, path, value, parseSiege);
        if (t.week > edited.weekLimit)
          throw new UsageError(`--target: fallenBy(${t.week}) is past the scenario's weekLimit (${edited.weekLimit})`);
        const c = compileSiege(edited);
        const read = siegeAccumulator(c.plan);
        return test(value, c.plan, (acc) => read.fallenBy(acc, t.week));
      },
    };
  },
  worth: siegeWorth,
  async compare(fileA, fileB, options) {
    // Each run's chunks are kept, so every difference is paired chunk by chunk (the same seed: the same dice).
    const recorders = [chunkRecorder(options), chunkRecorder(options)];
    const runs = [fileA, fileB].map(async (file, i) => {
      const r = await siege(file, recorders[i] ? { ...options, engine: recorders[i]! } : options);
      const { scenario } = await loadKind(file, 'siege');
      const plan = compileSiege(scenario).plan;
      const read = siegeAccumulator(plan);
      const sums = siegeLayout(plan).sums;
      const rec = recorders[i];
      const chunks = (f: (acc: Float64Array) => number) => rec?.sums(f);
      return {
        r,
        fallen: chunks((acc) => read.fallenBy(acc, scenario.weekLimit)),
        attackerDead: chunks((acc) => acc[sums + SUM.attackerDead]),
        defenderDead: chunks((acc) => acc[sums + SUM.defenderDead]),
      };
    });
    const [x, y] = [await runs[0], await runs[1]];
    const [a, b] = [x.r, y.r];
    const trials: [number, number] = [a.trials, b.trials];
    const pair = (ca?: ChunkSums, cb?: ChunkSums, sd?: (m: number, run: 'a' | 'b') => number) =>
      ca && cb ? pairedDifference(ca, cb, (m, run) => (sd ? sd(m, run) : NaN)) : undefined;
    // Each run's casualty SD (from its sums of squares) for the bound with too few chunks to pair.
    const sdOf = (side: 'attacker' | 'defender') => (_: number, run: 'a' | 'b') =>
      (run === 'a' ? a : b).casualties[side].dead.sd;
    const rows: CompareRow[] = [];
    rows.push(
      probability(
        'fallen within the week limit',
        a.weeksToFall.probability,
        b.weeksToFall.probability,
        trials,
        false,
        pair(x.fallen, y.fallen, bernoulliSd),
      ),
    );
    if (a.weeksToFall.mean !== null && b.weeksToFall.mean !== null) {
      // A mean over the sieges that fell: each run's SD over its fallen sieges, the runs treated as independent
      // (a ratio of two counts does not pair by chunks; the shared dice only make the interval wider than needed).
      const fell = (r: SiegeResult) => ({
        mean: r.weeksToFall.mean!,
        sd: 'sd' in r.weeksToFall ? (r.weeksToFall as { sd: number }).sd : undefined,
      });
      const fallen = (r: SiegeResult) => Math.round(r.weeksToFall.probability * r.trials);
      rows.push(mean('weeks to fall (sieges that fell, mean)', 'weeks', fell(a), fell(b), [fallen(a), fallen(b)]));
    }
    rows.push(
      mean(
        'attacker dead (mean)',
        'troops',
        a.casualties.attacker.dead,
        b.casualties.attacker.dead,
        trials,
        pair(x.attackerDead, y.attackerDead, sdOf('attacker')),
      ),
    );
    rows.push(
      mean(
        'defender dead (mean)',
        'troops',
        a.casualties.defender.dead,
        b.casualties.defender.dead,
        trials,
        pair(x.defenderDead, y.defenderDead, sdOf('defender')),
      ),
    );
    return { seed: a.seed, trials, rows, precision: bothPrecision(a, b) };
  },
};
