/**
 * The report of a siege or cascade sweep (`warcast sweep --report` on a siege or cascade): P(held) against the
 * swept value (one line per location for a cascade) with its 95% band and a 50% rule, weeks to fall and losses;
 * with two fields, heatmaps. Built from the sweep result alone.
 */
import type {
  BattleGridSweepResult,
  CascadeSweepResult,
  GridSweepResult,
  MarchSweepResult,
  MetricSweepResult,
  SiegeSweepResult,
  SimSweepResult,
} from '../src/toolkit/sweepSim.js';
import { presentSweep } from '../src/toolkit/sweepPresent.js';
import { sweepHeatmapChart, sweepLinesChart, sweepMeansChart } from './charts/sweep.js';
import { documentContent, type ReportContent } from './content.js';
import { elapsedText } from './save.js';
import type { Chart } from './spec.js';
import { fieldWords } from './fieldWords.js';

/** Axis titles in words (the path stays in the table and JSON). */
function axisWords(r: GridSweepResult, vary: string): string {
  return 'locations' in r ? fieldWords(vary, { locations: r.locations, players: r.players }) : fieldWords(vary);
}

const SOURCES: Record<SimSweepResult['kind'], string> = {
  march:
    'D&D Rules Cyclopedia (TSR 1991), the War Machine: movement, forced marches and fatigue; warcast’s decisions: docs/rules.md §8.',
  'war-machine':
    'D&D Rules Cyclopedia (TSR 1991), the War Machine; the War Machine / Siege Machine summary sheet (docs/sources/war-machine-sheet.txt); warcast’s decisions: docs/rules.md.',
  siege:
    'D&D Rules Cyclopedia (TSR 1991), the Siege Machine; the War Machine / Siege Machine summary sheet (docs/sources/war-machine-sheet.txt); warcast’s decisions: docs/siege.md.',
  cascade: 'The Dune seizure cascade page (docs/sources/); warcast’s decisions: docs/cascade.md.',
};

function facts(r: GridSweepResult, file: string, perPoint: string): [string, string][] {
  return [
    ['scenario', file],
    ...r.axes.map((a, k): [string, string] => [
      k === 0 ? 'varied' : 'and',
      `${a.vary}: ${a.from} to ${a.to} step ${a.step} (${a.values.length} values)`,
    ]),
    ...((r.method === 'exact'
      ? [['method', 'exact odds at every point (all 10,000 pairs of d100 rolls)']]
      : [
          ['method', 'Monte Carlo with common random numbers (the same seed at every point)'],
          ['seed', String(r.seed)],
          [
            perPoint,
            // Staged by precision, points ran as many trials as each needed: the most, and the target.
            // (each point's own count is in its table's trials column).
            `${perPointRange(r)}${r.precision !== null ? `, each point until known to ± ${+(r.precision * 100).toPrecision(2)} points` : ''}`,
          ],
          ['threads', String(r.threads)],
        ]) as [string, string][]),
    ['elapsed', elapsedText(r.elapsedMs)],
  ];
}

/** The points' trials: one count when every point ran the same, else the fewest to the most, and the total. */
function perPointRange(r: GridSweepResult): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const fewest = r.trialsFewest;
  const range = fewest === r.trialsPerPoint ? n(r.trialsPerPoint) : `${n(fewest)} to ${n(r.trialsPerPoint)}`;
  return r.trialsTotal !== undefined && r.points.length > 1 ? `${range} (${n(r.trialsTotal)} in all)` : range;
}

const cells = <P extends { values: number[] }>(points: P[], f: (p: P) => number) =>
  points.map((p) => ({ x: p.values[1], y: p.values[0], p: f(p) }));

function siegeCharts(r: SiegeSweepResult): Chart[] {
  const [a, b] = r.axes;
  const [wa, wb] = r.axes.map((x) => axisWords(r, x.vary));
  if (b) {
    return [
      {
        name: 'sweep-held',
        title: 'Held or fallen',
        caption: `P(the fortress is held to week ${r.weekLimit}) for each pair of values: ${a.vary} (rows) and ${b.vary} (columns).`,
        spec: sweepHeatmapChart({
          title: 'Held or fallen',
          xTitle: wb,
          yTitle: wa,
          measure: `P(held to week ${r.weekLimit})`,
          cells: cells(r.points, (p) => p.held),
        }),
      },
    ];
  }
  return [
    {
      name: 'sweep-held',
      title: 'Held or fallen',
      caption: `P(the fortress is held to week ${r.weekLimit}) as ${a.vary} varies, with its 95% interval; the grey rule marks 50%.`,
      spec: sweepLinesChart({
        title: 'Held or fallen',
        parameter: wa,
        yTitle: `P(held to week ${r.weekLimit})`,
        series: [
          {
            name: r.sides[1],
            points: r.points.map((p) => ({ value: p.values[0], p: p.held, lo: p.heldCi95[0], hi: p.heldCi95[1] })),
          },
        ],
      }),
    },
    {
      name: 'sweep-weeks',
      title: 'Weeks to fall',
      caption: `Mean and median weeks to fall of the sieges that fell, as ${a.vary} varies.`,
      spec: sweepMeansChart({
        title: 'Weeks to fall',
        parameter: wa,
        yTitle: 'weeks to fall',
        series: [
          { name: 'mean', points: r.points.map((p) => ({ value: p.values[0], y: p.weeksToFallMean })) },
          { name: 'median', points: r.points.map((p) => ({ value: p.values[0], y: p.weeksToFallMedian })) },
        ],
      }),
    },
  ];
}

