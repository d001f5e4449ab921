/**
 * Which command-line arguments name files, and which shared reader or writer each goes through: the table the
 * special-file test walks over every command of the program (test/fuzz/file-arguments.test.ts), so a new command
 * or option that names a file is covered without a new test, and one missing here fails that test.
 */
import type { InputKind } from './read.js';

export interface FileRole {
  /** The kind of file read (src/files/read.ts, or src/cli/scenarioArg.ts for a scenario). */
  reads?: InputKind;
  /** What is written: a file (src/files/output.ts checkOutputFile/writeOutputFile or writeNewFile), or a folder (reports/write.ts). */
  writes?: 'file' | 'folder';
}

/** A placeholder naming a file or folder (`<scenario>`, `--out <dir>`), as commander shows it. */
export const FILE_PLACEHOLDERS = new Set(['file', 'dir', 'scenario', 'round', 'forces', 'post', 'parts', 'a', 'b']);

/** Roles by `COMMAND <arg>` or `COMMAND --option`, else by `<arg>` or `--option` alone. */
export const FILE_ROLES: Record<string, FileRole> = {
  '<scenario>': { reads: 'scenario' },
  '<round>': { reads: 'scenario' },
  '<forces>': { reads: 'scenario' },
  '<a>': { reads: 'scenario' },
  '<b>': { reads: 'scenario' },
  'design <file>': { reads: 'scenario' },
  'price <file>': { reads: 'scenario' },
  'seal <file>': { writes: 'file' },
  'verify <post>': { reads: 'post' },
  'merge <parts>': { reads: 'part' },
  'verify --scenario': { reads: 'scenario' },
  'roll --seal': { reads: 'seal' },
  'roll --state': { reads: 'state', writes: 'file' },
  '--resume': { reads: 'checkpoint' },
  '--checkpoint': { writes: 'file' },
  '--out': { writes: 'file' },
  'report --out': { writes: 'folder' },
  'schema --out': { writes: 'folder' },
  'app --out': { writes: 'folder' },
  'app --site': { writes: 'folder' },
  'discord --state': { writes: 'folder' },
  '--report': { writes: 'folder' },
  'bench --baseline': { writes: 'file' },
};

/** The role of argument or option `name` (`<scenario>`, `--out`) of `command`, or undefined when none is listed. */
export function fileRole(command: string, name: string): FileRole | undefined {
  return FILE_ROLES[`${command} ${name}`] ?? FILE_ROLES[name];
}
