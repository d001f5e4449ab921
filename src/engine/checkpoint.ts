/**
 * Checkpoint and resume (`--checkpoint FILE`, `--resume FILE`; docs/reliability.md). Every `runTrials` call an
 * analysis makes is identified by its kernel, a digest of its plan, its seed and trial range; its result
 * depends on nothing else. A checkpoint holds, for each call, the merged accumulators (exact, also past 2^53)
 * and trace of the completed prefix of its chunks. A resumed run looks each call up by that identity: a whole
 * call is handed back without running, a partial one runs only its remaining chunks and adds them to the
 * saved prefix in chunk order, so the answer is the one an uninterrupted run gives, byte for byte, whatever
 * the thread count on either side. `Checkpoint.engine(inner)` is the engine layer (engine/engine.ts): it runs
 * on `inner` and is told of each finished task (`EngineRun.onTask`, any order), merged in chunk order as it comes.
 *
 * Paired jobs (worth on a siege or a cascade: engine/paired.ts) are kept whole: each finished job's values, trial
 * by trial, under its identity (kernel, plan digest, probe, seed, trials). A resumed run is handed back every job
 * it finds and runs the others; the analysis is a function of its jobs' values, so its answer is the same bytes.
 * A job stopped part-way is run again from its start (a job is one variant's stage: seconds at most).
 */
import { INPUT_LIMITS, ReadFailure, readRegularFile } from '../scenario/input.js';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../errors.js';
import { replaceWhole } from '../files/output.js';
import type { Engine, EngineRun, PairedJob, PairedRunner, PairedSettings, RunResult } from './engine.js';
import { ExactSum } from './exactSum.js';
import { OrderedMerge } from './merge.js';
import type { ShardCall } from './shard.js';
import type { Task, TaskResult } from './task.js';
import { packNumbers, packValues, unpackNumbers, unpackValues, type PackedNumbers } from './packed.js';
import { digest, toWire } from './wire.js';

/** 2: a long accumulator is packed (`accPacked`); 1 (every `acc` a plain list) is still read. */
export const CHECKPOINT_FORMAT = 2;
const READABLE_FORMATS: readonly number[] = [1, CHECKPOINT_FORMAT];
/**
 * Accumulators longer than this are written packed (deflated, as paired jobs are): a sweep's changes paired chunk by
 * chunk keep every chunk of a siege as a call of its own, ~15,000 sums, mostly zeros (120 kB as a plain list).
 */
const PACK_FROM = 1024;

/** What a run is: a checkpoint resumes only the run it was written by. */
export interface CheckpointHeader {
  version: string;
  command: string;
  /** The scenario files as named, with a digest of each one's text. */
  scenarios: { file: string; hash: string }[];
  seed: number;
  /** The options that shape the result (trials, precision, vary, …), not threads or output format. */
  options: Record<string, unknown>;
}

/**
 * One call, in the part-file call format (engine/shard.ts): its chunks [shardFirst, shardLast) are done. Its sums
 * are `acc`, or `accPacked` when longer than PACK_FROM (then `acc` is absent).
 */
export interface CheckpointCall extends Omit<ShardCall, 'acc'> {
  acc?: number[];
  accPacked?: PackedNumbers;
  /** Whole: every chunk of the call is in acc. */
  complete: boolean;
  threadsUsed: number;
}

/**
 * One paired job, whole: its probe's outputs trial by trial (outputs × (to − from), in trial order), packed:
 * output by output (a column of 0/1 outcomes, then each column of losses), as little-endian 32-bit integers when
 * every number is one (else 64-bit floats), deflated, in base64. Plain JSON numbers took 68 MB for `worth
 * examples/castle-siege.yaml` (6.45 M sieges over its 39 items and their equivalents); packed so, 23 MB (losses
 * vary from trial to trial: ~1.2 bytes a number is what they hold).
 */
export interface CheckpointPairedJob {
  kind: string;
  planHash: string;
  probeHash: string;
  seed: number;
  from: number;
  to: number;
  /** How many numbers `values` holds. */
  count: number;
  /** i32: every number a 32-bit integer; f64: any. */
  packing: 'i32' | 'f64';
  values: string;
}

