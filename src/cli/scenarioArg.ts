/**
 * A scenario argument as typed: `-` reads the scenario from stdin; a file that is not there is a usage error
 * (exit 2). Stdin, a FIFO or a device is read without blocking the event loop, at most 1 MiB, and Ctrl-C or
 * SIGTERM stops the read at once (src/scenario/input.ts).
 */
import { existsSync, statSync } from 'node:fs';
import { UsageError } from '../errors.js';
import type { ScenarioInput } from '../kinds/load.js';
import { INPUT_LIMITS, readLimited, readLimitedStdin } from '../scenario/input.js';
import { decodeScenarioBytes, scenarioReadError } from '../scenario/read.js';

export async function scenarioArg(file: string, signal?: AbortSignal): Promise<ScenarioInput> {
  if (file === '-') {
    const name = '<stdin>';
    try {
      return { text: decodeScenarioBytes(await readLimitedStdin(INPUT_LIMITS.scenario, signal), name), file: name };
    } catch (err) {
      throw scenarioReadError(name, err);
    }
  }
  if (!existsSync(file)) throw new UsageError(`${file}: no such file`);
  if (statSync(file).isFile() || statSync(file).isDirectory()) return file;
  // A FIFO (`<(cat s.yaml)`), /dev/stdin, a device: read here, where a signal can stop the read.
  try {
    return { text: decodeScenarioBytes(await readLimited(file, INPUT_LIMITS.scenario, signal), file), file };
  } catch (err) {
    throw scenarioReadError(file, err);
  }
}