function cascadeCharts(r: CascadeSweepResult): Chart[] {
  const [a, b] = r.axes;
  const [wa, wb] = r.axes.map((x) => axisWords(r, x.vary));
  if (b) {
    return r.locations.slice(0, 6).map((l, k) => ({
      name: `sweep-held-${k + 1}`,
      title: `${l} held`,
      caption: `P(${l} still held by its owner after ${r.rounds === 1 ? 'the round' : `round ${r.rounds}`}) for each pair of values: ${a.vary} (rows) and ${b.vary} (columns).`,
      spec: sweepHeatmapChart({
        title: `${l} held`,
        xTitle: wb,
        yTitle: wa,
        measure: 'P(held)',
        cells: cells(r.points, (p) => p.held[l]),
      }),
    }));
  }
  return [
    {
      name: 'sweep-held',
      title: 'Who still holds',
      caption: `P(each location still held by its owner after ${r.rounds === 1 ? 'the round' : `round ${r.rounds}`}) as ${a.vary} varies, with 95% intervals; the grey rule marks 50%.`,
      spec: sweepLinesChart({
        title: 'Who still holds',
        parameter: wa,
        yTitle: 'P(held)',
        series: r.locations.map((l) => ({
          name: l,
          points: r.points.map((p) => ({
            value: p.values[0],
            p: p.held[l],
            lo: p.heldCi95[l][0],
            hi: p.heldCi95[l][1],
          })),
        })),
      }),
    },
    {
      name: 'sweep-legions',
      title: 'Legions lost',
      caption: `Mean legions each player loses as ${a.vary} varies.`,
      spec: sweepMeansChart({
        title: 'Legions lost',
        parameter: wa,
        yTitle: 'mean legions lost',
        series: r.players.map((pl) => ({
          name: pl,
          points: r.points.map((p) => ({ value: p.values[0], y: p.legionsLostMean[pl] ?? 0 })),
        })),
      }),
    },
  ];
}

/** A battle over two fields: P(A wins) as a heatmap (exact). */
function battleCharts(r: BattleGridSweepResult): Chart[] {
  const [a, b] = r.axes;
  const [wa, wb] = r.axes.map((x) => axisWords(r, x.vary));
  return [
    {
      name: 'sweep-win',
      title: `${r.sides[0]} wins`,
      caption: `P(${r.sides[0]} (A) wins), exact, for each pair of values: ${a.vary} (rows) and ${b?.vary ?? ''} (columns).`,
      spec: sweepHeatmapChart({
        title: `${r.sides[0]} wins`,
        xTitle: wb ?? '',
        yTitle: wa,
        measure: 'P(A wins)',
        cells: cells(r.points, (p) => p.win[0]),
      }),
    },
  ];
}

/** A march: P(arrives) and P(arrives and wins) against the value, or as heatmaps over two fields (exact). */
function marchCharts(r: MarchSweepResult): Chart[] {
  const [a, b] = r.axes;
  const [wa, wb] = r.axes.map((x) => axisWords(r, x.vary));
  const battle = r.enemy !== null;
  if (b) {
    return [
      {
        name: 'sweep-arrives',
        title: battle ? 'Arrives and wins' : 'Arrives',
        caption: `${battle ? `P(${r.force} arrives within the plan and wins)` : 'P(arrives within the plan)'}, exact, for each pair of values: ${a.vary} (rows) and ${b.vary} (columns).`,
        spec: sweepHeatmapChart({
          title: battle ? 'Arrives and wins' : 'Arrives',
          xTitle: wb,
          yTitle: wa,
          measure: battle ? 'P(arrives and wins)' : 'P(arrives)',
          cells: cells(r.points, (p) => (battle ? (p.arriveAndWin ?? 0) : p.arrives)),
        }),
      },
    ];
  }
  const line = (name: string, f: (p: MarchSweepResult['points'][number]) => number) => ({
    name,
    points: r.points.map((p) => ({ value: p.values[0], p: f(p), lo: f(p), hi: f(p) })),
  });
  return [
    {
      name: 'sweep-arrives',
      title: 'Arrives',
      caption: `P(arrives within the plan)${battle ? ' and P(arrives and wins)' : ''} as ${a.vary} varies (exact); the grey rule marks 50%.`,
      spec: sweepLinesChart({
        title: 'Arrives',
        parameter: wa,
        yTitle: 'probability',
        series: [
          line('arrives', (p) => p.arrives),
          ...(battle ? [line('arrives and wins', (p) => p.arriveAndWin ?? 0)] : []),
        ],
      }),
    },
  ];
}

