/**
 * `compare`: two scenarios of one kind side by side — the numbers a game master weighs (win, losses, weeks to
 * fall, who holds what) — with the difference and whether it is beyond the Monte Carlo's noise. Both run with
 * the same seed, so they share their dice (common random numbers); the noise test below treats them as
 * independent, which overstates the noise: "beyond noise" is then safe to believe.
 */
import { resultMeta, type ResultMeta } from '../resultMeta.js';
import { UsageError } from '../errors.js';
import { loadScenario, type ScenarioInput } from '../kinds/load.js';
import { cascade } from './cascade.js';
import { odds } from './odds.js';
import type { RunOptions } from './options.js';
import { siege } from './siege.js';

export interface CompareRow {
  metric: string;
  a: number;
  b: number;
  /** b − a. */
  difference: number;
  /** Half-width of the difference's 95% interval (0: both exact; null: not estimated). */
  noise: number | null;
  /** |difference| > noise. */
  beyondNoise: boolean | null;
  /** Both numbers exact (no Monte Carlo noise). */
  exact: boolean;
  unit: 'probability' | 'troops' | 'weeks' | 'legions';
}

export interface CompareResult extends ResultMeta {
  kind: string;
  files: [string, string];
  seed: number;
  trials: [number, number];
  rows: CompareRow[];
}

const Z = 1.959963984540054;

/** Agresti–Coull: p from (successes + 2) / (n + 4), so a probability seen as 0% or 100% still has noise. */
const variance = (p: number, n: number) => {
  const m = Math.max(1, n);
  const q = (p * m + 2) / (m + 4);
  return (q * (1 - q)) / (m + 4);
};

function probability(metric: string, a: number, b: number, n: [number, number], exact = false): CompareRow {
  const noise = exact ? 0 : Z * Math.sqrt(variance(a, n[0]) + variance(b, n[1]));
  return { metric, a, b, difference: b - a, noise, beyondNoise: exact ? a !== b : Math.abs(b - a) > noise, unit: 'probability', exact };
}

/** A mean with its spread read from the 5th–95th percentiles (≈ 3.29 standard deviations for a normal shape). */
function mean(metric: string, unit: CompareRow['unit'], a: { mean: number; p05: number; p95: number }, b: { mean: number; p05: number; p95: number }, n: [number, number]): CompareRow {
  const sd = (s: { p05: number; p95: number }) => (s.p95 - s.p05) / 3.29;
  const noise = Z * Math.sqrt(sd(a) ** 2 / Math.max(1, n[0]) + sd(b) ** 2 / Math.max(1, n[1]));
  return { metric, a: a.mean, b: b.mean, difference: b.mean - a.mean, noise, beyondNoise: Math.abs(b.mean - a.mean) > noise, unit, exact: false };
}

export async function compare(fileA: ScenarioInput, fileB: ScenarioInput, options: RunOptions = {}): Promise<CompareResult> {
  const [sa, sb] = await Promise.all([loadScenario(fileA), loadScenario(fileB)]);
  const kind = (sa.scenario as { kind: string }).kind;
  const kindB = (sb.scenario as { kind: string }).kind;
  if (kind !== kindB) throw new UsageError(`compare: both scenarios must be of one kind (got ${kind} and ${kindB})`);
  const rows: CompareRow[] = [];
  let trials: [number, number];
  let seed: number;
  if (kind === 'war-machine') {
    const [a, b] = [await odds(fileA, options), await odds(fileB, options)];
    trials = [a.trials, b.trials];
    seed = a.seed;
    for (const s of [0, 1] as const) rows.push(probability(`side ${s === 0 ? 'A' : 'B'} wins (exact)`, a.exact!.win[s], b.exact!.win[s], trials, true));
    for (const s of [0, 1] as const) rows.push(mean(`side ${s === 0 ? 'A' : 'B'} troops lost (mean)`, 'troops', a.casualties[s], b.casualties[s], trials));
    if (a.engagement && b.engagement) for (const s of [0, 1] as const) rows.push(probability(`side ${s === 0 ? 'A' : 'B'} wins the pursuit's last battle`, a.engagement.lastBattleWon[s], b.engagement.lastBattleWon[s], [a.engagement.trials, b.engagement.trials]));
  } else if (kind === 'siege') {
    const [a, b] = [await siege(fileA, options), await siege(fileB, options)];
    trials = [a.trials, b.trials];
    seed = a.seed;
    rows.push(probability('fallen within the week limit', a.weeksToFall.probability, b.weeksToFall.probability, trials));
    if (a.weeksToFall.mean !== null && b.weeksToFall.mean !== null) {
      const wa = a.weeksToFall as { mean: number; p05: number; p95: number };
      const wb = b.weeksToFall as { mean: number; p05: number; p95: number };
      rows.push(mean('weeks to fall (sieges that fell, mean)', 'weeks', wa, wb, trials));
    }
    rows.push(mean('attacker dead (mean)', 'troops', a.casualties.attacker.dead, b.casualties.attacker.dead, trials));
    rows.push(mean('defender dead (mean)', 'troops', a.casualties.defender.dead, b.casualties.defender.dead, trials));
  } else {
    const [a, b] = [await cascade(fileA, options), await cascade(fileB, options)];
    trials = [a.trials, b.trials];
    seed = a.seed;
    for (const loc of Object.keys(a.owners ?? {})) {
      const owners = new Set([...Object.keys(a.owners![loc]), ...Object.keys(b.owners?.[loc] ?? {})]);
      for (const o of owners) rows.push(probability(`${loc}: held by ${o}`, a.owners![loc][o] ?? 0, b.owners?.[loc]?.[o] ?? 0, trials));
    }
    for (const p of Object.keys(a.legionsLost ?? {})) {
      const la = a.legionsLost![p].mean;
      const lb = b.legionsLost?.[p]?.mean ?? 0;
      rows.push({ metric: `${p}: legions lost (mean)`, a: la, b: lb, difference: lb - la, noise: null, beyondNoise: null, unit: 'legions', exact: false });
    }
  }
  return { ...resultMeta('compare'), kind, files: [label(fileA), label(fileB)], seed, trials, rows };
}

const label = (f: ScenarioInput) => (typeof f === 'string' ? f : '<scenario>');
