/**
 * Reading a scenario file from disk (Node only): bounded (src/scenario/input.ts), UTF-8 checked, then parsed by
 * src/scenario/source.ts.
 */
import { ExitCode, ScenarioError, WarcastError } from '../errors.js';
import { ReadFailure, readLimitedSync } from './input.js';
import { parseScenarioText, SCENARIO_LIMITS, type ScenarioSource } from './source.js';

/**
 * Read a scenario file, at most SCENARIO_LIMITS.bytes of it: reading stops one byte past the limit, so a device
 * or a huge file costs no more than a small one. The text must be UTF-8.
 */
export function readScenarioFile(file: string): ScenarioSource {
  let bytes: Buffer;
  try {
    bytes = readLimitedSync(file, SCENARIO_LIMITS.bytes);
  } catch (err) {
    throw scenarioReadError(file, err);
  }
  return parseScenarioText(decodeScenarioBytes(bytes, file), file);
}

/** A failed read of scenario `file` as its one line (exit 3; stopped by a signal: exit 130). */
export function scenarioReadError(file: string, err: unknown): Error {
  if (!(err instanceof ReadFailure)) return err as Error;
  if (err.code === 'signal') return new WarcastError(`${file}: ${err.reason}`, ExitCode.interrupted);
  if (err.code === 'limit')
    return new ScenarioError(
      file,
      null,
      '',
      `larger than ${SCENARIO_LIMITS.bytes.toLocaleString('en-US')} bytes (1 MiB), the limit for a scenario file (docs/reliability.md)`,
    );
  return new ScenarioError(
    file,
    null,
    '',
    err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'is a directory' : err.reason,
  );
}

/** A scenario's bytes as text: UTF-8, else a ScenarioError at the line of the first bad byte. */
export function decodeScenarioBytes(buf: Buffer, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    const bad = firstInvalidUtf8(buf);
    let line = 1;
    for (let i = 0; i < bad; i++) if (buf[i] === 10) line++;
    throw new ScenarioError(file, line, '', `not UTF-8 text (bad byte at offset ${bad}): is this a scenario file?`);
  }
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
