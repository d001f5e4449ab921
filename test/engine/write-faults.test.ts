/**
 * A full disk or a read-only folder while warcast writes (docs/reliability.md): node:fs fails for real the way a
 * full disk (ENOSPC on write) or a read-only filesystem (EROFS) does (test/helpers/fs-faults.mjs: such filesystems
 * cannot be made without privileges, and root writes through chmod). The command says so in one line, and the
 * earlier file or report stays whole. The checkpoint case runs the built CLI in a child process with the faults
 * preloaded (the real process: its exit code and output); the report cases run in this process with the faults
 * injected around the call (what they check is the command's answer and the files: a child loaded the bundle and
 * the charting packages again, ~2.5 s of CPU each, to fail at the last step).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { closePool } from '../../src/engine/pool.js';
import { warcast, withoutTiming } from '../distributed/helpers.js';
import { injectFsFaults } from '../helpers/fs-faults.mjs';

const dir = mkdtempSync(join(tmpdir(), 'warcast-write-faults-'));
afterAll(() => closePool());

const PRELOAD = pathToFileURL(new URL('../helpers/fs-faults.mjs', import.meta.url).pathname).href;
/** `warcast args` with paths matching `path` failing with `code` from the (after + 1)-th on. */
const faulty = (args: string[], code: string, path: string, after = 0) =>
  warcast(args, {
    NODE_OPTIONS: `--import=${PRELOAD}`,
    WARCAST_TEST_FAULT_CODE: code,
    WARCAST_TEST_FAULT_PATH: path,
    WARCAST_TEST_FAULT_AFTER: String(after),
  });

/** `warcast args` in this process, node:fs failing as `faulty` makes it fail in a child; node:fs restored after. */
async function faultyInProcess(args: string[], code: string, path: string, after = 0) {
  const io = memoryIo();
  const restore = injectFsFaults({ code, pattern: path, after });
  try {
    return { code: await runCli(args, io), stdout: io.stdout, stderr: io.stderr };
  } finally {
    restore();
  }
}

async function cli(args: string[]) {
  const io = memoryIo();
  const code = await runCli(args, io);
  expect(code, io.stderr).toBe(0);
  return io.stdout;
}

describe('disk full and read-only while writing', () => {
  it('the disk fills up during checkpoint writes: one line, the run goes on and prints its result, the earlier checkpoint stays whole and resumable', async () => {
    const args = [
      'siege',
      'examples/simple-siege.yaml',
      '--trials',
      '10000', // two chunks of 5,000: a write that goes through, then one that fails mid-run and one at the end
      '--seed',
      '5',
      '--threads',
      '1',
      '--json',
    ];
    const file = join(dir, 'cp.json');
    // writes 1 (before the run) and 2 (after the first chunk) go through; the disk is full from the third on
    const faultyRun = faulty(
      [...args, '--checkpoint', file, '--checkpoint-every', '0'],
      'ENOSPC',
      '\\.cp\\.json\\.tmp-',
      2,
    );
    const whole = withoutTiming(await cli(args)); // in process, while the child runs
    const r = await faultyRun;
    expect(r.code, r.stderr).toBe(0);
    expect(withoutTiming(r.stdout)).toBe(whole);
    // once while running, once at the end (the final state could not be saved either)
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      `warcast: --checkpoint ${file}: cannot write (ENOSPC: no space left on device); the run goes on, the last checkpoint written stays`,
      `warcast: --checkpoint ${file}: cannot write (ENOSPC: no space left on device); the last checkpoint written stays`,
    ]);
    expect(JSON.parse(readFileSync(file, 'utf8')).progress.trialsDone).toBe(5000);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    expect(withoutTiming(await cli([...args, '--resume', file]))).toBe(whole);
  }, 180_000); // child processes: slow on a loaded machine

  it('a full disk (ENOSPC) while the files are written, a read-only folder (EROFS): exit 1, one line, the earlier report whole, no staging folder left', async () => {
    const out = join(dir, 'report');
    const args = ['siege', 'examples/simple-siege.yaml', '--trials', '1000', '--threads', '1', '--report', out];
    await cli([...args, '--seed', '1']);
    const before = readFileSync(join(out, 'result.json'), 'utf8');
    // EROFS from the second staging mkdir on: the first is the check before the run (reports/write.ts,
    // reserveReportFolder), which a folder made read-only during the run passes.
    const faults = [
      ['ENOSPC', '/\\.report\\.tmp-[^/]+/[^/]+\\.tmp-', 'write', 0],
      ['EROFS', '/\\.report\\.tmp-[^/]+$', 'mkdir', 1],
    ] as const;
    // One after the other: two writers of one report folder meet its lock (.report.lock), which is its own check.
    for (const [code, path, syscall, after] of faults) {
      const r = await faultyInProcess([...args, '--seed', '2'], code, path, after);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).not.toContain('report:');
      expect(r.stderr).toMatch(
        new RegExp(`^warcast: --report ${out}: cannot write the report: ${code}: [a-z -]+, ${syscall}\\n$`),
      );
      expect(readFileSync(join(out, 'result.json'), 'utf8')).toBe(before);
      expect(existsSync(join(out, 'index.html'))).toBe(true);
      expect(readdirSync(dir).filter((f) => f.startsWith('.report'))).toEqual([]);
    }
  });
});
