/** `warcast merge`: each run of the analysis is handed the merged accumulators of the shards that ran it. */
import { ExitCode, WarcastError } from '../errors.js';
import type { Engine, EngineRun, RunResult } from './engine.js';
import type { Kernel } from './kernel.js';
import type { ChunkAcc } from './engine.js';
import { callKey } from './shard.js';

/** A merged call's chunks, each its trials and its own sums. */
function chunksOf(call: ReplayCall): ChunkAcc[] {
  const length = call.acc.length;
  const size = call.chunkTrials!;
  const first = call.startTrial / size;
  const end = call.startTrial + call.trials;
  const out: ChunkAcc[] = [];
  for (let k = 0; k * length < call.chunks!.length; k++) {
    const chunk = first + k;
    const trials = Math.min(end, (chunk + 1) * size) - chunk * size;
    out.push({ chunk, trials, acc: call.chunks!.slice(k * length, (k + 1) * length) });
  }
  return out;
}

/** One run's merged accumulators, to hand back to the analysis in place of running it. */
export interface ReplayCall {
  kind: string;
  planHash: string;
  seed: number;
  startTrial: number;
  trials: number;
  acc: Float64Array;
  trace: Float64Array | null;
  /** Each chunk's own sums, chunk after chunk (acc.length each), when the parts kept them; and the chunk size. */
  chunks?: Float64Array;
  chunkTrials?: number;
}

export class ReplayEngine implements Engine {
  /** Runs handed back so far. */
  next = 0;
  readonly refusesPrecision = null;
  readonly keepsChunks = true;

  /** `verify(index, kernel, plan)`: check run `index`'s recorded sums against the kernel and plan the analysis gives it (merge: a part's sums fit them). */
  constructor(
    readonly calls: readonly ReplayCall[],
    private readonly verify?: (index: number, kernel: Kernel<unknown>, plan: unknown) => void,
  ) {}

  poolFrom(kernel: Kernel<unknown>): number {
    return kernel.minPoolTrials;
  }

  /** The next run's merged accumulators, after checking it is the run the shards ran (by position). */
  run<P>(o: EngineRun<P>): Promise<RunResult> {
    const key = callKey(o);
    const call = this.calls[this.next++];
    if (
      !call ||
      call.kind !== key.kind ||
      call.planHash !== key.planHash ||
      call.seed !== key.seed ||
      call.startTrial !== key.startTrial ||
      call.trials !== key.trials
    ) {
      // exit 3, as a part that cannot be used (docs/distributed.md)
      const why = call
        ? 'edited parts, or its plan or size depends on earlier results, which shards cannot split; use --redis'
        : `the parts hold ${this.calls.length} simulation run${this.calls.length === 1 ? '' : 's'}, the analysis makes more`;
      return Promise.reject(
        new WarcastError(
          `merge: run ${this.next} of this analysis is not the one the shards ran (${why})`,
          ExitCode.invalidScenario,
        ),
      );
    }
    if (o.chunks && !call.chunks)
      return Promise.reject(
        new WarcastError(
          `merge: run ${this.next} of this analysis pairs its chunks, but the parts kept no chunk sums for it (re-run the shards with this warcast)`,
          ExitCode.invalidScenario,
        ),
      );
    try {
      this.verify?.(this.next - 1, o.kernel as Kernel<unknown>, o.plan);
    } catch (err) {
      return Promise.reject(err);
    }
    return Promise.resolve({
      acc: Float64Array.from(call.acc),
      trials: call.trials,
      threadsUsed: 1,
      interrupted: false,
      ...(o.trace && call.trace ? { trace: Float64Array.from(call.trace) } : {}),
      ...(o.chunks && call.chunks ? { chunks: chunksOf(call) } : {}),
    });
  }
}
