/** `warcast odds <scenario>`: who wins, how often, at what cost. */
import { exactWarMachine } from '../kinds/warMachine/kernel.js';
import { compileWarMachine, type CompiledWarMachine } from '../kinds/warMachine/plan.js';
import { summarizeMonteCarlo, summarizeOdds, winsKnownTo, type WarMachineMonteCarlo, type WarMachineOdds } from '../kinds/warMachine/summary.js';
import { runTrials, type RunResult } from '../engine/run.js';
import { runMany, type ManyResult } from '../engine/runMany.js';
import { compileEngagement, engagementSides, summarizeEngagement, type EngagementSummary } from '../kinds/pursuit/engagement.js';
import { rowLabel, ROW_COUNT } from '../rules/warMachine/results.js';
import { TACTIC_LABELS, TACTICS, type Tactic } from '../rules/warMachine/tactics.js';
import { CODE_COUNT } from '../kinds/warMachine/plan.js';
import { loadWarMachine } from '../scenario/index.js';
import type { WarMachineScenario } from '../kinds/warMachine/schema.js';
import { emitResult, exitCodeAfter } from '../cli/emit.js';
import type { Io } from '../cli/io.js';
import { runSettings, type RunFlags, type RunSettings, type RunHeader } from '../cli/options.js';
import { fmtCount, progressBar } from '../cli/progress.js';
import { num, pct, table } from '../cli/format.js';
import { assertReplaceable } from '../../reports/write.js';

export interface OddsResult extends WarMachineOdds, RunHeader {
  kind: 'war-machine';
  title: string | null;
  method: 'monte-carlo' | 'exact';
  sides: [string, string];
  policies: WarMachineScenario['policies'];
  ratings: { battleRating: number; modifiedBattleRating: number; troopClass: string | null; troops: number }[];
  win: [number, number];
  winCi95: [[number, number], [number, number]] | null;
  exact: WarMachineOdds | null;
  /**
   * With tactics in play: each side's best pure tactic against the other side's tactic (or mix) as given, by
   * exact win probability (`warcast matchup` solves the full game).
   */
  bestReply: [{ tactic: Tactic; win: number }, { tactic: Tactic; win: number }] | null;
  /** Pursuit over several days (scenario `engagement.maxDays` > 1 and policy pursue: always); Monte Carlo only. */
  engagement: EngagementSummary | null;
}

export function exactOdds(c: CompiledWarMachine): WarMachineOdds {
  const probs = exactWarMachine(c.plan, c.pairs.map((p) => p.probability));
  return summarizeOdds(c, probs, 1, probs[c.pairs.length * CODE_COUNT]);
}

type SimulationSettings = Pick<RunSettings, 'seed' | 'trials' | 'threads' | 'precision' | 'maxTrials'>;

/**
 * The Monte Carlo of several compiled battles with the same seed (common random numbers: matchup cells, sweep
 * points), for fixed trials or to a precision, with a progress bar. Each battle's answer is what it would get alone.
 */
export async function simulateWarMachines(cs: readonly CompiledWarMachine[], s: SimulationSettings, io?: Io, minPoolTrials?: number): Promise<ManyResult> {
  const bar = io ? progressBar(io, 'battles') : null;
  const eps = s.precision;
  try {
    return await runMany({
      kind: 'war-machine',
      plans: cs.map((c) => c.plan),
      seed: s.seed,
      trials: s.trials,
      threads: s.threads,
      signal: io?.signal,
      minPoolTrials,
      onProgress: bar ? (d, t) => bar.update(d, t) : undefined,
      precision: eps === null ? null : { maxTrials: s.maxTrials, done: (i, acc, n) => winsKnownTo(cs[i], acc, n, eps) },
    });
  } finally {
    bar?.finish();
  }
}

