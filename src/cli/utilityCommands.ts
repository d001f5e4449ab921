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

/** `app` (the what-if page) and `bench`, listed after the toolkit. */
export function addPageAndBenchCommands(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command('app [scenario]')
    .description(
      'write the what-if page: a self-contained index.html with the exact engine, a form prefilled from the scenario, the matchup game (docs/app.md)',
    )
    .option('--out <dir>', 'folder for index.html (default warcast-app; with --serve, only if given)')
    .option(
      '--site <dir>',
      'write the page as a static site (index.html, manifest, icons, a service worker: installs on a phone, works offline)',
    )
    .option('--serve', 'serve the page on 127.0.0.1 until Ctrl-C')
    .option('--port <n>', 'with --serve: the port (default 0: a free port, printed)')
    .action(async (file: string | undefined, flags) =>
      setExit(await (await import('./app.js')).appCommand(file, flags, io)),
    );
  program
    .command('discord')
    .description(
      'run a Discord bot: an interactions endpoint answering /odds, /roll, /seal and /verify with the CLI’s documents (docs/discord.md)',
    )
    .option('--commands', 'print the slash commands’ registration JSON (what to PUT with the bot’s token) and exit')
    .option(
      '--register',
      'register the slash commands (needs WARCAST_DISCORD_APPLICATION_ID and WARCAST_DISCORD_TOKEN)',
    )
    .option('--port <n>', 'the port to listen on (default 8080; 0: a free port, printed)')
    .option('--host <address>', 'the address to listen on (default 127.0.0.1: put a tunnel or reverse proxy in front)')
    .option('--api-base <url>', "Discord's API, where follow-ups go (default https://discord.com/api/v10)")
    .option('--state <dir>', 'folder for each channel’s sealed round (default warcast-discord-state)')
    .option('--trials <n>', 'Monte Carlo answers: trials of the final answer (default 20000; a first look at 2000)')
    .option('--threads <n>', 'threads for a Monte Carlo answer (default 1)')
    .action(async (flags) => setExit(await (await import('./discord.js')).discordCommand(flags, io)));
  program
    .command('bench')
    .description('benchmark suites as ratios to an in-run reference loop, compared with benchmarks/baseline.json')
    .option('--json', 'print one JSON document on stdout')
    .option('--compare', 'exit 1 when any suite is more than (1 + threshold)× slower than the baseline')
    .option(
      '--threshold <x>',
      'allowed slowdown as a fraction (default 0.25: fail when more than 1.25× slower); implies --compare',
    )
    .option('--quick', 'fewer samples (the CI gate)')
    .option('--save', 'write the results as the new baseline (benchmarks/baseline.json)')
    .option('--baseline <file>', 'baseline file to compare with or save to')
    .option('--only <text>', 'only suites whose name contains text')
    // Loaded on demand: the benchmark modules stay out of every other command's start-up.
    .action(async (flags) => setExit(await (await import('./bench.js')).benchCommand(flags, io)));
}