export interface CheckpointFile extends CheckpointHeader {
  warcastCheckpoint: typeof CHECKPOINT_FORMAT;
  /** When it was written (for people; not compared). */
  written: string;
  /** Trials done and planned over the calls so far (for people). */
  progress: { trialsDone: number; callsComplete: number; calls: number };
  calls: CheckpointCall[];
  /** Paired jobs done (absent in a checkpoint of chunk runs only). */
  paired?: CheckpointPairedJob[];
}

/** One call's completed prefix, fed tasks in any order (the ordered merge, engine/merge.ts). */
class CallState {
  readonly merge: OrderedMerge;
  running = false;
  threadsUsed = 1;
  constructor(
    readonly id: Omit<ShardCall, 'shardFirst' | 'shardLast' | 'acc' | 'trace'>,
    sum: ExactSum,
    trace: number[],
    done?: number,
  ) {
    this.merge = new OrderedMerge(
      {
        firstChunk: id.firstChunk,
        lastChunk: id.lastChunk,
        chunkTrials: id.chunkTrials,
        startTrial: id.startTrial,
        endTrial: id.startTrial + id.trials,
        traceLength: id.traceLength,
      },
      sum,
      trace,
      done,
    );
  }
  get done(): number {
    return this.merge.done;
  }
  get sum(): ExactSum {
    return this.merge.sum;
  }
  get complete(): boolean {
    return this.merge.complete;
  }
  /** Trials in the prefix. */
  get trials(): number {
    return this.merge.trials;
  }
  add(t: Task, r: TaskResult): void {
    this.merge.add(t, r);
  }
  result(interrupted: boolean): RunResult {
    return {
      acc: this.sum.rounded(),
      trials: this.trials,
      threadsUsed: this.threadsUsed,
      interrupted,
      ...(this.id.traceLength > 0 ? { trace: Float64Array.from(this.merge.trace) } : {}),
    };
  }
  /** A whole call's saved form: it no longer changes, so each later write reuses it (packing is not free). */
  private whole: CheckpointCall | null = null;
  save(): CheckpointCall {
    if (this.whole) return this.whole;
    const acc = this.sum.rounded();
    const saved: CheckpointCall = {
      ...this.id,
      shardFirst: this.id.firstChunk,
      shardLast: this.done,
      ...(acc.length > PACK_FROM ? { accPacked: packNumbers(acc) } : { acc: Array.from(acc) }),
      trace: this.id.traceLength > 0 ? this.merge.trace : null,
      complete: this.complete,
      threadsUsed: this.threadsUsed,
      ...(this.sum.exact() ? { exact: this.sum.exact() } : {}),
    };
    if (this.complete) this.whole = saved;
    return saved;
  }
}

const keyOf = (c: {
  kind: string;
  planHash: string;
  seed: number;
  startTrial: number;
  trials: number;
  traceLength: number;
}) => `${c.kind} ${c.planHash} ${c.seed} ${c.startTrial} ${c.trials} ${c.traceLength}`;

export interface CheckpointOptions {
  path: string;
  header: CheckpointHeader;
  /** Write at most this often while running (ms); 0: after every task. */
  everyMs: number;
  /** A resumed checkpoint (already checked against the header). */
  resumed?: CheckpointFile | null;
  /** One line when a write fails during the run (the run goes on). */
  warn(line: string): void;
}

/** The checkpoint of one command run: its calls' prefixes, written atomically every `everyMs`. */
const pairedKeyOf = (j: Omit<CheckpointPairedJob, 'values' | 'count' | 'packing'>) =>
  `${j.kind} ${j.planHash} ${j.probeHash} ${j.seed} ${j.from} ${j.to}`;

const pairedIdOf = <P>(job: PairedJob<P>): Omit<CheckpointPairedJob, 'values' | 'count' | 'packing'> => ({
  kind: job.kernel.name,
  planHash: digest(toWire(job.plan)),
  probeHash: digest(JSON.stringify(job.probe)),
  seed: job.seed,
  from: job.from,
  to: job.to,
});

export class Checkpoint {
  private readonly calls = new Map<string, CallState>();
  private readonly pairedJobs = new Map<string, CheckpointPairedJob>();
  private lastWrite = 0;
  private failedOnce = false;
  constructor(private readonly o: CheckpointOptions) {
    for (const c of o.resumed?.calls ?? []) {
      const { shardFirst: _f, shardLast, acc, accPacked, trace, exact, complete: _c, threadsUsed, ...id } = c;
      const sums = acc ?? unpackNumbers(accPacked!)!;
      const st = new CallState(id, ExactSum.restore(sums, exact), trace ?? [], shardLast);
      st.threadsUsed = threadsUsed;
      this.calls.set(keyOf(id), st);
    }
    for (const j of o.resumed?.paired ?? []) this.pairedJobs.set(pairedKeyOf(j), j);
  }

