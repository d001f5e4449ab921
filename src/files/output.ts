/**
 * Files a command writes beside the user's own (a shard's part, a checkpoint, schema files, the app page, a
 * benchmark baseline): the path is checked before any work, so a name that cannot be written fails at once
 * (exit 2), and a file is replaced only when it is one warcast wrote for this same purpose; the write itself
 * goes to a temporary file beside the target, fsynced and renamed, so a full disk or a kill leaves the old file
 * or the new one, never part of one (docs/reliability.md, "Files warcast writes").
 */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError, WarcastError } from '../errors.js';

/** A path as shown in a message: long ones cut (a 5,000-character name is not one line). */
export function shownPath(path: string): string {
  return path.length > 120
    ? `${path.slice(0, 60)}…${path.slice(-40)} (${path.length.toLocaleString('en-US')} characters)`
    : path;
}

/** An errno error in words: `EROFS: read-only file system`. */
export function errnoText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ENOTFILE') return e.message;
  if (e?.code === 'ERR_INVALID_ARG_VALUE' || e?.code === 'ERR_INVALID_ARG_TYPE')
    return 'not a valid file name (a NUL byte?)';
  if (!e?.code) return String(err);
  const words = (e.message ?? '').replace(/^[A-Z]+: /, '').split(',')[0];
  return words && words !== e.code ? `${e.code}: ${words}` : e.code;
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export interface OutputCheck {
  /** The option as typed (`--out`, `--checkpoint`), for messages. */
  option: string;
  /** Files the command reads (its scenario): never to be written over, whatever they hold. */
  inputs?: string[];
  /**
   * An existing regular file at the path: null when this command may replace it (a file it wrote for the same
   * purpose), else why not (`is not a warcast part file`).
   */
  whyNotReplace(path: string): string | null;
  /** What the user should do when refused (default: choose another name or remove the file). */
  advice?: string;
}

/**
 * Check, before any work, that `path` can be written and may be replaced: a usage error (exit 2) naming the
 * path and the reason otherwise. Refused: an empty or over-long name, a folder, a symbolic link, a FIFO or
 * device, one of the command's own inputs, a file it did not write, a place that cannot be written.
 */
export function checkOutputFile(path: string, o: OutputCheck): void {
  const name = `${o.option} ${shownPath(path)}`;
  const refuse = (why: string) => new UsageError(`${name}: ${why}`);
  if (path === '') throw new UsageError(`${o.option}: expected a file name, got ''`);
  if (path.includes('\0')) throw refuse('not a valid file name (it holds a NUL byte)');
  let st: Stats | null;
  try {
    st = lstatOrNull(path);
  } catch (err) {
    throw refuse(`cannot write there (${errnoText(err)}); nothing was run`);
  }
  const advice = o.advice ?? 'choose another name, or remove it first';
  if (st !== null) {
    if (st.isSymbolicLink())
      throw refuse(
        `is a symbolic link; warcast writes a new file or replaces one it wrote, never through a link: ${advice}`,
      );
    if (st.isDirectory()) throw refuse('is a folder; expected a file name');
    if (!st.isFile())
      throw refuse(`exists and is not a regular file (a FIFO, device or socket); refusing to write to it: ${advice}`);
    for (const input of o.inputs ?? []) {
      let inSt: Stats | null = null;
      try {
        inSt = statSync(input);
      } catch {
        // a missing input is the command's own error
      }
      if (inSt && inSt.ino === st.ino && inSt.dev === st.dev)
        throw refuse(`is ${input}, a file this command reads; refusing to replace it: ${advice}`);
    }
    const why = o.whyNotReplace(path);
    if (why !== null) throw refuse(`exists and ${why}; refusing to replace it: ${advice}`);
  }
  // The folder must exist and be writable, and the temporary name beside the file (longer by ~25 bytes) legal.
  const dir = dirname(resolve(path));
  let dirSt: Stats;
  try {
    dirSt = statSync(dir);
  } catch (err) {
    throw refuse(`cannot write there (${errnoText(err)} for the folder ${shownPath(dir)}); nothing was run`);
  }
  if (!dirSt.isDirectory()) throw refuse(`cannot write there (${shownPath(dir)} is not a folder)`);
  // A real probe: create (and remove) the temporary file the write will use, so a read-only filesystem, a
  // folder root cannot write in (/proc) or a name too long for the temporary file fails now, not after the run.
  const probe = tempBeside(path, 'probe000');
  try {
    closeSync(openSync(probe, 'wx'));
  } catch (err) {
    throw refuse(`cannot write there (${errnoText(err)}); nothing was run`);
  }
  rmSync(probe, { force: true });
}

/** Remove a temporary file if it is there: `rmSync`'s `force` still throws ENOTDIR for a path through a file. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // never created: its folder is not one
  }
}

/** The temporary file beside `path`: short, whatever the length of the name (a 250-byte name is legal). */
function tempBeside(path: string, tag: string): string {
  return join(dirname(resolve(path)), `.warcast-${process.pid}-${tag}.tmp`);
}

/**
 * Write `text` to `path` whole (temporary file beside it, fsync, rename, then the folder fsynced). A failure (a
 * full disk, a folder made read-only meanwhile) is one line, exit 1, and leaves the earlier file (or none) and no
 * temporary file. A path that became a folder, link or device meanwhile is not renamed over. `mode`: the new file's
 * permissions (default 0o666 less the umask).
 */
