/** What a seizure cascade does in the toolkit (src/kinds/definition.ts): its analysis and report, and sweep, seek, worth and compare by Monte Carlo. */
import { cascade, type CascadeResult } from '../kinds/cascade/analysis.js';
import { mean, probability, type CompareRow, bothPrecision } from '../toolkit/compare.js';
import { sequentialTest, wrongMeasure } from '../toolkit/seek.js';
import {
  chunkRecorder,
  probabilityChange,
  type CascadePoint,
  type PointChange,
  type SweepHooks,
} from '../toolkit/sweepSim.js';
import { bernoulliSd, pairedDifference, type ChunkSums } from '../stats/batches.js';
import { loadKind } from '../kinds/load.js';
import { editedAs } from '../toolkit/vary.js';
import { UsageError } from '../errors.js';
import { wilsonInterval, Z95 } from '../stats/index.js';
import type { KindBehaviour } from './behaviour.js';
import { cascadeKind } from '../kinds/cascade/kind.js';
import { cascadeAccumulator } from '../kinds/cascade/accumulator.js';
import { CASCADE_CHUNK } from '../kinds/cascade/kernel.js';
import { compileCascade } from '../kinds/cascade/plan.js';
import { parseCascade, type CascadeScenario } from '../kinds/cascade/schema.js';
import { cascadeWorth } from '../kinds/cascade/worth.js';

/** P(each location still held by its owner after the last round) and legions lost at each point. */
const sweep: SweepHooks<CascadeScenario> = {
  check(_options, settings) {
    if (settings.exact)
      throw new UsageError('--exact: sieges and cascades have no exact odds (their sweep is Monte Carlo)');
  },
  async point({ scenario, document, values }, options) {
    const rounds = options.rounds ?? 1;
    const recorder = chunkRecorder(options);
    const r = await cascade(document, {
      ...options,
      rounds: options.rounds,
      ...(recorder ? { engine: recorder } : {}),
    });
    if (r.trials === 0 || !r.held) return { point: null, threads: r.threads, interrupted: r.interrupted };
    const held: Record<string, number> = {};
    const heldCi95: Record<string, [number, number]> = {};
    for (const l of scenario.locations.map((x) => x.name)) {
      const p = r.held[l]?.[rounds - 1] ?? 0;
      held[l] = p;
      heldCi95[l] = wilsonInterval(Math.round(p * r.trials), r.trials, Z95);
    }
    const point: CascadePoint = {
      values,
      trials: r.trials,
      held,
      heldCi95,
      legionsLostMean: Object.fromEntries(Object.entries(r.legionsLost ?? {}).map(([k, v]) => [k, v.mean])),
      legionsLostSd: Object.fromEntries(Object.entries(r.legionsLost ?? {}).map(([k, v]) => [k, v.sd])),
    };
    // Each location's runs held after the last round, chunk by chunk, for the paired changes between points; read
    // off the model the analysis ran (cascade(): NPC attacks on, the rounds asked for).
    let sums: Record<string, ChunkSums> | undefined;
    if (recorder) {
      const read = cascadeAccumulator(compileCascade(scenario, { npc: true, rounds: options.rounds ?? null }));
      sums = Object.fromEntries(
        scenario.locations.map((x, l) => [x.name, recorder.sums((acc) => read.held(acc, rounds, l))] as const),
      );
    }
    const precision =
      r.precisionReached === undefined
        ? undefined
        : { reached: r.precisionReached, halfWidth: r.precisionHalfWidth ?? 0 };
    return { point, threads: r.threads, interrupted: r.interrupted, precision, sums };
  },
  result(common, c, points, options, sums) {
    const cascadePoints = points as CascadePoint[];
    const one = common.axes.length === 1 && cascadePoints.length > 1;
    const changes = (a: CascadePoint, b: CascadePoint): Record<string, PointChange> =>
      Object.fromEntries(
        c.locations.map((x) => {
          const at = (p: CascadePoint) => ({
            value: p.values[0],
            p: p.held[x.name],
            trials: p.trials,
            sums: sums(p, x.name),
          });
          return [x.name, probabilityChange(at(a), at(b))] as const;
        }),
      );
    cascadePoints.forEach((p, i) => (p.heldChange = one && i > 0 ? changes(cascadePoints[i - 1], p) : null));
    const players = [...new Set(cascadePoints.flatMap((p) => Object.keys(p.legionsLostMean)))];
    return {
      ...common,
      kind: 'cascade',
      schema: 'warcast/sweep/cascade@1',
      rounds: options.rounds ?? 1,
      locations: c.locations.map((l) => l.name),
      players,
      points: cascadePoints,
      heldChangeOverall: one ? changes(cascadePoints[0], cascadePoints[cascadePoints.length - 1]) : null,
    };
  },
};

