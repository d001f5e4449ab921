/** A scenario argument as typed: `-` reads the scenario from stdin; a file that is not there is a usage error (exit 2). */
import { lstatSync, readFileSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { ScenarioInput } from '../kinds/load.js';

export function scenarioArg(file: string): ScenarioInput {
  if (file === '-') return { text: readFileSync(0, 'utf8'), file: '<stdin>' };
  assertScenarioFile(file);
  return file;
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
    const shown = file.length > 120 ? `${file.slice(0, 60)}…${file.slice(-40)} (${file.length.toLocaleString('en-US')} characters)` : file;
    let link = false;
    try {
      link = lstatSync(file).isSymbolicLink();
    } catch {
      // not there at all
    }
    if (code === 'ENOENT') throw new UsageError(`${shown}: ${link ? 'a symbolic link to a file that is not there' : 'no such file'}`);
    if (code === 'ELOOP') throw new UsageError(`${shown}: a loop of symbolic links (it never reaches a file)`);
    if (code === 'ENOTDIR') throw new UsageError(`${shown}: no such file (a part of the path is not a folder)`);
    if (code === 'ENAMETOOLONG') throw new UsageError(`${shown}: no such file (the name is too long)`);
  }
}

/** The arguments that name scenario files (every command's `<scenario>`, cascade's `<round>`, compare's two, tournament's forces). */
const FILE_ARGUMENTS = new Set(['scenario', 'round', 'forces', 'a', 'b']);

/** Check a command's scenario file arguments before its action runs: a missing file is exit 2 whatever the command. */
export function assertScenarioArgs(command: Command): void {
  command.registeredArguments.forEach((arg, i) => {
    const value = command.processedArgs[i] as unknown;
    if (FILE_ARGUMENTS.has(arg.name()) && typeof value === 'string') assertScenarioFile(value);
  });
}
