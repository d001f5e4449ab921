/** `warcast merge`: each run of the analysis is handed the merged accumulators of the shards that ran it. */
import type { Engine, EngineRun, RunResult } from './engine.js';
import type { Kernel } from './kernel.js';
import { callKey } from './shard.js';

/** One run's merged accumulators, to hand back to the analysis in place of running it. */
export interface ReplayCall {
  kind: string;
  planHash: string;
  seed: number;
  startTrial: number;
  trials: number;
  acc: Float64Array;
  trace: Float64Array | null;
}

export class ReplayEngine implements Engine {
  /** Runs handed back so far. */
  next = 0;
  readonly refusesPrecision = null;

  constructor(readonly calls: readonly ReplayCall[]) {}

  poolFrom(kernel: Kernel<unknown>): number {
    return kernel.minPoolTrials;
  }

  /** The next run's merged accumulators, after checking it is the run the shards ran (by position). */
  run<P>(o: EngineRun<P>): Promise<RunResult> {
    const key = callKey(o);
    const call = this.calls[this.next++];
    if (!call || call.kind !== key.kind || call.planHash !== key.planHash || call.seed !== key.seed || call.startTrial !== key.startTrial || call.trials !== key.trials) {
      return Promise.reject(new Error(`merge: run ${this.next} of this analysis is not the one the shards ran (its plan or size depends on earlier results, which shards cannot split; use --redis)`));
    }
    return Promise.resolve({ acc: Float64Array.from(call.acc), trials: call.trials, threadsUsed: 1, interrupted: false, ...(o.trace && call.trace ? { trace: Float64Array.from(call.trace) } : {}) });
  }
}
