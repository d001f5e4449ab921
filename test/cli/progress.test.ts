/** The progress bar appears only on a terminal and only after about a second. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { progressBar, PROGRESS_DELAY_MS } from '../../src/cli/progress.js';
import { fmtDuration } from '../../src/text/format.js';

afterEach(() => vi.useRealTimers());

describe('progress bar', () => {
  it('stays silent for short runs, then draws and clears itself', () => {
    vi.useFakeTimers();
    const io = { ...memoryIo(), errIsTTY: true };
    let text = '';
    io.err = (t: string) => (text += t);
    const bar = progressBar(io, 'battles');
    bar.update(10, 100);
    expect(text).toBe('');
    vi.advanceTimersByTime(PROGRESS_DELAY_MS + 10);
    bar.update(50, 100);
    expect(text).toContain('50%');
    bar.finish();
    expect(text.endsWith('\r\x1b[K')).toBe(true);
  });

  it('never draws when stderr is not a terminal', () => {
    vi.useFakeTimers();
    const io = memoryIo();
    const bar = progressBar(io, 'battles');
    vi.advanceTimersByTime(5000);
    bar.update(50, 100);
    bar.finish();
    expect(io.stderr).toBe('');
  });

  it('counts compactly and says the time left in words; --quiet draws nothing', () => {
    vi.useFakeTimers();
    const io = { ...memoryIo(), errIsTTY: true };
    let text = '';
    io.err = (t: string) => (text += t);
    const bar = progressBar(io, 'sieges');
    vi.advanceTimersByTime(10_000);
    bar.update(1_500_000, 100_000_000); // 150k a second: 98.5M left in 657 s
    expect(text).toContain('1.5M/100M, 10 min 57 s left');
    const quiet = { ...io, quiet: true };
    text = '';
    const silent = progressBar(quiet, 'sieges');
    vi.advanceTimersByTime(10_000);
    silent.update(1, 2);
    expect(text).toBe('');
  });

  it('durations as a person says them', () => {
    expect([0.4, 12, 200, 3600, 18_641, 200_000].map(fmtDuration)).toEqual([
      '0 s',
      '12 s',
      '3 min 20 s',
      '1 h',
      '5 h 10 min',
      '2 d 7 h',
    ]);
  });
});
