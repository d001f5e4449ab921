/**
 * Writing a report folder so an interrupted run never leaves a half-written report: every file is written
 * to a temporary name and renamed, inside a temporary folder next to the target (same filesystem, so the
 * renames are atomic); the finished folder is then renamed into place. An existing folder is replaced only
 * if it is empty or an earlier warcast report.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../src/errors.js';
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

/** Whether `dir` may be replaced: missing, empty, or holding an index.html made by warcast. */
export function replaceable(dir: string): boolean {
  if (!existsSync(dir)) return true;
  if (!statSync(dir).isDirectory()) return false;
  const entries = readdirSync(dir);
  if (entries.length === 0) return true;
  if (!entries.includes('index.html')) return false;
  const head = readFileSync(join(dir, 'index.html'), 'utf8').slice(0, 2000);
  return head.includes(`<meta name="generator" content="${GENERATOR}">`);
}

/** Fail early (before a long run) if the folder may not be replaced. */
export function assertReplaceable(dir: string, option = '--out'): void {
  if (!replaceable(resolve(dir))) {
    throw new UsageError(`${option} ${dir}: exists and is not a warcast report (refusing to replace it); choose a new or empty folder`);
  }
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

/** Write `files` as the folder `dir` (replacing an earlier report there); returns the absolute folder. */
export function writeReportFolder(dir: string, files: ReportFile[], hooks: WriteHooks = {}): string {
  const target = resolve(dir);
  assertReplaceable(dir, hooks.option);
  const parent = dirname(target);
  mkdirSync(parent, { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = join(parent, `.${basename(target)}.tmp-${tag}`);
  const old = join(parent, `.${basename(target)}.old-${tag}`);
  mkdirSync(staging);
  try {
    for (const f of files) {
      writeFileAtomic(join(staging, f.name), f.data);
      hooks.afterFile?.(f.name);
    }
    const hadOld = existsSync(target);
    if (hadOld) renameSync(target, old);
    try {
      renameSync(staging, target);
    } catch (err) {
      if (hadOld) renameSync(old, target); // put the earlier report back
      throw err;
    }
    if (hadOld) rmSync(old, { recursive: true, force: true });
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  return target;
}
