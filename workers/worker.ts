/** Piscina worker: a thin adapter around one engine call. Each kernel is loaded and warmed up on first use. */
import { runTask, type Task } from '../src/engine/run.js';
import { mark, threadCpuMs } from '../src/engine/timings.js';
import { kernelByName } from '../src/kinds/index.js';
import { threadId, workerData } from 'node:worker_threads';
import type { WorkerHints } from '../src/engine/pool.js';

// A pool started before its run's plan exists (engine/pool.ts, prestartPool) names the kernel to come: import
// it now, while the main thread reads the scenario, not when the first task arrives. Piscina reports the worker
// ready (and sends it tasks) once this module has loaded.
const preload = (workerData as WorkerHints | undefined)?.preload;
if (preload) await kernelByName(preload).catch(() => {}); // an unknown name fails its first task instead
mark(`thread ${threadId} loaded`, `${threadCpuMs()} ms CPU${preload ? `, ${preload} kernel imported` : ''}`);

export default async function task(t: Task): Promise<unknown> {
  return runTask(await kernelByName(t.kind), t);
}