interface Part {
  what: string;
  /** What the trials per point are called. */
  perPoint: string;
  charts: Chart[];
}

/** Each kind's part of the report, by the result's kind (the compiler checks every kind of SimSweepResult has one). */
const PARTS: { [K in SimSweepResult['kind']]: (r: Extract<SimSweepResult, { kind: K }>) => Part } = {
  'war-machine': (r) => ({
    what: `${r.sides[0]} (A) vs ${r.sides[1]} (B)`,
    perPoint: 'battles per point',
    charts: battleCharts(r),
  }),
  siege: (r) => ({
    what: `${r.sides[0]} besieging ${r.sides[1]}`,
    perPoint: 'sieges per point',
    charts: siegeCharts(r),
  }),
  march: (r) => ({
    what: `${r.force}${r.enemy ? ` marching on ${r.enemy}` : ' on the march'}`,
    perPoint: 'trials per point',
    charts: marchCharts(r),
  }),
  cascade: (r) => ({
    what: `cascade, ${r.rounds} round${r.rounds === 1 ? '' : 's'}`,
    perPoint: 'trials per point',
    charts: cascadeCharts(r),
  }),
};

/**
 * A kind that gives only its measures (src/toolkit/metricKind.ts): each proportion against the swept value with
 * its 95% band, each mean beside it; with two fields, a heatmap of each proportion.
 */
function metricCharts(r: MetricSweepResult): Chart[] {
  const [a, b] = r.axes;
  const [wa, wb] = r.axes.map((x) => axisWords(r, x.vary));
  const proportions = r.measures.flatMap((m, i) => (m.type === 'proportion' ? [{ m, i }] : []));
  const means = r.measures.flatMap((m, i) => (m.type === 'mean' ? [{ m, i }] : []));
  if (b)
    return proportions.map(({ m, i }) => ({
      name: `sweep-${m.name}`,
      title: m.label,
      caption: `${m.label} for each pair of values: ${a.vary} (rows) and ${b.vary} (columns).`,
      spec: sweepHeatmapChart({
        title: m.label,
        xTitle: wb,
        yTitle: wa,
        measure: m.name,
        cells: cells(r.points, (p) => p.measures[i].value),
      }),
    }));
  const charts: Chart[] = [];
  if (proportions.length)
    charts.push({
      name: 'sweep-measures',
      title: 'Measures',
      caption: `${proportions.map(({ m }) => m.label).join(', ')} as ${a.vary} varies, with 95% intervals; the grey rule marks 50%.`,
      spec: sweepLinesChart({
        title: 'Measures',
        parameter: wa,
        yTitle: 'probability',
        series: proportions.map(({ m, i }) => ({
          name: m.name,
          points: r.points.map((p) => ({
            value: p.values[0],
            p: p.measures[i].value,
            lo: p.measures[i].ci95[0],
            hi: p.measures[i].ci95[1],
          })),
        })),
      }),
    });
  if (means.length)
    charts.push({
      name: 'sweep-means',
      title: 'Means',
      caption: `${means.map(({ m }) => `${m.label} (${m.unit ?? 'per trial'})`).join(', ')}, mean per trial, as ${a.vary} varies.`,
      spec: sweepMeansChart({
        title: 'Means',
        parameter: wa,
        yTitle: means.map(({ m }) => m.unit ?? m.name).join(', '),
        series: means.map(({ m, i }) => ({
          name: m.name,
          points: r.points.map((p) => ({ value: p.values[0], y: p.measures[i].value })),
        })),
      }),
    });
  return charts;
}

export function simSweepReport(r: GridSweepResult, file: string): ReportContent {
  const metric = r.schema === 'warcast/sweep/metrics@1';
  const part = metric
    ? { what: r.kind, perPoint: 'trials per point', charts: metricCharts(r) }
    : (PARTS[r.kind] as (x: SimSweepResult) => Part)(r);
  return documentContent(presentSweep(r), {
    facts: facts(r, file, part.perPoint),
    sources: metric ? [] : [SOURCES[r.kind]],
    charts: part.charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  });
}