  /** Trials restored from the resumed checkpoint (for the note on stderr). */
  get trialsDone(): number {
    let n = 0;
    for (const st of this.calls.values()) n += st.trials;
    for (const j of this.pairedJobs.values()) n += j.to - j.from;
    return n;
  }

  get whole(): boolean {
    return [...this.calls.values()].every((st) => st.complete);
  }

  /** An engine layer: every run on `inner`, recorded in this checkpoint and resumed from it. */
  engine(inner: Engine): Engine {
    return {
      run: (o) => this.run(o, (p) => inner.run(p)),
      refusesPrecision: inner.refusesPrecision,
      poolFrom: (k) => inner.poolFrom(k),
      // A run cut into chunks is recorded call by call: resumed, each chunk's sums come back as they were.
      ...(inner.chunkwise ? { chunkwise: true } : {}),
      ...(inner.paired ? { paired: (settings: PairedSettings) => this.paired(inner.paired!(settings), settings) } : {}),
    };
  }

  /** Paired jobs on `inner`: each found in the checkpoint handed back, each finished one recorded. */
  paired(inner: PairedRunner, settings: PairedSettings): PairedRunner {
    let restored = 0;
    const jobs = this.pairedJobs;
    const recorded = (id: Omit<CheckpointPairedJob, 'values' | 'count' | 'packing'>, values: Float64Array) => {
      jobs.set(pairedKeyOf(id), {
        ...id,
        count: values.length,
        ...packValues(values, values.length / (id.to - id.from)),
      });
      if (Date.now() - this.lastWrite >= this.o.everyMs) this.write('during');
    };
    return {
      get trialsDone() {
        return inner.trialsDone + restored;
      },
      get stopped() {
        return inner.stopped;
      },
      async run<P>(job: PairedJob<P>): Promise<Float64Array | null> {
        const id = pairedIdOf(job);
        const saved = jobs.get(pairedKeyOf(id));
        const outputs = job.probe.constants.length;
        if (saved !== undefined && !inner.stopped) {
          const values = saved.count === outputs * (job.to - job.from) ? unpackValues(saved) : null;
          if (values === null)
            throw new UsageError(
              `--resume: paired job ${id.kind} trials ${id.from}–${id.to} holds ${saved.count} numbers in the checkpoint, ${outputs * (job.to - job.from)} here (edited, or another build of warcast)`,
            );
          restored += job.to - job.from;
          settings.onTrials?.(inner.trialsDone + restored);
          return values;
        }
        const values = await inner.run(job);
        if (values !== null) recorded(id, values);
        return values;
      },
    };
  }

  /** A run on `local`, with the call's saved prefix skipped and its new tasks recorded. */
  async run<P>(o: EngineRun<P>, local: (o: EngineRun<P>) => Promise<RunResult>): Promise<RunResult> {
    const k = o.kernel;
    const startTrial = o.startTrial ?? 0;
    const firstChunk = startTrial / k.chunkTrials;
    const id = {
      kind: k.name,
      planHash: digest(toWire(o.plan)),
      seed: o.seed,
      startTrial,
      trials: o.trials,
      chunkTrials: k.chunkTrials,
      firstChunk,
      lastChunk: Math.ceil((startTrial + o.trials) / k.chunkTrials),
      traceLength: o.trace ? (k.traceLength ?? 0) : 0,
    };
    const key = keyOf(id);
    let st = this.calls.get(key);
    // The same call twice at once (two equal plans in a sweep): the second runs plainly, its answer is the same.
    if (st?.running) return local(o);
    const accLength = k.accLength(o.plan);
    if (st && (st.sum.length !== accLength || st.id.chunkTrials !== k.chunkTrials))
      throw new UsageError(
        `--resume ${this.o.path}: run ${k.name} has ${st.sum.length} accumulators of chunks of ${st.id.chunkTrials} in the checkpoint, ${accLength} of ${k.chunkTrials} here (edited, or another build of warcast)`,
      );
    if (st?.complete) return st.result(false);
    st ??= new CallState(id, new ExactSum(accLength), []);
    const state = st;
    if (!o.signal?.aborted) this.calls.set(key, state);
    const from = state.done * k.chunkTrials;
    state.running = true;
    try {
      const r = await local({
        ...o,
        startTrial: from,
        trials: startTrial + o.trials - from,
        onProgress: o.onProgress && ((d) => o.onProgress!(from - startTrial + d, o.trials)),
        onTask: (t, res) => {
          state.add(t, res);
          if (Date.now() - this.lastWrite >= this.o.everyMs) this.write('during');
        },
      });
      state.threadsUsed = Math.max(state.threadsUsed, r.threadsUsed);
      // Every task reaches onTask, so a run that was not stopped has the whole call.
      if (!r.interrupted && !state.complete)
        throw new Error(
          `checkpoint: run ${k.name} ended at chunk ${state.done} of ${id.lastChunk} without an interruption (a task was not reported)`,
        );
      return state.result(r.interrupted);
    } finally {
      state.running = false;
    }
  }