export function writeOutputFile(path: string, text: string | Uint8Array, option: string, mode?: number): void {
  try {
    const tag = process.getBuiltinModule('node:crypto').randomBytes(4).toString('hex');
    replaceWhole(path, text, tempBeside(path, tag), mode);
  } catch (err) {
    throw new WarcastError(`${option} ${shownPath(path)}: cannot write (${errnoText(err)}); nothing was written there`);
  }
}

/**
 * Replace `path` whole, so a reader sees the old file or the new one, never part of one, even after a crash: `data`
 * to the new file `tmp` beside it, fsync, rename over `path`, the folder fsynced. Never renames over a device, a
 * folder or a link. A system error is thrown as it is, the temporary file removed.
 */
export function replaceWhole(path: string, data: string | Uint8Array, tmp: string, mode?: number): void {
  const st = lstatOrNull(path);
  if (st && !st.isFile()) throw Object.assign(new Error('exists and is not a regular file'), { code: 'ENOTFILE' });
  let fd: number | null = null;
  try {
    fd = openSync(tmp, 'wx', mode); // a secret (a Discord channel's seal): 0o600, readable by its owner only
    const buf = typeof data === 'string' ? Buffer.from(data) : data;
    for (let at = 0; at < buf.length;) at += writeSync(fd, buf, at);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    renameSync(tmp, path);
  } catch (err) {
    if (fd !== null) closeSync(fd);
    removeQuietly(tmp);
    throw err;
  }
  syncFolder(dirname(resolve(path)));
}

/** The system's refusals that are the path's fault (exit 2): the rest (a full disk, an I/O error) are exit 1. */
const PATH_PROBLEMS = new Set([
  'ENAMETOOLONG',
  'ENOTDIR',
  'EISDIR',
  'ENOENT',
  'EACCES',
  'EPERM',
  'EROFS',
  'ELOOP',
  'EEXIST',
]);

/**
 * Write a new file `path` whole, never over anything there (a seal, whose commitment may be published): the data
 * to a short temporary file beside it (fsynced, `mode`), then linked in place, which fails if the name exists.
 * A path problem (too long, through a file, a folder, unwritable, already there) is one line, exit 2.
 */
export function writeNewFile(path: string, data: string, option: string, mode = 0o600, exists?: string): void {
  const name = option ? `${option} ${shownPath(path)}` : shownPath(path);
  if (path === '') throw new UsageError(`${option || 'the file'}: expected a file name, got ''`);
  if (path.includes('\0')) throw new UsageError(`${name}: not a valid file name (it holds a NUL byte)`);
  const tmp = tempBeside(path, process.getBuiltinModule('node:crypto').randomBytes(4).toString('hex'));
  let fd: number | null = null;
  try {
    fd = openSync(tmp, 'wx', mode);
    const buf = Buffer.from(data);
    for (let at = 0; at < buf.length;) at += writeSync(fd, buf, at);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    linkSync(tmp, path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST' && exists) throw new UsageError(`${name}: ${exists}`);
    const line = `${name}: cannot write (${errnoText(err)}); nothing was written there`;
    throw PATH_PROBLEMS.has(code) ? new UsageError(line) : new WarcastError(line);
  } finally {
    if (fd !== null) closeSync(fd);
    removeQuietly(tmp);
  }
  syncFolder(dirname(resolve(path)));
}

/** fsync a folder, so a rename in it survives a power cut (best effort: not every system allows it; the file itself is whole). */
export function syncFolder(dir: string): void {
  try {
    const dfd = openSync(dir, 'r');
    try {
      fsyncSync(dfd);
    } finally {
      closeSync(dfd);
    }
  } catch {
    // fsync of a folder is not supported everywhere
  }
}

/** The first `n` bytes of a regular file (to recognise a file warcast wrote without reading all of it). */
export function fileHead(path: string, n: number): string {
  const fd = openSync(path, READ_NOW); // a FIFO must not block the open
  try {
    if (!fstatSync(fd).isFile()) return '';
    const buf = Buffer.alloc(n);
    let got = 0;
    for (let r = 1; r > 0 && got < n; got += r) r = readSync(fd, buf, got, n - got, null);
    return buf.subarray(0, got).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The folder a command writes its files into (`schema --out`, `app --out`): created if missing; a usage error
 * (exit 2) when it exists and is not a folder, or cannot be created (a read-only place, a name too long).
 */
export function ensureFolder(dir: string, option: string): void {
  const name = `${option} ${shownPath(dir)}`;
  if (dir === '') throw new UsageError(`${option}: expected a folder name, got ''`);
  if (dir.includes('\0')) throw new UsageError(`${name}: not a valid folder name (it holds a NUL byte)`);
  let st: Stats | null = null;
  try {
    st = statSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new UsageError(`${name}: cannot use it as a folder (${errnoText(err)})`);
  }
  if (st !== null) {
    if (!st.isDirectory()) throw new UsageError(`${name}: exists and is not a folder; choose a new or existing folder`);
    return;
  }
  try {
    makeFolders(resolve(dir));
  } catch (err) {
    throw new UsageError(`${name}: cannot create the folder (${errnoText(err)})`);
  }
}

/**
 * mkdir -p, one level at a time: Node's `mkdirSync(…, { recursive: true })` never returns when the parent is a
 * filesystem that answers ENOENT to every new name (/proc), which a user may well type.
 */
export function makeFolders(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing.reverse()) mkdirSync(d);
}

/** Open for reading without blocking: a FIFO with no writer opens at once (and is then refused as not a regular file). */
export const READ_NOW = constants.O_RDONLY | constants.O_NONBLOCK;
