/**
 * The page's Monte Carlo, in a Web Worker (the page's own script started from a blob: URL, app/main.ts): runs
 * the CLI's seeded chunks off the page's thread, posting progress, then the result JSON.
 */
import { siegeMonteCarlo } from '../src/app/siege.js';

/** A Monte Carlo job: which analysis, the scenario text (YAML or JSON), the seed and the trials. */
export interface Job {
  task: 'siege';
  text: string;
  seed: number;
  trials: number;
}

export function startWorker(): void {
  const post = (m: unknown) => (self as unknown as { postMessage(m: unknown): void }).postMessage(m);
  self.onmessage = (e: MessageEvent<Job>) => {
    const started = performance.now();
    const onProgress = (done: number, total: number) => post({ type: 'progress', done, total });
    try {
      const { text, seed, trials } = e.data;
      const result = siegeMonteCarlo(text, seed, trials, onProgress);
      result.elapsedMs = Math.round(performance.now() - started);
      post({ type: 'result', result });
    } catch (err) {
      post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  };
}
