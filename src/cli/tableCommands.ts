/** The commands for play at the table: `roll` (one battle, siege or round with real dice), `compare` (two scenarios), `rate`. */
import { Option, type Command } from 'commander';
import type { Io } from './io.js';
import type { TrialWords } from './options.js';

export function addTableCommands(program: Command, io: Io, setExit: (code: number) => void, addRunOptions: (cmd: Command, words?: TrialWords) => Command): void {
  program
    .command('roll <scenario>')
    .description('play one battle (day by day when it pursues), one siege (week by week) or one cascade round with real dice, narrated; --seed replays it')
    .option('--seed <n>', 'the dice seed (default: fresh dice each time; the seed is printed for replay)')
    .option('--no-npc', 'cascade: no NPC attacks')
    .option('--json', 'print one JSON document on stdout')
    .addOption(new Option('--markdown', 'print Markdown to paste into a forum or play-by-email post').conflicts('json'))
    .addHelpText('after', '\nExamples:\n  warcast roll examples/orcs-vs-men.yaml\n  warcast roll examples/elven-pursuit.yaml --seed 7\n  warcast roll examples/castle-siege.yaml --seed 5\n  warcast roll examples/cascade-bob-john.yaml --seed 3\n')
    .action(async (file: string, flags) => setExit(await (await import('./roll.js')).rollCommand(file, flags, io)));

  addRunOptions(program.command('compare <a> <b>').description('two scenarios of one kind side by side (win, losses, weeks to fall, owners): the difference and whether it is beyond noise'), { trials: 'battles, sieges or cascade rounds per scenario (default 1,000,000)', unit: 'trials' })
    .addHelpText('after', '\nExamples:\n  warcast compare examples/orcs-vs-men.yaml examples/battle.yaml\n  warcast compare examples/castle-siege.yaml examples/castle-four-trebuchets.yaml --trials 20000\n')
    .action(async (a: string, b: string, flags) => setExit(await (await import('./compare.js')).compareCommand(a, b, flags, io)));

  program
    .command('rate <scenario>')
    .description("how each side's BFR, troop class, BR and modified BR are built, rule by rule")
    .option('--json', 'print one JSON document on stdout')
    .addOption(new Option('--markdown', 'print Markdown to paste into a forum or play-by-email post').conflicts('json'))
    .action(async (file: string, flags) => setExit(await (await import('./rate.js')).rateCommand(file, flags, io)));

}
