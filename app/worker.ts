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

export function startWorker(): void {
  const post = (m: unknown) => (self as unknown as { postMessage(m: unknown): void }).postMessage(m);
  self.onmessage = (e: MessageEvent<Job>) => {
    const started = performance.now();
    const onProgress = (done: number, total: number) => post({ type: 'progress', done, total });
    try {
      const result = (RUNS[e.data.task] as (job: Job, onProgress: Progress) => object)(e.data, onProgress);
      const elapsedMs = Math.round(performance.now() - started);
      if ('elapsedMs' in result) (result as { elapsedMs: number }).elapsedMs = elapsedMs;
      post({ type: 'result', result, elapsedMs });
    } catch (err) {
      post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  };
}
