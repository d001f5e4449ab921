/**
 * A full disk or a read-only folder while warcast writes (issue 20, Faults): the writes fail for real inside
 * node:fs (mocked here, since a full or read-only filesystem cannot be made unprivileged, and root writes through
 * chmod), and the command says so in one line while the earlier file or report stays whole.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { closePool } from '../../src/engine/pool.js';
import { withoutTiming } from '../distributed/helpers.js';

/** Paths matching `path` fail with `code`: on write (a full disk) or on open and mkdir (read-only). */
const fault = vi.hoisted(() => ({ path: null as RegExp | null, code: 'ENOSPC', fds: new Set<number>(), hits: 0 }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const fail = (what: string) => {
    fault.hits++;
    const text = fault.code === 'ENOSPC' ? 'no space left on device' : 'read-only file system';
    return Object.assign(new Error(`${fault.code}: ${text}, ${what}`), { code: fault.code });
  };
  const hit = (p: unknown) => fault.path !== null && typeof p === 'string' && fault.path.test(p);
  const patched = {
    openSync: (...a: Parameters<typeof fs.openSync>) => {
      if (hit(a[0]) && fault.code === 'EROFS') throw fail('open');
      const fd = fs.openSync(...a);
      if (hit(a[0])) fault.fds.add(fd);
      return fd;
    },
    writeSync: ((fd: number, ...rest: unknown[]) => {
      if (fault.path !== null && fault.fds.has(fd)) throw fail('write');
      return (fs.writeSync as (...x: unknown[]) => number)(fd, ...rest);
    }) as typeof fs.writeSync,
    writeFileSync: (...a: Parameters<typeof fs.writeFileSync>) => {
      if (hit(a[0])) throw fail('write');
      return fs.writeFileSync(...a);
    },
    mkdirSync: ((...a: Parameters<typeof fs.mkdirSync>) => {
      if (hit(a[0]) && fault.code === 'EROFS') throw fail('mkdir');
      return fs.mkdirSync(...a);
    }) as typeof fs.mkdirSync,
  };
  return { ...fs, ...patched, default: { ...fs, ...patched } };
});

const dir = mkdtempSync(join(tmpdir(), 'warcast-write-faults-'));
afterAll(() => closePool());

async function cli(args: string[]) {
  const io = memoryIo();
  const code = await runCli(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('disk full and read-only while writing', () => {
  it('a checkpoint write failing mid-run: one line, the run goes on and prints its result, the earlier checkpoint stays whole and resumable', async () => {
    const args = ['siege', 'examples/simple-siege.yaml', '--trials', '20000', '--seed', '5', '--threads', '1', '--json'];
    const whole = await cli(args);
    const file = join(dir, 'cp.json');
    let saved = 0;
    const poll = setInterval(() => {
      try {
        saved = JSON.parse(readFileSync(file, 'utf8')).progress.trialsDone;
        if (saved > 0 && fault.path === null) {
          fault.code = 'ENOSPC';
          fault.path = /\.cp\.json\.tmp-/; // from now on the disk is full
        }
      } catch {
        // not written yet
      }
    }, 1);
    const r = await cli([...args, '--checkpoint', file, '--checkpoint-every', '0']);
    clearInterval(poll);
    fault.path = null;
    expect(r.code, r.stderr).toBe(0);
    expect(withoutTiming(r.stdout)).toBe(withoutTiming(whole.stdout));
    expect(fault.hits).toBeGreaterThan(1);
    const warnings = r.stderr.split('\n').filter((l) => l.startsWith('warcast:'));
    // once while running, once at the end (the final state could not be saved either)
    expect(warnings).toEqual([
      `warcast: --checkpoint ${file}: cannot write (ENOSPC: no space left on device); the run goes on, the last checkpoint written stays`,
      `warcast: --checkpoint ${file}: cannot write (ENOSPC: no space left on device); the last checkpoint written stays`,
    ]);
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    expect(kept.progress.trialsDone).toBe(saved);
    expect(saved).toBeLessThan(20000);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    const resumed = await cli([...args, '--resume', file]);
    expect(withoutTiming(resumed.stdout)).toBe(withoutTiming(whole.stdout));
  });

  it('a full disk (ENOSPC) while the files are written, a read-only folder (EROFS): exit 1, one line, the earlier report whole, no staging folder left', async () => {
    const out = join(dir, 'report');
    const args = ['siege', 'examples/simple-siege.yaml', '--trials', '5000', '--threads', '1', '--report', out];
    expect((await cli([...args, '--seed', '1'])).code).toBe(0);
    const before = readFileSync(join(out, 'result.json'), 'utf8');
    for (const [code, path] of [['ENOSPC', /\.tmp-/], ['EROFS', /\.report\.tmp-/]] as const) {
      fault.code = code;
      fault.path = path;
      fault.hits = 0;
      const r = await cli([...args, '--seed', '2']);
      fault.path = null;
      expect(fault.hits, code).toBeGreaterThan(0);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^warcast: --report ${out}: cannot write the report: ${code}: [a-z -]+, (write|mkdir)\\n$`));
      expect(readFileSync(join(out, 'result.json'), 'utf8')).toBe(before);
      expect(readdirSync(dir).filter((f) => f.startsWith('.report'))).toEqual([]);
      expect(existsSync(join(out, 'index.html'))).toBe(true);
    }
  });
});
