/** Piscina worker: a thin adapter around one engine call. Kernels are warmed up once when it loads. */
import { KERNELS, warmUp } from '../src/engine/kernels.js';
import { runTask, type Task } from '../src/engine/run.js';

for (const kind of Object.keys(KERNELS)) warmUp(kind);

export default function task(t: Task): unknown {
  return runTask(t);
}
