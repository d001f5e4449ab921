/**
 * A scenario argument as typed: `-` reads the scenario from stdin; a file that is not there is a usage error
 * (exit 2). Stdin, a FIFO or a device is read without blocking the event loop, at most 1 MiB, and Ctrl-C or
 * SIGTERM stops the read at once (src/scenario/input.ts).
 */
import { lstatSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { fileRole } from '../files/arguments.js';
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
  assertScenarioFile(file);
  const stat = statSync(file);
  if (stat.isFile() || stat.isDirectory()) return file;
  // A FIFO (`<(cat s.yaml)`), /dev/stdin, a device: read here, where a signal can stop the read.
  try {
    return { text: decodeScenarioBytes(await readLimited(file, INPUT_LIMITS.scenario, signal), file), file };
  } catch (err) {
    throw scenarioReadError(file, err);
  }
}

/**
 * A named scenario file that is not there is a usage error (exit 2) for every command (docs/reliability.md), said
 * in words: no such file, a link to a missing file, a loop of symbolic links. Anything else (a folder, a device,
 * bad text) is the reader's to report.
 */
export function assertScenarioFile(file: string): void {
  if (file === '-') return;
  try {
    statSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const shown =
      file.length > 120
        ? `${file.slice(0, 60)}…${file.slice(-40)} (${file.length.toLocaleString('en-US')} characters)`
        : file;
    let link = false;
    try {
      link = lstatSync(file).isSymbolicLink();
    } catch {
      // not there at all
    }
    if (code === 'ENOENT')
      throw new UsageError(`${shown}: ${link ? 'a symbolic link to a file that is not there' : 'no such file'}`);
    if (code === 'ELOOP') throw new UsageError(`${shown}: a loop of symbolic links (it never reaches a file)`);
    if (code === 'ENOTDIR') throw new UsageError(`${shown}: no such file (a part of the path is not a folder)`);
    if (code === 'ENAMETOOLONG') throw new UsageError(`${shown}: no such file (the name is too long)`);
  }
}

/** Check a command's scenario file arguments before its action runs: a missing file is exit 2 whatever the command. */
export function assertScenarioArgs(command: Command): void {
  command.registeredArguments.forEach((arg, i) => {
    const value = command.processedArgs[i] as unknown;
    // the arguments naming scenario files, by the table of file arguments (src/files/arguments.ts)
    if (fileRole(command.name(), `<${arg.name()}>`)?.reads === 'scenario' && typeof value === 'string')
      assertScenarioFile(value);
  });
}
