/**
 * The benchmark harness. Why not tinybench: tinybench times each task's samples back to back, so a burst of
 * machine noise lands on one task and not on another; here every kernel sample is sandwiched between two runs
 * of a fixed reference loop (R K R K … R) in the same process, and each sample's figure is a ratio
 * (kernel trials/s ÷ reference iterations/s, using the mean of the two neighbouring reference runs). Noise that
 * slows the machine slows both sides of a ratio, so medians of ratios are comparable across runs and machines.
 * It also needs references on several threads (pool suites) and in a fresh process (process-start suites).
 *
 * Copies: the same optimised kernel code runs at different speeds depending on where V8 placed it (measured on
 * this machine: the War Machine kernel at a ratio of 0.21 or 0.34 in different processes, with identical
 * optimisation traces, and likewise between fresh copies of the module in one process). One process is one
 * draw from that spread, so a suite is measured on several fresh copies (a kernel module re-imported, a new
 * worker pool, a new process) and its figure is the mean over copies of each copy's median ratio: the spread
 * averages out instead of deciding the verdict.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { referenceLoop, warmUpReference } from './reference.js';

/**
 * How a suite's reference is run: in this thread, on n worker threads at once, as a whole new process running the
 * loop, or as a bare Node process (`node -e 0`, no flags: what any Node command pays before its own code, the
 * reference of the start-up rows; `iterations` only scales the ratio: equal to the batch, ratio = Node's own
 * start ÷ the command's).
 */
export type Reference =
  | { kind: 'loop'; threads: number; iterations: number }
  | { kind: 'process'; iterations: number }
  | { kind: 'bare node'; iterations: number }
  | {
      kind: 'native';
      iterations: number;
      /**
       * The command line of a native program (benchmarks/c/, benchmarks/native.ts) that runs `iterations` trials of
       * the same work and prints its own time in ms (its start-up not counted), for reference run `run`: the
       * suite's ratio is then the kernel's speed as a fraction of the native one's.
       */
      command(root: string, run: number): string[] | Promise<string[]>;
    };

export interface SuiteContext {
  /** The package root (where package.json, examples/ and benchmarks/ live). */
  root: string;
  quick: boolean;
  /** Which fresh copy this set-up is (0, 1, …): load fresh code for each (see freshModule). */
  copy: number;
  /**
   * Artificial slowdown for testing the gate (WARCAST_BENCH_SLOWDOWN, read only by the harness): a suite
   * does this fraction of extra work per sample through the same code path (0.4 → each sample takes 1.4×).
   */
  slowdown: number;
}

/**
 * One prepared suite: `run()` is one timed sample of `batch` trials. A run that returns a number gives its own
 * time in ms (a whole process's `elapsedMs`: the run inside it, without Node's start-up), in place of the wall time.
 */
export interface SuiteRun {
  run(sample: number): void | number | Promise<void | number>;
  teardown?(): void | Promise<void>;
}

export interface BenchSuite {
  /** Stable name: the key in baseline.json. */
  name: string;
  description: string;
  /** Trials (battles, weeks, rounds…) per timed sample; ≥ 1,000. */
  batch: number;
  unit: string;
  reference: Reference;
  /** Fresh copies of the code measured (set-up runs once per copy). */
  copies: { full: number; quick: number };
  /** Timed samples per copy. */
  samples: { full: number; quick: number };
  /** Untimed samples after each set-up (warms the JIT and the pool). */
  warmUp: number;
  /**
   * Why this suite cannot run here (a native reference without a C compiler), or null: such a suite is skipped
   * and the report says why.
   */
  unavailable?(root: string): string | null;
  /** false: reported beside its baseline, never failing the gate (rows too noisy for one quick sample). */
  gated?: boolean;
  /**
   * Threads the measured work keeps busy when its reference runs on fewer (a whole process on 2 threads against
   * the one-thread loop): the gate divides out the machine's own 2-thread slowdown (report.ts, compareWithBaseline).
   */
  threads?: number;
  setup(ctx: SuiteContext): SuiteRun | Promise<SuiteRun>;
}

