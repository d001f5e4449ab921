/**
 * Writing a report folder so an interrupted run never leaves a half-written report: every file is written
 * to a temporary name and renamed, inside a temporary folder next to the target (same filesystem, so the
 * renames are atomic); the finished folder is then renamed into place. An existing folder is replaced only
 * if it is empty or holds exactly the files an earlier warcast report listed in its manifest; never the
 * working folder, a symbolic link, or a folder holding anything else (the scenario being run, say).
 */
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { UsageError, WarcastError } from '../src/errors.js';
import { makeFolders } from '../src/files/output.js';
import { INPUT_LIMITS, readRegularFile } from '../src/scenario/input.js';
import { GENERATOR } from './html.js';

export interface ReportFile {
  name: string;
  data: string | Uint8Array;
}

export interface WriteHooks {
  /** Called after each file is in the temporary folder (tests simulate an interruption by throwing). */
  afterFile?(name: string): void;
  /** The option that named the folder, for error messages (default --out). */
  option?: string;
}

/** The list of files warcast wrote into a report folder: only these are ever replaced. */
export const MANIFEST = '.warcast-manifest.json';

/** A folder name as shown in a message: a 5,000-character one is cut. */
const shown = (dir: string) =>
  dir.length > 120 ? `${dir.slice(0, 60)}…${dir.slice(-40)} (${dir.length.toLocaleString('en-US')} characters)` : dir;

/** Why `dir` may not be replaced, or null when it may: missing, empty, or exactly the files of its manifest. */
export function whyNotReplaceable(dir: string): string | null {
  const target = resolve(dir);
  const cwd = process.cwd();
  if (target === cwd || cwd.startsWith(target.endsWith(sep) ? target : target + sep))
    return 'is the working folder or holds it';
  if (target === dirname(target)) return 'is the root of the filesystem';
  let st;
  try {
    st = lstatSync(target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null; // missing: created by the write
    return `cannot be used (${code === 'ENAMETOOLONG' ? 'ENAMETOOLONG: the name is too long' : code === 'ENOTDIR' ? 'ENOTDIR: a part of the path is not a folder' : (code ?? String(err))})`;
  }
  if (st.isSymbolicLink()) return 'is a symbolic link (give the folder it points to)';
  if (!st.isDirectory()) return 'exists and is not a folder';
  const entries = readdirSync(target);
  if (entries.length === 0) return null;
  let listed: string[];
  try {
    const manifest = JSON.parse(readRecord(join(target, MANIFEST))) as {
      generator?: unknown;
      files?: unknown;
    };
    if (manifest.generator !== GENERATOR || !Array.isArray(manifest.files)) throw new Error('not ours');
    listed = manifest.files.filter((f): f is string => typeof f === 'string');
  } catch {
    return `is not a warcast report (no ${MANIFEST} listing its files)`;
  }
  const own = new Set([...listed, MANIFEST]);
  // Temporary files of an interrupted write (NAME.tmp-XXXX) are ours too.
  const other = entries.find((e) => !own.has(e) && !/\.tmp-[0-9a-f]{8}$/.test(e));
  if (other !== undefined) return `holds '${other}', which warcast did not write`;
  for (const e of entries)
    if (!lstatSync(join(target, e)).isFile()) return `holds '${e}', which is not a file warcast wrote`;
  return null;
}

/** Whether `dir` may be replaced (see whyNotReplaceable). */
export function replaceable(dir: string): boolean {
  return whyNotReplaceable(dir) === null;
}

/**
 * Fail early (before a long run) if the folder may not be replaced or its parent cannot be written: a usage
 * error now, not after the run.
 */
export function assertReplaceable(dir: string, option = '--out'): void {
  const why = whyNotReplaceable(dir);
  if (why !== null)
    throw new UsageError(`${option} ${shown(dir)}: ${why}; refusing to replace it: choose a new or empty folder`);
  let parent = dirname(resolve(dir));
  while (!existsSync(parent) && parent !== dirname(parent)) parent = dirname(parent);
  try {
    accessSync(parent, constants.W_OK | constants.X_OK);
  } catch (err) {
    throw new UsageError(
      `${option} ${dir}: cannot write in ${parent} (${(err as NodeJS.ErrnoException).code ?? 'not writable'})`,
    );
  }
}

/** Whether process `pid` is still running (a stale staging folder or lock belongs to a dead one). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Remove `.NAME.tmp-PID-…` and `.NAME.old-PID-…` folders left by writers that were killed. */
function removeStale(parent: string, name: string): void {
  const pattern = new RegExp(`^\\.${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(tmp|old)-(\\d+)-[0-9a-f]{8}$`);
  for (const e of readdirSync(parent)) {
    const m = pattern.exec(e);
    if (m && Number(m[2]) !== process.pid && !alive(Number(m[2])))
      rmSync(join(parent, e), { recursive: true, force: true });
  }
}

/** A small file warcast wrote beside its report (the manifest, the lock), by the shared reader of regular files: a
 * FIFO or a device in a user's folder under that name is refused (it throws), never waited on. */
function readRecord(path: string): string {
  return readRegularFile(path, INPUT_LIMITS.record).toString('utf8');
}

/** Take `.NAME.lock` beside the folder (one writer at a time); a lock left by a dead process is taken over. */
function lock(parent: string, name: string, option: string, dir: string): () => void {
  const path = join(parent, `.${name}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (!lstatSync(path).isFile())
        throw new UsageError(
          `${option} ${shown(dir)}: ${shown(path)} is in the way of the report's lock (a folder or special file warcast did not write); remove it or choose another folder`,
        );
      let holder = 0;
      try {
        holder = Number(readRecord(path)) || 0;
      } catch {
        // not a lock warcast wrote (too large to be a pid): taken over like a dead process's
      }
      if (holder > 0 && alive(holder)) break;
      rmSync(path, { force: true });
    }
  }
  throw new WarcastError(
    `${option} ${dir}: another warcast is writing this report now (${path}); try again when it is done`,
  );
}

