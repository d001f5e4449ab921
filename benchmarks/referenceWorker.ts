/** A worker thread that runs the reference loop on request: the reference for multi-threaded suites. */
import { parentPort } from 'node:worker_threads';
import { referenceLoop, warmUpReference } from './reference.js';

warmUpReference();
parentPort!.on('message', (m: { iterations: number; seed: number }) => {
  parentPort!.postMessage(referenceLoop(m.iterations, m.seed));
});
