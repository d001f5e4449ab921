/** `warcast march <scenario>`: parse options, call `march`, format (docs/scenarios.md, "march"). */
import { march, type MarchResult } from '../analysis/march.js';
import { fmtCount, num, pct, table, threadsText } from '../text/format.js';
import { emitResult, exitCodeAfter } from './emit.js';
import type { Io } from './io.js';
import { runOptions, type RunFlags } from './options.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from './reportOption.js';
import { withRun } from './run.js';

export async function marchCommand(file: string, flags: RunFlags & ReportFlags & { monteCarlo?: boolean }, io: Io): Promise<number> {
  await checkReportOption(flags.report);
  const result = await withRun(io, flags, (o) => march(file, { ...o, method: flags.monteCarlo ? 'monte-carlo' : 'exact' }));
  emitResult(io, flags, result, () => formatMarch(result, runOptions(flags).threads));
  await saveCommandReport({ kind: 'march', result }, file, flags.report, flags, io);
  return exitCodeAfter(io, result.interrupted, `the first ${fmtCount(result.trials ?? 0)} marches`);
}

const ci = (x: [number, number] | undefined | null) => (x ? ` [${pct(x[0], 1)}, ${pct(x[1], 1)}]` : '');
const split = (f: { N: number; M: number; S: number } | null) => (f ? `none ${pct(f.N, 1)}, moderate ${pct(f.M, 1)}, serious ${pct(f.S, 1)}` : '—');

export function formatMarch(r: MarchResult, requestedThreads?: number): string {
  const out: string[] = [];
  const m = r.march;
  out.push(`${r.title ? r.title + ': ' : ''}${r.force.name}, ${num(r.force.troops)} troops, movement ${r.force.movement} a day for its slowest member, ${r.force.dailyRate} for a force this size, ${r.force.troopClass}, food for ${r.force.food} day${r.force.food === 1 ? '' : 's'}`);
  out.push(
    r.method === 'exact'
      ? `exact (Markov chain over the plan's ${m.days} days; forced-march table: ${r.policies.forcedMarchTable})`
      : `${fmtCount(r.trials ?? 0)} marches, seed ${r.seed}, ${threadsText(r.threads ?? 1, 'marches', requestedThreads)}; forced-march table: ${r.policies.forcedMarchTable}${r.note ? ` (${r.note})` : ''}`,
  );
  if (m.destination !== null) out.push(`→ arrives within ${m.days} days (${m.destination} away): ${pct(m.arrives)}${ci(m.arrivesCi95)}; fatigue on arrival: ${split(m.fatigueAtArrival)}`);
  out.push(`→ distance covered: mean ${num(m.distance.mean)} (p5/p50/p95 ${m.distance.p05}/${m.distance.p50}/${m.distance.p95})`);
  out.push(`→ seriously fatigued (cannot move) with probability ≥ ½ from day: ${m.daysUntilSpentMedian ?? 'never within the plan'}`);
  if (r.battle) {
    const b = r.battle;
    const w = b.winCi95 ? ci(b.winCi95[0]) : '';
    out.push(`→ battle on arrival, ${b.sides[0]} vs ${b.sides[1]}: ${b.sides[0]} wins ${pct(b.win[0])}${w} (fresh: ${pct(b.winIfFresh)}); arrives and wins: ${pct(b.arriveAndWin)}${ci(b.arriveAndWinCi95)}`);
    out.push(`→ a PC leading ${b.sides[0]}, given arrival: ${num(b.leader.xp)} XP expected, ${pct(b.leader.itemChargesUsed, 0)} of item charges used, ${num(b.leader.combatSpellsKept, 2)} combat spells kept (never killed: Rules Cyclopedia l. 11356)`);
    out.push('');
    out.push(table(b.byFatigue.map((f) => [{ N: 'none', M: 'moderate (−10)', S: 'serious (−30)' }[f.fatigue], pct(f.probability), pct(f.win[0]), pct(f.win[1]), `${num(f.casualties[0].mean)} / ${num(f.casualties[1].mean)}`]), ['fatigue on arrival', 'P(given arrival)', `${b.sides[0]} wins`, `${b.sides[1]} wins`, 'casualties (mean)']));
  }
  if (!out[out.length - 1].endsWith('\n')) out.push(''); // a table ends its own line: one blank line, not two
  out.push(
    table(
      m.perDay.map((d) => [String(r.plan[d.day - 1] ? `${d.day} ${r.plan[d.day - 1]}` : d.day), pct(d.arrivedBy) + ci(d.arrivedByCi95), pct(d.onRoad.N), pct(d.onRoad.M), pct(d.onRoad.S) + ci(d.seriouslyFatiguedCi95)]),
      ['day', 'arrived by', 'on road: fresh', 'moderate', 'serious'],
    ),
  );
  const text = out.join('\n');
  return text.endsWith('\n') ? text : text + '\n';
}