  /** The file's contents now. */
  snapshot(): CheckpointFile {
    const calls = [...this.calls.values()]
      .filter((st) => st.done > st.id.firstChunk || st.complete)
      .map((st) => st.save());
    const paired = [...this.pairedJobs.values()];
    return {
      warcastCheckpoint: CHECKPOINT_FORMAT,
      ...this.o.header,
      written: new Date().toISOString(),
      progress: {
        trialsDone:
          calls.reduce((n, c) => n + Math.min(c.startTrial + c.trials, c.shardLast * c.chunkTrials) - c.startTrial, 0) +
          paired.reduce((n, j) => n + j.to - j.from, 0),
        callsComplete: calls.filter((c) => c.complete).length + paired.length,
        calls: calls.length + paired.length,
      },
      calls,
      ...(paired.length > 0 ? { paired } : {}),
    };
  }

  /**
   * Write the file atomically (a temporary file beside it, fsync, rename). A failure is one line: before the
   * run it stops the command (exit 2, nothing run); during the run it is a warning, once, and the run goes on;
   * at the end it is a warning again (the result is still printed). The earlier file stays whole.
   */
  write(when: 'before' | 'during' | 'after'): void {
    this.lastWrite = Date.now();
    try {
      writeAtomic(this.o.path, JSON.stringify(this.snapshot()) + '\n');
    } catch (err) {
      const line = `--checkpoint ${this.o.path}: cannot write (${errText(err)})`;
      if (when === 'before') throw new UsageError(`${line}; nothing was run`);
      if (when === 'after' || !this.failedOnce)
        this.o.warn(
          `warcast: ${line}; ${when === 'after' ? 'the last checkpoint written stays' : 'the run goes on, the last checkpoint written stays'}\n`,
        );
      this.failedOnce = true;
    }
  }
}

const errText = (err: unknown) => {
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ENOTFILE') return e.message;
  return e?.code ? `${e.code}: ${(e.message ?? '').replace(/^[A-Z]+: /, '').split(',')[0]}` : String(err);
};

/** Write `text` to `path` so that a reader sees the old file or the new one, never part of one, even after a crash. */
export function writeAtomic(path: string, text: string): void {
  replaceWhole(
    path,
    text,
    join(
      dirname(path),
      `.${basename(path)}.tmp-${process.pid}-${process.getBuiltinModule('node:crypto').randomBytes(4).toString('hex')}`,
    ),
  );
}

