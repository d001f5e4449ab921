/**
 * Per-phase timings for finding where a whole process spends its time (docs/benchmarks.md, "Where the time
 * goes"). Off unless WARCAST_TIMINGS=1: then each phase prints one line on stderr, `[timings]` and the
 * milliseconds since the process started (Node's own start-up included), so the answer on stdout is unchanged.
 * Worker threads report their own phases (module load, warm-up, each task) with the task results.
 */
import { readFileSync } from 'node:fs';

export const TIMINGS = process.env.WARCAST_TIMINGS === '1';

/** Milliseconds since the process started, on the main thread's clock (valid in workers too). */
export function processMs(): number {
  return performance.timeOrigin + performance.now() - mainOrigin();
}

let origin = 0;
function mainOrigin(): number {
  // Workers inherit the variable from the main thread (set below); the main thread uses its own origin.
  if (origin === 0) origin = Number(process.env.WARCAST_TIME_ORIGIN) || performance.timeOrigin;
  return origin;
}
if (TIMINGS && !process.env.WARCAST_TIME_ORIGIN) process.env.WARCAST_TIME_ORIGIN = String(performance.timeOrigin);

/** This thread's CPU time in ms (Linux: /proc/thread-self/stat, 10 ms ticks), or NaN elsewhere. */
export function threadCpuMs(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[11], fields[12]: utime, stime (fields 14 and 15 of proc(5), counted after the name)
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** Print one phase line (only under WARCAST_TIMINGS=1). */
export function mark(phase: string, detail = ''): void {
  if (!TIMINGS) return;
  process.stderr.write(`[timings] ${processMs().toFixed(1).padStart(8)} ms  ${phase}${detail ? '  ' + detail : ''}\n`);
}
