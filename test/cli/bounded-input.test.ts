/**
 * Every input is read with its size limit checked while reading, and a signal stops a read at once: stdin from
 * /dev/zero or an endless generated stream is refused after 1 MiB (it grew to gigabytes), a slow pipe or a FIFO
 * with a silent writer stops on SIGTERM/SIGINT (it ignored them), a folder or a write-only descriptor as stdin is
 * one line (they were internal errors), and lone CR line endings are read as YAML reads them.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { createReadStream } from 'node:fs';
import { INPUT_LIMITS, readLimitedStream, readLimitedSync, ReadFailure } from '../../src/scenario/input.js';
import { CLI, ROOT } from '../distributed/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-bounded-'));
const MiB = 1 << 20;

const SIGNAL_NUMBERS: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 2, SIGTERM: 15 };

/**
 * Whether process `pid` has its handler for `signal` (its SigCgt mask) and waits in a read of `reading`: a path it
 * has open (a FIFO), or `0`, its stdin, watched by its event loop (a `tfd: 0` line of its epoll descriptor). A
 * signal sent then tests the read's stop, not the start-up (a fixed 1.5 s wait was too short at load 17).
 */
function waitsReading(pid: number, signal: NodeJS.Signals, reading: string | 0): boolean {
  try {
    const caught = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '0';
    if (((BigInt(`0x${caught}`) >> BigInt(SIGNAL_NUMBERS[signal]! - 1)) & 1n) === 0n) return false;
    const fds = readdirSync(`/proc/${pid}/fd`);
    if (reading === 0) return fds.some((fd) => /^tfd:\s+0\s/m.test(readOr(`/proc/${pid}/fdinfo/${fd}`)));
    return fds.some((fd) => readlinkOr(`/proc/${pid}/fd/${fd}`) === reading);
  } catch {
    return false; // not started yet, or gone
  }
}
const readOr = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
const readlinkOr = (file: string) => {
  try {
    return readlinkSync(file);
  } catch {
    return '';
  }
};

/** `warcast args` with `stdin` as its fd 0; resolves with its exit, output and how long it took to stop after a signal. */
function run(
  args: string[],
  stdin: 'pipe' | 'ignore' | number,
  feed?: (child: ReturnType<typeof spawn>) => void,
  signalWhenReading?: { signal: NodeJS.Signals; reading: string | 0 },
) {
  return new Promise<{ code: number | null; stderr: string; stdout: string; stopMs: number }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: [stdin, 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let sentAt = 0;
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    feed?.(child);
    if (signalWhenReading) {
      const { signal, reading } = signalWhenReading;
      const poll = setInterval(() => {
        if (!waitsReading(child.pid!, signal, reading)) return;
        clearInterval(poll);
        sentAt = performance.now();
        child.kill(signal);
      }, 10);
      child.on('close', () => clearInterval(poll));
    }
    // A reader that does not stop (as before) must not eat the machine's memory: killed after 15 s.
    const guard = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on(
      'close',
      (code) => (clearTimeout(guard), resolve({ code, stderr, stdout, stopMs: performance.now() - sentAt })),
    );
  });
}

const oneLine = (stderr: string) => {
  expect(stderr).not.toMatch(/internal error|\n\s+at /);
  expect(stderr.trim().split('\n')).toHaveLength(1);
};

describe('stdin', () => {
  it('/dev/zero on stdin: refused after 1 MiB, quickly (it grew to 8.9 GB)', async () => {
    const fd = openSync('/dev/zero', 'r');
    const start = performance.now();
    const r = await run(['odds', '-', '--threads', '1'], fd);
    closeSync(fd);
    expect(r.code).toBe(3);
    oneLine(r.stderr);
    expect(r.stderr).toContain('<stdin>: larger than 1,048,576 bytes');
    expect(performance.now() - start).toBeLessThan(5000);
  });

  it('an endless generated stream on a pipe: refused once past 1 MiB, the writer sees the pipe closed', async () => {
    let written = 0;
    const r = await run(['odds', '-'], 'pipe', (child) => {
      const chunk = Buffer.from('# a comment line of a generated stream, as long as any\n'.repeat(1000));
      const more = () => {
        while (child.stdin!.writable && written < 64 * MiB) {
          written += chunk.length;
          if (!child.stdin!.write(chunk)) return void child.stdin!.once('drain', more);
        }
      };
      child.stdin!.on('error', () => {}); // EPIPE once warcast stops reading
      more();
    });
    expect(r.code).toBe(3);
    oneLine(r.stderr);
    expect(r.stderr).toContain('larger than 1,048,576 bytes');
    // It stopped reading near the limit: the writer got no further than the limit and the pipe's buffers.
    expect(written).toBeLessThan(8 * MiB);
  });

  it('SIGTERM while stdin waits on a silent pipe: exit 143 at once (it was ignored)', async () => {
    const r = await run(['odds', '-'], 'pipe', undefined, { signal: 'SIGTERM', reading: 0 });
    expect(r.code).toBe(143);
    oneLine(r.stderr);
    expect(r.stderr).toContain('<stdin>: reading stopped by a signal');
    expect(r.stopMs).toBeLessThan(1000);
  });

  it('a folder as stdin, a write-only stdin: one line, exit 3 (they were internal errors)', () => {
    const folder = spawnSync('sh', ['-c', `exec node "${CLI}" odds - < "${dir}"`], { cwd: ROOT, encoding: 'utf8' });
    expect(folder.status).toBe(3);
    oneLine(folder.stderr);
    expect(folder.stderr).toContain('<stdin>: is a directory');
    const writeOnly = spawnSync('sh', ['-c', `exec node "${CLI}" odds - 0> "${join(dir, 'w')}"`], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(writeOnly.status).toBe(3);
    oneLine(writeOnly.stderr);
    expect(writeOnly.stderr).toContain('<stdin>: cannot read (EBADF');
  });

  it('a scenario on stdin still runs', async () => {
    const r = await run(['odds', '-', '--exact', '--json'], 'pipe', (child) =>
      child.stdin!.end(
        'kind: war-machine\nsides:\n  - { name: A, troops: 100, battleRating: 60 }\n  - { name: B, troops: 100, battleRating: 50 }\n',
      ),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).sides).toEqual(['A', 'B']);
  });
});

