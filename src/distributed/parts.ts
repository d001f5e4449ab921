/**
 * Part files: what one shard of a run (`--shard i/n`) leaves behind, and the checks that make a set of them one
 * whole run before `warcast merge` adds them up. A part holds, for every `runTrials` call the analysis made,
 * the chunk range this shard ran and its accumulator sums (exact integers; past 2^53 also as exact decimal text,
 * so the merge rounds once, as a local run does), plus everything the merge needs to
 * run the same analysis again on the summed accumulators: the command, its options, the scenario text.
 * It ends with a SHA-256 digest of its canonical content: a part damaged on disk or edited by hand is refused.
 * The digest carries no secret (anyone can recompute it), so every field is also checked for what a shard can
 * have written: types, its chunk range from its index and count, the scenario text against its hash.
 */
import { ExitCode, WarcastError } from '../errors.js';
import type { Kernel } from '../engine/kernel.js';
import type { ReplayCall } from '../engine/replay.js';
import { shardRange, type ShardCall } from '../engine/shard.js';
import { fileHead, shownPath } from '../files/output.js';
import { INPUT_LIMITS, ReadFailure, readRegularFile } from '../scenario/input.js';
import { ExactSum, joinTraces } from '../engine/run.js';
import { unpackNumbers, type PackedNumbers } from '../engine/packed.js';
import { digest as textDigest } from '../engine/wire.js';

/** Format 2 added the digest; format 1 parts (no integrity check) are refused: re-run the shard. */
export const PART_FORMAT = 2;

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
  /** `sha256:` and the hex SHA-256 of the canonical JSON of every other field (keys sorted). */
  digest: string;
}

/** A part file as read: its name for messages, and its contents. */
export interface NamedPart {
  name: string;
  part: PartFile;
}

/** A part that cannot be used: exit 3, as an invalid scenario (docs/distributed.md). */
const fail = (message: string) => new WarcastError(message, ExitCode.invalidScenario);

/** JSON with every object's keys sorted: the same text for the same content, whatever the key order. */
export const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );

const sha256 = (text: string) =>
  process.getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('hex');

/** The digest a part's content (all but `digest`) must carry. */
export function partDigest(part: Omit<PartFile, 'digest'> | PartFile): string {
  const { digest: _d, ...content } = part as PartFile;
  return `sha256:${sha256(canonical(content))}`;
}

/** A part with its digest (written last: the digest covers everything else). */
export function sealPart(part: Omit<PartFile, 'digest'>): PartFile {
  return { ...part, digest: partDigest(part) } as PartFile;
}

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
const isCount = (x: unknown, min = 0): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= min;
const short = (x: unknown) => {
  const t = JSON.stringify(x) ?? String(x);
  return t.length > 60 ? `${t.slice(0, 60)}…` : t;
};