/** Write one file as NAME.tmp-XXXX then rename it to NAME. */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.tmp-${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** Report folders this process has locked before its run (reserveReportFolder), by absolute path. */
const reserved = new Map<string, () => void>();
let releaseAtExit = false;

/**
 * Before the run: check the folder (assertReplaceable), its staging name, and take its lock for the whole run,
 * so a second writer of the same folder fails now, before its run (exit 2), not after printing a result. The
 * lock goes when the report is written, or when the process exits. A folder whose parent does not exist yet is
 * locked when it is written.
 */
export function reserveReportFolder(dir: string, option = '--out'): void {
  assertReplaceable(dir, option);
  const target = resolve(dir);
  const parent = dirname(target);
  if (reserved.has(target)) return;
  if (!existsSync(parent)) {
    // Made by the write: the first missing folder must be creatable now (made and removed again).
    let first = parent;
    while (!existsSync(dirname(first)) && dirname(first) !== first) first = dirname(first);
    try {
      mkdirSync(first);
      rmSync(first, { recursive: true, force: true });
    } catch (err) {
      throw new UsageError(
        `${option} ${shown(dir)}: cannot create ${shown(first)} (${(err as NodeJS.ErrnoException).code ?? String(err)}); nothing was run`,
      );
    }
    return;
  }
  // The staging folder's name is longer than the folder's: a name the filesystem would refuse fails now.
  const probe = join(parent, `.${basename(target)}.tmp-${process.pid}-probe000`);
  try {
    mkdirSync(probe);
    rmSync(probe, { recursive: true, force: true });
  } catch (err) {
    throw new UsageError(
      `${option} ${shown(dir)}: cannot write there (${(err as NodeJS.ErrnoException).code ?? String(err)}); nothing was run`,
    );
  }
  let unlock: () => void;
  try {
    unlock = lock(parent, basename(target), option, dir);
  } catch (err) {
    if (err instanceof WarcastError) throw new UsageError(`${err.message}; nothing was run`);
    throw err;
  }
  reserved.set(target, unlock);
  // One exit listener for the process, however many commands a library caller runs (one per reservation leaked).
  if (!releaseAtExit) {
    releaseAtExit = true;
    process.on('exit', releaseReservations);
  }
}

/** Give up every lock taken by reserveReportFolder (at exit, or when a command ends without writing). */
export function releaseReservations(): void {
  for (const unlock of reserved.values()) unlock();
  reserved.clear();
}

/** The folder's lock for writing it: the one reserveReportFolder took before the run, or taken now. */
function lockForWriting(target: string, option: string, dir: string): () => void {
  const held = reserved.get(target);
  reserved.delete(target);
  return held ?? lock(dirname(target), basename(target), option, dir);
}

/** Write `files` as the folder `dir` (replacing an earlier report there); returns the absolute folder. */
export function writeReportFolder(dir: string, files: ReportFile[], hooks: WriteHooks = {}): string {
  const { target, unlock } = lockedFolder(dir, hooks);
  try {
    return swapIn(target, files, hooks);
  } finally {
    unlock();
  }
}

/**
 * The folder checked, its parents made, its lock held (the one taken before the run, or now), checked again under
 * the lock (another writer or the user may have changed it during the run) and stale staging folders removed.
 */
function lockedFolder(dir: string, hooks: WriteHooks): { target: string; unlock: () => void } {
  const target = resolve(dir);
  const option = hooks.option ?? '--out';
  assertReplaceable(dir, option);
  makeFolders(dirname(target));
  const unlock = lockForWriting(target, option, dir);
  try {
    assertReplaceable(dir, option);
    removeStale(dirname(target), basename(target));
  } catch (err) {
    unlock();
    throw err;
  }
  return { target, unlock };
}

/**
 * `writeReportFolder` for a command a signal may stop: a Ctrl-C or SIGTERM only reaches JavaScript between turns
 * of the event loop, so one that came while the charts rendered or the files were written is seen only after
 * them. `check` is awaited (it gives the event loop a turn and throws if the run was stopped) once the files are
 * staged and again once the new folder is in place, with the earlier one still kept aside: a signal seen then
 * puts the earlier report back. Nothing but a signal after the second check can leave the new report.
 */
export async function writeReportFolderChecked(
  dir: string,
  files: ReportFile[],
  hooks: WriteHooks,
  check: () => Promise<void>,
): Promise<string> {
  const { target, unlock } = lockedFolder(dir, hooks);
  try {
    const p = new Placement(target, files, hooks);
    try {
      await check();
      p.finish();
      // A folder swapped in can still be swapped back; files moved into the user's folder are there to stay.
      if (!p.into) await check();
    } catch (err) {
      p.undo(err);
    }
    return p.cleanUp();
  } finally {
    unlock();
  }
}

function swapIn(target: string, files: ReportFile[], hooks: WriteHooks): string {
  const p = new Placement(target, files, hooks);
  try {
    p.finish();
  } catch (err) {
    p.undo(err);
  }
  return p.cleanUp();
}

/** Whether warcast made the folder itself (its manifest says so): only such a folder is ever replaced whole. */
function madeByWarcast(target: string): boolean {
  try {
    const m = JSON.parse(readRecord(join(target, MANIFEST))) as { folder?: unknown };
    return m.folder === MADE;
  } catch {
    return false;
  }
}

const MADE = 'made by warcast';

/** The files an earlier report's manifest lists (none when there is no manifest). */
function listedFiles(target: string): string[] {
  try {
    const m = JSON.parse(readRecord(join(target, MANIFEST))) as { files?: unknown };
    return Array.isArray(m.files) ? m.files.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A report put in place: every file staged in a hidden folder beside the target (the constructor), then placed
 * (`finish`). A folder warcast made (missing before, or made by an earlier report: its manifest says so) is swapped
 * whole, the earlier one kept aside until `cleanUp` and put back by `undo`. A folder the user made (an empty one
 * given to --report, with its permissions, owner or a mount on it) is never replaced: the staged files are moved
 * into it, the earlier report's files no longer written removed, the manifest last.
 */
class Placement {
  readonly into: boolean;
  private readonly staging: string;
  private readonly old: string;
  private readonly exists: boolean;
  private hadOld = false;
  private swapped = false;

  constructor(
    private readonly target: string,
    private readonly files: ReportFile[],
    hooks: WriteHooks,
  ) {
    const parent = dirname(target);
    const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
    this.staging = join(parent, `.${basename(target)}.tmp-${tag}`);
    this.old = join(parent, `.${basename(target)}.old-${tag}`);
    this.exists = existsSync(target);
    this.into = this.exists && !madeByWarcast(target);
    mkdirSync(this.staging);
    try {
      for (const f of files) {
        writeFileAtomic(join(this.staging, f.name), f.data);
        hooks.afterFile?.(f.name);
      }
      const folder = this.into ? 'given by the user' : MADE;
      writeFileAtomic(
        join(this.staging, MANIFEST),
        JSON.stringify({ generator: GENERATOR, folder, files: files.map((f) => f.name) }, null, 2) + '\n',
      );
    } catch (err) {
      this.undo(err);
    }
  }

  finish(): void {
    const { target, staging, old } = this;
    if (this.into) {
      const names = new Set(this.files.map((f) => f.name));
      const earlier = listedFiles(target);
      for (const f of this.files) renameSync(join(staging, f.name), join(target, f.name));
      for (const e of earlier)
        if (!names.has(e) && e !== MANIFEST && basename(e) === e) rmSync(join(target, e), { force: true });
      renameSync(join(staging, MANIFEST), join(target, MANIFEST));
      rmSync(staging, { recursive: true, force: true });
      return;
    }
    this.hadOld = this.exists;
    if (this.hadOld) renameSync(target, old);
    try {
      renameSync(staging, target);
    } catch (err) {
      if (this.hadOld) renameSync(old, target); // put the earlier report back
      throw err;
    }
    this.swapped = true;
  }

  undo(err: unknown): never {
    if (this.swapped) {
      // Stopped once the new folder was in place: it goes back to staging (removed below), the earlier one returns.
      renameSync(this.target, this.staging);
      if (this.hadOld) renameSync(this.old, this.target);
    }
    rmSync(this.staging, { recursive: true, force: true });
    throw err;
  }

  cleanUp(): string {
    if (this.hadOld) rmSync(this.old, { recursive: true, force: true });
    return this.target;
  }
}
