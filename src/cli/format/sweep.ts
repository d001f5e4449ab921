/** The text of `warcast sweep` on a siege or cascade: one row per value, or a grid per measure for two fields. */
import type {
  BattleGridSweepResult,
  CascadeSweepResult,
  MarchSweepResult,
  SiegeSweepResult,
  SimSweepResult,
} from '../../analysis/sweepSim.js';
import { fmtCount, num, pct, pctCi, table, threadsText } from '../../text/format.js';

const varied = (r: SimSweepResult) =>
  r.axes.map((a) => `${a.vary} from ${a.from} to ${a.to} step ${a.step} (${a.values.length} values)`).join(' × ');

const header = (
  r: SiegeSweepResult | CascadeSweepResult,
  what: string,
  unit: string,
  requestedThreads?: number,
): string[] => {
  const total = r.points.reduce((t, p) => t + p.trials, 0);
  const varies = varied(r);
  return [
    `${r.title ? r.title + ': ' : ''}${what}`,
    `sweep of ${varies}`,
    `${fmtCount(r.trialsPerPoint)} ${unit} per point (${fmtCount(total)} in all), seed ${r.seed}, ${threadsText(r.threads, unit, requestedThreads)}, ${(r.elapsedMs / 1000).toFixed(2)} s`,
    'common random numbers: every point is run with the same seed and so the same dice; neighbouring points differ by the parameter, not by noise',
    '',
  ];
};

/** Two fields: one grid, rows the first field's values, columns the second's. */
function grid<P extends { values: number[] }>(
  r: SimSweepResult,
  points: P[],
  title: string,
  cell: (p: P) => string,
): string {
  const [a, b] = r.axes;
  const at = new Map(points.map((p) => [`${p.values[0]},${p.values[1]}`, p]));
  const rows = a.values.map((x) => [
    String(x),
    ...b.values.map((y) => {
      const p = at.get(`${x},${y}`);
      return p ? cell(p) : '—';
    }),
  ]);
  return `${title}\n${table(rows, [`${a.vary} \\ ${b.vary}`, ...b.values.map(String)])}`;
}

function formatSiegeSweep(r: SiegeSweepResult, requestedThreads?: number): string {
  const out = header(
    r,
    `${r.sides[0]} besieging ${r.sides[1]} (up to ${r.weekLimit} weeks)`,
    'sieges',
    requestedThreads,
  );
  const weeks = (p: SiegeSweepResult['points'][number]) =>
    p.weeksToFallMean === null ? '—' : `${num(p.weeksToFallMean, 1)} (${p.weeksToFallMedian})`;
  if (r.axes.length === 2) {
    out.push(grid(r, r.points, `P(held to week ${r.weekLimit}), the fortress not taken`, (p) => pct(p.held, 1)));
    out.push(grid(r, r.points, 'weeks to fall, mean (median), of the sieges that fell', weeks));
  } else {
    const rows = r.points.map((p) => [
      String(p.values[0]),
      pctCi(p.held, p.heldCi95),
      weeks(p),
      num(p.meanWeeks, 1),
      num(p.attackerDeadMean),
      num(p.defenderDeadMean),
    ]);
    out.push(
      table(rows, [
        r.vary,
        `P(held to week ${r.weekLimit})`,
        'weeks to fall: mean (median)',
        'mean length',
        'attacker dead',
        'defender dead',
      ]),
    );
  }
  out.push(
    `held: the fortress is not stormed, starved out or left by the week limit (P(fallen) = 1 − P(held)); weeks to fall count the sieges that fell; losses are means`,
  );
  return out.join('\n') + '\n';
}

function formatCascadeSweep(r: CascadeSweepResult, requestedThreads?: number): string {
  const out = header(
    r,
    `${r.rounds > 1 ? `a campaign of ${r.rounds} rounds` : 'one round'}: who still holds each location`,
    r.rounds > 1 ? 'campaigns' : 'rounds',
    requestedThreads,
  );
  if (r.axes.length === 2) {
    for (const l of r.locations) out.push(grid(r, r.points, `P(${l} held by its owner)`, (p) => pct(p.held[l], 1)));
  } else {
    const rows = r.points.map((p) => [
      String(p.values[0]),
      ...r.locations.map((l) => pctCi(p.held[l], p.heldCi95[l])),
      ...r.players.map((pl) => num(p.legionsLostMean[pl] ?? 0, 2)),
    ]);
    out.push(
      table(rows, [r.vary, ...r.locations.map((l) => `P(${l} held)`), ...r.players.map((pl) => `${pl}: legions lost`)]),
    );
  }
  out.push(
    `held: still held by its owner after ${r.rounds === 1 ? 'the round' : `round ${r.rounds}`}; legions lost are means per ${r.rounds === 1 ? 'round' : 'campaign'}`,
  );
  return out.join('\n') + '\n';
}

/** A battle over two fields: a grid of exact win probabilities per side. */
function formatBattleGrid(r: BattleGridSweepResult): string {
  const out = [
    `${r.title ? r.title + ': ' : ''}${r.sides[0]} (A) vs ${r.sides[1]} (B)`,
    `sweep of ${varied(r)}`,
    'exact odds at every point (all 10,000 pairs of d100 rolls)',
    '',
  ];
  for (const s of [0, 1] as const)
    out.push(grid(r, r.points, `P(${r.sides[s]} (${s === 0 ? 'A' : 'B'}) wins)`, (p) => pct(p.win[s], 1)));
  return out.join('\n') + '\n';
}

/** A march: P(arrives) and P(arrives and wins) per value (a grid of the latter, or of arrival, for two fields). */
function formatMarchSweep(r: MarchSweepResult): string {
  const out = [
    `${r.title ? r.title + ': ' : ''}${r.force}${r.enemy ? ` marching on ${r.enemy}` : ' on the march'}`,
    `sweep of ${varied(r)}`,
    'exact chain at every point (every forced-march roll, day by day)',
    '',
  ];
  const battle = r.enemy !== null;
  if (r.axes.length === 2) {
    out.push(grid(r, r.points, 'P(arrives within the plan)', (p) => pct(p.arrives, 1)));
    if (battle)
      out.push(
        grid(r, r.points, `P(arrives and ${r.force} wins)`, (p) =>
          p.arriveAndWin === null ? '—' : pct(p.arriveAndWin, 1),
        ),
      );
  } else {
    const rows = r.points.map((p) => [
      String(p.values[0]),
      pct(p.arrives),
      num(p.distanceMean, 1),
      ...(battle ? [p.win ? pct(p.win[0]) : '—', p.arriveAndWin === null ? '—' : pct(p.arriveAndWin)] : []),
    ]);
    out.push(
      table(rows, [
        r.vary,
        'P(arrives)',
        'mean distance',
        ...(battle ? [`P(${r.force} wins | arrives)`, 'P(arrives and wins)'] : []),
      ]),
    );
  }
  return out.join('\n') + '\n';
}

/** Each kind's layout, by the result's kind (the compiler checks every kind of SimSweepResult has one). */
const LAYOUTS: {
  [K in SimSweepResult['kind']]: (r: Extract<SimSweepResult, { kind: K }>, requestedThreads?: number) => string;
} = {
  'war-machine': formatBattleGrid,
  siege: formatSiegeSweep,
  cascade: formatCascadeSweep,
  march: formatMarchSweep,
};

export function formatSimSweep(r: SimSweepResult, requestedThreads?: number): string {
  return (LAYOUTS[r.kind] as (x: SimSweepResult, t?: number) => string)(r, requestedThreads);
}
