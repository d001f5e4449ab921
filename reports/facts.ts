/**
 * The facts a report states about its run (seed, trials, threads, elapsed time, policies): pure text, so a
 * report's builder (siege.ts, cascade.ts, campaign.ts) also runs in the what-if page (app/sections/).
 */
import type { RunHeader } from '../src/engine/settings.js';

export { pctCi } from '../src/text/format.js';

/** "tie: reroll, …" */
export function policyText(policies: Record<string, unknown>): string {
  return Object.entries(policies)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');
}

export const elapsedText = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The facts every Monte Carlo run states: seed, trials (in the kind's unit), threads, precision, interruption. */
export function runFacts(r: RunHeader, unit: string): [string, string][] {
  const f: [string, string][] = [
    ['seed', String(r.seed)],
    [unit, r.trials.toLocaleString('en-US')],
    ['threads', String(r.threads)],
  ];
  if (r.precision !== null) f.push(['precision', `± ${r.precision} (95%)`]);
  if (r.interrupted) f.push(['interrupted', `yes: the numbers cover the ${unit} finished before Ctrl-C`]);
  return f;
}
