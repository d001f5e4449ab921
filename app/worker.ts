/**
 * The page's Monte Carlo, in a Web Worker (the page's own script started from a blob: URL, app/main.ts): runs
 * the CLI's seeded chunks off the page's thread, posting progress, then the result JSON.
 */
import { battleMonteCarlo, cascadeMonteCarlo } from '../src/app/monteCarlo.js';
import { siegeMonteCarlo } from '../src/app/siege.js';

/** A Monte Carlo job: which analysis, its scenario (the battle's document, or siege/cascade text), seed, trials. */
export type Job = ({ task: 'battle'; doc: unknown } | { task: 'siege' | 'cascade'; text: string }) & {
  seed: number;
  trials: number;
};

export function startWorker(): void {
  const post = (m: unknown) => (self as unknown as { postMessage(m: unknown): void }).postMessage(m);
  self.onmessage = (e: MessageEvent<Job>) => {
    const started = performance.now();
    const onProgress = (done: number, total: number) => post({ type: 'progress', done, total });
    try {
      const job = e.data;
      const result =
        job.task === 'battle'
          ? battleMonteCarlo(job.doc, job.seed, job.trials, onProgress)
          : job.task === 'siege'
            ? siegeMonteCarlo(job.text, job.seed, job.trials, onProgress)
            : cascadeMonteCarlo(job.text, job.seed, job.trials, onProgress);
      result.elapsedMs = Math.round(performance.now() - started);
      post({ type: 'result', result });
    } catch (err) {
      post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  };
}
