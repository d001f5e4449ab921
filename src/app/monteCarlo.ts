/**
 * The page's Monte Carlo for a battle (with its pursuit over days) and for a seizure cascade, run in a Web
 * Worker by app/worker.ts: the CLI's kernels over the CLI's seeded chunks (chunk i draws from (seed, i) alone,
 * docs/architecture.md), assembled by the CLI's own result builders, so the same seed and trials give what
 * `warcast odds --json` and `warcast cascade --json` print. Pure: no DOM, no Node built-ins.
 */
import { cascadeResultOf, cascadeTrace, roundIsDeterministic, type CascadeResult } from '../kinds/cascade/result.js';
import { engagementPlanOf, oddsResultOf, type OddsResult } from '../kinds/warMachine/result.js';
import { CASCADE_CHUNK, cascadeAccLength, runCascadeChunks } from '../kinds/cascade/kernel.js';
import { compileCascade } from '../kinds/cascade/plan.js';
import { parseCascade } from '../kinds/cascade/schema.js';
import { engagementKernel, summarizeEngagement } from '../kinds/pursuit/engagement.js';
import { WAR_MACHINE_CHUNK } from '../kinds/warMachine/kernel.js';
import { warMachineKernel } from '../kinds/warMachine/kernelEntry.js';
import { compileWarMachine } from '../kinds/warMachine/plan.js';
import { parseScenarioText } from '../scenario/source.js';
import { validateDocument } from './model.js';

export type Progress = (done: number, total: number) => void;

/** The CLI's limits on a run (src/analysis/options.ts): checked here with the same words. */
export function checkRun(seed: number, trials: number): void {
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`seed: expected a whole number ≥ 0, got ${seed}`);
  if (!Number.isInteger(trials) || trials < 1 || trials > 1e8)
    throw new Error(`trials: expected a whole number from 1 to 100,000,000, got ${trials}`);
}

/**
 * Chunks 0…⌈trials/chunk⌉−1 in order, a few at a time between progress reports. Counts add across any
 * grouping of chunks, so the totals are the CLI's whatever its tasks and threads; `after` sees each chunk's end.
 */
function runChunks(
  chunkTrials: number,
  trials: number,
  run: (first: number, count: number) => void,
  progress: (done: number) => void,
  after?: (chunk: number) => void,
): void {
  const chunks = Math.ceil(trials / chunkTrials);
  const perStep = Math.max(1, Math.round(200_000 / chunkTrials));
  for (let first = 0; first < chunks; first += perStep) {
    const count = Math.min(perStep, chunks - first);
    if (after) {
      for (let c = first; c < first + count; c++) {
        run(c, 1);
        after(c);
      }
    } else run(first, count);
    progress(Math.min(trials, (first + count) * chunkTrials));
  }
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
  const k = warMachineKernel;
  const acc = new Float64Array(k.accLength(compiled.plan));
  const trace = new Float64Array(Math.ceil(trials / WAR_MACHINE_CHUNK) * 2);
  runChunks(
    WAR_MACHINE_CHUNK,
    trials,
    (first, count) => k.run(compiled.plan, seed, first, count, trials, acc),
    (done) => onProgress(done, total),
    (c) => k.trace!(compiled.plan, acc, trace, c * 2),
  );
  const run = { acc, trials, threadsUsed: 1, interrupted: false, trace };
  let engagement = null;
  if (pursuit) {
    const plan = engagementPlanOf(scenario, compiled);
    const e = new Float64Array(engagementKernel.accLength(plan));
    runChunks(
      engagementKernel.chunkTrials,
      trials,
      (first, count) => engagementKernel.run(plan, seed, first, count, trials, e),
      (done) => onProgress(trials + done, total),
    );
    engagement = { summary: summarizeEngagement(plan, e, trials), interrupted: false };
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
  const acc = new Float64Array(cascadeAccLength(model));
  runChunks(
    CASCADE_CHUNK,
    n,
    (first, count) => runCascadeChunks(model, seed, first, count, n, acc),
    (done) => onProgress(done, n),
  );
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
