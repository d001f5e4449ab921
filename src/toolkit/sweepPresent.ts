/**
 * The document of `warcast sweep` (src/present/document.ts): one per result, rendered to terminal text,
 * `--markdown` and the report alike. Every Monte Carlo probability carries its 95% interval, and each value's
 * change from the previous one (and the first value's to the last) its paired interval at the family's level (the
 * changes are many claims at once: src/stats/family.ts), read as "within noise" when that interval contains zero;
 * exact odds change exactly.
 */
import {
  change,
  gap,
  heading,
  meanWithSd,
  note,
  number,
  percent,
  run,
  table,
  verdict,
  type Block,
  type Document,
  type Text,
} from '../present/document.js';
import { fmtCount, threadsText } from '../present/format.js';
import { familyWords } from '../stats/family.js';
import type { SweepResult } from './sweep.js';
import type {
  BattleGridSweepResult,
  CascadeSweepResult,
  GridSweepResult,
  MarchSweepResult,
  MetricSweepResult,
  PointChange,
  SiegeSweepResult,
  SimSweepResult,
  SweepAnswer,
} from './sweepSim.js';

const varied = (r: GridSweepResult) =>
  r.axes.map((a) => `${a.vary} from ${a.from} to ${a.to} step ${a.step} (${a.values.length} values)`).join(' × ');

/** How the changes were judged: one family of claims (the result's familyError), or each at 95% (older results). */
const crn = (r: GridSweepResult): string =>
  `common random numbers: every value is run with the same seed, so the same dice chunk by chunk; a change (in points) is paired chunk by chunk and shown with its ${
    r.familyError
      ? `interval at the family’s level — the ${r.familyError.claims} changes are claims made at once, held by ${familyWords(r.familyError, 'changes')} (${r.familyError.findings} beyond noise)${r.stageLevel !== undefined ? '; staged, each judged at 90% of its level, a tenth being spent on stopping a change early once it is beyond noise at the strictest level' : ''}; --json keeps each change’s own 95% interval —`
      : '95% interval,'
  } "within noise" when that interval contains zero`;