/** Read and check a checkpoint for `--resume`: one line (exit 2) for a missing, cut-off or foreign file, or another run's. */
export function readCheckpoint(path: string, header: CheckpointHeader): CheckpointFile {
  const fail = (why: string) => new UsageError(`--resume ${path}: ${why}`);
  let text: string;
  try {
    // A checkpoint is a file warcast wrote: a FIFO or device is refused at once (the shared reader of regular files).
    text = readRegularFile(path, INPUT_LIMITS.checkpoint).toString('utf8');
  } catch (err) {
    if (err instanceof UsageError) throw err;
    if (err instanceof ReadFailure && err.code === 'ENOTREG')
      throw fail('not a regular file (a checkpoint is a file warcast wrote with --checkpoint)');
    throw fail(err instanceof ReadFailure ? err.reason : `cannot read (${errText(err)})`);
  }
  let data: Partial<CheckpointFile> | null;
  try {
    data = JSON.parse(text) as Partial<CheckpointFile> | null;
  } catch {
    throw fail(`not a complete checkpoint (corrupt JSON, ${text.length.toLocaleString('en-US')} bytes)`);
  }
  if (data === null || typeof data !== 'object' || !READABLE_FORMATS.includes(data.warcastCheckpoint as number))
    throw fail(
      `not a warcast checkpoint (expected "warcastCheckpoint": ${CHECKPOINT_FORMAT}; write one with --checkpoint FILE)`,
    );
  for (const key of ['version', 'command', 'scenarios', 'seed', 'options', 'calls'] as const)
    if (data[key] === undefined) throw fail(`the checkpoint lacks "${key}" (edited?)`);
  const differs = checkpointDiffers(data as CheckpointFile, header);
  if (differs !== null)
    throw fail(
      `${differs}; a checkpoint resumes only the run that wrote it (same command, scenario, seed, options and warcast version)`,
    );
  if (!Array.isArray(data.calls)) throw fail('calls: expected a list');
  data.calls.forEach((c, i) => {
    const ok =
      c &&
      (Array.isArray(c.acc)
        ? c.acc.every((x) => typeof x === 'number')
        : typeof c.accPacked === 'object' && c.accPacked !== null && unpackNumbers(c.accPacked) !== null) &&
      Object.values(c.exact ?? {}).every((x) => typeof x === 'string' && /^-?[0-9]+$/.test(x)) &&
      [c.startTrial, c.trials, c.chunkTrials, c.firstChunk, c.lastChunk, c.shardLast, c.traceLength].every(
        (x) => typeof x === 'number' && Number.isInteger(x) && x >= 0,
      ) &&
      c.shardLast >= c.firstChunk &&
      c.shardLast <= c.lastChunk &&
      (c.traceLength === 0 ||
        (Array.isArray(c.trace) && c.trace.length === (c.shardLast - c.firstChunk) * c.traceLength));
    if (!ok) throw fail(`calls[${i}]: not a saved run (edited?)`);
  });
  if (data.paired !== undefined && !Array.isArray(data.paired)) throw fail('paired: expected a list');
  (data.paired ?? []).forEach((j, i) => {
    const ok =
      j &&
      typeof j.kind === 'string' &&
      typeof j.planHash === 'string' &&
      typeof j.probeHash === 'string' &&
      [j.seed, j.from, j.to, j.count].every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 0) &&
      j.to > j.from &&
      j.count % (j.to - j.from) === 0 &&
      typeof j.values === 'string' &&
      unpackValues(j) !== null;
    if (!ok) throw fail(`paired[${i}]: not a saved paired job (edited?)`);
  });
  return data as CheckpointFile;
}

const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );
const show = (v: unknown) => (v === undefined ? 'not given' : typeof v === 'string' ? v : canonical(v));

/** What differs between a checkpoint and this run, in words, or null. */
export function checkpointDiffers(saved: CheckpointHeader, now: CheckpointHeader): string | null {
  if (saved.command !== now.command) return `written by warcast ${saved.command}, not ${now.command}`;
  if (saved.version !== now.version) return `written by warcast ${saved.version}, this is ${now.version}`;
  const files = (h: CheckpointHeader) => h.scenarios.map((s) => s.file).join(' ');
  if (saved.scenarios.length !== now.scenarios.length)
    return `different scenarios (${files(saved)} in the checkpoint, ${files(now)} here)`;
  for (let i = 0; i < now.scenarios.length; i++) {
    if (saved.scenarios[i].hash !== now.scenarios[i].hash)
      return `different scenario: ${now.scenarios[i].file} is not the text ${saved.scenarios[i].file} had when the checkpoint was written`;
  }
  if (saved.seed !== now.seed) return `different seed (${saved.seed} in the checkpoint, ${now.seed} here)`;
  const keys = [...new Set([...Object.keys(saved.options), ...Object.keys(now.options)])].sort();
  const diff = keys.filter((k) => canonical(saved.options[k]) !== canonical(now.options[k]));
  if (diff.length > 0)
    return `different options: ${diff.map((k) => `${k} ${show(saved.options[k])} in the checkpoint, ${show(now.options[k])} here`).join('; ')}`;
  return null;
}
