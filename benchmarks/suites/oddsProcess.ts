/**
 * `warcast odds` on 10^6 battles as a user runs it: a whole new process (Node start, module loading, scenario
 * parsing, exact odds, the Monte Carlo, JSON out). Its reference is a new Node process running the reference
 * loop, so process start costs sit on both sides of the ratio. The kernel is a small share of this figure, so
 * the artificial slowdown is not applied here. Every sample is a fresh process, hence one copy. Both sides run
 * under PROCESS_FLAGS (V8 single-threaded) so the ratio does not move with the load; the figure is therefore
 * slower than a user's real start-up (measure that with hyperfine, see docs/benchmarks.md).
 */
import { join } from 'node:path';
import type { BenchSuite } from '../harness.js';
import { cliEntry, PROCESS_FLAGS, timeProcess } from '../harness.js';

export const oddsProcess: BenchSuite = {
  name: 'warcast odds 1e6 (process)',
  description:
    'node --single-threaded dist/bundle/cli.cjs odds benchmarks/scenarios/battle.yaml --trials 1e6 --json, wall time incl. process start',
  unit: 'battles',
  batch: 1_000_000,
  reference: { kind: 'process', iterations: 1 << 27 },
  copies: { full: 1, quick: 1 },
  samples: { full: 15, quick: 7 },
  warmUp: 1,
  setup(ctx) {
    const args = [
      ...PROCESS_FLAGS,
      cliEntry(ctx.root),
      'odds',
      join(ctx.root, 'benchmarks', 'scenarios', 'battle.yaml'),
      '--trials',
      String(this.batch),
      '--json',
    ];
    return {
      async run() {
        await timeProcess(args, ctx.root);
      },
    };
  },
};
