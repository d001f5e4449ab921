/** The engine's parts on their own: the scheduler, the ordered exact merge, the layers, and the one generator. */
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../src/engine/executor.js';
import { ExactSum } from '../../src/engine/exactSum.js';
import type { Kernel } from '../../src/engine/kernel.js';
import { OrderedMerge } from '../../src/engine/merge.js';
import { ReplayEngine } from '../../src/engine/replay.js';
import { runTrials, runUntil } from '../../src/engine/run.js';
import { ChunkWork, runWork, type Lane } from '../../src/engine/scheduler.js';
import type { SizePolicy } from '../../src/engine/sizing.js';
import { ShardEngine } from '../../src/engine/shard.js';
import { runChunks, type Task, type TaskResult } from '../../src/engine/task.js';
import { Draw, rejectBelow, Stream, Xoshiro128 } from '../../src/rng/index.js';

/** Counts and sums of a chunk's first draws, with a trace: a kernel whose answer depends on every chunk's seed. */
const drawKernel: Kernel<null> = {
  name: 'test-draws',
  chunkTrials: 10,
  maxChunksPerTask: 4,
  minPoolTrials: Infinity,
  accLength: () => 2,
  run: (_p, seed, first, count, total, acc) => {
    const g = new Xoshiro128();
    for (let c = first; c < first + count; c++) {
      g.seedChunk(seed, 99, c);
      for (let i = 0; i < Math.min(10, total - c * 10); i++) {
        acc[0]++;
        acc[1] += g.below(1000);
      }
    }
  },
  traceLength: 1,
  trace: (_p, acc, out, at) => {
    out[at] = acc[1];
  },
};

const task = (firstChunk: number, chunkCount: number): Task => ({
  kind: 'test-draws',
  plan: null,
  trace: true,
  seed: 3,
  firstChunk,
  chunkCount,
  totalTrials: 95,
});

/** An executor that finishes tasks after `delay(task)` turns of the event loop (out of order on purpose). */
function delayed(delay: (t: Task) => number, lanes: number): Executor<Task> & { ran: Task[] } {
  const ran: Task[] = [];
  return {
    where: 'test',
    lanes,
    ran,
    async run(t): Promise<TaskResult> {
      ran.push(t);
      for (let i = 0; i < delay(t); i++) await new Promise((r) => setImmediate(r));
      return runChunks(drawKernel, t);
    },
  };
}

