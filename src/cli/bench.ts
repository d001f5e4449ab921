/**
 * `warcast bench`: throughput of every benchmark suite as a ratio to an in-run reference loop, compared with
 * benchmarks/baseline.json. `--compare` exits 1 when any suite is more than (1 + threshold)× slower.
 * The suites live in benchmarks/ (run from the build: dist/benchmarks/).
 */
import {
  DEFAULT_THRESHOLD,
  defaultBaselineFile,
  formatReport,
  readBaseline,
  runBenchmarks,
  slowdownFromEnv,
  toBaseline,
} from '../../benchmarks/report.js';
import { SUITES } from '../../benchmarks/suites/index.js';
import { ExitCode, UsageError } from '../errors.js';
import { stopBenchmarkProcesses } from '../../benchmarks/harness.js';
import { untilStopped, type Io } from './io.js';
import { checkOutputFile, fileHead, writeOutputFile } from '../files/output.js';

export interface BenchFlags {
  json?: boolean;
  compare?: boolean;
  threshold?: string;
  quick?: boolean;
  save?: boolean;
  baseline?: string;
  only?: string;
}

export function parseThreshold(text: string | undefined): number {
  if (text === undefined) return DEFAULT_THRESHOLD;
  const x = Number(text);
  if (!Number.isFinite(x) || x <= 0 || x > 100)
    throw new UsageError(
      `--threshold: expected a fraction of slowdown such as 0.25 (fail when more than 1.25× slower), got '${text}'`,
    );
  return x;
}

export async function benchCommand(flags: BenchFlags, io: Io): Promise<number> {
  const threshold = flags.compare || flags.threshold !== undefined ? parseThreshold(flags.threshold) : null;
  if (flags.save && flags.quick) throw new UsageError('--save records the baseline from a full run: leave out --quick');
  if (flags.save && flags.only !== undefined) throw new UsageError('--save records every suite: leave out --only');
  if (flags.only !== undefined && flags.only.trim() === '')
    throw new UsageError("--only: expected part of a suite's name, got '' (an empty filter would run every suite)");
  if (flags.only !== undefined && !SUITES.some((s) => s.name.includes(flags.only!))) {
    throw new UsageError(
      `--only: no benchmark suite name contains '${flags.only}' (suites: ${SUITES.map((s) => s.name).join('; ')})`,
    );
  }
  let slowdown: number;
  try {
    slowdown = slowdownFromEnv();
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (flags.save && slowdown > 0)
    throw new UsageError(
      '--save with an artificial slowdown would record a slow baseline: unset WARCAST_BENCH_SLOWDOWN',
    );
  const baselineFile = flags.baseline ?? defaultBaselineFile();
  // Before the run: --save replaces only a baseline warcast wrote (benchmarks/report.ts, toBaseline).
  if (flags.save)
    checkOutputFile(baselineFile, {
      option: '--baseline',
      whyNotReplace: (p) =>
        fileHead(p, 64).startsWith('{\n  "note": "ratio = trials/s') ? null : 'is not a warcast benchmark baseline',
    });
  // Read before the run (the shared reader: a FIFO or a device refused at once, its size bounded), not after it.
  const baseline = readBaseline(baselineFile);
  // Suites run for minutes on the main thread between awaits and in child processes: a signal ends them at once
  // (the children killed), exit 130 or 143, nothing written.
  const report = await untilStopped(
    io.signal,
    'bench: stopped by a signal; nothing was measured or written',
    runBenchmarks({
      quick: Boolean(flags.quick),
      threshold,
      baselineFile,
      baseline,
      only: flags.only,
      slowdown,
      onSuite: (s, i, n, note) => io.err(`bench ${i + 1}/${n}: ${s.name}${note ? ` (${note})` : ''}…\n`),
    }),
    stopBenchmarkProcesses,
  );
  if (flags.json) io.out(JSON.stringify(report, null, 2) + '\n');
  else io.out(formatReport(report));
  if (flags.save) {
    writeOutputFile(baselineFile, JSON.stringify(toBaseline(report), null, 2) + '\n', '--baseline');
    io.err(`baseline written to ${baselineFile}\n`);
  }
  return report.pass === false ? ExitCode.failure : ExitCode.ok;
}
