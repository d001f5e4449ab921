/** `warcast siege <castle.yaml>`: how long the fortress holds, how sieges end, what they cost, what is left standing. */
import { UsageError } from '../errors.js';
import { compileSiege, type CompiledSiege } from '../kinds/siege/plan.js';
import { summarizeSiege, type SiegeSummary } from '../kinds/siege/summary.js';
import { runTrials, runUntil, type RunResult } from '../engine/run.js';
import { loadScenarioFile } from '../scenario/index.js';
import type { SiegeScenario } from '../kinds/siege/schema.js';
import { wilsonHalfWidth } from '../stats/index.js';
import { emitResult, exitCodeAfter } from '../cli/emit.js';
import type { Io } from '../cli/io.js';
import { runSettings, type RunFlags, type RunHeader } from '../cli/options.js';
import { fmtCount, progressBar } from '../cli/progress.js';
import { num, pct, table } from '../cli/format.js';
import { E_DEFENDERS_DEPART, E_STARVED, E_STORMED, ENDINGS } from '../kinds/siege/plan.js';
import { siegeLayout } from '../kinds/siege/kernel.js';
import { checkReportOption, saveCommandReport, type ReportFlags } from '../../reports/cli.js';

export interface SiegeResult extends SiegeSummary, RunHeader {
  kind: 'siege';
  title: string | null;
  mode: SiegeScenario['mode'];
  sides: { attacker: string; defender: string };
  policies: SiegeScenario['policies'];
  weekLimit: number;
  ratings: { attacker: { battleRating: number; modifiedBattleRating: number; troops: number }; defender: { battleRating: number; modifiedBattleRating: number; troops: number } };
  fortificationBr: number;
  equipmentBr: { attacker: Record<string, number>; defender: Record<string, number> };
}

/** Sieges that fell within the limit, by week, from an accumulator (for --precision). */
function fallenCount(c: CompiledSiege, acc: Float64Array): number {
  const L = c.plan.weekLimit;
  const lay = siegeLayout(c.plan);
  let k = 0;
  for (const e of [E_STORMED, E_STARVED, E_DEFENDERS_DEPART]) for (let w = 0; w <= L; w++) k += acc[lay.endings + e * (L + 1) + w];
  return k;
}

export async function simulateSiege(c: CompiledSiege, flags: RunFlags, io?: Io, minPoolTrials?: number): Promise<{ run: RunResult; seed: number; precision: number | null }> {
  const s = runSettings(flags);
  const bar = io ? progressBar(io, 'sieges') : null;
  const common = { kind: 'siege', plan: c.plan, seed: s.seed, threads: s.threads, signal: io?.signal, onProgress: bar ? (d: number, t: number) => bar.update(d, t) : undefined, minPoolTrials };
  try {
    if (s.precision === null) return { run: await runTrials({ ...common, trials: s.trials }), seed: s.seed, precision: null };
    const eps = s.precision;
    const run = await runUntil({
      ...common,
      initialTrials: Math.min(s.trials, s.maxTrials),
      maxTrials: s.maxTrials,
      done: (acc, n) => {
        // every ending's probability and the fall probability known to ± eps
        const lay = siegeLayout(c.plan);
        const L = c.plan.weekLimit;
        for (let e = 0; e < ENDINGS.length; e++) {
          let k = 0;
          for (let w = 0; w <= L; w++) k += acc[lay.endings + e * (L + 1) + w];
          if (wilsonHalfWidth(k, n) > eps) return false;
        }
        return wilsonHalfWidth(fallenCount(c, acc), n) <= eps;
      },
    });
    return { run, seed: s.seed, precision: eps };
  } finally {
    bar?.finish();
  }
}

export async function computeSiege(file: string, flags: RunFlags, io?: Io, minPoolTrials?: number): Promise<SiegeResult> {
  if (flags.exact) throw new UsageError('siege has no --exact mode: a siege carries state from week to week');
  const settings = runSettings(flags);
  const { scenario } = loadScenarioFile(file, ['siege']) as { scenario: SiegeScenario };
  const started = performance.now();
  const c = compileSiege(scenario);
  const { run } = await simulateSiege(c, flags, io, minPoolTrials);
  const summary = summarizeSiege(c.plan, run.acc, Math.max(1, run.trials));
  const br = (lines: Record<string, { value: number }[]>) => Object.fromEntries(Object.entries(lines).map(([k, v]) => [k, v.reduce((t, l) => t + l.value, 0)]));
  const result: SiegeResult = {
    kind: 'siege',
    title: scenario.title ?? null,
    mode: scenario.mode,
    seed: settings.seed,
    trials: run.trials,
    threads: run.threadsUsed,
    precision: settings.precision,
    interrupted: run.interrupted,
    elapsedMs: 0,
    sides: { attacker: scenario.attacker.name, defender: scenario.defender.name },
    policies: scenario.policies,
    weekLimit: scenario.weekLimit,
    ratings: {
      attacker: { battleRating: c.ratings[0].battleRating, modifiedBattleRating: c.plan.baseBr[0], troops: scenario.attacker.troops },
      defender: { battleRating: c.ratings[1].battleRating, modifiedBattleRating: c.plan.baseBr[1], troops: scenario.defender.troops },
    },
    fortificationBr: c.plan.fortBr,
    equipmentBr: { attacker: br(c.equipment.attacker), defender: br(c.equipment.defender) },
    ...summary,
  };
  result.elapsedMs = Math.round(performance.now() - started);
  return result;
}