/** Check one call as a shard writes it; `where` names it in messages. */
function checkCall(name: string, where: string, c: unknown, shard: { index: number; count: number }): void {
  const bad = (field: string, expected: string, got: unknown) =>
    fail(`${name}: ${where}.${field}: expected ${expected}, got ${short(got)} (damaged or edited; re-run this shard)`);
  if (!isObject(c))
    throw fail(
      `${name}: ${where}: expected a simulation run (an object), got ${short(c)} (damaged or edited; re-run this shard)`,
    );
  for (const key of ['kind', 'planHash'] as const)
    if (typeof c[key] !== 'string' || c[key] === '') throw bad(key, 'a name', c[key]);
  if (!isCount(c.seed)) throw bad('seed', 'a whole number ≥ 0', c.seed);
  if (!isCount(c.chunkTrials, 1)) throw bad('chunkTrials', 'a whole number ≥ 1', c.chunkTrials);
  if (!isCount(c.trials, 1)) throw bad('trials', 'a whole number ≥ 1', c.trials);
  if (!isCount(c.startTrial) || c.startTrial % c.chunkTrials !== 0)
    throw bad('startTrial', 'a whole number of chunks', c.startTrial);
  const firstChunk = c.startTrial / c.chunkTrials;
  const lastChunk = Math.ceil((c.startTrial + c.trials) / c.chunkTrials);
  if (c.firstChunk !== firstChunk) throw bad('firstChunk', `${firstChunk} (startTrial / chunkTrials)`, c.firstChunk);
  if (c.lastChunk !== lastChunk)
    throw bad('lastChunk', `${lastChunk} (from startTrial, trials and chunkTrials)`, c.lastChunk);
  // A shard runs exactly the chunks its index and count give: no more, no fewer.
  const [a, b] = shardRange(firstChunk, lastChunk, shard.index, shard.count);
  if (c.shardFirst !== a)
    throw bad(
      'shardFirst',
      `${a} (shard ${shard.index}/${shard.count} of chunks ${firstChunk}–${lastChunk - 1})`,
      c.shardFirst,
    );
  if (c.shardLast !== b)
    throw bad(
      'shardLast',
      `${b} (shard ${shard.index}/${shard.count} of chunks ${firstChunk}–${lastChunk - 1})`,
      c.shardLast,
    );
  if (!isCount(c.traceLength)) throw bad('traceLength', 'a whole number ≥ 0', c.traceLength);
  if (!Array.isArray(c.acc) || c.acc.length === 0) throw bad('acc', 'a list of sums', c.acc);
  const i = c.acc.findIndex((x) => typeof x !== 'number' || !Number.isFinite(x));
  if (i >= 0) throw bad(`acc[${i}]`, 'a number', c.acc[i]);
  // An empty range (more shards than chunks) ran nothing: every sum is 0.
  if (a === b) {
    const j = c.acc.findIndex((x) => x !== 0);
    if (j >= 0) throw bad(`acc[${j}]`, '0 (this shard ran no chunks)', c.acc[j]);
  }
  if (c.exact !== undefined) {
    if (!isObject(c.exact)) throw bad('exact', 'integers as decimal text by acc index', c.exact);
    for (const [j, text] of Object.entries(c.exact)) {
      if (
        typeof text !== 'string' ||
        !/^-?[0-9]+$/.test(text) ||
        !/^(0|[1-9][0-9]*)$/.test(j) ||
        !(Number(j) < c.acc.length)
      )
        throw fail(`${name}: ${where}.exact.${j}: expected an integer as decimal text for an entry of acc`);
      if (Number(BigInt(text)) !== c.acc[Number(j)])
        throw bad(`exact.${j}`, `the exact value of acc[${j}] (${c.acc[Number(j)]})`, text);
    }
  }
  const traceNumbers = c.traceLength === 0 ? 0 : (b - a) * c.traceLength;
  if (c.trace === null || c.trace === undefined) {
    if (traceNumbers > 0) throw bad('trace', `${traceNumbers} numbers`, c.trace);
  } else if (
    !Array.isArray(c.trace) ||
    c.trace.length !== traceNumbers ||
    c.trace.some((x) => typeof x !== 'number' || !Number.isFinite(x))
  ) {
    throw bad('trace', `${traceNumbers} numbers (traceLength × chunks run)`, c.trace);
  }
  if (c.chunks !== undefined) {
    // Each chunk's own sums (a sweep or compare pairing chunk by chunk): as many as the chunks run, adding up to acc.
    const acc = c.acc as number[];
    const count = (b - a) * acc.length;
    const chunks = isObject(c.chunks) ? unpackNumbers(c.chunks as unknown as PackedNumbers) : null;
    if (chunks === null || chunks.length !== count)
      throw bad('chunks', `${count} numbers packed (each chunk's sums, chunks × acc.length)`, c.chunks);
    const total = new ExactSum(acc.length);
    for (let k = 0; k < b - a; k++) total.add(chunks.subarray(k * acc.length, (k + 1) * acc.length));
    const sums = total.rounded();
    const j = sums.findIndex((x, i) => x !== acc[i]);
    if (j >= 0 || canonical(total.exact() ?? {}) !== canonical(c.exact ?? {}))
      throw bad(
        'chunks',
        `chunks adding up to acc (acc[${Math.max(j, 0)}] = ${acc[Math.max(j, 0)]})`,
        sums[Math.max(j, 0)],
      );
  }
}

