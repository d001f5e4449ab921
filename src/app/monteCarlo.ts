/**
 * The page's Monte Carlo for a battle (with its pursuit over days) and for a seizure cascade, run in a Web
 * Worker by app/worker.ts: the CLI's kernels over the CLI's seeded chunks (chunk i draws from (seed, i) alone,
 * docs/architecture.md), assembled by the CLI's own result builders, so the same seed and trials give what
 * `warcast odds --json` and `warcast cascade --json` print. Pure: no DOM, no Node built-ins.
 */
import { cascadeResultOf, cascadeTrace, roundIsDeterministic, type CascadeResult } from '../kinds/cascade/result.js';
import { engagementPlanOf, oddsResultOf, type OddsResult } from '../kinds/warMachine/result.js';
import { cascadeKernel } from '../kinds/cascade/kernelEntry.js';
import { compileCascade } from '../kinds/cascade/plan.js';
import { parseCascade } from '../kinds/cascade/schema.js';
import { engagementKernel, summarizeEngagement } from '../kinds/pursuit/engagement.js';
import { warMachineKernel } from '../kinds/warMachine/kernelEntry.js';
import { compileWarMachine } from '../kinds/warMachine/plan.js';
import { parseScenarioText } from '../scenario/source.js';
import { runInline } from '../engine/inline.js';
import { validateDocument } from './model.js';

export type Progress = (done: number, total: number) => void;

/** The CLI's limits on a run (src/engine/options.ts): checked here with the same words. */
export function checkRun(seed: number, trials: number): void {
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`seed: expected a whole number ≥ 0, got ${seed}`);
  if (!Number.isInteger(trials) || trials < 1 || trials > 1e8)
    throw new Error(`trials: expected a whole number from 1 to 100,000,000, got ${trials}`);
}

/**
 * `warcast odds FILE --seed S --trials N --json` for a war-machine document: the battles (with the per-chunk
 * trace of wins the convergence series reads), then, with `engagement.maxDays` > 1 and pursue: always, the
 * pursuits over the same seed and trials. `threads` reads 1 and `elapsedMs` 0 (the worker sets its time).
 */
export function battleMonteCarlo(
  doc: unknown,
  seed: number,
  trials: number,
  onProgress: Progress = () => {},
): OddsResult {
  checkRun(seed, trials);
  const scenario = validateDocument(doc);
  const compiled = compileWarMachine(scenario);
  const pursuit = (scenario.engagement?.maxDays ?? 1) > 1 && scenario.policies.pursue === 'always';
  const total = pursuit ? 2 * trials : trials;
  // The engine's tasks, chunk runner and ordered merge on this thread (src/engine/inline.ts): the CLI's counts and
  // trace, whatever its tasks and threads.
  const battles = runInline(warMachineKernel, {
    plan: compiled.plan,
    seed,
    trials,
    trace: true,
    onProgress: (done) => onProgress(done, total),
  });
  const run = { acc: battles.acc, trials, threadsUsed: 1, interrupted: false, trace: battles.trace! };
  let engagement = null;
  if (pursuit) {
    const plan = engagementPlanOf(scenario, compiled);
    const e = runInline(engagementKernel, {
      plan,
      seed,
      trials,
      onProgress: (done) => onProgress(trials + done, total),
    });
    engagement = { summary: summarizeEngagement(plan, e.acc, trials), interrupted: false };
  }
  return oddsResultOf(scenario, compiled, { seed, precision: null }, run, engagement);
}

/** `warcast cascade FILE --seed S --trials N --json` for cascade scenario text (NPC attacks on, this round). */
export function cascadeMonteCarlo(
  text: string,
  seed: number,
  trials: number,
  onProgress: Progress = () => {},
): CascadeResult {
  checkRun(seed, trials);
  const source = parseScenarioText(text, '<cascade>');
  const scenario = parseCascade(source);
  const trace = cascadeTrace(scenario, seed);
  const model = compileCascade(scenario, { npc: true, rounds: null });
  // As the CLI: a round no die decides is played once.
  const deterministic = roundIsDeterministic(model);
  const n = deterministic ? 1 : trials;
  const { acc } = runInline(cascadeKernel, { plan: model, seed, trials: n, onProgress });
  return cascadeResultOf({
    scenario,
    source,
    model,
    seed,
    precision: null,
    npc: true,
    rounds: null,
    trace,
    deterministic,
    run: { acc, trials: n, threadsUsed: 1, interrupted: false },
    elapsedMs: 0,
  });
}
