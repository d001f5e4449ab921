/**
 * The report of a War Machine battle (`warcast odds` / `warcast report` on a war-machine scenario): charts,
 * scenario summary and key numbers from the odds result and the compiled scenario.
 *
 * Casualty histograms are read from the outcome-code weights (Monte Carlo counts, or exact probabilities)
 * through `outcomeOfCode`, the same path the summary takes. The convergence chart re-runs the battles in
 * successive chunk-aligned batches with the same seed (`runTrials` with `startTrial`): by the determinism
 * contract their sum is the reported run, which is checked.
 */
import type { Io } from '../src/cli/io.js';
import type { OddsResult } from '../src/analysis/odds.js';
import { progressBar } from '../src/cli/progress.js';
import { num, pct } from '../src/cli/format.js';
import { loadKernel } from '../src/engine/kernels.js';
import { runTrials } from '../src/engine/run.js';
import { exactWarMachine } from '../src/kinds/warMachine/kernel.js';
import { CODE_COUNT, decodeCode, outcomeOfCode, type CompiledWarMachine } from '../src/kinds/warMachine/plan.js';
import { winCounts } from '../src/kinds/warMachine/summary.js';
import { ROW_COUNT, rowLabel } from '../src/rules/warMachine/results.js';
import type { WarMachineScenario } from '../src/kinds/warMachine/schema.js';
import { discrete, wilsonInterval, type Discrete } from '../src/stats/index.js';
import { casualtyChart, convergenceChart, engagementChart, resultsRowsChart, winProbabilityChart, type CasualtyMeasure, type ConvergenceChartInput } from './charts/war.js';
import type { ReportContent } from './content.js';
import { elapsedText, policyText, runFacts, saveReport } from './save.js';
import type { Chart } from './spec.js';

export const WAR_MACHINE_SOURCES = [
  'D&D Rules Cyclopedia (TSR 1991), chapter 9 “Mass Combat” (the War Machine): force and battle ratings, battle adjustments, combat results table, casualties.',
  'The one-page War Machine / Siege Machine summary sheet (tactics table, results table as printed).',
  'warcast’s interpretation decisions and named policies where the two are silent or differ: docs/rules.md.',
];

/** Chunk-aligned ends of the convergence batches: every chunk for short runs, about `points` log-spaced ends otherwise. */
export function convergenceSchedule(trials: number, chunkTrials: number, points = 40): number[] {
  const chunks = Math.ceil(trials / chunkTrials);
  const ends = new Set<number>();
  if (chunks <= points) for (let k = 1; k <= chunks; k++) ends.add(k);
  else for (let j = 0; j < points; j++) ends.add(Math.max(1, Math.round(chunks ** (j / (points - 1)))));
  return [...ends].sort((a, b) => a - b).map((k) => Math.min(trials, k * chunkTrials));
}

export interface ConvergenceRun {
  points: ConvergenceChartInput['points'];
  /** The summed accumulator: the reported run's. */
  acc: Float64Array;
}

/** Re-run the battles batch by batch; null if interrupted. */
export async function convergenceRun(c: CompiledWarMachine, seed: number, trials: number, threads: number, io?: Io): Promise<ConvergenceRun | null> {
  const k = await loadKernel('war-machine');
  const acc = new Float64Array(k.accLength(c.plan));
  const points: ConvergenceRun['points'] = [];
  const bar = io ? progressBar(io, 'report: convergence') : null;
  let start = 0;
  try {
    for (const end of convergenceSchedule(trials, k.chunkTrials)) {
      const r = await runTrials({ kind: 'war-machine', plan: c.plan, seed, trials: end - start, startTrial: start, threads, signal: io?.signal, onProgress: bar ? (d) => bar.update(start + d, trials) : undefined });
      if (r.interrupted) return null;
      for (let j = 0; j < acc.length; j++) acc[j] += r.acc[j];
      start = end;
      const wins = winCounts(c, acc);
      for (const s of [0, 1] as const) {
        const [lo, hi] = wilsonInterval(wins[s], end);
        points.push({ trials: end, side: s, win: wins[s] / end, lo, hi });
      }
    }
  } finally {
    bar?.finish();
  }
  return { points, acc };
}