export const cascadeCommands: KindBehaviour<CascadeScenario, CascadeResult> = {
  analyse: (file, options) => cascade(file, options),
  report: async (r, file) => (await import('../../reports/cascade.js')).cascadeReport(r, file),
  sources: async () => (await import('../../reports/cascade.js')).CASCADE_SOURCES,
  edit: (scenario, source, path, value) => editedAs(scenario, source, path, value, (src) => parseCascade(src)),
  staged: true,
  chunkTrials: CASCADE_CHUNK,
  sweep,
  seek(scenario, source, path, t, settings, options) {
    if (t.measure !== 'held') throw wrongMeasure('cascade', t, 'held(round) and held(round, location)');
    const location = t.location ?? scenario.locations[0].name;
    const l = scenario.locations.findIndex((x) => x.name === location);
    if (l < 0)
      throw new UsageError(
        `--target: no location '${location}' in this round (there: ${scenario.locations.map((x) => x.name).join(', ')})`,
      );
    const { test, threads } = sequentialTest('cascade', cascadeKind.kernel, 'campaigns', t, settings, options);
    return {
      method: 'monte-carlo',
      threads,
      evaluate: async (value) => {
        const edited = editedAs(scenario, source, path, value, (src) => parseCascade(src));
        // Garrison planning: NPC attacks only, over as many rounds as the target names.
        const model = compileCascade(edited, { npc: true, rounds: t.round });
        const read = cascadeAccumulator(model);
        return test(value, model, (acc) => read.held(acc, t.round, l));
      },
    };
  },
  worth: cascadeWorth,
  async compare(fileA, fileB, options) {
    // Each run's chunks are kept, so each owner's difference is paired chunk by chunk (the same seed: the same dice).
    const recorders = [chunkRecorder(options), chunkRecorder(options)];
    const run = async (file: typeof fileA, i: number) => {
      const r = await cascade(file, recorders[i] ? { ...options, engine: recorders[i]! } : options);
      const { scenario } = await loadKind(file, 'cascade');
      // The model cascade() ran: NPC attacks on, this round.
      const model = compileCascade(scenario, { npc: true, rounds: null });
      const read = cascadeAccumulator(model);
      const names = model.players.names;
      const owned = (loc: string, owner: string): ChunkSums | undefined => {
        const l = scenario.locations.findIndex((x) => x.name === loc);
        const o = owner === 'NPC' ? names.length : names.indexOf(owner);
        const rec = recorders[i];
        if (!rec) return undefined;
        return rec.sums((acc) => (l < 0 || o < 0 ? 0 : read.owner(acc, l, o)));
      };
      return { r, owned };
    };
    const [x, y] = [await run(fileA, 0), await run(fileB, 1)];
    const [a, b] = [x.r, y.r];
    const trials: [number, number] = [a.trials, b.trials];
    const rows: CompareRow[] = [];
    for (const loc of Object.keys(a.owners ?? {})) {
      const owners = new Set([...Object.keys(a.owners![loc]), ...Object.keys(b.owners?.[loc] ?? {})]);
      for (const o of owners) {
        const [ca, cb] = [x.owned(loc, o), y.owned(loc, o)];
        const paired = ca && cb ? pairedDifference(ca, cb, bernoulliSd) : undefined;
        rows.push(
          probability(`${loc}: held by ${o}`, a.owners![loc][o] ?? 0, b.owners?.[loc]?.[o] ?? 0, trials, false, paired),
        );
      }
    }
    for (const p of Object.keys(a.legionsLost ?? {})) {
      // Each run's SD from its sums of squares: the runs treated as independent (the shared dice only narrow it).
      const la = a.legionsLost![p];
      const lb = b.legionsLost?.[p] ?? { mean: 0, sd: 0 };
      rows.push(mean(`${p}: legions lost (mean)`, 'legions', la, lb, trials));
    }
    return { seed: a.seed, trials, rows, precision: bothPrecision(a, b) };
  },
};
