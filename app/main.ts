/**
 * The what-if page's one script: in the document it runs the page (app/page.ts); started as a Web Worker from
 * its own text (a blob: URL, nothing fetched), it runs the Monte Carlo (app/worker.ts). One bundle, so zod,
 * yaml and the engine are inlined once.
 */
import { startPage } from './page.js';
import { startWorker } from './worker.js';

if (typeof document === 'undefined') startWorker();
else startPage();