/** Troops lost (total, dead, wounded) per side as distributions with probability weights. */
export function casualtyDistributions(c: CompiledWarMachine, weights: Float64Array, total: number): [Record<CasualtyMeasure, Discrete>, Record<CasualtyMeasure, Discrete>] {
  const pairs = [0, 1].map(() => ({ total: [] as [number, number][], dead: [] as [number, number][], wounded: [] as [number, number][] }));
  for (let p = 0; p < c.pairs.length; p++) {
    for (let code = 0; code < CODE_COUNT; code++) {
      const w = weights[p * CODE_COUNT + code] / total;
      if (w === 0) continue;
      const sides = decodeCode(code) === null ? null : outcomeOfCode(c, p, code);
      for (const s of [0, 1]) {
        const l = sides ? sides[s].losses : { lost: 0, dead: 0, wounded: 0 };
        pairs[s].total.push([l.lost, w]);
        pairs[s].dead.push([l.dead, w]);
        pairs[s].wounded.push([l.wounded, w]);
      }
    }
  }
  return pairs.map((m) => ({ total: discrete(m.total), dead: discrete(m.dead), wounded: discrete(m.wounded) })) as [Record<CasualtyMeasure, Discrete>, Record<CasualtyMeasure, Discrete>];
}

export interface OddsReportInput {
  result: OddsResult;
  compiled: CompiledWarMachine;
  scenario: WarMachineScenario;
  /** The scenario file as the user named it. */
  file: string;
  /** Threads for the convergence re-run. */
  threads: number;
  io?: Io;
}

/** Build the report content of an odds result; null if the convergence re-run was interrupted. */
export async function oddsReport(i: OddsReportInput): Promise<ReportContent | null> {
  const { result: r, compiled: c, scenario } = i;
  const monteCarlo = r.method === 'monte-carlo' && r.trials > 0;
  let weights: Float64Array;
  let total: number;
  let convergence: ConvergenceRun | null = null;
  if (monteCarlo) {
    convergence = await convergenceRun(c, r.seed, r.trials, i.threads, i.io);
    if (convergence === null) return null;
    const wins = winCounts(c, convergence.acc);
    if (wins[0] !== Math.round(r.win[0] * r.trials) || wins[1] !== Math.round(r.win[1] * r.trials)) {
      throw new Error('internal error: the batched re-run of the report does not reproduce the run (determinism contract broken)');
    }
    weights = convergence.acc;
    total = r.trials;
  } else {
    weights = exactWarMachine(c.plan, c.pairs.map((p) => p.probability));
    total = 1;
  }
  const sides = r.sides;
  const exact = r.exact!;
  const charts: Chart[] = [
    {
      name: 'win',
      title: 'Win probability',
      caption: monteCarlo
        ? 'Each side’s chance of winning the battle, with the 95% interval of the Monte Carlo estimate as error bars and the exact odds as a black tick.'
        : 'Each side’s exact chance of winning the battle.',
      spec: winProbabilityChart({ sides, win: r.win, ci95: r.winCi95, exact: monteCarlo ? exact.win : null, noWinner: r.tie }),
    },
    {
      name: 'casualties',
      title: 'Casualties',
      caption: 'How many troops each side loses (total, dead, wounded), as histograms of the per-battle outcome; vertical lines at the 5%, 50% and 95% quantiles.',
      spec: casualtyChart({ sides, troops: [c.sides[0].troops, c.sides[1].troops], distributions: casualtyDistributions(c, weights, total) }),
    },
    {
      name: 'results-rows',
      title: 'Results rows',
      caption: 'How decisively each side wins: the probability of each row of the combat results table (the winner’s margin), per winning side.',
      spec: resultsRowsChart({ sides, rowLabels: Array.from({ length: ROW_COUNT }, (_, k) => rowLabel(k)), rows: r.rows, exact: monteCarlo ? exact.rows : null }),
    },
  ];
  if (convergence) {
    charts.push({
      name: 'convergence',
      title: 'Convergence',
      caption: 'The running estimate of each side’s win probability as battles are added, with its 95% interval; the exact odds dashed. A settled run hugs the dashed line.',
      spec: convergenceChart({ sides, points: convergence.points, exact: exact.win }),
    });
  }
  if (r.engagement) {
    charts.push({
      name: 'engagement',
      title: 'Pursuit',
      caption: `The engagement: while the forces stay in contact the winner attacks again the next day, up to ${r.engagement.maxDays} battles (docs/rules.md §7). How many battles were fought, and how it ended.`,
      spec: engagementChart({ days: r.engagement.days.distribution, endings: Object.entries(r.engagement.endings).map(([label, probability]) => ({ label, probability })) }),
    });
  }
  return {
    title: r.title ?? `${sides[0]} vs ${sides[1]}`,
    lead: `War Machine battle: ${sides[0]} (A) vs ${sides[1]} (B)`,
    facts: oddsFacts(r, i.file),
    tables: [sideTable(r, c, scenario), keyNumbers(r)],
    sources: WAR_MACHINE_SOURCES,
    charts,
    resultJson: JSON.stringify(r, null, 2) + '\n',
  };
}

