/**
 * `warcast design --help`, `warcast help design`: a command that does not exist is a usage error (exit 2) with a
 * suggestion, whether or not --help is given (commander alone prints the general help and exits 0 then).
 */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { closest } from '../scenario/source.js';

/** Options of the program itself, before the command; none takes a value. */
const GLOBAL_FLAGS = new Set(['-q', '--quiet', '--wide', '-h', '--help', '-V', '--version', '--json']);

/** The usage error for an unknown command in `argv`, or null when the command exists (or none is named). */
export function unknownCommand(program: Command, argv: string[]): UsageError | null {
  const names = program.commands.flatMap((c) => [c.name(), ...c.aliases()]);
  let i = 0;
  while (i < argv.length && GLOBAL_FLAGS.has(argv[i])) i++;
  if (i >= argv.length) return null;
  let word = argv[i];
  if (word === 'help') {
    const next = argv.slice(i + 1).find((a) => !a.startsWith('-'));
    if (next === undefined) return null;
    word = next;
  }
  if (word.startsWith('-') || names.includes(word)) return null; // an unknown option: commander's own error
  const shown = word.length > 60 ? `${word.slice(0, 60)}…` : word;
  const hint = closest(
    word,
    names.filter((n) => n !== 'help'),
  );
  // A scenario file named without a command: say which command reads it.
  const file = /\.(ya?ml|json)$/i.test(word) ? ` (a scenario file? name the command first: warcast odds ${shown})` : '';
  return new UsageError(
    `unknown command '${shown}'${hint ? ` (did you mean '${hint}'?)` : file}; run warcast --help for the commands`,
  );
}
