/**
 * Part files: what one shard of a run (`--shard i/n`) leaves behind, and the checks that make a set of them one
 * whole run before `warcast merge` adds them up. A part holds, for every `runTrials` call the analysis made,
 * the chunk range this shard ran and its accumulator sums (exact integers; past 2^53 also as exact decimal text,
 * so the merge rounds once, as a local run does), plus everything the merge needs to
 * run the same analysis again on the summed accumulators: the command, its options, the scenario text.
 */
import { WarcastError } from '../errors.js';
import type { ReplayCall } from '../engine/replay.js';
import type { ShardCall } from '../engine/shard.js';
import { ExactSum, joinTraces } from '../engine/run.js';

export const PART_FORMAT = 1;

export interface PartFile {
  warcastPart: typeof PART_FORMAT;
  version: string;
  command: string;
  /** Digest of the scenario text. */
  scenarioHash: string;
  scenario: { file: string; text: string };
  seed: number;
  /** The command's result-shaping options as typed (trials, npc, objective, vary, …); not threads or output. */
  options: Record<string, unknown>;
  shard: { index: number; count: number };
  /** The first call's range, for people reading the file: chunks and trials this shard ran. */
  range: { firstChunk: number; lastChunk: number; firstTrial: number; lastTrial: number } | null;
  calls: ShardCall[];
}

/** A part file as read: its name for messages, and its contents. */
export interface NamedPart {
  name: string;
  part: PartFile;
}

const fail = (message: string) => new WarcastError(message);

/** Parse one part file's text; a cut-off or foreign file is one clear line. */
export function parsePart(name: string, text: string): PartFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw fail(`${name}: not a complete part file (truncated or corrupt JSON, ${text.length.toLocaleString('en-US')} bytes: ${why})`);
  }
  const p = data as Partial<PartFile> | null;
  if (p === null || typeof p !== 'object' || p.warcastPart !== PART_FORMAT) {
    throw fail(`${name}: not a warcast part file (expected "warcastPart": ${PART_FORMAT}; write one with --shard i/n --out FILE)`);
  }
  const need = ['version', 'command', 'scenarioHash', 'scenario', 'seed', 'options', 'shard', 'calls'] as const;
  for (const key of need) if (p[key] === undefined) throw fail(`${name}: part file lacks "${key}" (truncated or edited?)`);
  if (!Array.isArray(p.calls)) throw fail(`${name}: calls: expected a list`);
  p.calls.forEach((c, i) => {
    if (!Array.isArray(c?.acc) || typeof c.shardFirst !== 'number' || typeof c.shardLast !== 'number') throw fail(`${name}: calls[${i}]: expected acc, shardFirst and shardLast`);
    for (const [j, text] of Object.entries(c.exact ?? {})) {
      if (typeof text !== 'string' || !/^-?[0-9]+$/.test(text) || !(Number(j) < c.acc.length)) throw fail(`${name}: calls[${i}].exact.${j}: expected an integer as decimal text for an entry of acc`);
    }
  });
  return p as PartFile;
}

const canonical = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));

const fmt = (n: number) => n.toLocaleString('en-US');
function chunkSpan(c: ShardCall, from: number, to: number): string {
  const lastTrial = Math.min(c.startTrial + c.trials, to * c.chunkTrials) - 1;
  return `chunks ${fmt(from)}–${fmt(to - 1)} (trials ${fmt(from * c.chunkTrials)}–${fmt(lastTrial)})`;
}

/**
 * Check that parts belong to one run (same command, scenario, seed, options, version; the same calls) and that
 * their chunk ranges tile every call exactly; then sum each call's accumulators in chunk order.
 */
export function mergeParts(parts: NamedPart[]): { first: PartFile; calls: ReplayCall[] } {
  if (parts.length === 0) throw fail('merge: no part files given');
  const [head, ...rest] = parts;
  const a = head.part;
  const same = (what: string, x: unknown, y: unknown, other: NamedPart) => {
    if (canonical(x) !== canonical(y)) {
      throw fail(`${other.name}: different ${what} (${canonical(y)}) from ${head.name} (${canonical(x)}): parts of one run share command, scenario, seed, options and version`);
    }
  };
  for (const p of rest) {
    same('warcast version', a.version, p.part.version, p);
    same('command', a.command, p.part.command, p);
    same('scenario (hash)', a.scenarioHash, p.part.scenarioHash, p);
    same('seed', a.seed, p.part.seed, p);
    same('options', a.options, p.part.options, p);
    if (p.part.calls.length !== a.calls.length) throw fail(`${p.name}: ${p.part.calls.length} simulation runs, ${head.name} has ${a.calls.length}: not parts of one run`);
  }
  const calls: ReplayCall[] = [];
  for (let i = 0; i < a.calls.length; i++) {
    const c0 = a.calls[i];
    for (const p of rest) {
      const c = p.part.calls[i];
      same(`run ${i + 1} (kernel, plan, seed, trials)`, [c0.kind, c0.planHash, c0.seed, c0.startTrial, c0.trials], [c.kind, c.planHash, c.seed, c.startTrial, c.trials], p);
    }
    // Tile [firstChunk, lastChunk) with the parts' ranges, in chunk order; empty ranges (more shards than chunks) cover nothing.
    const pieces = parts.map((p) => ({ name: p.name, c: p.part.calls[i] })).filter((x) => x.c.shardLast > x.c.shardFirst).sort((x, y) => x.c.shardFirst - y.c.shardFirst);
    const problems: string[] = [];
    let at = c0.firstChunk;
    let prev: string | null = null;
    for (const x of pieces) {
      if (x.c.shardFirst > at) problems.push(`missing ${chunkSpan(c0, at, x.c.shardFirst)}`);
      else if (x.c.shardFirst < at) problems.push(`overlapping ${chunkSpan(c0, x.c.shardFirst, Math.min(at, x.c.shardLast))} in ${prev} and ${x.name}`);
      at = Math.max(at, x.c.shardLast);
      prev = x.name;
    }
    if (at < c0.lastChunk) problems.push(`missing ${chunkSpan(c0, at, c0.lastChunk)}`);
    if (problems.length > 0) throw fail(`merge: the parts do not cover run ${i + 1} exactly once: ${problems.join('; ')}`);
    // Summed as a local run sums its tasks (exact past 2^53 too), so the bytes are the same.
    const acc = new Float64Array(c0.acc.length);
    const sum = new ExactSum(acc.length);
    const traces: number[][] = [];
    for (const x of pieces) {
      if (x.c.acc.length !== acc.length) throw fail(`${x.name}: calls[${i}].acc: expected ${acc.length} numbers, got ${x.c.acc.length}`);
      sum.addSum(ExactSum.restore(x.c.acc, x.c.exact));
      if (x.c.trace) traces.push(x.c.trace);
    }
    sum.into(acc);
    calls.push({ kind: c0.kind, planHash: c0.planHash, seed: c0.seed, startTrial: c0.startTrial, trials: c0.trials, acc, trace: c0.trace ? joinTraces(traces, c0.traceLength) : null });
  }
  return { first: a, calls };
}
