/** The progress bar appears only on a terminal and only after about a second. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { progressBar, PROGRESS_DELAY_MS } from '../../src/cli/progress.js';

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
});