export interface SuiteResult {
  name: string;
  description: string;
  unit: string;
  batch: number;
  copies: number;
  /** Samples per copy. */
  samples: number;
  /** Mean over copies of the median per-sample ratio (trials/s ÷ reference iterations/s). */
  ratio: number;
  /** Lowest and highest copy median (with one copy: lowest and highest sample). */
  ratioMin: number;
  ratioMax: number;
  /** Median trials per second (absolute: for information, machine dependent). */
  perSecond: number;
  /** Median wall time of one sample, ms. */
  msPerSample: number;
  /** Median reference iterations per second. */
  referencePerSecond: number;
  /** false: never fails the gate (BenchSuite.gated). */
  gated?: boolean;
  /** BenchSuite.threads, when the reference runs on fewer threads than the work. */
  threads?: number;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * A fresh instance of an ES module (its own functions, so V8 compiles and places them anew): the same file
 * imported under a different query string. Copy 0 is the ordinary, shared instance.
 */
export async function freshModule<T>(url: URL, copy: number): Promise<T> {
  return (await import(copy === 0 ? url.href : `${url.href}?copy=${copy}`)) as T;
}

/** The package root: the nearest folder above this file with warcast's package.json. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'warcast') return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('package root (warcast package.json) not found');
    dir = up;
  }
}

/** Compiled benchmark scripts (workers and child processes need JS). */
function compiled(root: string, file: string): string {
  const p = join(root, 'dist', 'benchmarks', file);
  if (!existsSync(p)) throw new Error(`${p} not built: run npm run build`);
  return p;
}

/**
 * Node flags for both sides of a process suite. Without them, start-up work runs on V8's background threads
 * (compilation, GC), which a warcast process has much more of than the reference process: on an idle machine
 * it spreads over the spare core, under load it cannot, and the ratio moved 1.3× with the load (measured).
 */
export const PROCESS_FLAGS = ['--single-threaded'];

/** The file `warcast` runs, as installed: package.json's `bin` (the bundle, src/build/bundle.ts). */
export function cliEntry(root: string): string {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: { warcast: string } };
  return join(root, pkg.bin.warcast);
}

/** Runs `node args…` to completion; resolves with the wall time in ms. */
export async function timeProcess(args: string[], cwd: string): Promise<number> {
  return (await runProcess(args, cwd)).ms;
}

/** The child processes running now, killed when the bench is stopped by a signal (stopBenchmarkProcesses). */
const running = new Set<import('node:child_process').ChildProcess>();

/** Kill every benchmark child process still running (Ctrl-C, SIGTERM). */
export function stopBenchmarkProcesses(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** Runs `node args…` to completion; resolves with the wall time in ms and what it printed on stdout. */
export function runProcess(args: string[], cwd: string): Promise<{ ms: number; stdout: string }> {
  return runProgram(process.execPath, args, cwd);
}

/** Runs `file args…` to completion; resolves with the wall time in ms and what it printed on stdout. */
export function runProgram(file: string, args: string[], cwd: string): Promise<{ ms: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(file, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let err = '';
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      running.delete(child);
      const ms = performance.now() - t0;
      if (code === 0) resolve({ ms, stdout: out });
      else
        reject(
          new Error(
            `${file === process.execPath ? 'node' : file} ${args.join(' ')} exited with ${code}: ${err.trim()}`,
          ),
        );
    });
  });
}

interface ReferenceRunner {
  /** One reference run; resolves with its wall time in ms. */
  time(): Promise<number>;
  close(): Promise<void>;
}

