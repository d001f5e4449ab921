/**
 * Real signals to a real process: SIGTERM with `--checkpoint` writes the checkpoint and exits 143
 * (SIGINT is the same path, exit 130: test/engine/checkpoint.test.ts), SIGKILL leaves the last checkpoint
 * written whole; either one resumed (on another thread count) gives the bytes of an uninterrupted run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { closePool } from '../../src/engine/pool.js';
import { CLI, ROOT, withoutTiming } from '../distributed/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-checkpoint-signals-'));
afterAll(() => closePool());

const ARGS = ['siege', 'examples/simple-siege.yaml', '--trials', '30000', '--seed', '8', '--json'];

async function cli(args: string[]) {
  const io = memoryIo();
  const code = await runCli(args, io);
  expect(code, io.stderr).toBe(0);
  return io.stdout;
}

const trialsDone = (file: string): number => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).progress.trialsDone;
  } catch {
    return 0; // not written yet
  }
};

/** Start the run with a checkpoint after every task, send `signal` once the file holds trials, wait for the end. */
function killMidRun(
  file: string,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; stopMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [CLI, ...ARGS, '--threads', '1', '--checkpoint', file, '--checkpoint-every', '0'],
      { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    let sentAt = 0;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const poll = setInterval(() => {
      if (sentAt === 0 && trialsDone(file) > 0) {
        sentAt = performance.now();
        child.kill(signal);
      }
    }, 2);
    child.on('error', reject);
    child.on('close', (code, sig) => {
      clearInterval(poll);
      resolve({ code, signal: sig, stdout, stderr, stopMs: performance.now() - sentAt });
    });
  });
}

describe('signals with --checkpoint (child process)', () => {
  it('SIGTERM: checkpoint written, exit 143; SIGKILL: the last checkpoint stays; both resume to the uninterrupted bytes', async () => {
    const whole = withoutTiming(await cli([...ARGS, '--threads', '1']));
    const term = join(dir, 'term.json');
    const t = await killMidRun(term, 'SIGTERM');
    expect(t.code, t.stderr).toBe(143);
    expect(t.stderr).toContain(`continue with --resume ${term}`);
    expect(JSON.parse(t.stdout).interrupted).toBe(true);
    const saved = trialsDone(term);
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThan(30000);
    expect(saved).toBe(JSON.parse(t.stdout).trials); // the checkpoint holds what the printed result covers
    // Only a hang fails this: on the shared machine at a load average of 35 a chunk here took over a second
    // and the stop 4.2 s (docs/reliability.md has the figures; the in-process bound is in faults.test.ts).
    expect(t.stopMs).toBeLessThan(15_000);
    console.log(`SIGTERM to exit with --checkpoint: ${t.stopMs.toFixed(0)} ms`);
    expect(withoutTiming(await cli([...ARGS, '--threads', '2', '--resume', term]))).toBe(whole);

    const kill = join(dir, 'kill.json');
    const k = await killMidRun(kill, 'SIGKILL');
    expect(k.signal).toBe('SIGKILL');
    expect(trialsDone(kill)).toBeGreaterThan(0);
    expect(withoutTiming(await cli([...ARGS, '--threads', '2', '--resume', kill]))).toBe(whole);
  }, 180_000); // child processes: slow on a loaded machine
});