function oddsFacts(r: OddsResult, file: string): [string, string][] {
  const facts: [string, string][] = [
    ['scenario', file],
    ['method', r.method === 'exact' ? 'exact (all 10,000 pairs of d100 rolls enumerated)' : 'Monte Carlo, checked against exact odds'],
  ];
  if (r.method === 'monte-carlo') facts.push(...runFacts(r, 'battles'));
  facts.push(['elapsed', elapsedText(r.elapsedMs)], ['policies', policyText(r.policies)]);
  return facts;
}

function tacticText(t: WarMachineScenario['sides'][number]['tactic']): string {
  if (t === undefined) return '— (tactics not used)';
  if (typeof t === 'string') return t;
  return Object.entries(t)
    .filter(([, p]) => (p ?? 0) > 0)
    .map(([k, p]) => `${k} ${pct(p!, 0)}`)
    .join(', ');
}

function sideTable(r: OddsResult, c: CompiledWarMachine, s: WarMachineScenario) {
  const col = (f: (k: 0 | 1) => string) => [f(0), f(1)];
  return {
    caption: 'Sides',
    columns: ['', `A: ${r.sides[0]}`, `B: ${r.sides[1]}`],
    rows: [
      ['troops', ...col((k) => num(r.ratings[k].troops))],
      ['troop class', ...col((k) => r.ratings[k].troopClass ?? '—')],
      ['battle rating (BR)', ...col((k) => String(r.ratings[k].battleRating))],
      ['modified BR', ...col((k) => String(r.ratings[k].modifiedBattleRating))],
      ['adjustments', ...col((k) => c.ratings[k].adjustments.map((a) => `${a.rule} ${a.value >= 0 ? '+' : ''}${a.value}`).join('; ') || '—')],
      ['role', ...col((k) => (s.sides[k].defending ? 'defending' : 'attacking'))],
      ['tactic', ...col((k) => tacticText(s.sides[k].tactic))],
    ],
  };
}

function keyNumbers(r: OddsResult) {
  const ex = r.exact!;
  const col = (f: (k: 0 | 1) => string) => [f(0), f(1)];
  const win = (k: 0 | 1) => (r.winCi95 ? `${pct(r.win[k])} ± ${(((r.winCi95[k][1] - r.winCi95[k][0]) / 2) * 100).toFixed(2)}` : pct(r.win[k]));
  const cas = (k: 0 | 1, m: 'dead' | 'wounded' | null) => {
    const x = m ? r.casualties[k][m] : r.casualties[k];
    return `${num(x.mean)} (${x.p05} / ${x.p50} / ${x.p95})`;
  };
  const likeliest = (k: 0 | 1) => {
    let best = 0;
    for (let row = 1; row < ROW_COUNT; row++) if (r.rows[k][row] > r.rows[k][best]) best = row;
    return r.rows[k][best] > 0 ? `${rowLabel(best)} (${pct(r.rows[k][best])})` : '—';
  };
  const rows = [
    [r.method === 'exact' ? 'win' : 'win (95% interval)', ...col(win)],
    ...(r.method === 'exact' ? [] : [['win, exact', ...col((k) => pct(ex.win[k]))]]),
    ['casualties, mean (5% / 50% / 95%)', ...col((k) => cas(k, null))],
    ['dead', ...col((k) => cas(k, 'dead'))],
    ['wounded', ...col((k) => cas(k, 'wounded'))],
    ['likeliest winning margin (row)', ...col(likeliest)],
    ['no winner (no battle or standing tie)', pct(r.tie), ''],
    ['tied roll, per roll', pct(r.tieRoll), ''],
    ...(r.engagement
      ? [
          [`engagement (up to ${r.engagement.maxDays} battles): won the last battle`, ...col((k) => pct(r.engagement!.lastBattleWon[k]))],
          ['engagement: routed or destroyed', ...col((k) => pct(r.engagement!.routed[k] + r.engagement!.destroyed[k]))],
          ['engagement: lost in all, mean (5% / 50% / 95%)', ...col((k) => { const e = r.engagement!.casualties[k]; return `${num(e.mean)} (${e.p05} / ${e.p50} / ${e.p95})`; })],
          ['engagement: battles fought, mean', r.engagement.days.mean.toFixed(2), ''],
        ]
      : []),
  ];
  return { caption: 'Key numbers', columns: ['', `A: ${r.sides[0]}`, `B: ${r.sides[1]}`], rows };
}

export interface SaveOddsReport extends Omit<OddsReportInput, 'threads'> {
  dir: string;
  /** The option that named the folder (--out or --report), for messages. */
  option: string;
  interactive?: boolean;
  /** Where to print the path: stdout unless stdout carries --json. */
  json?: boolean;
  threads: number;
  io: Io;
}

/** Build and write the report of an odds result; prints and returns the index.html path (null if interrupted). */
export async function saveOddsReport(o: SaveOddsReport): Promise<string | null> {
  return saveReport(o.result.interrupted ? null : await oddsReport(o), o);
}
