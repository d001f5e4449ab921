/**
 * Reading a scenario file from disk (Node only): bounded, UTF-8 checked, then parsed by src/scenario/source.ts.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { ScenarioError } from '../errors.js';
import { parseScenarioText, SCENARIO_LIMITS, type ScenarioSource } from './source.js';

/**
 * Read a scenario file, at most SCENARIO_LIMITS.bytes of it: reading stops one byte past the limit, so a device
 * or a huge file costs no more than a small one. The text must be UTF-8.
 */
export function readScenarioFile(file: string): ScenarioSource {
  const cannot = (err: unknown) => {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : `cannot read (${code})`;
    return new ScenarioError(file, null, '', why);
  };
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw cannot(err);
  }
  const limit = SCENARIO_LIMITS.bytes;
  const buf = Buffer.allocUnsafe(limit + 1);
  let n = 0;
  try {
    if (fstatSync(fd).isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    while (n < buf.length) {
      const r = readSync(fd, buf, n, buf.length - n, null);
      if (r === 0) break;
      n += r;
    }
  } catch (err) {
    throw cannot(err);
  } finally {
    closeSync(fd);
  }
  if (n > limit) throw new ScenarioError(file, null, '', `larger than ${limit.toLocaleString('en-US')} bytes (1 MiB), the limit for a scenario file (docs/reliability.md)`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, n));
  } catch {
    const bad = firstInvalidUtf8(buf.subarray(0, n));
    let line = 1;
    for (let i = 0; i < bad; i++) if (buf[i] === 10) line++;
    throw new ScenarioError(file, line, '', `not UTF-8 text (bad byte at offset ${bad}): is this a scenario file?`);
  }
  return parseScenarioText(text, file);
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    const len = c < 0x80 ? 1 : c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c < 0xf5 ? 4 : 0;
    if (len === 0 || i + len > b.length) return i;
    for (let k = 1; k < len; k++) if ((b[i + k] & 0xc0) !== 0x80) return i;
    // Overlong, surrogate or past-U+10FFFF sequences: let the decoder's verdict stand at this byte.
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(i, i + len));
    } catch {
      return i;
    }
    i += len;
  }
  return b.length;
}
