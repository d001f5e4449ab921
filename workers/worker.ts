/** Piscina worker: a thin adapter around one engine call. Each kernel is loaded and warmed up on first use. */
import { runTask, type Task } from '../src/engine/run.js';

export default function task(t: Task): Promise<unknown> {
  return runTask(t);
}