describe('FIFOs and devices named as files', () => {
  it('a FIFO whose writer stays silent: SIGINT stops the read, exit 130', async () => {
    const fifo = join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawn('sh', ['-c', `exec 3> "${fifo}"; sleep 30`], { stdio: 'ignore' });
    try {
      // odds, and a command of each other reading path (tournament forces waited out 10 s, deaf to the signal)
      for (const command of ['odds', 'tournament']) {
        const r = await run([command, fifo], 'ignore', undefined, { signal: 'SIGINT', reading: realpathSync(fifo) });
        expect(r.code, command).toBe(130);
        oneLine(r.stderr);
        expect(r.stderr).toContain(`${fifo}: reading stopped by a signal`);
        expect(r.stopMs).toBeLessThan(1000);
      }
      // a checkpoint is a file warcast wrote: the FIFO is refused before any read (it held a read for 10 s)
      const io = memoryIo();
      const start = performance.now();
      expect(await runCli(['odds', 'examples/orcs-vs-men.yaml', '--resume', fifo], io)).toBe(2);
      expect(io.stderr).toContain(`--resume ${fifo}: not a regular file`);
      expect(performance.now() - start).toBeLessThan(2000);
    } finally {
      writer.kill();
    }
  });

  it('/dev/zero as a tournament forces file, a merge part, a --resume checkpoint: each refused at its limit or before reading', async () => {
    // A part and a checkpoint are files warcast wrote: /dev/zero is refused before any read (src/distributed/parts.ts, src/engine/checkpoint.ts).
    const cases: [string[], RegExp][] = [
      [['tournament', '/dev/zero'], /larger than [0-9,]+ bytes/],
      [['merge', '/dev/zero'], /\/dev\/zero: not a regular file/],
      [['odds', 'examples/orcs-vs-men.yaml', '--resume', '/dev/zero'], /--resume \/dev\/zero: not a regular file/],
    ];
    for (const [args, message] of cases) {
      const io = memoryIo();
      const start = performance.now();
      const code = await runCli(args, io);
      expect(code, args.join(' ')).not.toBe(0);
      oneLine(io.stderr);
      expect(io.stderr).toMatch(message);
      expect(performance.now() - start).toBeLessThan(5000);
    }
  });
});

describe('part files and checkpoints past their limit', () => {
  it('a 65 MiB part file, a 257 MiB checkpoint (sparse: no disk used): refused at 64 and 256 MiB, in one line', async () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, 65 * MiB);
    const bigger = join(dir, 'bigger.json');
    writeFileSync(bigger, '');
    truncateSync(bigger, 257 * MiB);
    for (const [args, message] of [
      [['merge', big], 'larger than 67,108,864 bytes (64 MiB), the limit for a part file'],
      [['odds', 'examples/orcs-vs-men.yaml', '--resume', bigger], 'larger than 268,435,456 bytes (256 MiB)'],
    ] as const) {
      const io = memoryIo();
      expect(await runCli([...args], io)).not.toBe(0);
      oneLine(io.stderr);
      expect(io.stderr).toContain(message);
    }
  });
});

describe('the readers', () => {
  it('stop one chunk past the limit, whatever the input holds', async () => {
    expect(() => readLimitedSync('/dev/zero', 1000)).toThrow(ReadFailure);
    expect(() => readLimitedSync(dir, 1000)).toThrow('cannot read (EISDIR): a directory');
    const file = join(dir, 'exact');
    writeFileSync(file, Buffer.alloc(1000, 65));
    expect(readLimitedSync(file, 1000).length).toBe(1000);
    expect(() => readLimitedSync(file, 999)).toThrow('larger than 999 bytes');
    await expect(readLimitedStream(createReadStream('/dev/zero'), INPUT_LIMITS.scenario)).rejects.toThrow(
      'larger than 1,048,576 bytes',
    );
    const aborted = new AbortController();
    aborted.abort();
    await expect(
      readLimitedStream(createReadStream('/dev/zero'), INPUT_LIMITS.scenario, aborted.signal),
    ).rejects.toThrow('reading stopped by a signal');
  });
});

describe('line endings', () => {
  it('lone CR (old Mac) line endings are line breaks, as YAML says; errors keep their line numbers', async () => {
    const text =
      'kind: war-machine\rsides:\r  - { name: A, troops: 100, battleRating: 60 }\r  - { name: B, troops: 100, battleRating: 50 }\r';
    const file = join(dir, 'cr.yaml');
    writeFileSync(file, text);
    const io = memoryIo();
    expect(await runCli(['odds', file, '--exact', '--json'], io), io.stderr).toBe(0);
    expect(JSON.parse(io.stdout).sides).toEqual(['A', 'B']);
    writeFileSync(file, text.replace('battleRating: 50', 'battleRating: x'));
    const bad = memoryIo();
    expect(await runCli(['odds', file, '--exact'], bad)).toBe(3);
    expect(bad.stderr).toContain(`${file}:4:`);
  });
});
