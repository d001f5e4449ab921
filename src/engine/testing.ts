/**
 * Engines for tests and benchmarks (not for the command line or the library's users): the pool's code paths on
 * runs far below a kernel's pool threshold, or none of them, and a cap on the main thread's share.
 */
import type { Engine } from './engine.js';
import { LocalEngine } from './local.js';

/** This process, starting the pool for any run of two threads or more (`mainThreadChunks`: at most so many chunks on the calling thread). */
export function pooledEngine(o: { mainThreadChunks?: number } = {}): Engine {
  return new LocalEngine({ poolFrom: 0, ...o });
}

/** This process, never on the pool (not even for slow chunks). */
export function mainThreadEngine(): Engine {
  return new LocalEngine({ poolFrom: Infinity });
}
