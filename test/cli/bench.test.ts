import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-bench-args-'));
const fifo = join(dir, 'fifo');
execFileSync('mkfifo', [fifo]);
mkdirSync(join(dir, 'folder'));
writeFileSync(join(dir, 'notes.txt'), 'notes\n');

// Only the argument checks: they fail before any suite runs (real benchmark runs are for npm run bench).
describe('warcast bench: usage errors exit 2 with one line', () => {
  it.each([
    [['bench', '--threshold', 'abc'], /--threshold: expected a fraction/],
    [['bench', '--threshold', '-1'], /--threshold: expected a fraction/],
    [['bench', '--only', 'no such suite'], /--only: no benchmark suite name contains 'no such suite'/],
    [['bench', '--save', '--quick'], /--save records the baseline from a full run/],
    [['bench', '--save', '--only', 'war'], /--save records every suite/],
    // an empty filter would match every suite: a usage error, not a run of all of them
    [['bench', '--quick', '--only', ''], /--only: expected part of a suite's name, got ''/],
    [['bench', '--quick', '--only', ' '], /--only: expected part of a suite's name/],
    // the baseline is read before any suite runs, by the shared reader: never waited on, bounded, in words
    [['bench', '--quick', '--baseline', fifo], /fifo: not a regular file .*\(the benchmark baseline\)/],
    [['bench', '--quick', '--baseline', '/dev/zero'], /\/dev\/zero: not a regular file/],
    [['bench', '--quick', '--baseline', join(dir, 'folder')], /folder: cannot read \(EISDIR\)/],
    [['bench', '--quick', '--baseline', join(dir, 'notes.txt')], /notes\.txt: not a benchmark baseline/],
  ])('%j', async (argv, message) => {
    const io = memoryIo();
    expect(await runCli(argv, io)).toBe(2);
    expect(io.stderr).toMatch(message);
    expect(io.stderr.trim().split('\n')).toHaveLength(1);
    expect(io.stdout).toBe('');
  });
});