/** Parse one part file's text and check every field and the digest; a cut-off, foreign, damaged or edited file is one clear line (exit 3). */
export function parsePart(name: string, text: string): PartFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw fail(
      `${name}: not a complete part file (truncated or corrupt JSON, ${text.length.toLocaleString('en-US')} bytes: ${why.slice(0, 200)})`,
    );
  }
  if (!isObject(data) || typeof data.warcastPart !== 'number') {
    throw fail(
      `${name}: not a warcast part file (expected "warcastPart": ${PART_FORMAT}; write one with --shard i/n --out FILE)`,
    );
  }
  if (data.warcastPart !== PART_FORMAT) {
    throw fail(
      `${name}: part format ${short(data.warcastPart)}, this warcast reads format ${PART_FORMAT} (${data.warcastPart === 1 ? 'format 1 has no integrity check' : 'another warcast wrote it'}): re-run this shard with this warcast`,
    );
  }
  const need = [
    'version',
    'command',
    'scenarioHash',
    'scenario',
    'seed',
    'options',
    'shard',
    'calls',
    'digest',
  ] as const;
  for (const key of need)
    if (data[key] === undefined) throw fail(`${name}: part file lacks "${key}" (truncated or edited?)`);
  const bad = (field: string, expected: string, got: unknown) =>
    fail(`${name}: ${field}: expected ${expected}, got ${short(got)} (damaged or edited; re-run this shard)`);
  for (const key of ['version', 'command', 'scenarioHash', 'digest'] as const)
    if (typeof data[key] !== 'string' || data[key] === '') throw bad(key, 'a non-empty string', data[key]);
  const scenario = data.scenario;
  if (
    !isObject(scenario) ||
    typeof scenario.file !== 'string' ||
    scenario.file === '' ||
    typeof scenario.text !== 'string'
  )
    throw bad('scenario', "the scenario file's name and text", scenario);
  if (textDigest(scenario.text) !== data.scenarioHash)
    throw bad('scenarioHash', `the digest of scenario.text (${textDigest(scenario.text)})`, data.scenarioHash);
  if (!isCount(data.seed)) throw bad('seed', 'a whole number ≥ 0', data.seed);
  if (!isObject(data.options)) throw bad('options', 'the options as an object', data.options);
  const shard = data.shard;
  if (!isObject(shard) || !isCount(shard.count, 1) || !isCount(shard.index, 1) || shard.index > shard.count)
    throw bad('shard', '{index, count} with 1 ≤ index ≤ count', shard);
  if (!Array.isArray(data.calls)) throw bad('calls', 'a list', data.calls);
  if (data.calls.length === 0)
    throw bad('calls', 'at least one simulation run (a shard of a simulation command runs one or more)', data.calls);
  data.calls.forEach((c, i) => checkCall(name, `calls[${i}]`, c, shard as { index: number; count: number }));
  // `range` is for people, but a part must not say one thing there and another in its calls.
  const c0 = data.calls[0] as ShardCall;
  const range = {
    firstChunk: c0.shardFirst,
    lastChunk: c0.shardLast,
    firstTrial: Math.min(c0.startTrial + c0.trials, c0.shardFirst * c0.chunkTrials),
    lastTrial: Math.min(c0.startTrial + c0.trials, c0.shardLast * c0.chunkTrials),
  };
  if (canonical(data.range) !== canonical(range))
    throw bad('range', `${canonical(range)} (calls[0]'s chunks and trials)`, data.range);
  const expected = partDigest(data as unknown as PartFile);
  if (data.digest !== expected)
    throw fail(
      `${name}: digest does not match the content (damaged or edited after it was written; re-run this shard)`,
    );
  return data as unknown as PartFile;
}

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
      throw fail(
        `${other.name}: different ${what} (${canonical(y)}) from ${head.name} (${canonical(x)}): parts of one run share command, scenario, seed, options and version`,
      );
    }
  };
  for (const p of rest) {
    same('warcast version', a.version, p.part.version, p);
    same('command', a.command, p.part.command, p);
    same('scenario (hash)', a.scenarioHash, p.part.scenarioHash, p);
    same('seed', a.seed, p.part.seed, p);
    same('options', a.options, p.part.options, p);
    if (p.part.calls.length !== a.calls.length)
      throw fail(
        `${p.name}: ${p.part.calls.length} simulation runs, ${head.name} has ${a.calls.length}: not parts of one run`,
      );
  }
  const calls: ReplayCall[] = [];
  for (let i = 0; i < a.calls.length; i++) {
    const c0 = a.calls[i];
    for (const p of rest) {
      const c = p.part.calls[i];
      same(
        `run ${i + 1} (kernel, plan, seed, trials)`,
        [c0.kind, c0.planHash, c0.seed, c0.startTrial, c0.trials],
        [c.kind, c.planHash, c.seed, c.startTrial, c.trials],
        p,
      );
    }
    // Tile [firstChunk, lastChunk) with the parts' ranges, in chunk order; empty ranges (more shards than chunks) cover nothing.
    const pieces = parts
      .map((p) => ({ name: p.name, c: p.part.calls[i] }))
      .filter((x) => x.c.shardLast > x.c.shardFirst)
      .sort((x, y) => x.c.shardFirst - y.c.shardFirst);
    const problems: string[] = [];
    let at = c0.firstChunk;
    let prev: string | null = null;
    for (const x of pieces) {
      if (x.c.shardFirst > at) problems.push(`missing ${chunkSpan(c0, at, x.c.shardFirst)}`);
      else if (x.c.shardFirst < at)
        problems.push(
          `overlapping ${chunkSpan(c0, x.c.shardFirst, Math.min(at, x.c.shardLast))} in ${prev} and ${x.name}`,
        );
      at = Math.max(at, x.c.shardLast);
      prev = x.name;
    }
    if (at < c0.lastChunk) problems.push(`missing ${chunkSpan(c0, at, c0.lastChunk)}`);
    if (problems.length > 0)
      throw fail(`merge: the parts do not cover run ${i + 1} exactly once: ${problems.join('; ')}`);
    // Summed as a local run sums its tasks (exact past 2^53 too), so the bytes are the same.
    const acc = new Float64Array(c0.acc.length);
    const sum = new ExactSum(acc.length);
    const traces: number[][] = [];
    for (const x of pieces) {
      if (x.c.acc.length !== acc.length)
        throw fail(`${x.name}: calls[${i}].acc: expected ${acc.length} numbers, got ${x.c.acc.length}`);
      sum.addSum(ExactSum.restore(x.c.acc, x.c.exact));
      if (x.c.trace) traces.push(x.c.trace);
    }
    sum.into(acc);
    // Each chunk's own sums, when every part kept them (a sweep or compare pairs its changes with them).
    const kept = pieces.every((x) => x.c.chunks !== undefined);
    const chunks = kept ? new Float64Array((c0.lastChunk - c0.firstChunk) * acc.length) : null;
    if (chunks)
      for (const x of pieces) chunks.set(unpackNumbers(x.c.chunks!)!, (x.c.shardFirst - c0.firstChunk) * acc.length);
    calls.push({
      kind: c0.kind,
      planHash: c0.planHash,
      seed: c0.seed,
      startTrial: c0.startTrial,
      trials: c0.trials,
      acc,
      trace: c0.trace ? joinTraces(traces, c0.traceLength) : null,
      ...(chunks ? { chunks, chunkTrials: c0.chunkTrials } : {}),
    });
  }
  return { first: a, calls };
}

