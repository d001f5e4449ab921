/** Piscina worker: a thin adapter around one engine call. Each kernel is loaded and warmed up on first use. */
import { runTask, type Task } from '../src/engine/run.js';
import { mark, threadCpuMs } from '../src/engine/timings.js';
import { kernelByName } from '../src/kinds/index.js';
import { threadId } from 'node:worker_threads';

mark(`thread ${threadId} loaded`, `${threadCpuMs()} ms CPU`);

export default async function task(t: Task): Promise<unknown> {
  return runTask(await kernelByName(t.kind), t);
}
