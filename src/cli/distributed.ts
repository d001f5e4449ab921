/**
 * `--shard i/n`, `--out`, `--redis URL` on the simulation commands (`warcast merge` is ./merge.ts): the command runs as it
 * always does, inside an engine mode (engine/mode.ts) that decides where its chunks are computed.
 */
import { withEngineMode, type ShardMode } from '../engine/mode.js';
import { digest } from '../engine/wire.js';
import { canonical, PART_FORMAT, sealPart, type PartFile } from '../distributed/parts.js';
import { ExitCode, UsageError } from '../errors.js';
import type { Io } from './io.js';
import { runOptions, type RunFlags } from './options.js';
import { checkOutputFile, fileHead, writeOutputFile } from './outputFile.js';
import { readPartText, readRegular } from './partText.js';

export interface ClusterFlags extends RunFlags {
  shard?: string;
  out?: string;
  redis?: string;
  report?: string;
  interactive?: boolean;
}

/** A simulation command as program.ts calls it. */
export type CommandRun = (file: string, flags: ClusterFlags, io: Io) => Promise<number>;

export const SHARDABLE = ['odds', 'siege', 'cascade', 'matchup', 'sweep'] as const;
export type Shardable = (typeof SHARDABLE)[number];

const VERSION_KEYS_NOT_IN_RESULT = new Set(['shard', 'out', 'json', 'redis', 'report', 'interactive', 'threads']);

/** `--shard 2/3` → { index: 2, count: 3 }. */
export function parseShard(text: string): { index: number; count: number } {
  const m = /^\s*([0-9]+)\s*\/\s*([0-9]+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || count > 1_000_000 || index < 1 || index > count) throw new UsageError(`--shard: expected i/n with 1 ≤ i ≤ n (e.g. 2/3), got '${text}'`);
  return { index, count };
}

/** Run a simulation command locally, as one shard, or on a Redis cluster, by its flags. */
export async function runDistributable(command: Shardable, file: string, flags: ClusterFlags, io: Io, run: CommandRun, version: string): Promise<number> {
  if (flags.shard !== undefined && flags.redis !== undefined) throw new UsageError('--shard and --redis do not go together: shards are for batch schedulers, --redis for a cluster of workers');
  if (flags.out !== undefined && flags.shard === undefined) throw new UsageError('--out: only with --shard i/n (it writes the part file)');
  if (flags.redis !== undefined) {
    const { connectCluster } = await (await import('../distributed/optional.js')).loadCluster();
    const cluster = await connectCluster(flags.redis, io, version);
    try {
      return await withEngineMode(cluster.mode, () => run(file, flags, io));
    } finally {
      await cluster.close();
    }
  }
  if (flags.shard === undefined) return run(file, flags, io);

  const shard = parseShard(flags.shard);
  if (flags.precision !== undefined) throw new UsageError('--shard and --precision do not go together: where to stop depends on every shard\'s counts (use --redis for precision targets)');
  if (flags.exact) throw new UsageError('--shard: --exact runs no simulation, so there is nothing to split');
  if (flags.report !== undefined) throw new UsageError('--shard: no --report for a part (write the report from warcast merge … --report DIR)');
  if (flags.out === undefined && !flags.json) throw new UsageError('--shard: give --out part.json (or --json to print the part on stdout)');
  const settings = runOptions(flags);
  const text = readScenarioText(file);
  const header = { warcastPart: PART_FORMAT as typeof PART_FORMAT, version, command, scenarioHash: digest(text), seed: settings.seed, options: resultOptions(flags), shard };
  // Checked before the run: a part is written only where nothing but this shard's own part would be replaced.
  if (flags.out !== undefined) checkOutputFile(flags.out, { option: '--out', inputs: file === '-' ? [] : [file], whyNotReplace: (path) => whyNotOurPart(path, header) });
  const mode: ShardMode = { type: 'shard', index: shard.index, count: shard.count, calls: [], interrupted: false };
  // The command's own printout is of this shard's counts only: discard it (and its note on what it covers),
  // keep stderr (progress, errors).
  const quiet: Io = { ...io, out: () => {}, err: (t) => void (/^interrupted: the results above/.test(t) || io.err(t)) };
  const code = await withEngineMode(mode, () => run(file, { ...flags, json: true, out: undefined, report: undefined }, quiet));
  if (mode.interrupted || code === ExitCode.interrupted) {
    io.err('interrupted: no part written (a part must hold its whole range)\n');
    return ExitCode.interrupted;
  }
  if (code !== ExitCode.ok) return code;
  const c0 = mode.calls[0];
  const part = sealPart({
    warcastPart: PART_FORMAT,
    version,
    command,
    scenarioHash: header.scenarioHash,
    scenario: { file, text },
    seed: settings.seed,
    options: header.options,
    shard,
    range: c0 ? { firstChunk: c0.shardFirst, lastChunk: c0.shardLast, firstTrial: Math.min(c0.startTrial + c0.trials, c0.shardFirst * c0.chunkTrials), lastTrial: Math.min(c0.startTrial + c0.trials, c0.shardLast * c0.chunkTrials) } : null,
    calls: mode.calls,
  });
  const body = JSON.stringify(part) + '\n';
  if (flags.out !== undefined) {
    writeOutputFile(flags.out, body, '--out');
    const trials = mode.calls.reduce((n, c) => n + Math.max(0, Math.min(c.startTrial + c.trials, c.shardLast * c.chunkTrials) - c.shardFirst * c.chunkTrials), 0);
    io.err(`shard ${shard.index}/${shard.count}: ${trials.toLocaleString('en-US')} trials in ${mode.calls.length} run${mode.calls.length === 1 ? '' : 's'} written to ${flags.out}; combine with warcast merge\n`);
  } else io.out(body);
  return ExitCode.ok;
}

/**
 * Why an existing file at a shard's --out may not be replaced, or null: only a part of this very run and shard
 * (a scheduler's retry rewrites it) is ours to replace.
 */
function whyNotOurPart(path: string, header: Pick<PartFile, 'warcastPart' | 'version' | 'command' | 'scenarioHash' | 'seed' | 'options' | 'shard'>): string | null {
  if (!fileHead(path, 64).startsWith('{"warcastPart":')) return 'is not a warcast part file';
  let p: Partial<PartFile>;
  try {
    p = JSON.parse(readPartText(path)) as Partial<PartFile>;
  } catch {
    return 'is not a complete warcast part file';
  }
  const same = (k: keyof typeof header) => canonical(p[k]) === canonical(header[k]);
  const other = (['warcastPart', 'version', 'command', 'scenarioHash', 'seed', 'options', 'shard'] as const).filter((k) => !same(k));
  return other.length === 0 ? null : `is a part of another run or shard (different ${other.join(', ')})`;
}

/** The flags that shape the result (not where or how it runs, or where it is written). */
function resultOptions(flags: ClusterFlags): Record<string, unknown> {
  return Object.fromEntries(Object.entries(flags).filter(([k, v]) => v !== undefined && !VERSION_KEYS_NOT_IN_RESULT.has(k)));
}

/** Scenario files are at most 1 MiB (docs/reliability.md); a device or a huge file is the command's own error. */
const SCENARIO_BYTES = 1024 * 1024;

function readScenarioText(file: string): string {
  return readRegular(file, SCENARIO_BYTES)?.toString('utf8') ?? ''; // the command itself reports a missing or bad file in its own words
}
