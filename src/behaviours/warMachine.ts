/** What a War Machine battle does in the toolkit (src/kinds/definition.ts): odds, its report, and exact sweep, seek, worth and compare. */
import { probability, mean, type CompareRow, bothPrecision } from '../toolkit/compare.js';
import { exactOdds, odds, simulateWarMachines, type OddsResult } from '../kinds/warMachine/odds.js';
import { runSettings, type RunOptions } from '../engine/options.js';
import { loadKind, type ScenarioInput } from '../kinds/load.js';
import { casualtyMoments } from '../kinds/warMachine/summary.js';
import { meets, wrongMeasure, type SeekEvaluator } from '../toolkit/seek.js';
import { battleSweep } from '../toolkit/sweep.js';
import type { BattleGridPoint, SweepHooks } from '../toolkit/sweepSim.js';
import { withValueChecked } from '../toolkit/vary.js';
import { warMachineWorth } from '../kinds/warMachine/worth.js';
import { explainWarMachineChange } from '../kinds/warMachine/explainChange.js';
import { UsageError } from '../errors.js';
import { validate, type PathSegment, type ScenarioSource } from '../scenario/source.js';
import type { KindBehaviour } from './behaviour.js';
import { compileWarMachine } from '../kinds/warMachine/plan.js';
import { checkWarMachine, warMachineSchema, type WarMachineScenario } from '../kinds/warMachine/schema.js';

function edit(s: WarMachineScenario, source: ScenarioSource, path: PathSegment[], value: number): WarMachineScenario {
  return withValueChecked(s, source, path, value, (copy) =>
    checkWarMachine(source, validate(source, warMachineSchema, copy)),
  );
}

/** One field: the exact-odds sweep with its Monte Carlo (`battleSweep`); two fields: a grid of exact odds. */
const sweep: SweepHooks<WarMachineScenario> = {
  single: battleSweep,
  check(options) {
    if (options.rounds !== undefined) throw new UsageError('--rounds: cascades only');
  },
  async point({ scenario, values }) {
    const c = compileWarMachine(scenario);
    const e = exactOdds(c);
    const point: BattleGridPoint = {
      values,
      trials: 0,
      win: e.win,
      casualties: [e.casualties[0].mean, e.casualties[1].mean],
      modifiedBattleRating: [c.ratings[0].modifiedBattleRating, c.ratings[1].modifiedBattleRating],
    };
    return { point, threads: 0, interrupted: false };
  },
  result(common, s, points) {
    return {
      ...common,
      method: 'exact',
      commonRandomNumbers: false,
      kind: 'war-machine',
      schema: 'warcast/sweep/war-machine@1',
      sides: [s.sides[0].name, s.sides[1].name],
      points: points as BattleGridPoint[],
    };
  },
};

/** Each battle's Monte Carlo troops lost (mean, standard deviation) from its outcome counts; null under --exact. */
async function casualtyMomentsOf(files: ScenarioInput[], options: RunOptions) {
  const settings = runSettings(options);
  if (settings.exact) return files.map(() => null);
  const compiled = await Promise.all(
    files.map(async (f) => compileWarMachine((await loadKind(f, 'war-machine')).scenario)),
  );
  const run = await simulateWarMachines(compiled, settings, options);
  return run.results.map((r, i) => casualtyMoments(compiled[i], r.acc, Math.max(1, r.trials)));
}

export const warMachineCommands: KindBehaviour<WarMachineScenario, OddsResult> = {
  analyse: (file, options) => odds(file, options),
  report: async (r, file) => (await import('../../reports/warMachine.js')).oddsReport(r, file),
  sources: async () => (await import('../../reports/warMachine.js')).WAR_MACHINE_SOURCES,
  edit,
  sweep,
  seek(scenario, source, path, t): SeekEvaluator {
    if (t.measure !== 'win') throw wrongMeasure('war-machine', t, 'win[0] and win[1]');
    return {
      method: 'exact',
      threads: () => 0,
      evaluate: async (value) => {
        const c = compileWarMachine(edit(scenario, source, path, value));
        const e = exactOdds(c);
        const p = e.win[t.side];
        return {
          value,
          probability: p,
          ci95: null,
          trials: 0,
          holds: meets(t, p),
          sure: true,
          win: e.win,
          modifiedBattleRating: [c.ratings[0].modifiedBattleRating, c.ratings[1].modifiedBattleRating],
        };
      },
    };
  },
  worth: warMachineWorth,
  explainChange: explainWarMachineChange,
  async compare(fileA, fileB, options) {
    const [a, b] = [await odds(fileA, options), await odds(fileB, options)];
    const trials: [number, number] = [a.trials, b.trials];
    const rows: CompareRow[] = [];
    for (const s of [0, 1] as const)
      rows.push(
        probability(`side ${s === 0 ? 'A' : 'B'} wins (exact)`, a.exact!.win[s], b.exact!.win[s], trials, true),
      );
    // Troops lost: each run's mean and standard deviation from the sums of squares over its outcome counts (the
    // same seed and battles as odds ran, so the same counts).
    const moments = await casualtyMomentsOf([fileA, fileB], options);
    for (const s of [0, 1] as const)
      rows.push(
        mean(
          `side ${s === 0 ? 'A' : 'B'} troops lost (mean)`,
          'troops',
          { mean: a.casualties[s].mean, sd: moments[0]?.[s].sd },
          { mean: b.casualties[s].mean, sd: moments[1]?.[s].sd },
          trials,
        ),
      );
    if (a.engagement && b.engagement)
      for (const s of [0, 1] as const)
        rows.push(
          probability(
            `side ${s === 0 ? 'A' : 'B'} wins the pursuit's last battle`,
            a.engagement.lastBattleWon[s],
            b.engagement.lastBattleWon[s],
            [a.engagement.trials, b.engagement.trials],
          ),
        );
    return { seed: a.seed, trials, rows, precision: bothPrecision(a, b) };
  },
};
