/** The page's Web Worker: runs src/app/siege.ts off the page's thread, posting progress, then the result. */
import { siegeMonteCarlo } from '../src/app/siege.js';

interface Job {
  text: string;
  seed: number;
  trials: number;
}

self.onmessage = (e: MessageEvent<Job>) => {
  const started = performance.now();
  try {
    const result = siegeMonteCarlo(e.data.text, e.data.seed, e.data.trials, (done, total) => self.postMessage({ type: 'progress', done, total }));
    result.elapsedMs = Math.round(performance.now() - started);
    self.postMessage({ type: 'result', result });
  } catch (err) {
    self.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