export async function computeOdds(file: string, flags: RunFlags, io?: Io, minPoolTrials?: number): Promise<{ result: OddsResult; compiled: CompiledWarMachine; scenario: WarMachineScenario }> {
  const settings = runSettings(flags);
  const { scenario } = loadWarMachine(file);
  const started = performance.now();
  const compiled = compileWarMachine(scenario);
  const exact = exactOdds(compiled);
  let mc: WarMachineMonteCarlo | null = null;
  let run: RunResult | null = null;
  if (!settings.exact) {
    run = (await simulateWarMachines([compiled], settings, io, minPoolTrials)).results[0];
    mc = run.trials > 0 ? summarizeMonteCarlo(compiled, run.acc, run.trials) : null;
  }
  const head = {
    kind: 'war-machine' as const,
    title: scenario.title ?? null,
    // Ctrl-C before the first chunk: the numbers shown are the exact ones, and say so.
    method: settings.exact || (run !== null && run.trials === 0) ? ('exact' as const) : ('monte-carlo' as const),
    seed: settings.seed,
    trials: run?.trials ?? 0,
    threads: run?.threadsUsed ?? 0,
    precision: settings.precision,
    interrupted: run?.interrupted ?? false,
    elapsedMs: 0,
    sides: [scenario.sides[0].name, scenario.sides[1].name] as [string, string],
    policies: scenario.policies,
    ratings: compiled.ratings.map((r) => ({ battleRating: r.battleRating, modifiedBattleRating: r.modifiedBattleRating, troopClass: r.troopClassName, troops: r.troops })),
  };
  let engagement: EngagementSummary | null = null;
  const maxDays = scenario.engagement?.maxDays ?? 1;
  if (run && !run.interrupted && run.trials > 0 && maxDays > 1 && scenario.policies.pursue === 'always') {
    const plan = compileEngagement(compiled, engagementSides(compiled, [scenario.sides[0].adjustments.fatigue, scenario.sides[1].adjustments.fatigue]), scenario.policies.ratioRounding, maxDays);
    const bar = io ? progressBar(io, 'engagements') : null;
    try {
      const e = await runTrials({ kind: 'war-machine-engagement', plan, seed: settings.seed, trials: run.trials, threads: settings.threads, signal: io?.signal, onProgress: bar ? (d, t) => bar.update(d, t) : undefined, minPoolTrials });
      head.interrupted ||= e.interrupted;
      engagement = summarizeEngagement(plan, e.acc, e.trials);
    } finally {
      bar?.finish();
    }
  }
  const body = mc ?? { ...exact, winCi95: null };
  const result: OddsResult = { ...head, ...body, exact, bestReply: bestReplies(scenario), engagement };
  result.elapsedMs = Math.round(performance.now() - started);
  return { result, compiled, scenario };
}

/** Each side's best pure tactic against the other's tactic as given (null without tactics). */
export function bestReplies(scenario: WarMachineScenario): OddsResult['bestReply'] {
  if (scenario.sides[0].tactic === undefined) return null;
  return [0, 1].map((s) => {
    let best = { tactic: TACTICS[0] as Tactic, win: -1 };
    for (const tactic of TACTICS) {
      const sides = scenario.sides.map((x, i) => (i === s ? { ...x, tactic } : x));
      const win = exactOdds(compileWarMachine({ ...scenario, sides })).win[s];
      if (win > best.win + 1e-12) best = { tactic, win };
    }
    return best;
  }) as OddsResult['bestReply'];
}

export async function oddsCommand(file: string, flags: RunFlags & { report?: string; interactive?: boolean }, io: Io): Promise<number> {
  if (flags.report !== undefined) assertReplaceable(flags.report, '--report');
  const computed = await computeOdds(file, flags, io);
  const { result } = computed;
  emitResult(io, flags.json, result, () => formatOdds(result));
  // Loaded only when asked for: vega and resvg add ~0.3 s to start-up.
  if (flags.report !== undefined) await (await import('../../reports/warMachine.js')).saveOddsReport({ ...computed, file, dir: flags.report, option: '--report', interactive: flags.interactive, json: flags.json, threads: runSettings(flags).threads, io });
  const pursuit = result.engagement && result.engagement.trials < result.trials ? ` (the pursuit: the first ${fmtCount(result.engagement.trials)} engagements)` : '';
  return exitCodeAfter(io, result.interrupted, `the first ${fmtCount(result.trials)} battles${pursuit}`);
}

