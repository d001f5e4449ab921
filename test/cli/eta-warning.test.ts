/** A run expected to last over a minute warns once on stderr, with the option that shortens it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { progressBar } from '../../src/cli/progress.js';

afterEach(() => vi.useRealTimers());

describe('ETA warning', () => {
  it('warns once when the measured rate says more than a minute is left, suggesting --precision', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const io = memoryIo();
    const bar = progressBar(io, 'sieges');
    bar.update(5_000, 1e9); // before a second: the rate is not trusted yet
    expect(io.stderr).toBe('');
    vi.setSystemTime(2_000);
    bar.update(10_000, 1e9); // 5,000 a second: 55 hours left
    vi.setSystemTime(3_000);
    bar.update(15_000, 1e9);
    expect(io.stderr.match(/warning/g)).toHaveLength(1);
    expect(io.stderr).toMatch(/^warcast: warning: 1G sieges will take about [\d.]+ h more; add --precision 0\.005/);
  });

  it('no warning for a run of a few seconds; under --precision it suggests --max-trials', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const short = memoryIo();
    const a = progressBar(short, 'battles');
    vi.setSystemTime(1_500);
    a.update(1e6, 2e7); // 19 s left
    expect(short.stderr).toBe('');
    const long = memoryIo();
    const b = progressBar(long, 'sieges', { precision: true });
    vi.setSystemTime(3_000);
    b.update(1_000, 1e8);
    expect(long.stderr).toContain('lower --max-trials');
  });
});
