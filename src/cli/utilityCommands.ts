/** Commands around the analyses (the scenario JSON Schema for editors, shell completion) and the global options. */
import type { Command } from 'commander';
import type { Io } from './io.js';

export function addUtilityCommands(program: Command, io: Io, setExit: (code: number) => void): void {
  // Global options: given before or after the command (docs/cli.md).
  program
    .option('-q, --quiet', 'no progress bar, notes or warnings on stderr (errors still), before or after the command')
    .option('--wide', 'on a terminal, print tables and lines at full width (default there: fit the terminal width)');
  program
    .command('schema [kind]')
    .description(
      "the scenario files' JSON Schema (all kinds, or one: war-machine, siege, cascade, march, divided, tournament) for editors; docs/scenarios.md",
    )
    .option('--out <dir>', 'write KIND.schema.json files (and scenario.schema.json) into dir instead of printing')
    .action(async (kind: string | undefined, flags) =>
      setExit(await (await import('./schema.js')).schemaCommand(kind, flags, io)),
    );

  program
    .command('completion <shell>')
    .description('print a shell completion script (bash, zsh or fish) for every command and option; docs/cli.md')
    .action(async (shell: string, _flags: unknown, command: Command) => {
      io.out((await import('./completion.js')).completionScript(command.parent!, shell));
      setExit(0);
    });
}