export async function siegeCommand(file: string, flags: RunFlags & ReportFlags, io: Io): Promise<number> {
  checkReportOption(flags);
  const result = await computeSiege(file, flags, io);
  emitResult(io, flags.json, result, () => formatSiege(result));
  await saveCommandReport({ kind: 'siege', result }, file, flags, io);
  return exitCodeAfter(io, result.interrupted, `the first ${fmtCount(result.trials)} sieges`);
}

const ci = (p: number, c: [number, number]) => `${pct(p)} ± ${(((c[1] - c[0]) / 2) * 100).toFixed(2)}`;

function formatSiege(r: SiegeResult): string {
  const lines: string[] = [];
  lines.push(`${r.title ? r.title + ': ' : ''}${r.sides.attacker} besieging ${r.sides.defender} (${r.mode}, up to ${r.weekLimit} weeks)`);
  lines.push(`${fmtCount(r.trials)} sieges, seed ${r.seed}, ${r.threads} thread${r.threads === 1 ? '' : 's'}, ${(r.elapsedMs / 1000).toFixed(2)} s`);
  lines.push(`BR: attacker ${r.ratings.attacker.modifiedBattleRating}, defender ${r.ratings.defender.modifiedBattleRating} + fortifications ${r.fortificationBr} (before troop ratio, equipment and tactics)`);
  lines.push('');
  const wtf = r.weeksToFall;
  lines.push(`fallen within ${r.weekLimit} weeks: ${ci(wtf.probability, wtf.ci95)}`);
  if (wtf.mean !== null) {
    const s = wtf as Extract<SiegeResult['weeksToFall'], { p50: number }>;
    lines.push(`weeks to fall (sieges that fell): mean ${num(s.mean, 2)}, p5 ${s.p05}, p25 ${s.p25}, median ${s.p50}, p75 ${s.p75}, p95 ${s.p95}`);
  }
  lines.push(`mean length of siege: ${num(r.meanWeeks, 2)} weeks`);
  lines.push('');
  // Survival curve: every week up to 12, then every few weeks, and the last.
  const step = r.weekLimit <= 16 ? 1 : Math.ceil(r.weekLimit / 16);
  const rows = r.fallenByWeek.filter((f) => f.week % step === 0 || f.week === 1 || f.week === r.weekLimit).map((f) => [String(f.week), ci(f.probability, f.ci95)]);
  lines.push(table(rows, ['week', 'P(fallen by week)']));
  lines.push(table(ENDINGS.map((e) => [e, ci(r.endings[e].probability, r.endings[e].ci95), r.endings[e].meanWeek === null ? '—' : num(r.endings[e].meanWeek!, 2)]), ['ending', 'probability', 'mean week']));
  const sp = (s: { mean: number; p05: number; p50: number; p95: number }) => `${num(s.mean)} (${s.p05}/${s.p50}/${s.p95})`;
  const cas = r.casualties;
  lines.push(
    table(
      [
        ['dead', sp(cas.attacker.dead), sp(cas.defender.dead)],
        ['wounded', sp(cas.attacker.wounded), sp(cas.defender.wounded)],
        ['deserted (mean)', '—', num(cas.defender.desertedMean)],
      ],
      ['casualties mean (p5/p50/p95)', `attacker: ${r.sides.attacker}`, `defender: ${r.sides.defender}`],
    ),
  );
  const d = r.damage;
  lines.push(`fortification damage: rubble ${ci(d.rubbleProbability, d.rubbleCi95)}, mean damage ${num(d.meanDamage)} hp, mean breach ${num(d.meanBreachFeet)} ft`);
  lines.push(table(Object.entries(d.byClass).filter(([, v]) => v.hitPoints > 0).map(([k, v]) => [k, num(v.hitPoints), num(v.expectedDamage), pct(v.expectedDamage / v.hitPoints)]), ['structure class', 'hit points', 'expected damage', 'share']));
  return lines.join('\n');
}
