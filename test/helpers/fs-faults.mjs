/**
 * node:fs failing the way a full disk (ENOSPC on write) or a read-only filesystem (EROFS on open and mkdir) does, for
 * paths matching a pattern, from the (after + 1)-th such path on: a full or read-only filesystem cannot be made
 * without privileges, and root writes through chmod.
 *
 * Two ways in: preloaded (`NODE_OPTIONS=--import=…`) into a warcast child process, from WARCAST_TEST_FAULT_CODE,
 * WARCAST_TEST_FAULT_PATH and WARCAST_TEST_FAULT_AFTER (test/cli/output-files.test.ts, test/engine/write-faults.test.ts:
 * the real process); or `injectFsFaults` around an in-process runCli, undone after (write-faults' report cases: a
 * child process loaded the bundle and the charting packages again, ~2.5 s of CPU each, to fail at the last step).
 */
import fs from 'node:fs';
import process from 'node:process';
import { syncBuiltinESMExports } from 'node:module';

/**
 * Make node:fs fail as `code` does for paths matching `pattern` (a RegExp source), from the (after + 1)-th on;
 * returns the function that puts node:fs back. Named imports of node:fs see both changes (syncBuiltinESMExports).
 */
export function injectFsFaults({ code = 'ENOSPC', pattern, after = 0 }) {
  const re = new RegExp(pattern);
  const words = code === 'ENOSPC' ? 'no space left on device' : 'read-only file system';
  let seen = 0;
  const failing = (p) => typeof p === 'string' && re.test(p) && ++seen > after;
  const fail = (what) => Object.assign(new Error(`${code}: ${words}, ${what}`), { code, syscall: what });
  const doomed = new Set();
  const { openSync, writeSync, writeFileSync, mkdirSync } = fs;
  fs.openSync = (p, ...rest) => {
    const f = failing(p);
    if (f && code === 'EROFS') throw fail('open');
    const fd = openSync(p, ...rest);
    if (f) doomed.add(fd);
    return fd;
  };
  fs.writeSync = (fd, ...rest) => {
    if (doomed.has(fd)) throw fail('write');
    return writeSync(fd, ...rest);
  };
  fs.writeFileSync = (p, ...rest) => {
    if (failing(p)) throw fail(code === 'EROFS' ? 'open' : 'write');
    return writeFileSync(p, ...rest);
  };
  fs.mkdirSync = (p, ...rest) => {
    if (code === 'EROFS' && failing(p)) throw fail('mkdir');
    return mkdirSync(p, ...rest);
  };
  syncBuiltinESMExports();
  return () => {
    Object.assign(fs, { openSync, writeSync, writeFileSync, mkdirSync });
    syncBuiltinESMExports();
  };
}

if (process.env.WARCAST_TEST_FAULT_PATH)
  injectFsFaults({
    code: process.env.WARCAST_TEST_FAULT_CODE ?? 'ENOSPC',
    pattern: process.env.WARCAST_TEST_FAULT_PATH,
    after: Number(process.env.WARCAST_TEST_FAULT_AFTER ?? 0),
  });
