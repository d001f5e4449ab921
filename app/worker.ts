/**
 * The page's Monte Carlo and exact runs, in a Web Worker (the page's own script started from a blob: URL,
 * app/main.ts): the CLI's seeded chunks or exact paths off the page's thread, posting progress, then the
 * result JSON (what the CLI prints with --json for the same file, seed and trials).
 */
import { dividedResult, marchResult } from '../src/app/kinds.js';
import { battleMonteCarlo, cascadeMonteCarlo } from '../src/app/monteCarlo.js';
import { siegeMonteCarlo } from '../src/app/siege.js';

/** A job: which analysis, its scenario (the battle's document, or a scenario's text) and run settings. */
export type Job =
  | { task: 'battle'; doc: unknown; seed: number; trials: number }
  | { task: 'siege'; text: string; seed: number; trials: number }
  | { task: 'cascade'; text: string; seed: number; trials: number }
  | { task: 'march'; text: string; method: 'exact' | 'monte-carlo'; seed: number; trials: number }
  | { task: 'divided'; text: string };

/** Each job's run, by its task (a table, so no code branches on a kind's name). */
const RUNS: { [T in Job['task']]: (job: Extract<Job, { task: T }>, onProgress: Progress) => object } = {
  battle: (job, onProgress) => battleMonteCarlo(job.doc, job.seed, job.trials, onProgress),
  siege: (job, onProgress) => siegeMonteCarlo(job.text, job.seed, job.trials, onProgress),
  cascade: (job, onProgress) => cascadeMonteCarlo(job.text, job.seed, job.trials, onProgress),
  march: (job, onProgress) => marchResult(job.text, job.method, job.seed, job.trials, onProgress),
  // Exact: its JSON has no elapsedMs (the worker's time is posted beside it).
  divided: (job) => dividedResult(job.text),
};

type Progress = (done: number, total: number) => void;

/**
 * A worker started ahead of its run (app/sections/kinds.ts) is first handed the section's job to warm up on: run
 * up to WARM_RUNS times with WARM_TRIALS trials, nothing posted, so the scenario's parse and validation, the kernel
 * and the summary have been compiled with type feedback before the real run's first stage (in a fresh worker they
 * ran cold: 2,000 sieges of examples/castle-siege.yaml took 12× as long as after the warm-up, measured in Node).
 * One run a task: a real job that arrives meanwhile ends the warm-up and waits for one run at most. Only Monte
 * Carlo jobs (an exact job may be long, and runs once anyway).
 */
export type Warm = { task: 'warm'; job: Job };
const WARM_RUNS = 20;
const WARM_TRIALS = 50;
let warming: ReturnType<typeof setTimeout> | undefined;

function warmUp(job: Job, run = 0): void {
  if (!('trials' in job) || ('method' in job && job.method === 'exact') || run >= WARM_RUNS) return;
  try {
    (RUNS[job.task] as (job: Job, onProgress: Progress) => object)(
      { ...job, seed: run, trials: WARM_TRIALS },
      () => {},
    );
  } catch {
    return; // a scenario the run refuses: the real run says why
  }
  warming = setTimeout(() => warmUp(job, run + 1), 0);
}

export function startWorker(): void {
  const post = (m: unknown) => (self as unknown as { postMessage(m: unknown): void }).postMessage(m);
  self.onmessage = (e: MessageEvent<Job | Warm>) => {
    clearTimeout(warming);
    if (e.data.task === 'warm') return warmUp(e.data.job);
    const started = performance.now();
    const onProgress = (done: number, total: number) => post({ type: 'progress', done, total });
    try {
      const job = e.data;
      const result = (RUNS[job.task] as (job: Job, onProgress: Progress) => object)(job, onProgress);
      const elapsedMs = Math.round(performance.now() - started);
      if ('elapsedMs' in result) (result as { elapsedMs: number }).elapsedMs = elapsedMs;
      post({ type: 'result', result, elapsedMs });
    } catch (err) {
      post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  };
}
