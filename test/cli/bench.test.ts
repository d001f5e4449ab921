import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

// Only the argument checks: they fail before any suite runs (real benchmark runs are for npm run bench).
describe('warcast bench: usage errors exit 2 with one line', () => {
  it.each([
    [['bench', '--threshold', 'abc'], /--threshold: expected a fraction/],
    [['bench', '--threshold', '-1'], /--threshold: expected a fraction/],
    [['bench', '--only', 'no such suite'], /--only: no benchmark suite name contains 'no such suite'/],
    [['bench', '--save', '--quick'], /--save records the baseline from a full run/],
    [['bench', '--save', '--only', 'war'], /--save records every suite/],
  ])('%j', async (argv, message) => {
    const io = memoryIo();
    expect(await runCli(argv, io)).toBe(2);
    expect(io.stderr).toMatch(message);
    expect(io.stderr.trim().split('\n')).toHaveLength(1);
    expect(io.stdout).toBe('');
  });
});
