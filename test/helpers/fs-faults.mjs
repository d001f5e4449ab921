/**
 * Preloaded (`NODE_OPTIONS=--import=…`) into a warcast child process by test/engine/write-faults.test.ts: makes
 * node:fs fail the way a full disk (ENOSPC on write) or a read-only filesystem (EROFS on open and mkdir) does,
 * for paths matching WARCAST_TEST_FAULT_PATH, from the (WARCAST_TEST_FAULT_AFTER + 1)-th such path on. A full or
 * read-only filesystem cannot be made without privileges, and root writes through chmod.
 */
import fs from 'node:fs';
import process from 'node:process';
import { syncBuiltinESMExports } from 'node:module';

const pattern = process.env.WARCAST_TEST_FAULT_PATH;
if (pattern) {
  const re = new RegExp(pattern);
  const code = process.env.WARCAST_TEST_FAULT_CODE ?? 'ENOSPC';
  const words = code === 'ENOSPC' ? 'no space left on device' : 'read-only file system';
  let seen = 0;
  const after = Number(process.env.WARCAST_TEST_FAULT_AFTER ?? 0);
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
}
