/** The module's Web Worker: the what-if page's (app/worker.ts), the CLI's kernels over its seeded chunks. */
import { startWorker } from '../../../app/worker.js';

startWorker();
