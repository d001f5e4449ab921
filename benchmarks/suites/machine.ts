/**
 * The machine's own speed-up on 2 threads: the reference loop on 2 worker threads at once (each half of the
 * batch) against the same loop on one thread. Its ratio is that speed-up (2 on two free cores): the ceiling for
 * the `process: … 2 threads` rows, measured in the same run. On a machine whose second core is shared (another
 * process, a host's busy neighbour) it falls below 2, and so must warcast's.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BenchSuite } from '../harness.js';

const THREADS = 2;
const ITERATIONS = 1 << 26;

export const machineTwoThreads: BenchSuite = {
  name: 'machine: reference loop, 2 threads',
  description:
    "the reference loop on 2 worker threads at once (half the batch each) against one thread: ratio = the machine's 2-thread speed-up",
  unit: 'iterations',
  batch: ITERATIONS,
  reference: { kind: 'loop', threads: 1, iterations: ITERATIONS },
  copies: { full: 3, quick: 1 },
  samples: { full: 5, quick: 3 },
  warmUp: 1,
  gated: false, // a property of the machine, not of warcast
  async setup(ctx) {
    const workers = Array.from(
      { length: THREADS },
      () => new Worker(join(ctx.root, 'dist', 'benchmarks', 'referenceWorker.js')),
    );
    const once = (w: Worker, seed: number) =>
      new Promise<void>((resolve, reject) => {
        w.once('error', reject);
        w.once('message', () => {
          w.off('error', reject);
          resolve();
        });
        w.postMessage({ iterations: ITERATIONS / THREADS, seed });
      });
    let seed = 1;
    return {
      run: async () => {
        await Promise.all(workers.map((w) => once(w, seed++)));
      },
      teardown: async () => {
        await Promise.all(workers.map((w) => w.terminate()));
      },
    };
  },
};
