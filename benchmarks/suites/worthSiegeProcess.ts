/**
 * What the designer waits for: `warcast worth examples/castle-siege.yaml --threads 2 --json` and
 * `warcast design examples/design-siege.yaml --threads 2 --json` as whole processes (start-up, the siege's default
 * week, every variant's set-up, the paired trials on this thread and one worker). The trials a run makes are fixed
 * by its answer (the stages and the equivalents' searches), so its batch is that count and its ratio, trials/s over
 * the reference loop on one thread, moves only with the time taken; the goal (worth ≤ 3 s on 2 cores) is a ratio
 * of about 3,832,000 / 3 s ÷ the loop's iterations/s.
 *
 * Not gated: one sample is a 5–30 s process on two threads whose time depends on whether the machine gives it the
 * second core (on the shared 2-core machine its wall time moved 17–30 s between consecutive runs of the same
 * build at load 15; docs/benchmarks.md, "What the designer and the page wait for").
 */
import { join } from 'node:path';
import type { BenchSuite } from '../harness.js';
import { cliEntry, timeProcess } from '../harness.js';

function designerRow(o: { name: string; command: string; file: string; trials: number }): BenchSuite {
  return {
    name: o.name,
    description: `warcast ${o.command} ${o.file} --threads 2 --json as a whole process (${o.trials.toLocaleString('en-US')} paired sieges), against the reference loop on one thread`,
    unit: 'sieges',
    batch: o.trials,
    reference: { kind: 'loop', threads: 1, iterations: 1 << 26 },
    copies: { full: 1, quick: 1 },
    samples: { full: 3, quick: 1 },
    warmUp: 1,
    gated: false,
    threads: 2,
    setup(ctx) {
      const args = [cliEntry(ctx.root), o.command, join(ctx.root, o.file), '--threads', '2', '--json'];
      return { run: () => timeProcess(args, ctx.root).then(() => undefined) };
    },
  };
}

/** The trials each run makes (`WARCAST_TIMINGS=1`'s `paired threads` line: the threads' trials summed). */
export const WORTH_CASTLE_TRIALS = 3_832_000;
export const DESIGN_SIEGE_TRIALS = 154_000;

export const DESIGNER_ROWS: BenchSuite[] = [
  designerRow({
    name: 'process: worth castle-siege, 2 threads',
    command: 'worth',
    file: 'examples/castle-siege.yaml',
    trials: WORTH_CASTLE_TRIALS,
  }),
  designerRow({
    name: 'process: design design-siege, 2 threads',
    command: 'design',
    file: 'examples/design-siege.yaml',
    trials: DESIGN_SIEGE_TRIALS,
  }),
];
