/**
 * `--shard i/n`, `--out`, `--redis URL` on the simulation commands, and `warcast merge`: the command runs as it
 * always does, on the engine (src/engine/engine.ts) its Io hands the analysis, which decides where its chunks
 * are computed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ClusterEngine, localEngine } from '../engine/local.js';
import { ReplayEngine } from '../engine/replay.js';
import { ShardEngine } from '../engine/shard.js';
import { digest } from '../engine/wire.js';
import {
  mergeParts,
  parsePart,
  PART_FORMAT,
  readPartText,
  readRegular,
  sealPart,
  verifyCall,
  whyNotOurPart,
  type NamedPart,
} from '../distributed/parts.js';
import { ExitCode, UsageError, WarcastError } from '../errors.js';
import { INPUT_LIMITS } from '../scenario/input.js';
import type { Io } from './io.js';
import { runOptions, type RunFlags } from './options.js';
import { checkOutputFile, errnoText, writeOutputFile } from '../files/output.js';

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
  if (!m || count < 1 || count > 1_000_000 || index < 1 || index > count)
    throw new UsageError(`--shard: expected i/n with 1 ≤ i ≤ n (e.g. 2/3), got '${text}'`);
  return { index, count };
}

/** Run a simulation command locally, as one shard, or on a Redis cluster, by its flags. */
export async function runDistributable(
  command: Shardable,
  file: string,
  flags: ClusterFlags,
  io: Io,
  run: CommandRun,
  version: string,
): Promise<number> {
  if (flags.shard !== undefined && flags.redis !== undefined)
    throw new UsageError(
      '--shard and --redis do not go together: shards are for batch schedulers, --redis for a cluster of workers',
    );
  if (flags.out !== undefined && flags.shard === undefined)
    throw new UsageError('--out: only with --shard i/n (it writes the part file)');
  if (flags.redis !== undefined) {
    const { connectCluster } = await (await import('../distributed/optional.js')).loadCluster();
    const cluster = await connectCluster(flags.redis, io, version);
    try {
      return await run(file, flags, { ...io, engine: new ClusterEngine(cluster.executor) });
    } finally {
      await cluster.close();
    }
  }
  if (flags.shard === undefined) return run(file, flags, io);

  const shard = parseShard(flags.shard);
  if (flags.precision !== undefined)
    throw new UsageError(
      "--shard and --precision do not go together: where to stop depends on every shard's counts (use --redis for precision targets)",
    );
  if (flags.exact) throw new UsageError('--shard: --exact runs no simulation, so there is nothing to split');
  if (flags.report !== undefined)
    throw new UsageError('--shard: no --report for a part (write the report from warcast merge … --report DIR)');
  if (flags.out === undefined && !flags.json)
    throw new UsageError('--shard: give --out part.json (or --json to print the part on stdout)');
  const settings = runOptions(flags);
  // The scenario's text for the part, within the input limit; a missing or bad file the command reports in its own words.
  const text = readRegular(file, INPUT_LIMITS.scenario)?.toString('utf8') ?? '';
  const header = {
    warcastPart: PART_FORMAT as typeof PART_FORMAT,
    version,
    command,
    scenarioHash: digest(text),
    seed: settings.seed,
    options: resultOptions(flags),
    shard,
  };
  // Checked before the run: a part is written only where nothing but this shard's own part would be replaced.
  if (flags.out !== undefined)
    checkOutputFile(flags.out, {
      option: '--out',
      inputs: file === '-' ? [] : [file],
      whyNotReplace: (path) => whyNotOurPart(path, header),
    });
  const mode = new ShardEngine(shard.index, shard.count, localEngine);
  // The command's own printout is of this shard's counts only: discard it (and its note on what it covers),
  // keep stderr (progress, errors).
  const quiet: Io = {
    ...io,
    out: () => {},
    err: (t) => void (/^interrupted: the results above/.test(t) || io.err(t)),
    engine: mode,
  };
  const code = await run(file, { ...flags, json: true, out: undefined, report: undefined }, quiet);
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
    range: c0
      ? {
          firstChunk: c0.shardFirst,
          lastChunk: c0.shardLast,
          firstTrial: Math.min(c0.startTrial + c0.trials, c0.shardFirst * c0.chunkTrials),
          lastTrial: Math.min(c0.startTrial + c0.trials, c0.shardLast * c0.chunkTrials),
        }
      : null,
    calls: mode.calls,
  });
  const body = JSON.stringify(part) + '\n';
  if (flags.out !== undefined) {
    writeOutputFile(flags.out, body, '--out');
    const trials = mode.calls.reduce(
      (n, c) =>
        n + Math.max(0, Math.min(c.startTrial + c.trials, c.shardLast * c.chunkTrials) - c.shardFirst * c.chunkTrials),
      0,
    );
    io.err(
      `shard ${shard.index}/${shard.count}: ${trials.toLocaleString('en-US')} trials in ${mode.calls.length} run${mode.calls.length === 1 ? '' : 's'} written to ${flags.out}; combine with warcast merge\n`,
    );
  } else io.out(body);
  return ExitCode.ok;
}