describe('scheduler and ordered merge', () => {
  const sized = (size: (first: boolean) => number): SizePolicy => ({ name: 'test', size: (c) => size(c.first) });
  const merged = async (lanes: { executor: Executor<Task>; size: (first: boolean) => number }[]) => {
    const m = new OrderedMerge(
      { firstChunk: 0, lastChunk: 10, chunkTrials: 10, startTrial: 0, endTrial: 95, traceLength: 1 },
      new ExactSum(2),
    );
    const work = new ChunkWork(0, 10, task, (t, r) => m.add(t, r));
    await runWork<Task>(
      lanes.map((l): Lane<Task> => ({ executor: l.executor, policy: sized(l.size) })),
      work,
      undefined,
    );
    return { acc: [...m.sum.rounded()], trace: m.trace, trials: m.trials, complete: m.complete };
  };

  it("cuts the chunks in order by each lane's size; tasks finishing in any order merge to the same sums and trace", async () => {
    const one = await merged([{ executor: delayed(() => 0, 1), size: () => 1 }]);
    expect(one.trials).toBe(95);
    expect(one.complete).toBe(true);
    const late = delayed((t) => 10 - t.firstChunk, 3); // later chunks finish first
    const other = delayed(() => 1, 1);
    const lateLane = { executor: late, size: (first: boolean) => (first ? 1 : 3) };
    const mixed = await merged([lateLane, lateLane, lateLane, { executor: other, size: () => 2 }]);
    expect(mixed).toEqual(one);
    // Every chunk handed out once, in order, in tasks of the asking lane's size (or what was left).
    const all = [...late.ran, ...other.ran].sort((x, y) => x.firstChunk - y.firstChunk);
    expect(all.map((t) => t.firstChunk)).toEqual(
      all.map((_, i) => all.slice(0, i).reduce((n, t) => n + t.chunkCount, 0)),
    );
    expect(all.reduce((n, t) => n + t.chunkCount, 0)).toBe(10);
    expect(late.ran.slice(0, 3).map((t) => t.chunkCount)).toEqual([1, 1, 1]);
    expect(other.ran.every((t) => t.chunkCount === 2 || t.firstChunk + t.chunkCount === 10)).toBe(true);
  });

  it('a failing task stops the other lanes and is thrown; the merge keeps the prefix before it', async () => {
    const m = new OrderedMerge(
      { firstChunk: 0, lastChunk: 10, chunkTrials: 10, startTrial: 0, endTrial: 95, traceLength: 1 },
      new ExactSum(2),
    );
    const failing: Executor<Task> = {
      where: 'test',
      lanes: 1,
      run: async (t) => {
        if (t.firstChunk === 4) throw new Error('boom');
        return runChunks(drawKernel, t);
      },
    };
    const work = new ChunkWork(0, 10, task, (t, r) => m.add(t, r));
    await expect(runWork<Task>([{ executor: failing, policy: sized(() => 1) }], work, undefined)).rejects.toThrow(
      'boom',
    );
    expect(m.done).toBe(4);
    expect(work.left).toBe(5);
  });
});

describe('engine layers', () => {
  const base = { kernel: drawKernel, plan: null, seed: 3, trials: 95, threads: 1, trace: true };

  it('shards record their part of each run; a replay of the summed parts gives the whole run back', async () => {
    const whole = await runTrials(base);
    const shards = [1, 2, 3].map((i) => new ShardEngine(i, 3));
    for (const s of shards) await runTrials({ ...base, engine: s });
    const acc = Float64Array.from([0, 1].map((j) => shards.reduce((t, s) => t + s.calls[0].acc[j], 0)));
    expect([...acc]).toEqual([...whole.acc]);
    const c = shards[0].calls[0];
    const replay = new ReplayEngine([
      {
        kind: c.kind,
        planHash: c.planHash,
        seed: c.seed,
        startTrial: c.startTrial,
        trials: c.trials,
        acc,
        trace: null,
      },
    ]);
    expect([...(await runTrials({ ...base, engine: replay })).acc]).toEqual([...whole.acc]);
    await expect(runTrials({ ...base, seed: 4, engine: new ReplayEngine([]) })).rejects.toThrow(
      /not the one the shards ran/,
    );
  });

  it('a shard refuses a precision run (its size would depend on counts it does not have)', async () => {
    await expect(
      runUntil({ ...base, engine: new ShardEngine(1, 2), initialTrials: 10, maxTrials: 100, done: () => true }),
    ).rejects.toThrow(/--precision cannot be split/);
  });
});

describe('the one generator', () => {
  it('its dice are the documented functions of the same stream', () => {
    const a = Xoshiro128.forChunk(7, Stream.siege, 2);
    const b = Xoshiro128.forChunk(7, Stream.siege, 2);
    expect(Draw.TwoD100Reject).toBe(2 ** 32 % 10000);
    expect(rejectBelow(6)).toBe(4);
    const got: number[] = [];
    const want: number[] = [];
    for (let i = 0; i < 4000; i++) {
      const k = i % 4;
      got.push(k === 0 ? a.d4() : k === 1 ? a.die(6, rejectBelow(6)) : k === 2 ? a.twoD100() : a.coin());
      want.push(k === 0 ? (b.next() >>> 30) + 1 : k === 1 ? b.die(6) : k === 2 ? b.below(10000) : b.next() >>> 31);
    }
    expect(got).toEqual(want);
  });
});