/** A regular file of at most `limit` bytes (the shared reader), or null: missing, unreadable, not a regular file, or longer. */
export function readRegular(file: string, limit: number): Buffer | null {
  try {
    return readRegularFile(file, limit);
  } catch {
    return null;
  }
}

/** A part file's text (the shared reader of regular files): a missing file is exit 2 (as a missing scenario), anything else exit 3. */
export function readPartText(name: string): string {
  try {
    return readRegularFile(name, INPUT_LIMITS.part).toString('utf8');
  } catch (err) {
    if (!(err instanceof ReadFailure)) throw err;
    const missing = err.code === 'ENOENT' || err.code === 'ELOOP';
    const why =
      err.code === 'ENOENT'
        ? 'no such file'
        : err.code === 'ELOOP'
          ? 'a loop of symbolic links'
          : err.code === 'EISDIR'
            ? 'is a folder; expected a part file written by --shard i/n --out FILE'
            : err.code === 'ENOTREG'
              ? 'not a regular file (a FIFO, device or socket); expected a part file written by --shard i/n --out FILE'
              : err.code === 'limit'
                ? `larger than ${INPUT_LIMITS.part.toLocaleString('en-US')} bytes (64 MiB), the limit for a part file (docs/reliability.md)`
                : err.reason;
    throw new WarcastError(`${shownPath(name)}: ${why}`, missing ? ExitCode.usage : ExitCode.invalidScenario);
  }
}