/** The flags that shape the result (not where or how it runs, or where it is written). */
function resultOptions(flags: ClusterFlags): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(flags).filter(([k, v]) => v !== undefined && !VERSION_KEYS_NOT_IN_RESULT.has(k)),
  );
}

export interface MergeFlags {
  json?: boolean;
  report?: string;
  interactive?: boolean;
}

/**
 * `warcast merge part*.json`: check the parts make one whole run, then run the same command on their summed
 * accumulators, printing exactly what one local run prints (timing apart).
 */
export async function mergeCommand(
  files: string[],
  flags: MergeFlags,
  io: Io,
  commands: Record<Shardable, CommandRun>,
): Promise<number> {
  const parts: NamedPart[] = files.map((name) => ({ name, part: parsePart(name, readPartText(name)) }));
  const { first, calls } = mergeParts(parts);
  const run = (commands as Record<string, CommandRun | undefined>)[first.command];
  if (!run)
    throw new WarcastError(
      `${parts[0].name}: command '${first.command}' cannot be merged (expected one of ${SHARDABLE.join(', ')})`,
      ExitCode.invalidScenario,
    );
  // The scenario as the shards read it: the same file if it is unchanged here (so the result names it as a local
  // run does), else a copy of their text in a temporary folder, removed however the merge ends.
  let file = first.scenario.file;
  let tmp: string | null = null;
  try {
    const here = readRegular(file, Buffer.byteLength(first.scenario.text));
    if (here === null || digest(here.toString('utf8')) !== first.scenarioHash) {
      tmp = mkdtempSync(join(tmpdir(), 'warcast-merge-'));
      const name = basename(first.scenario.file);
      file = join(
        tmp,
        name === '' || name === '.' || name === '..' || name === '-' || name.length > 200 ? 'scenario.yaml' : name,
      );
      writeFileSync(file, first.scenario.text);
    }
    const mode = new ReplayEngine(calls, (i, kernel, plan) => verifyCall(parts, i, kernel, plan));
    const code = await run(
      file,
      { ...(first.options as ClusterFlags), json: flags.json, report: flags.report, interactive: flags.interactive },
      { ...io, engine: mode },
    );
    if (mode.next !== calls.length)
      throw new WarcastError(
        `merge: the parts hold ${calls.length} simulation runs but the analysis made ${mode.next} (edited parts?)`,
        ExitCode.invalidScenario,
      );
    return code;
  } catch (err) {
    if (err instanceof WarcastError) throw err;
    const e = err as NodeJS.ErrnoException;
    if (e?.code) throw new WarcastError(`merge: cannot write the scenario's copy in ${tmpdir()} (${errnoText(err)})`);
    throw err;
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}
