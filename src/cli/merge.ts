/** `warcast merge part*.json`: the parts of a run split with --shard i/n, checked and replayed as one run (docs/distributed.md). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { withEngineMode, type ReplayMode } from '../engine/mode.js';
import type { Kernel } from '../engine/kernel.js';
import { digest } from '../engine/wire.js';
import { mergeParts, parsePart, type NamedPart } from '../distributed/parts.js';
import { ExitCode, WarcastError } from '../errors.js';
import { SHARDABLE, type ClusterFlags, type CommandRun, type Shardable } from './distributed.js';
import type { Io } from './io.js';
import { errnoText } from './outputFile.js';
import { readPartText, readRegular } from './partText.js';

export interface MergeFlags {
  json?: boolean;
  report?: string;
  interactive?: boolean;
}

/**
 * `warcast merge part*.json`: check the parts make one whole run, then run the same command on their summed
 * accumulators, printing exactly what one local run prints (timing apart).
 */
export async function mergeCommand(files: string[], flags: MergeFlags, io: Io, commands: Record<Shardable, CommandRun>): Promise<number> {
  const parts: NamedPart[] = files.map((name) => ({ name, part: parsePart(name, readPartText(name)) }));
  const { first, calls } = mergeParts(parts);
  const run = (commands as Record<string, CommandRun | undefined>)[first.command];
  if (!run) throw new WarcastError(`${parts[0].name}: command '${first.command}' cannot be merged (expected one of ${SHARDABLE.join(', ')})`, ExitCode.invalidScenario);
  // The scenario as the shards read it: the same file if it is unchanged here (so the result names it as a local
  // run does), else a copy of their text in a temporary folder, removed however the merge ends.
  let file = first.scenario.file;
  let tmp: string | null = null;
  try {
    const here = readRegular(file, Buffer.byteLength(first.scenario.text));
    if (here === null || digest(here.toString('utf8')) !== first.scenarioHash) {
      tmp = mkdtempSync(join(tmpdir(), 'warcast-merge-'));
      const name = basename(first.scenario.file);
      file = join(tmp, name === '' || name === '.' || name === '..' || name === '-' || name.length > 200 ? 'scenario.yaml' : name);
      writeFileSync(file, first.scenario.text);
    }
    const mode: ReplayMode = { type: 'replay', calls, next: 0, verify: (i, kernel, plan) => verifyCall(parts, i, kernel, plan) };
    const code = await withEngineMode(mode, () => run(file, { ...(first.options as ClusterFlags), json: flags.json, report: flags.report, interactive: flags.interactive }, io));
    if (mode.next !== calls.length) throw new WarcastError(`merge: the parts hold ${calls.length} simulation runs but the analysis made ${mode.next} (edited parts?)`, ExitCode.invalidScenario);
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

/** Each part's sums for call `i` fit the kernel the analysis runs: as many sums, the same chunks, each within what its trials can add up to. */
function verifyCall(parts: NamedPart[], i: number, kernel: Kernel<unknown>, plan: unknown): void {
  const length = kernel.accLength(plan);
  const perTrial = kernel.maxPerTrial?.(plan) ?? 1;
  for (const { name, part } of parts) {
    const c = part.calls[i];
    const where = `${name}: calls[${i}]`;
    if (c.chunkTrials !== kernel.chunkTrials) throw new WarcastError(`${where}.chunkTrials: expected ${kernel.chunkTrials} for ${kernel.name}, got ${c.chunkTrials} (damaged or edited; re-run this shard)`, ExitCode.invalidScenario);
    if (c.acc.length !== length) throw new WarcastError(`${where}.acc: expected ${length} sums for this run, got ${c.acc.length} (damaged or edited; re-run this shard)`, ExitCode.invalidScenario);
    const trials = Math.max(0, Math.min(c.startTrial + c.trials, c.shardLast * c.chunkTrials) - c.shardFirst * c.chunkTrials);
    const most = perTrial * trials;
    const j = c.acc.findIndex((x) => Math.abs(x) > most);
    if (j >= 0) throw new WarcastError(`${where}.acc[${j}]: ${c.acc[j]} is more than ${trials.toLocaleString('en-US')} trials can add up to (at most ${most.toLocaleString('en-US')}; damaged or edited; re-run this shard)`, ExitCode.invalidScenario);
  }
}
