/**
 * Reading an input (a scenario, stdin, a part file, a checkpoint) with a size limit checked while reading: the
 * read stops one byte past the limit, so `/dev/zero` or a multi-gigabyte file costs no more than a small file.
 * Special files are named in the error (a folder, a descriptor not open for reading). The asynchronous reader
 * also stops at once when its signal aborts (Ctrl-C, SIGTERM), even while waiting on a pipe or a terminal.
 * The limits are listed in docs/reliability.md; a scenario file is read by src/scenario/read.ts.
 */
import { closeSync, constants, fstatSync, openSync, read, readSync, type Stats } from 'node:fs';
import { isatty } from 'node:tty';
import { SCENARIO_LIMITS } from './source.js';

/** The most bytes each input may hold. */
export const INPUT_LIMITS = {
  /** A scenario file, stdin, a forces file, the scenario text a part file carries (the largest example is ~2 KB). */
  scenario: SCENARIO_LIMITS.bytes,
  /** A part file of `--shard`: the scenario text (escaped in JSON) and the accumulators of its runs. */
  part: 64 << 20,
  /**
   * A `--checkpoint` file: the accumulators of every run of the command, and the paired jobs' numbers trial by
   * trial (src/engine/checkpoint.ts: 23 MB for `worth examples/castle-siege.yaml`, 6.45 M sieges).
   */
  checkpoint: 256 << 20,
  /** A sealed round's post (`warcast verify`): the Markdown messages of one roll (a long siege's is ~100 KB). */
  post: 4 << 20,
  /** A seal file (`warcast seal`): a secret and its commitment, ~200 bytes. */
  seal: 64 << 10,
  /** A weekly siege's state (`roll --weekly --state`): the choices and typed dice of every week so far. */
  state: 16 << 20,
  /** A benchmark baseline (`bench --baseline`): one line per suite (benchmarks/baseline.json is ~5 KB). */
  baseline: 1 << 20,
  /** What warcast keeps beside its own output (a report's manifest, its lock, a Discord channel's seal): small. */
  record: 1 << 20,
} as const;

/** Why an input could not be read: `reason` is the end of a one-line message (`<file>: <reason>`). */
export class ReadFailure extends Error {
  constructor(
    readonly reason: string,
    /** The errno code, when the system refused (ENOENT, EISDIR, EBADF, …); 'limit' past the limit; 'signal'. */
    readonly code: string,
  ) {
    super(reason);
    this.name = 'ReadFailure';
  }
}

const CHUNK = 64 * 1024;

function systemFailure(err: unknown): ReadFailure {
  const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
  const what: Record<string, string> = {
    EISDIR: 'a directory',
    ENOENT: 'no such file',
    ENOTDIR: 'a part of the path is not a folder',
    ENAMETOOLONG: 'the name is too long',
    EACCES: 'permission denied',
    EBADF: 'not open for reading',
    ELOOP: 'a loop of symbolic links',
  };
  const reason = `cannot read (${code})${what[code] ? `: ${what[code]}` : ''}`;
  return new ReadFailure(reason, code);
}

function tooLarge(limit: number): ReadFailure {
  return new ReadFailure(
    `larger than ${limit.toLocaleString('en-US')} bytes (${limit >= 1 << 20 ? `${limit / (1 << 20)} MiB` : limit >= 1 << 10 ? `${limit / (1 << 10)} KiB` : `${limit} bytes`}), the limit for this input (docs/reliability.md)`,
    'limit',
  );
}

/**
 * Read a regular file whole, at most `limit` bytes: opened without blocking (a FIFO with no writer opens at once)
 * and refused unless a regular file (a FIFO, `/dev/zero`, a socket, a folder), its size checked before reading
 * (a 10 GB sparse file costs nothing) and again while reading (a file that grows is not read on).
 */
export function readRegularFile(path: string, limit: number): Buffer {
  const fd = openNow(path);
  try {
    const stat = fstatSync(fd);
    checkKind(stat);
    if (!stat.isFile())
      throw new ReadFailure('not a regular file (a FIFO, device or socket); expected a file', 'ENOTREG');
    if (stat.size > limit) throw tooLarge(limit);
    return readFdSync(fd, limit);
  } catch (err) {
    throw err instanceof ReadFailure ? err : systemFailure(err);
  } finally {
    closeSync(fd);
  }
}

function checkKind(stat: Stats): void {
  if (stat.isDirectory()) throw systemFailure({ code: 'EISDIR' });
}

