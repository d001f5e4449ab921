/** Piscina worker: a thin adapter around one engine call. Each kernel is loaded and warmed up on first use. */
import { runTask, type EngineTask } from '../src/engine/task.js';
import { mark, threadCpuMs } from '../src/engine/timings.js';
import { warmUp, type Kernel } from '../src/engine/kernel.js';
import { kernelByName } from '../src/kinds/index.js';
import { threadId, workerData } from 'node:worker_threads';
import type { WorkerHints } from '../src/engine/pool.js';

// A pool started before its run's plan exists (engine/pool.ts, prestartPool) names the kernel to come: import
// it now, while the main thread reads the scenario, not when the first task arrives. Not awaited here: piscina
// reports the worker ready once this module has loaded, and a pool being torn down (Ctrl-C: piscina replaces
// the workers it ended, then closes) must not wait for a kernel import it will never use.
const preload = (workerData as WorkerHints | undefined)?.preload;
if (preload) {
  kernelByName(preload).then(
    (k) => {
      mark(`thread ${threadId} imported the ${preload} kernel`, `${threadCpuMs()} ms CPU`);
      // A kernel with plans of its own (no schema needed) starts its warm-up now; the first task adds the real plan.
      if (k.warmUpPlans) warmUp(k);
    },
    () => {}, // an unknown name fails its first task instead
  );
}
mark(`thread ${threadId} loaded`, `${threadCpuMs()} ms CPU`);

/** Kernels from outside the registry (Kernel.module), imported once per worker. */
const fromModules = new Map<string, Promise<Kernel<unknown>>>();

function kernelOf(t: EngineTask): Promise<Kernel<unknown>> {
  if (t.module === undefined) return kernelByName(t.kind);
  let k = fromModules.get(t.module);
  if (!k) {
    k = import(t.module).then((m: { kernel?: Kernel<unknown> }) => {
      if (m.kernel?.name !== t.kind) throw new Error(`${t.module} exports no kernel named '${t.kind}'`);
      return m.kernel;
    });
    fromModules.set(t.module, k);
  }
  return k;
}

export default async function task(t: EngineTask): Promise<unknown> {
  // Whole chunks summed, or a paired job's trials one by one read by a probe (engine/task.ts).
  return runTask(await kernelOf(t), t);
}
