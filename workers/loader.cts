/**
 * The file piscina starts each pool worker with (src/engine/pool.ts): piscina require()s it, and it loads the
 * worker's ES module graph (workerData.entry) with import(). Piscina would require() the ES module itself, and
 * Node loads an ES module required from CommonJS synchronously: a worker terminated in the middle of that aborts
 * the whole process (`FATAL ERROR: v8::Module::IsGraphAsync`, or an assertion in CreateRequiredModuleFacade), as
 * when a pool is closed while its workers still start (a run that then stays on one thread, Ctrl-C at start-up).
 * A worker terminated during an import() just ends (test/engine/worker-teardown.test.ts).
 */
import { workerData } from 'node:worker_threads';

type Handler = (task: unknown) => Promise<unknown>;
const entry = (workerData as { entry?: string } | undefined)?.entry;
const loaded: Promise<{ default: Handler }> = entry
  ? import(entry)
  : Promise.reject(new Error('pool worker: workerData.entry is not set'));
loaded.catch(() => {}); // each task reports a failed import in its own rejection

export = async function task(t: unknown): Promise<unknown> {
  return (await loaded).default(t);
};