/** Gather chunks; past `limit` bytes, a ReadFailure. */
class Collector {
  private readonly chunks: Buffer[] = [];
  size = 0;
  constructor(private readonly limit: number) {}
  add(buf: Buffer, n: number): void {
    this.size += n;
    if (this.size > this.limit) throw tooLarge(this.limit);
    this.chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  get bytes(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }
}

/** Open for reading without blocking: a FIFO with no writer opens at once. */
function openNow(path: string): number {
  try {
    return openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    throw systemFailure(err);
  }
}

/**
 * Read `path` whole, at most `limit` bytes. A FIFO or device is opened without blocking, so a FIFO with no
 * writer reads as empty instead of waiting forever; one whose writer is slow is waited for at most `waitMs`
 * without data (synchronous reading cannot see a signal: pass such inputs as `-` on stdin).
 */
export function readLimitedSync(path: string, limit: number, waitMs = 10_000): Buffer {
  const fd = openNow(path);
  try {
    const stat = fstatSync(fd);
    checkKind(stat);
    // A regular file already past the limit is refused without reading it (a 257 MiB checkpoint took seconds to
    // read and throw away); files that report no size (/proc) or grow while read are still bounded by the reading.
    if (stat.isFile() && stat.size > limit) throw tooLarge(limit);
    const out = new Collector(limit);
    const buf = Buffer.allocUnsafe(Math.min(CHUNK, limit + 1));
    let idleSince = 0;
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
        const now = Date.now();
        if (idleSince === 0) idleSince = now;
        else if (now - idleSince > waitMs)
          throw new ReadFailure(
            `no data for ${waitMs / 1000} s (a FIFO or device that does not end; pass it on stdin as -)`,
            'ETIMEDOUT',
          );
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      if (n === 0) break;
      idleSince = 0;
      out.add(buf, n);
    }
    return out.bytes;
  } catch (err) {
    throw err instanceof ReadFailure ? err : systemFailure(err);
  } finally {
    closeSync(fd);
  }
}

/**
 * Read a descriptor opened with O_NONBLOCK to its end, at most `limit` bytes, without blocking the event loop or
 * a thread of libuv's pool (an exit waits for those): while there is nothing to read, try again every 5 ms.
 * `signal` (Ctrl-C, SIGTERM) stops it at once with a ReadFailure of code 'signal'. The descriptor is not closed.
 */
function readNonBlocking(fd: number, limit: number, signal?: AbortSignal): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (err: unknown, value?: Buffer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (err) reject(err instanceof ReadFailure ? err : systemFailure(err));
      else resolve(value!);
    };
    const onAbort = () => finish(stopped());
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const out = new Collector(limit);
    const buf = Buffer.allocUnsafe(Math.min(CHUNK, limit + 1));
    const next = () => {
      read(fd, buf, 0, buf.length, null, (err, n) => {
        if (done) return;
        if (err && (err as NodeJS.ErrnoException).code === 'EAGAIN') return void (timer = setTimeout(next, 5));
        if (err) return finish(err);
        if (n === 0) return finish(null, out.bytes);
        try {
          out.add(buf, n);
        } catch (e) {
          return finish(e);
        }
        next();
      });
    };
    next();
  });
}

const stopped = () => new ReadFailure('reading stopped by a signal', 'signal');

/** Read a stream to its end, at most `limit` bytes; past the limit or on `signal`, the stream is destroyed. */
export function readLimitedStream(
  stream: NodeJS.ReadableStream & { destroy(): void },
  limit: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const out = new Collector(limit);
    let done = false;
    const finish = (err: unknown, value?: Buffer) => {
      if (done) return;
      done = true;
      signal?.removeEventListener('abort', onAbort);
      stream.removeListener('data', onData);
      if (err) {
        stream.destroy();
        reject(err instanceof ReadFailure ? err : systemFailure(err));
      } else resolve(value!);
    };
    const onAbort = () => finish(stopped());
    const onData = (chunk: Buffer) => {
      try {
        out.add(chunk, chunk.length);
      } catch (e) {
        finish(e);
      }
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    stream.on('data', onData);
    stream.once('end', () => finish(null, out.bytes));
    stream.once('error', (err) => finish(err));
  });
}

/**
 * Read stdin to its end, at most `limit` bytes. A file or a device other than a terminal (`< file`,
 * `< /dev/zero`) is read directly, bounded, so quickly; a pipe, a socket or a terminal through Node's stream,
 * which waits without blocking a thread, so `signal` stops the read at once (and the process can exit).
 */
export async function readLimitedStdin(limit: number, signal?: AbortSignal): Promise<Buffer> {
  let stat: Stats;
  try {
    stat = fstatSync(0);
  } catch (err) {
    throw systemFailure(err);
  }
  checkKind(stat);
  if (signal?.aborted) throw stopped();
  if (stat.isFile() || (stat.isCharacterDevice() && !isatty(0))) {
    try {
      return readFdSync(0, limit);
    } catch (err) {
      throw err instanceof ReadFailure ? err : systemFailure(err);
    }
  }
  return readLimitedStream(process.stdin, limit, signal);
}

/** Read a blocking descriptor that never waits long (a file, /dev/zero) to its end, at most `limit` bytes. */
function readFdSync(fd: number, limit: number): Buffer {
  const out = new Collector(limit);
  const buf = Buffer.allocUnsafe(Math.min(CHUNK, limit + 1));
  for (;;) {
    const n = readSync(fd, buf, 0, buf.length, null);
    if (n === 0) return out.bytes;
    out.add(buf, n);
  }
}

/**
 * Read `path`: a regular file synchronously (bounded, so quick), anything else (a FIFO, a device, a socket,
 * `/dev/stdin`) without blocking the event loop, so `signal` stops it.
 */
export async function readLimited(path: string, limit: number, signal?: AbortSignal): Promise<Buffer> {
  const fd = openNow(path);
  try {
    const stat = fstatSync(fd);
    checkKind(stat);
    if (stat.isFile()) return readLimitedSync(path, limit);
    return await readNonBlocking(fd, limit, signal);
  } finally {
    closeSync(fd);
  }
}
