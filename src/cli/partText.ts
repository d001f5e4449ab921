/** Reading part files and the scenario a shard names: whole regular files only, a missing or odd file one line. */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { ExitCode, WarcastError } from '../errors.js';
import { errnoText, shownPath } from './outputFile.js';

/** At most `limit` bytes of a regular file (null: not a regular file, missing or unreadable; longer files are cut at limit + 1). */
export function readRegular(file: string, limit: number): Buffer | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    if (!fstatSync(fd).isFile()) return null;
    const buf = Buffer.alloc(Math.min(limit + 1, fstatSync(fd).size + 1));
    let n = 0;
    for (let r = 1; r > 0 && n < buf.length; n += r) r = readSync(fd, buf, n, buf.length - n, null);
    return buf.subarray(0, n);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** A part file's text: a missing file is exit 2 (as a missing scenario), anything but a regular file exit 3. */
export function readPartText(name: string): string {
  let fd: number;
  try {
    fd = openSync(name, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'ELOOP' ? 'a loop of symbolic links' : `cannot read (${errnoText(err)})`;
    throw new WarcastError(`${shownPath(name)}: ${why}`, code === 'ENOENT' || code === 'ELOOP' ? ExitCode.usage : ExitCode.invalidScenario);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new WarcastError(`${shownPath(name)}: ${st.isDirectory() ? 'is a folder' : 'not a regular file (a FIFO, device or socket)'}; expected a part file written by --shard i/n --out FILE`, ExitCode.invalidScenario);
    const buf = Buffer.alloc(st.size);
    let n = 0;
    for (let r = 1; r > 0 && n < buf.length; n += r) r = readSync(fd, buf, n, buf.length - n, null);
    return buf.subarray(0, n).toString('utf8');
  } catch (err) {
    if (err instanceof WarcastError) throw err;
    throw new WarcastError(`${shownPath(name)}: cannot read (${errnoText(err)})`, ExitCode.invalidScenario);
  } finally {
    closeSync(fd);
  }
}