/** Staged: the points that stopped because every change they are part of was decided (not held to ± precision). */
const decidedNote = (r: GridSweepResult): Block[] => {
  const values = (r.points as { values: number[]; decided?: true }[]).filter((p) => p.decided).map((p) => p.values);
  return values.length === 0
    ? []
    : [
        note(
          `stopped as decided, every change they are part of beyond noise at the stage level (so wider than ± precision): ${values.map((v) => v.join(' × ')).join(', ')}`,
        ),
      ];
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A paired change with the interval it was judged at, followed by "within noise" when that contains zero. */
const noisy = (c: PointChange): Text =>
  c.withinNoise
    ? [change(c.difference, c.ciFamily ?? c.ci95), ' within noise']
    : change(c.difference, c.ciFamily ?? c.ci95);
const changeOf = (c: PointChange | null | undefined): Text => (c ? noisy(c) : '—');

/** The verdict of a one-field sweep: the change of the measure from the first value to the last. */
function overallLine(what: string, first: number, last: number, c: PointChange | null | undefined): Text[] {
  if (!c) return [];
  return [
    [
      `${what} from ${first} to ${last}: `,
      ...([] as Text[]).concat(noisy(c)).flat(),
      c.withinNoise ? ': no change beyond the noise of the trials run' : '',
    ],
  ];
}

/** Two fields: one grid, rows the first field's values, columns the second's. */
function grid<P extends { values: number[] }>(
  r: GridSweepResult,
  points: P[],
  caption: string,
  cell: (p: P) => Text,
): Block[] {
  const [a, b] = r.axes;
  const at = new Map(points.map((p) => [`${p.values[0]},${p.values[1]}`, p]));
  const rows = a.values.map((x) => [
    String(x),
    ...b.values.map((y) => {
      const p = at.get(`${x},${y}`);
      return p ? cell(p) : '—';
    }),
  ]);
  return [note(caption), table([`${a.vary} \\ ${b.vary}`, ...b.values.map(String)], rows, caption)];
}

function runLine(
  r: SiegeSweepResult | CascadeSweepResult | MetricSweepResult,
  unit: string,
  requestedThreads?: number,
): string {
  const total = r.points.reduce((t, p) => t + p.trials, 0);
  const fewest = Math.min(...r.points.map((p) => p.trials));
  // Under a precision (given or the default) each point ran as many stages as it needed: say the range and why.
  const staged = r.precision !== null && r.points.length > 0;
  const perPoint = `${fewest !== r.trialsPerPoint ? `${fmtCount(fewest)}–` : ''}${fmtCount(r.trialsPerPoint)} ${unit} per point (${fmtCount(total)} in all)`;
  const until = staged
    ? `, each point until known to ± ${+(r.precision! * 100).toPrecision(2)} points${r.trialsBy === 'staged-default' ? ' (the default precision)' : ''}${r.stageLevel !== undefined ? ' or its changes decided' : ''}`
    : '';
  return `${perPoint}${until}, seed ${r.seed}, ${threadsText(r.threads, unit, requestedThreads)}, ${seconds(r.elapsedMs)}`;
}

function siegeSweep(r: SiegeSweepResult, requestedThreads?: number): Document {
  const what = `${r.sides[0]} besieging ${r.sides[1]} (up to ${r.weekLimit} weeks)`;
  // Each mean with the SD of what it averages (the spread from one siege to the next; the mean's own noise is
  // SD / √sieges, the sieges column).
  const weeks = (p: SiegeSweepResult['points'][number]): Text =>
    p.weeksToFallMean === null
      ? '—'
      : [
          number(p.weeksToFallMean, 1),
          ` (${p.weeksToFallMedian}${p.weeksToFallSd === null ? '' : `; SD ${p.weeksToFallSd.toFixed(1)}`})`,
        ];
  const held = `P(held to week ${r.weekLimit})`;
  const blocks: Block[] = [
    heading(`${r.title ? r.title + ': ' : ''}${what}`),
    run(`sweep of ${varied(r)}`),
    run(runLine(r, 'sieges', requestedThreads)),
    note(crn(r)),
    ...decidedNote(r),
  ];
  const last = r.points[r.points.length - 1];
  if (r.axes.length === 1 && last)
    blocks.push(verdict(...overallLine(held, r.points[0].values[0], last.values[0], r.heldChangeOverall)));
  blocks.push(gap);
  if (r.axes.length === 2) {
    blocks.push(
      ...grid(r, r.points, `${held}, the fortress not taken (95% interval)`, (p) => percent(p.held, p.heldCi95, 1)),
      ...grid(r, r.points, 'weeks to fall, mean (median; SD), of the sieges that fell', weeks),
    );
  } else {
    blocks.push(
      table(
        [
          r.vary,
          `${held} (95%)`,
          'change from the value before',
          'weeks to fall: mean (median; SD)',
          'mean length (SD)',
          'attacker dead (SD)',
          'defender dead (SD)',
          'sieges',
        ],
        r.points.map((p) => [
          String(p.values[0]),
          percent(p.held, p.heldCi95),
          changeOf(p.heldChange),
          weeks(p),
          meanWithSd(p.meanWeeks, p.meanWeeksSd, 1),
          meanWithSd(p.attackerDeadMean, p.attackerDeadSd),
          meanWithSd(p.defenderDeadMean, p.defenderDeadSd),
          number(p.trials),
        ]),
        'Each value',
      ),
    );
  }
  blocks.push(
    note(
      'held: the fortress is not stormed, starved out or left by the week limit (P(fallen) = 1 − P(held)); weeks to fall count the sieges that fell; losses are means per siege; SD: the spread from one siege to the next (a mean’s own noise is SD / √sieges)',
    ),
  );
  return { title: r.title ?? what, blocks };
}

function cascadeSweep(r: CascadeSweepResult, requestedThreads?: number): Document {
  const what = `${r.rounds > 1 ? `a campaign of ${r.rounds} rounds` : 'one round'}: who still holds each location`;
  const blocks: Block[] = [
    heading(`${r.title ? r.title + ': ' : ''}${what}`),
    run(`sweep of ${varied(r)}`),
    run(runLine(r, r.rounds > 1 ? 'campaigns' : 'rounds', requestedThreads)),
    note(crn(r)),
    ...decidedNote(r),
  ];
  const last = r.points[r.points.length - 1];
  if (r.axes.length === 1 && last && r.heldChangeOverall)
    blocks.push(
      verdict(
        ...r.locations.flatMap((l) =>
          overallLine(`P(${l} held)`, r.points[0].values[0], last.values[0], r.heldChangeOverall?.[l]),
        ),
      ),
    );
  blocks.push(gap);
  if (r.axes.length === 2) {
    for (const l of r.locations)
      blocks.push(
        ...grid(r, r.points, `P(${l} held by its owner) (95% interval)`, (p) => percent(p.held[l], p.heldCi95[l], 1)),
      );
  } else {
    blocks.push(
      table(
        [
          r.vary,
          ...r.locations.flatMap((l) => [`P(${l} held) (95%)`, `${l}: change`]),
          ...r.players.map((pl) => `${pl}: legions lost (SD)`),
          r.rounds > 1 ? 'campaigns' : 'rounds',
        ],
        r.points.map((p) => [
          String(p.values[0]),
          ...r.locations.flatMap((l) => [percent(p.held[l], p.heldCi95[l]), changeOf(p.heldChange?.[l])]),
          ...r.players.map((pl) => meanWithSd(p.legionsLostMean[pl] ?? 0, p.legionsLostSd?.[pl] ?? 0, 2)),
          number(p.trials),
        ]),
        'Each value',
      ),
    );
  }
  blocks.push(
    note(
      `held: still held by its owner after ${r.rounds === 1 ? 'the round' : `round ${r.rounds}`}; a change is from the value before; legions lost are means per ${r.rounds === 1 ? 'round' : 'campaign'}, SD the spread from one to the next (a mean’s own noise is SD / √trials)`,
    ),
  );
  return { title: r.title ?? what, blocks };
}

/** A battle over two fields: a grid of exact win probabilities per side. */
function battleGrid(r: BattleGridSweepResult): Document {
  const what = `${r.sides[0]} (A) vs ${r.sides[1]} (B)`;
  const blocks: Block[] = [
    heading(`${r.title ? r.title + ': ' : ''}${what}`),
    run(`sweep of ${varied(r)}`),
    run('exact odds at every point (all 10,000 pairs of d100 rolls)'),
    gap,
  ];
  for (const s of [0, 1] as const)
    blocks.push(
      ...grid(r, r.points, `P(${r.sides[s]} (${s === 0 ? 'A' : 'B'}) wins)`, (p) => percent(p.win[s], null, 1)),
    );
  return { title: r.title ?? what, blocks };
}

/** A march: P(arrives) and P(arrives and wins) per value (a grid of each for two fields); exact. */
function marchSweep(r: MarchSweepResult): Document {
  const what = `${r.force}${r.enemy ? ` marching on ${r.enemy}` : ' on the march'}`;
  const blocks: Block[] = [
    heading(`${r.title ? r.title + ': ' : ''}${what}`),
    run(`sweep of ${varied(r)}`),
    run('exact chain at every point (every forced-march roll, day by day)'),
    gap,
  ];
  const battle = r.enemy !== null;
  if (r.axes.length === 2) {
    blocks.push(...grid(r, r.points, 'P(arrives within the plan)', (p) => percent(p.arrives, null, 1)));
    if (battle)
      blocks.push(
        ...grid(r, r.points, `P(arrives and ${r.force} wins)`, (p) =>
          p.arriveAndWin === null ? '—' : percent(p.arriveAndWin, null, 1),
        ),
      );
  } else {
    blocks.push(
      table(
        [
          r.vary,
          'P(arrives)',
          'change',
          'mean distance',
          ...(battle ? [`P(${r.force} wins | arrives)`, 'P(arrives and wins)'] : []),
        ],
        r.points.map((p, i) => [
          String(p.values[0]),
          percent(p.arrives),
          i === 0 ? '—' : change(p.arrives - r.points[i - 1].arrives),
          number(p.distanceMean, 1),
          ...(battle ? [p.win ? percent(p.win[0]) : '—', p.arriveAndWin === null ? '—' : percent(p.arriveAndWin)] : []),
        ]),
        'Each value',
      ),
    );
  }
  return { title: r.title ?? what, blocks };
}

/** A battle's one-field sweep: exact odds at each value, their Monte Carlo with its interval, the exact change. */
function battleSweep(r: SweepResult, requestedThreads?: number): Document {
  const [a, b] = r.sides;
  const mc = r.method === 'monte-carlo';
  const total = r.points.reduce((t, p) => t + p.trials, 0);
  const blocks: Block[] = [
    heading(`${r.title ? r.title + ': ' : ''}${a} (A) vs ${b} (B)`),
    run(`sweep of ${r.vary} from ${r.from} to ${r.to} step ${r.step} (${r.points.length} values)`),
    run(
      mc
        ? `${fmtCount(r.trialsPerPoint)} battles per value (${fmtCount(total)} in all), seed ${r.seed}, ${threadsText(r.threads, 'battles', requestedThreads)}, ${seconds(r.elapsedMs)}`
        : 'exact odds only (all 10,000 pairs of d100 rolls per value)',
    ),
  ];
  if (mc)
    blocks.push(
      note(
        'common random numbers: every value is run with the same seed, so the same chunk seeds and dice; the Monte Carlo checks the exact odds, which give each change exactly',
      ),
    );
  const first = r.points[0];
  const last = r.points[r.points.length - 1];
  if (first && last && r.points.length > 1)
    blocks.push(
      verdict([
        `P(${a} wins) from ${first.value} to ${last.value}: `,
        change(last.exactWin[0] - first.exactWin[0]),
        ' (exact)',
      ]),
    );
  blocks.push(
    gap,
    table(
      [
        r.vary,
        'modified BR A / B',
        ...(mc ? ['A wins (95%)'] : []),
        'A exact',
        'A exact change',
        ...(mc ? ['B wins (95%)'] : []),
        'B exact',
        'no winner',
        'mean casualties A / B',
      ],
      r.points.map((p, i) => [
        String(p.value),
        `${p.modifiedBattleRating[0]} / ${p.modifiedBattleRating[1]}`,
        ...(mc ? [percent(p.win[0], p.winCi95?.[0])] : []),
        percent(p.exactWin[0]),
        i === 0 ? '—' : change(p.exactWin[0] - r.points[i - 1].exactWin[0]),
        ...(mc ? [percent(p.win[1], p.winCi95?.[1])] : []),
        percent(p.exactWin[1]),
        percent(p.exactNoWinner),
        [number(p.casualties[0]), ' / ', number(p.casualties[1])],
      ]),
      'Each value',
    ),
    table(
      ['', `A: ${a}`, `B: ${b}`],
      [
        ['troops', number(r.ratings[0].troops), number(r.ratings[1].troops)],
        ['battle rating (BR)', String(r.ratings[0].battleRating), String(r.ratings[1].battleRating)],
        ['modified BR', String(r.ratings[0].modifiedBattleRating), String(r.ratings[1].modifiedBattleRating)],
        ['role', ...r.scenario.sides.map((x) => (x.defending ? 'defending' : 'attacking'))],
      ],
      'Sides (before the varied field is set)',
      'report',
    ),
  );
  return { title: r.title ?? `${a} vs ${b}`, blocks };
}

/**
 * A kind that gives only its measures (src/toolkit/metricKind.ts): one column per measure, each with its noise (a
 * proportion's 95% interval, a mean's SD), and the first proportion's paired change from the value before.
 */
function metricSweep(r: MetricSweepResult, requestedThreads?: number): Document {
  const what = `${r.kind}: ${r.measures.map((m) => m.label).join(', ')}`;
  const first = r.measures.findIndex((m) => m.type === 'proportion');
  const blocks: Block[] = [
    heading(`${r.title ? r.title + ': ' : ''}${what}`),
    run(`sweep of ${varied(r)}`),
    run(runLine(r, 'trials', requestedThreads)),
    note(crn(r)),
    ...decidedNote(r),
  ];
  const last = r.points[r.points.length - 1];
  if (r.axes.length === 1 && last && first >= 0)
    blocks.push(
      verdict(...overallLine(r.measures[first].label, r.points[0].values[0], last.values[0], r.changeOverall)),
    );
  blocks.push(gap);
  const cell = (p: MetricSweepResult['points'][number], i: number): Text => {
    const m = p.measures[i];
    return r.measures[i].type === 'proportion' ? percent(m.value, m.ci95) : meanWithSd(m.value, m.sd ?? 0, 1);
  };
  if (r.axes.length === 2) {
    r.measures.forEach((m, i) =>
      blocks.push(
        ...grid(r, r.points, `${m.label} (${m.type === 'proportion' ? '95% interval' : 'SD'})`, (p) => cell(p, i)),
      ),
    );
  } else {
    blocks.push(
      table(
        [
          r.vary,
          ...r.measures.map((m) => `${m.name} (${m.type === 'proportion' ? '95%' : 'SD'})`),
          ...(first >= 0 ? ['change from the value before'] : []),
          'trials',
        ],
        r.points.map((p) => [
          String(p.values[0]),
          ...r.measures.map((_, i) => cell(p, i)),
          ...(first >= 0 ? [changeOf(p.change)] : []),
          number(p.trials),
        ]),
        'Each value',
      ),
    );
  }
  blocks.push(
    note(r.measures.map((m) => `${m.name}: ${m.label}${m.unit ? ` (${m.unit}, mean per trial)` : ''}`).join('; ')),
  );
  return { title: r.title ?? what, blocks };
}

/** Each grid layout, by the result's kind (the compiler checks every kind of SimSweepResult has one). */
const LAYOUTS: {
  [K in SimSweepResult['kind']]: (r: Extract<SimSweepResult, { kind: K }>, requestedThreads?: number) => Document;
} = {
  'war-machine': battleGrid,
  siege: siegeSweep,
  cascade: cascadeSweep,
  march: marchSweep,
};

/** At most this many "why it jumps" lines in a document (a long sweep can cross many thresholds). */
const MAX_EXPLAINED = 20;

/** The steps where a rule threshold is crossed, each with its sentences (the kind's explainChange). */
function whyBlocks(r: SweepAnswer): Block[] {
  const points = r.points as { value?: number; values?: number[]; explanation?: string[] }[];
  const lines = points.flatMap((p) => (p.explanation ?? []).map((l) => `at ${p.value ?? p.values![0]}: ${l}`));
  if (!lines.length) return [];
  const shown = lines.slice(0, MAX_EXPLAINED).map((l) => note(`why it jumps ${l}`));
  const more = lines.length - MAX_EXPLAINED;
  return [
    gap,
    ...shown,
    ...(more > 0 ? [note(`and ${more} more thresholds crossed (in --json, each point's explanation)`)] : []),
  ];
}

/** The document of any sweep result. */
export function presentSweep(r: SweepAnswer, requestedThreads?: number): Document {
  const doc = !('axes' in r)
    ? battleSweep(r, requestedThreads)
    : r.schema === 'warcast/sweep/metrics@1'
      ? metricSweep(r, requestedThreads)
      : (LAYOUTS[r.kind] as (x: SimSweepResult, t?: number) => Document)(r, requestedThreads);
  return { ...doc, blocks: [...doc.blocks, ...whyBlocks(r)] };
}
