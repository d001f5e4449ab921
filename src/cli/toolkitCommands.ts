/** Commander wiring of the designer's toolkit: seek, worth, tournament, design, price, luck, infer (docs/design.md). */
import { addKindOptions } from './kindOptions.js';
import { Option, type Command } from 'commander';
import type { Io } from './io.js';
import {
  addCheckpointOptions,
  countOption,
  familyOption,
  MAX_SEED,
  precisionOption,
  type TrialWords,
} from './options.js';

/** `addRunOptions` is passed in (program.ts imports this file): no import cycle. */
export function addToolkitCommands(
  program: Command,
  io: Io,
  setExit: (code: number) => void,
  addRunOptions: (cmd: Command, words?: TrialWords) => Command,
): void {
  addRunOptions(
    program
      .command('seek <scenario>')
      .description(
        'the smallest (or largest) value of one numeric field that meets a target, e.g. win[0] >= 0.9, fallenBy(12) >= 0.8, held(5) >= 0.95, arrivedBy(4) >= 0.9',
      ),
    {
      trials:
        'a siege or cascade: at most this many trials per value (a sequential test from 10,000, doubling; default: stages until each value is decided or known to ± 0.5 points, --precision); a battle is exact',
      unit: 'trials',
    },
  )
    .requiredOption(
      '--vary <path>',
      'the numeric field to search, e.g. sides[0].troops, sides[0].bonus, foodWeeks, locations[0].militia',
    )
    .requiredOption(
      '--target <expr>',
      'the target: win[0|1] (a battle), fallenBy(week) (a siege), held(round[, location]) (a cascade) or arrivedBy(day) (a march) compared (>=, >, <=, <) with a probability',
    )
    .option('--from <x>', 'first value (default 1 for troops, else 0)')
    .option('--to <y>', 'last value (default 100000 for troops, else 100)')
    .option('--step <s>', 'grid step (default 1)')
    .option('--largest', 'the largest value that meets the target (default: the smallest)')
    .addOption(familyOption('a siege’s or cascade’s values visited'))
    .option('--exact', 'exact odds only (war-machine; always exact there)')
    .option('--report <dir>', 'also write a report folder (index.html, charts, result.json); see docs/reports.md')
    .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)')
    .action(async (file: string, flags) => setExit(await (await import('./seek.js')).seekCommand(file, flags, io)));

  const worth = addRunOptions(
    program
      .command('worth <scenario>')
      .description(
        "what each adjustment, tactic, +10% troops and +10 BR is worth to a side: change in win probability and casualties, equivalent in BR points and in troops (exact); on a siege, engines, fortifications and food too, by Monte Carlo on paired trials, each change with its 95% interval (default: staged until ± 0.5 points, --precision); on a cascade, what each choice is worth to a player's hold on a location, in legions",
      ),
    {
      trials:
        'a siege or cascade: trials per variant, the same for every item (default: stages by --precision); a battle is exact',
      unit: 'trials',
    },
  ).option(
    '--side <n>',
    "the side to value: 0 (A, default) or 1 (B); a siege: 0 the attacker, 1 the defender; a cascade: a player's index (or --player)",
  );
  // The kinds' own options (a siege's --week, a cascade's --player …), from the registry.
  addKindOptions(worth, 'worth')
    .addOption(familyOption('a siege’s or cascade’s items'))
    .option('--exact', 'a battle: exact odds (always exact there); a siege or cascade has none')
    .option(
      '--report <dir>',
      'also write a report folder (index.html, tornado chart, result.json); see docs/reports.md',
    )
    .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)')
    .action(async (file: string, flags) => setExit(await (await import('./worth.js')).worthCommand(file, flags, io)));

  const records = (value: string, previous: string[] = []) => [...previous, value];
  const outputOptions = (cmd: Command) =>
    cmd
      .option('--json', 'print one JSON document on stdout')
      .addOption(
        new Option(
          '--markdown',
          'print Markdown (verdict and tables) to paste into a forum or play-by-email post',
        ).conflicts('json'),
      )
      .option('--report <dir>', 'also write a report folder (index.html, charts, result.json); see docs/reports.md')
      .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)');
  outputOptions(
    program
      .command('luck <scenario>')
      .description(
        'how lucky was a battle as played, or a log of them (kind: luck): each recorded result, troops lost and who held the field placed in the exact distribution (percentile and both tails), and the whole log by the exact distribution of its sums',
      )
      .option(
        '--observed <record>',
        'what happened, with a scenario (repeat for several battles): winner=A|B|none, row=9-15 or margin=12, losses=198/38, held=A|B|both|neither',
        records,
      )
      .option('--side <side>', "whose luck: A, B or a side's name (default A, or the log's side)"),
  ).action(async (file: string, flags) => setExit(await (await import('./luck.js')).luckCommand(file, flags, io)));

  outputOptions(
    program
      .command('infer <scenario>')
      .description(
        "what an unknown number of the enemy (BR, troops, …) is, from battles observed (kind: infer, or a scenario with --observed): the posterior on a grid from exact likelihoods and a stated prior, its mean and credible interval, and the next battle's odds with that uncertainty carried",
      )
      .option(
        '--observed <record>',
        'a battle observed, with a scenario (repeat): winner=A|B|none, row=9-15 or margin=12, losses=198/38, held=A|B|both|neither',
        records,
      )
      .option('--unknown <path>', 'the unknown field, e.g. sides[1].battleRating or sides[1].troops')
      .option('--from <x>', 'the smallest value it may have')
      .option('--to <y>', 'the largest value it may have')
      .option('--step <s>', 'grid step (default 1)')
      .option('--prior <prior>', 'uniform (default), normal:MEAN,SD or weights:w1,w2,… (one per grid value)')
      .option('--level <p>', 'credible interval probability (default 0.95)'),
  ).action(async (file: string, flags) => setExit(await (await import('./luck.js')).inferCommand(file, flags, io)));

  addRunOptions(
    program
      .command('tournament <forces>')
      .description(
        'round robin of N forces: win matrix (row attacks), Bradley–Terry ratings with intervals (Elo scale), value for money and the Pareto front',
      ),
    { trials: 'battles per pairing (default 20,000)', unit: 'battles' },
  )
    .option('--exact', 'exact odds only (ratings without intervals)')
    .option(
      '--race',
      'race the forces for the strongest: stages up to --trials, dropping forces rated clearly below the leader (docs/design.md)',
    )
    .addOption(familyOption('the pairs’ orders (this force rated above that one)'))
    .option('--report <dir>', 'also write a report folder (heatmap, ratings, result.json); see docs/reports.md')
    .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)')
    .action(async (file: string, flags) =>
      setExit(await (await import('./tournament.js')).tournamentCommand(file, flags, io)),
    );

  const designCommand = program
    .command('design <file>')
    .description(
      "the purchase within a budget (gold, weeks) with the best P(win) against the enemy's best reply, or the cheapest reaching --target; the Pareto front of cost against win (exact); a siege design (siege:): engines, food and troops by staged Monte Carlo with 95% intervals",
    )
    .option('--target <p>', 'the cheapest purchase whose P(win) is at least p (0–1), e.g. 0.9')
    .option('--top <n>', 'how many of the best purchases to show (default 5)')
    .addOption(
      countOption('--seed <n>', 'a siege design: master seed; same seed, same answer (default 42)', 0, MAX_SEED),
    )
    .addOption(
      countOption(
        '--trials <n>',
        'a siege design: a fixed count of sieges for every purchase, no stages (the brute force); a battle is exact',
        1,
        1e8,
      ),
    )
    .addOption(
      precisionOption(
        'a siege design: stages until the leaders are separated or within ± eps of each other (default 0.005)',
      ),
    )
    .addOption(
      countOption('--max-trials <n>', 'a siege design: at most this many sieges a purchase (default 128,000)', 1, 1e8),
    )
    .addOption(
      countOption(
        '--threads <n>',
        'a siege design: threads its sieges run on (default: every core; the answer is the same for any --threads)',
        1,
        1e12,
      ),
    )
    .option('--json', 'print one JSON document on stdout')
    .addOption(new Option('--markdown', 'print Markdown to paste into a forum or play-by-email post').conflicts('json'))
    .option('--report <dir>', 'also write a report folder (Pareto front chart, result.json); see docs/reports.md')
    .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)');
  // A siege design's paired sieges are checkpointed like any run (a battle's design is exact: nothing to keep).
  addCheckpointOptions(designCommand).action(async (file: string, flags) =>
    setExit(await (await import('./design.js')).designCommand(file, flags, io)),
  );

  program
    .command('price <file>')
    .description(
      "each troop type's price at which equal-cost forces are even against the reference type (exact), types dominated at any price, each price's sensitivity",
    )
    .option('--json', 'print one JSON document on stdout')
    .addOption(new Option('--markdown', 'print Markdown to paste into a forum or play-by-email post').conflicts('json'))
    .option('--report <dir>', 'also write a report folder (price chart, result.json); see docs/reports.md')
    .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)')
    .action(async (file: string, flags) => setExit(await (await import('./design.js')).priceCommand(file, flags, io)));
}
