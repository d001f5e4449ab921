/** Command-line wiring of shards, merge and cluster mode (docs/distributed.md); the work is in ./distributed.ts, loaded on use. */
import type { Command } from 'commander';
import type { Io } from './io.js';
import { countOption, MAX_THREADS } from './options.js';
import { kernelByName, kindAnsweredBy, type KindName } from '../kinds/index.js';
import type { ClusterFlags, CommandRun, Shardable } from './distributed.js';

export type { ClusterFlags, Shardable } from './distributed.js';

/** The commands that simulate, and so split into shards or run on a cluster (loaded on demand). */
const SIMULATIONS: Record<Shardable, () => Promise<CommandRun>> = {
  odds: async () => (await import('./odds.js')).oddsCommand as CommandRun,
  siege: async () => (await import('./siege.js')).siegeCommand as CommandRun,
  cascade: async () => (await import('./cascade.js')).cascadeCommand as CommandRun,
  matchup: async () => (await import('./matchup.js')).matchupCommand as CommandRun,
  sweep: async () => (await import('./sweep.js')).sweepCommand as CommandRun,
};

/** `--shard`, `--out` and `--redis` (docs/distributed.md). */
export function addClusterOptions(cmd: Command): Command {
  return cmd
    .option(
      '--shard <i/n>',
      'run only shard i of n of the trials and write a part file (--out or --json); combine parts with warcast merge',
    )
    .option('--out <file>', 'with --shard: the part file to write')
    .option(
      '--redis <url>',
      'run the trials on warcast workers through Redis (e.g. redis://127.0.0.1:6379; start workers with warcast worker)',
    );
}

/** A simulation command with its flags: locally, as a shard, or on a cluster. */
export async function runSimulation(
  name: Shardable,
  file: string,
  flags: ClusterFlags,
  io: Io,
  version: string,
): Promise<number> {
  // The kernel a kind's own command runs (odds: the battle's), for starting its workers before the scenario is read.
  const kernel = kindAnsweredBy(name);
  if (kernel && flags.shard === undefined && flags.redis === undefined) await startThreadsEarly(kernel, flags);
  const d = await import('./distributed.js');
  return d.runDistributable(name, file, flags, io, await SIMULATIONS[name](), version);
}

/** Start the run's workers now when its options say it will use them (src/cli/prestart.ts); bad flags are the command's to report. */
async function startThreadsEarly(kernel: KindName, flags: ClusterFlags): Promise<void> {
  const { runOptions } = await import('./options.js');
  let options;
  try {
    options = runOptions(flags);
  } catch {
    return;
  }
  await (await import('./prestart.js')).prestartThreads(kernel, options);
}

/** `warcast worker` and `warcast merge`. */
export function addClusterCommands(program: Command, io: Io, setExit: (code: number) => void, version: string): void {
  program
    .command('worker')
    .description(
      "take chunk-range jobs from Redis and run them on this machine's threads (for commands run with --redis URL); see docs/distributed.md",
    )
    .requiredOption('--redis <url>', 'the Redis the commands queue on, e.g. redis://10.0.0.5:6379')
    .addOption(countOption('--threads <n>', 'worker threads (default: available parallelism)', 1, MAX_THREADS))
    .addOption(
      countOption(
        '--stall-ms <ms>',
        'a job whose worker goes silent this long is retried on another worker (default 30000)',
        1000,
        3_600_000,
      ),
    )
    .action(async (flags: { redis: string; threads?: number; stallMs?: number }) => {
      const { availableParallelism } = await import('node:os');
      const threads = flags.threads ?? availableParallelism();
      const stallMs = flags.stallMs ?? 30_000;
      const { runWorker } = await (await import('../distributed/optional.js')).loadCluster();
      setExit(
        await runWorker({
          url: flags.redis,
          version,
          threads,
          stallMs,
          log: (t) => io.err(t),
          signal: io.signal,
          kernels: kernelByName,
        }),
      );
    });

  program
    .command('merge <parts...>')
    .description(
      'combine the part files of a run split with --shard i/n, and print its result exactly as one run would',
    )
    .option('--json', 'print one JSON document on stdout')
    .option('--report <dir>', 'also write a report folder (index.html, charts, result.json); see docs/reports.md')
    .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)')
    .action(async (files: string[], flags) => {
      const d = await import('./distributed.js');
      const commands = Object.fromEntries(
        await Promise.all(Object.entries(SIMULATIONS).map(async ([k, load]) => [k, await load()] as const)),
      ) as Record<Shardable, CommandRun>;
      setExit(await d.mergeCommand(files, flags, io, commands));
    });
}