/**
 * Why an existing file at a shard's --out may not be replaced, or null: only a part of this very run and shard
 * (a scheduler's retry rewrites it) is ours to replace.
 */
export function whyNotOurPart(
  path: string,
  header: Pick<PartFile, 'warcastPart' | 'version' | 'command' | 'scenarioHash' | 'seed' | 'options' | 'shard'>,
): string | null {
  if (!fileHead(path, 64).startsWith('{"warcastPart":')) return 'is not a warcast part file';
  let p: Partial<PartFile>;
  try {
    p = JSON.parse(readPartText(path)) as Partial<PartFile>;
  } catch {
    return 'is not a complete warcast part file';
  }
  const same = (k: keyof typeof header) => canonical(p[k]) === canonical(header[k]);
  const other = (['warcastPart', 'version', 'command', 'scenarioHash', 'seed', 'options', 'shard'] as const).filter(
    (k) => !same(k),
  );
  return other.length === 0 ? null : `is a part of another run or shard (different ${other.join(', ')})`;
}

/** Each part's sums for call `i` fit the kernel the analysis runs: as many sums, the same chunks, each within what its trials can add up to. */
export function verifyCall(parts: NamedPart[], i: number, kernel: Kernel<unknown>, plan: unknown): void {
  const length = kernel.accLength(plan);
  // Without maxPerTrial every slot is a count (engine/kernel.ts): from 0 to the trials run.
  const counts = kernel.maxPerTrial === undefined;
  const perTrial = kernel.maxPerTrial?.(plan) ?? 1;
  for (const { name, part } of parts) {
    const c = part.calls[i];
    const where = `${name}: calls[${i}]`;
    if (c.chunkTrials !== kernel.chunkTrials)
      throw new WarcastError(
        `${where}.chunkTrials: expected ${kernel.chunkTrials} for ${kernel.name}, got ${c.chunkTrials} (damaged or edited; re-run this shard)`,
        ExitCode.invalidScenario,
      );
    if (c.acc.length !== length)
      throw new WarcastError(
        `${where}.acc: expected ${length} sums for this run, got ${c.acc.length} (damaged or edited; re-run this shard)`,
        ExitCode.invalidScenario,
      );
    const trials = Math.max(
      0,
      Math.min(c.startTrial + c.trials, c.shardLast * c.chunkTrials) - c.shardFirst * c.chunkTrials,
    );
    const most = perTrial * trials;
    const j = c.acc.findIndex((x) => Math.abs(x) > most || (counts && x < 0));
    if (j >= 0 && counts)
      throw new WarcastError(
        `${where}.acc[${j}]: ${c.acc[j]} is not a count of ${trials.toLocaleString('en-US')} trials (0 to ${trials.toLocaleString('en-US')}; damaged or edited; re-run this shard)`,
        ExitCode.invalidScenario,
      );
    if (j >= 0)
      throw new WarcastError(
        `${where}.acc[${j}]: ${c.acc[j]} is more than ${trials.toLocaleString('en-US')} trials can add up to (at most ${most.toLocaleString('en-US')}; damaged or edited; re-run this shard)`,
        ExitCode.invalidScenario,
      );
  }
}
