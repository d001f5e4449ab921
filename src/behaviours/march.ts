/** What a march does in the toolkit (src/kinds/definition.ts): its exact chain and report, and sweep (exact at every point). */
import { analyseMarch, march, type MarchResult } from '../kinds/march/analysis.js';
import { runSettings } from '../engine/options.js';
import { meets, wrongMeasure } from '../toolkit/seek.js';
import type { MarchSweepPoint, SweepHooks } from '../toolkit/sweepSim.js';
import { editedAs } from '../toolkit/vary.js';
import { UsageError } from '../errors.js';
import type { KindBehaviour } from './behaviour.js';
import { parseMarch, type MarchScenario } from '../kinds/march/schema.js';

/** P(arrives), P(arrives and wins) and the odds on arrival at each point, by the exact chain (no dice: no common random numbers needed). */
const sweep: SweepHooks<MarchScenario> = {
  check(options, settings) {
    if (options.rounds !== undefined) throw new UsageError('--rounds: cascades only');
    if (settings.precision !== null)
      throw new UsageError('--precision: a march sweep is exact (the chain at every point)');
  },
  async point({ scenario, values }, options) {
    // Exact; a chain too large for it falls back to the kernel with the sweep's seed and trials (the point says so).
    const s = runSettings(options);
    const r = await analyseMarch(scenario, {
      method: 'exact',
      seed: s.seed,
      trials: s.trials,
      threads: s.threads,
      signal: options.signal,
      engine: options.engine,
    });
    const point: MarchSweepPoint = {
      values,
      trials: r.trials ?? 0,
      arrives: r.march.arrives,
      arriveAndWin: r.battle?.arriveAndWin ?? null,
      win: r.battle?.win ?? null,
      distanceMean: r.march.distance.mean,
    };
    return { point, threads: 0, interrupted: r.interrupted };
  },
  result(common, s, points) {
    const simulated = (points as MarchSweepPoint[]).some((p) => p.trials > 0);
    return {
      ...common,
      method: simulated ? 'monte-carlo' : 'exact',
      commonRandomNumbers: simulated,
      kind: 'march',
      schema: 'warcast/sweep/march@1',
      force: s.force.name,
      enemy: s.enemy?.name ?? null,
      points: points as MarchSweepPoint[],
    };
  },
};

export const marchCommands: KindBehaviour<MarchScenario, MarchResult> = {
  analyse: (file, options) => march(file, options),
  report: async (r, file) => (await import('../../reports/campaign.js')).marchReport(r, file),
  sources: async () => (await import('../../reports/campaign.js')).CAMPAIGN_SOURCES,
  edit: (scenario, source, path, value) => editedAs(scenario, source, path, value, parseMarch),
  sweep,
  seek(scenario, source, path, t, settings) {
    if (t.measure !== 'arrivedBy') throw wrongMeasure('march', t, 'arrivedBy(day)');
    return {
      method: 'exact',
      threads: () => 0,
      evaluate: async (value) => {
        const edited = editedAs(scenario, source, path, value, parseMarch);
        const r = await analyseMarch(edited, {
          method: 'exact',
          seed: settings.seed,
          trials: settings.trials,
          threads: settings.threads,
        });
        // Past the plan's last day the force is where it stopped: arrived by then or not at all.
        const days = r.march.perDay;
        const p = days.length === 0 ? 0 : days[Math.min(t.day, days.length) - 1].arrivedBy;
        if (r.method !== 'exact')
          throw new UsageError(
            `seek: the march at ${value} is too large for the exact chain (${r.note ?? 'Monte Carlo'}); seek needs it exact`,
          );
        return { value, probability: p, ci95: null, trials: 0, holds: meets(t, p), sure: true };
      },
    };
  },
};