async function referenceRunner(ref: Reference, root: string): Promise<ReferenceRunner> {
  if (ref.kind === 'bare node') return { time: () => timeProcess(['-e', '0'], root), close: async () => {} };
  if (ref.kind === 'native') {
    let run = 0;
    return {
      time: async () => {
        const [file, ...args] = await ref.command(root, run++);
        const ms = Number((await runProgram(file, args, root)).stdout.trim().split('\n')[0]);
        if (!(ms > 0)) throw new Error(`${file}: expected its time in ms on stdout`);
        return ms;
      },
      close: async () => {},
    };
  }
  if (ref.kind === 'process') {
    const script = compiled(root, 'referenceProcess.js');
    return { time: () => timeProcess([...PROCESS_FLAGS, script, String(ref.iterations)], root), close: async () => {} };
  }
  if (ref.threads <= 1) {
    warmUpReference();
    let seed = 1;
    let sink = 0;
    return {
      time: async () => {
        const t0 = performance.now();
        sink += referenceLoop(ref.iterations, seed++);
        const ms = performance.now() - t0;
        if (sink === -1) process.stdout.write(''); // keeps the checksum alive
        return ms;
      },
      close: async () => {},
    };
  }
  const file = compiled(root, 'referenceWorker.js');
  const workers = Array.from({ length: ref.threads }, () => new Worker(file));
  const once = (w: Worker) =>
    new Promise<void>((resolve, reject) => {
      w.once('error', reject);
      w.once('message', () => {
        w.off('error', reject);
        resolve();
      });
    });
  let seed = 1;
  const round = () =>
    Promise.all(
      workers.map((w) => {
        const done = once(w);
        w.postMessage({ iterations: ref.iterations, seed: seed++ });
        return done;
      }),
    );
  // A first small round makes sure every worker has loaded and warmed up before anything is timed.
  await Promise.all(
    workers.map((w) => {
      const done = once(w);
      w.postMessage({ iterations: 1000, seed: 1 });
      return done;
    }),
  );
  return {
    time: async () => {
      const t0 = performance.now();
      await round();
      return performance.now() - t0;
    },
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** Measure one suite: per fresh copy, R K R K … R, a ratio per sample from the sample and its two neighbouring references. */
export async function measure(suite: BenchSuite, ctx: Omit<SuiteContext, 'copy'>): Promise<SuiteResult> {
  const copies = ctx.quick ? suite.copies.quick : suite.copies.full;
  const n = ctx.quick ? suite.samples.quick : suite.samples.full;
  const iterations = suite.reference.iterations;
  const ref = await referenceRunner(suite.reference, ctx.root);
  const copyRatios: number[] = [];
  const allRatios: number[] = [];
  const kernelMs: number[] = [];
  const refMs: number[] = [];
  try {
    for (let copy = 0; copy < copies; copy++) {
      const runner = await suite.setup({ ...ctx, copy });
      try {
        for (let i = 0; i < suite.warmUp; i++) {
          await ref.time();
          await runner.run(-1 - i);
        }
        const refs: number[] = [await ref.time()];
        const ratios: number[] = [];
        for (let i = 0; i < n; i++) {
          const t0 = performance.now();
          const own = await runner.run(copy * n + i);
          const k = typeof own === 'number' ? own : performance.now() - t0;
          refs.push(await ref.time());
          kernelMs.push(k);
          ratios.push(suite.batch / k / (iterations / ((refs[i] + refs[i + 1]) / 2)));
        }
        refMs.push(...refs);
        allRatios.push(...ratios);
        copyRatios.push(median(ratios));
      } finally {
        await runner.teardown?.();
      }
    }
  } finally {
    await ref.close();
  }
  return {
    name: suite.name,
    description: suite.description,
    unit: suite.unit,
    batch: suite.batch,
    copies,
    samples: n,
    ratio: copyRatios.reduce((a, b) => a + b, 0) / copyRatios.length,
    ratioMin: Math.min(...(copies > 1 ? copyRatios : allRatios)),
    ratioMax: Math.max(...(copies > 1 ? copyRatios : allRatios)),
    perSecond: (suite.batch / median(kernelMs)) * 1000,
    msPerSample: median(kernelMs),
    referencePerSecond: (iterations / median(refMs)) * 1000,
    ...(suite.gated === false ? { gated: false } : {}),
    ...(suite.threads !== undefined && suite.threads > 1 ? { threads: suite.threads } : {}),
  };
}