function formatOdds(r: OddsResult): string {
  const [a, b] = r.sides;
  const ex = r.exact!;
  const lines: string[] = [];
  lines.push(`${r.title ? r.title + ': ' : ''}${a} (A) vs ${b} (B)`);
  lines.push(
    r.method === 'exact'
      ? `exact odds (all 10,000 pairs of d100 rolls enumerated), tie policy ${r.policies.tie}`
      : `${fmtCount(r.trials)} battle${r.trials === 1 ? '' : 's'}, seed ${r.seed}, ${r.threads} thread${r.threads === 1 ? '' : 's'}, ${(r.elapsedMs / 1000).toFixed(2)} s, tie policy ${r.policies.tie}`,
  );
  // The one line a game master reads first.
  const fav: 0 | 1 = r.win[0] >= r.win[1] ? 0 : 1;
  const halfWidth = r.winCi95 ? ` ± ${(((r.winCi95[fav][1] - r.winCi95[fav][0]) / 2) * 100).toFixed(2)}` : '';
  const loss = (i: 0 | 1) => `${r.sides[i]} ${num(Math.round(r.casualties[i].mean))} (${num(Math.round(r.casualties[i].dead.mean))} dead)`;
  lines.push(`→ ${r.sides[fav]} ${r.win[fav] === r.win[1 - fav] ? 'even' : 'favoured'}: ${pct(r.win[fav])}${halfWidth} to win${r.method === 'exact' ? '' : ` (exact ${pct(ex.win[fav])})`}; expected losses ${loss(0)}, ${loss(1)}`);
  if (r.bestReply) {
    const reply = (i: 0 | 1) => `${i === 0 ? 'A' : 'B'}'s best answer to ${r.sides[1 - i]}'s tactic is ${TACTIC_LABELS[r.bestReply![i].tactic]} (${pct(r.bestReply![i].win)})`;
    lines.push(`→ ${reply(0)}; ${reply(1)} (exact; warcast matchup solves the whole game)`);
  }
  lines.push('');
  const side = (i: 0 | 1) => {
    const half = r.winCi95 ? (r.winCi95[i][1] - r.winCi95[i][0]) / 2 : 0;
    return r.winCi95 ? `${pct(r.win[i])} ± ${(half * 100).toFixed(2)}` : pct(r.win[i]);
  };
  const cas = (i: 0 | 1, k: 'dead' | 'wounded' | null) => {
    const c = k ? r.casualties![i][k] : r.casualties![i];
    return `${num(c.mean)} (${c.p05}/${c.p50}/${c.p95})`;
  };
  const rows: string[][] = [
    ['troops', num(r.ratings[0].troops), num(r.ratings[1].troops)],
    ['troop class', r.ratings[0].troopClass ?? '—', r.ratings[1].troopClass ?? '—'],
    ['battle rating (BR)', String(r.ratings[0].battleRating), String(r.ratings[1].battleRating)],
    ['modified BR', String(r.ratings[0].modifiedBattleRating), String(r.ratings[1].modifiedBattleRating)],
    ['win (95% interval)', side(0), side(1)],
    ['win, exact', pct(ex.win[0]), pct(ex.win[1])],
    ['casualties mean (p5/p50/p95)', cas(0, null), cas(1, null)],
    ['  dead', cas(0, 'dead'), cas(1, 'dead')],
    ['  wounded', cas(0, 'wounded'), cas(1, 'wounded')],
  ];
  lines.push(table(rows, ['', `A: ${a}`, `B: ${b}`]));
  lines.push(`tied roll: ${pct(r.tieRoll!)} per roll (exact ${pct(ex.tieRoll)})${r.policies.tie === 'reroll' ? ', rerolled' : ''}; no winner: ${pct(r.tie!)}${r.noCombat ? ` (no battle: ${pct(r.noCombat)})` : ''}`);
  lines.push('');
  const rowTable: string[][] = [];
  for (let i = ROW_COUNT - 1; i >= 0; i--) rowTable.push([`A wins ${rowLabel(i)}`, pct(r.rows![0][i]), pct(ex.rows[0][i])]);
  for (let i = 0; i < ROW_COUNT; i++) rowTable.push([`B wins ${rowLabel(i)}`, pct(r.rows![1][i]), pct(ex.rows[1][i])]);
  lines.push(table(rowTable, ['combat results row', r.method === 'exact' ? 'probability' : 'observed', 'exact']));
  const outcomes = (label: string, key: 'fatigue' | 'location') => {
    const keys = [...new Set([...Object.keys(r[key]![0]), ...Object.keys(r[key]![1])])].sort();
    return table(keys.map((k) => [k, pct(r[key]![0][k] ?? 0), pct(r[key]![1][k] ?? 0)]), [label, 'A', 'B']);
  };
  lines.push(outcomes('fatigue', 'fatigue'));
  lines.push(outcomes('location', 'location'));
  if (r.engagement) lines.push(formatEngagement(r.engagement, r.sides));
  return lines.join('\n');
}

function formatEngagement(e: EngagementSummary, sides: [string, string]): string {
  const out: string[] = [];
  out.push(`engagement: the winner attacks again while in contact, up to ${e.maxDays} battles (${fmtCount(e.trials)} engagements; pursuit, docs/rules.md §7)`);
  out.push(`battles fought: mean ${e.days.mean.toFixed(2)}; ` + e.days.distribution.map((p, d) => (p > 0 ? `${d}: ${pct(p, 1)}` : '')).filter(Boolean).join(', '));
  out.push('how it ended: ' + Object.entries(e.endings).filter(([, p]) => p > 0).map(([k, p]) => `${k} ${pct(p, 1)}`).join(', '));
  const cas = (i: 0 | 1) => {
    const c = e.casualties[i];
    return `${num(c.mean)} (${c.p05}/${c.p50}/${c.p95})`;
  };
  out.push(
    table(
      [
        ['won the last battle', pct(e.lastBattleWon[0]), pct(e.lastBattleWon[1])],
        ['routed', pct(e.routed[0]), pct(e.routed[1])],
        ['destroyed', pct(e.destroyed[0]), pct(e.destroyed[1])],
        ['lost in all, mean (p5/p50/p95)', cas(0), cas(1)],
        ['  dead', `${num(e.casualties[0].dead.mean)} (${e.casualties[0].dead.p05}/${e.casualties[0].dead.p50}/${e.casualties[0].dead.p95})`, `${num(e.casualties[1].dead.mean)} (${e.casualties[1].dead.p05}/${e.casualties[1].dead.p50}/${e.casualties[1].dead.p95})`],
        ['  wounded (mean)', num(e.casualties[0].wounded.mean), num(e.casualties[1].wounded.mean)],
      ],
      ['engagement', `A: ${sides[0]}`, `B: ${sides[1]}`],
    ),
  );
  return out.join('\n');
}
