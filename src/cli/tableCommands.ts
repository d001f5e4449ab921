/** The commands for play at the table: `roll` (one game with real dice), `seal` and `verify` (sealed rounds), `compare` (two scenarios), `rate`. */
import { Option, type Command } from 'commander';
import type { Io } from './io.js';
import { countOption, familyOption, MAX_SEED, type TrialWords } from './options.js';

export function addTableCommands(
  program: Command,
  io: Io,
  setExit: (code: number) => void,
  addRunOptions: (cmd: Command, words?: TrialWords) => Command,
): void {
  const collect = (value: string, previous: string[] = []) => [...previous, value];
  program
    .command('roll <scenario>')
    .description(
      'play one battle (day by day when it pursues), siege (week by week), cascade round, march (day by day) or divided battle with real dice, narrated: drawn by a seed, typed (--dice) or sealed for a play-by-email game (--seal); docs/roll.md',
    )
    .addOption(
      countOption(
        '--seed <n>',
        'the dice seed (default: fresh dice each time; the seed is printed for replay)',
        0,
        MAX_SEED,
      ),
    )
    .addOption(
      new Option(
        '--dice [dice]',
        'the dice rolled at the table, in the order the roll asks ("37 82 4"); alone: asked one by one on a terminal',
      ).conflicts('seed'),
    )
    .option(
      '--weekly',
      'a siege one week at a time: choose --attacker and --defender tactics (asked on a terminal), saved with --state',
    )
    .option('--state <file>', '--weekly: the siege so far, resumed and saved (atomically) each week')
    .option('--attacker <tactic>', "--weekly: the attacker's tactic this week")
    .option('--defender <tactic>', "--weekly: the defenders' tactic this week")
    .addOption(
      new Option(
        '--seal <file>',
        'a sealed round: the seed derived from the secret in FILE (warcast seal), the scenario and the contributions',
      ).conflicts(['seed', 'dice']),
    )
    .option('--contrib <text>', "with --seal: a player's contribution (repeat for each)", collect)
    .option('--no-npc', 'cascade: no NPC attacks')
    .option('--json', 'print one JSON document on stdout')
    .addOption(
      new Option(
        '--markdown',
        'print Markdown messages for a forum or Discord post (split to --limit characters)',
      ).conflicts('json'),
    )
    .option('--limit <chars>', "the longest Markdown message (default 2000, Discord's; 0: no split)")
    .option('--post <url>', 'send the Markdown messages to a Discord-compatible webhook (the URL is never printed)')
    .addHelpText(
      'after',
      '\nExamples:\n  warcast roll examples/orcs-vs-men.yaml\n  warcast roll examples/orcs-vs-men.yaml --dice "37 82"\n  warcast roll examples/elven-pursuit.yaml --seed 7\n  warcast roll examples/castle-siege.yaml --weekly --state castle.json --attacker bombard --defender stay\n  warcast roll examples/forced-march-into-battle.yaml --seed 3\n  warcast roll examples/cascade-bob-john.yaml --seal round7.seal --contrib "alice: tulips" --markdown\n',
    )
    // --weekly plays a siege week by week (rollWeekly.ts, which uses roll.ts's readers and printer).
    .action(async (file: string, flags) =>
      setExit(
        flags.weekly
          ? await (await import('./rollWeekly.js')).weeklyCommand(file, flags, io)
          : await (await import('./roll.js')).rollCommand(file, flags, io),
      ),
    );

  program
    .command('seal <file>')
    .description(
      "a sealed round's secret, written to FILE (never overwritten), and the commitment to publish before orders are due; docs/roll.md",
    )
    .option('--json', 'print one JSON document on stdout')
    .addHelpText(
      'after',
      '\nExamples:\n  warcast seal round7.seal\n  warcast roll examples/cascade-bob-john.yaml --seal round7.seal --contrib "Bob: spice" --markdown\n',
    )
    .action(async (file: string, flags) => setExit(await (await import('./seal.js')).sealCommand(file, flags, io)));

  program
    .command('verify <post>')
    .description(
      're-play a sealed roll from its post (Markdown or JSON) and say whether every roll and every word of it matches; exit 1 when not',
    )
    .option('--scenario <file>', 'the scenario as the players know it (default: the file the post names)')
    .option('--commitment <sha256>', 'the commitment the referee published before the orders')
    .option('--contrib <text>', 'a contribution that must be counted (repeat for each)', collect)
    .option('--json', 'print one JSON document on stdout')
    .addHelpText(
      'after',
      '\nExamples:\n  warcast verify post.md\n  warcast verify post.md --scenario examples/cascade-bob-john.yaml --commitment <sha256 published> --contrib "Bob: spice"\n',
    )
    .action(async (post: string, flags) => setExit(await (await import('./seal.js')).verifyCommand(post, flags, io)));

  addRunOptions(
    program
      .command('compare <a> <b>')
      .description(
        'two scenarios of one kind side by side (win, losses, weeks to fall, owners): the difference and whether it is beyond noise',
      ),
    {
      trials:
        'battles per scenario (default 1,000,000); sieges and cascade rounds per scenario (default: stages until each is known to ± 0.5 points, --precision)',
      unit: 'trials',
    },
  )
    .addHelpText(
      'after',
      '\nExamples:\n  warcast compare examples/orcs-vs-men.yaml examples/battle.yaml\n  warcast compare examples/castle-siege.yaml examples/castle-four-trebuchets.yaml --trials 20000\n',
    )
    .addOption(familyOption('the rows with Monte Carlo noise'))
    .action(async (a: string, b: string, flags) =>
      setExit(await (await import('./compare.js')).compareCommand(a, b, flags, io)),
    );

  program
    .command('rate <scenario>')
    .description("how each side's BFR, troop class, BR and modified BR are built, rule by rule")
    .option('--json', 'print one JSON document on stdout')
    .addOption(new Option('--markdown', 'print Markdown to paste into a forum or play-by-email post').conflicts('json'))
    .action(async (file: string, flags) => setExit(await (await import('./rate.js')).rateCommand(file, flags, io)));
}
