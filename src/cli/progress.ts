/**
 * A progress bar on stderr, shown only on a terminal, never under --quiet, and only once a run has lasted about
 * a second: `battles [#####.....] 42% 4.2M/10M, 1 min 20 s left`. Hand-written rather than cli-progress: these
 * 30 lines do all warcast needs (compact counts, a spoken ETA, silence off a terminal), with no dependency.
 */
import { fmtCount, fmtDuration } from '../text/format.js';
import type { Io } from './io.js';

export { fmtCount };

export interface Progress {
  update(done: number, total: number): void;
  finish(): void;
}

export const PROGRESS_DELAY_MS = 1000;
/** A run expected to take longer than this (seconds) gets one warning on stderr, terminal or not. */
export const ETA_WARNING_S = 60;

/** The one-line warning of a long run, with the option that shortens it. */
export function etaWarning(label: string, total: number, etaSeconds: number, precision: boolean): string {
  const minutes = etaSeconds < 3600 ? `${Math.round(etaSeconds / 60)} min` : `${(etaSeconds / 3600).toFixed(1)} h`;
  const fix = precision
    ? 'lower --max-trials to stop sooner'
    : 'add --precision 0.005 to stop as soon as every probability is known to ±0.5 points (or ask for fewer --trials)';
  return `warcast: warning: ${fmtCount(total)} ${label} will take about ${minutes} more; ${fix}\n`;
}

export function progressBar(io: Io, label: string, options: { precision?: boolean } = {}): Progress {
  const start = Date.now();
  let lastDraw = 0;
  let shown = false;
  let warned = false;
  return {
    update(done, total) {
      if (io.quiet) return;
      // The rate is measured over the first second at least, so a slow start (JIT, a pool) is not extrapolated.
      if (!warned && done > 0 && Date.now() - start >= PROGRESS_DELAY_MS) {
        const eta = (total - done) / (done / ((Date.now() - start) / 1000));
        if (eta > ETA_WARNING_S)
          io.err(`${shown ? '\r\x1b[K' : ''}${etaWarning(label, total, eta, options.precision === true)}`);
        warned = true;
      }
      if (!io.errIsTTY) return;
      const now = Date.now();
      if (now - start < PROGRESS_DELAY_MS || now - lastDraw < 100) return;
      lastDraw = now;
      shown = true;
      const f = total > 0 ? Math.min(1, done / total) : 0;
      const width = 30;
      const filled = Math.round(f * width);
      const rate = done / ((now - start) / 1000);
      const eta = rate > 0 ? `, ${fmtDuration((total - done) / rate)} left` : '';
      // Cleared to the end of the line: a shorter ETA leaves no characters of a longer one behind.
      io.err(
        `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(f * 100).toFixed(0).padStart(3)}% ${fmtCount(done)}/${fmtCount(total)}${eta}\x1b[K`,
      );
    },
    finish() {
      if (shown) io.err('\r\x1b[K');
    },
  };
}
