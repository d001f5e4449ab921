/** Commander wiring. Each command is a function of (arguments, flags, io) returning an exit code. */
import { Command, Option } from 'commander';
import { ExitCode } from '../errors.js';
import { addToolkitCommands } from './toolkitCommands.js';
import { addCampaignCommands } from './campaignCommands.js';
import { releaseReportFolders } from './reportOption.js';
import { closePool } from '../engine/pool.js';
import type { Io } from './io.js';
import { RUN_DEFAULTS } from '../engine/options.js';
import { addClusterCommands, addClusterOptions, runSimulation, type ClusterFlags, type Shardable } from './cluster.js';
import { warcastVersion } from '../version.js';
import { addTableCommands } from './tableCommands.js';
import { addPageAndBenchCommands, addUtilityCommands } from './utilityCommands.js';
import { jsonErrors } from './emit.js';
import { escapeControls } from '../scenario/controls.js';
import { exitCodeFor } from './exit.js';
import {
  addCheckpointOptions,
  countOption,
  familyOption,
  MAX_SEED,
  precisionOption,
  usageOutput,
  type TrialWords,
} from './options.js';
import { beforeAction } from './ignored.js';
import { assertScenarioArgs } from './scenarioArg.js';
import { unknownCommand } from './unknownCommand.js';
import { addCommandHelp } from './help.js';
import { grouped } from '../text/format.js';
export { threadCap } from './exit.js';

export const VERSION = warcastVersion;
// Command modules load when their command runs: each one's schemas, rules and engine cost start-up time.

/** Options every simulation command takes; `words`: what --trials counts there, and its default (battles unless said). */
export function addRunOptions(
  cmd: Command,
  words: TrialWords = { trials: `battles to simulate (default ${grouped(RUN_DEFAULTS.trials)})`, unit: 'battles' },
): Command {
  return addCheckpointOptions(
    cmd
      .addOption(countOption('--trials <n>', words.trials, 1, 1e12))
      .addOption(
        countOption('--seed <n>', `master seed; same seed, same answer (default ${RUN_DEFAULTS.seed})`, 0, MAX_SEED),
      )
      .addOption(
        // any count: more than 4 per core is capped with a warning before the run (src/cli/ignored.ts beforeAction)
        countOption('--threads <n>', 'threads: this one and n − 1 workers (default: available parallelism)', 1, 1e12),
      )
      .addOption(precisionOption(`keep adding ${words.unit} until every probability is known to ± eps (95%)`))
      .addOption(countOption('--max-trials <n>', `upper bound on ${words.unit} under --precision`, 1, 1e12))
      .option('--json', 'print one JSON document on stdout')
      .addOption(
        new Option(
          '--markdown',
          'print Markdown (verdict and tables) to paste into a forum or play-by-email post',
        ).conflicts('json'),
      ),
  );
}

export function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const simulation = (name: Shardable) => async (file: string, flags: ClusterFlags) =>
    setExit(await runSimulation(name, file, flags, io, VERSION));
  const program = new Command('warcast')
    .description('Monte Carlo and exact odds for War Machine battles, Siege Machine sieges and Dune seizure cascades')
    .version(VERSION)
    .showHelpAfterError('(run warcast --help for usage)')
    .configureOutput(usageOutput(io))
    .exitOverride();
  program.hook('preAction', (_program, command) => {
    // the command and its arguments, for a checkpoint's header (src/cli/checkpoint.ts)
    io.invocation = { command: command.name(), args: command.args.map(String) };
    beforeAction(io, command);
    assertScenarioArgs(command); // a missing scenario file: exit 2 for every command
  });

  addClusterOptions(
    addRunOptions(
      program
        .command('odds <scenario>')
        .description('win probabilities, results rows, casualties, fatigue and location of a War Machine battle'),
    )
      .option('--exact', 'exact odds only (enumerate the dice; no Monte Carlo)')
      .option('--report <dir>', 'also write a report folder (index.html, charts, result.json); see docs/reports.md')
      .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)'),
  ).action(simulation('odds'));

  addRunOptions(
    program
      .command('report <scenario>')
      .description(
        'run a scenario and write its report folder: index.html (opens offline), charts as Vega-Lite/SVG/PNG, result.json',
      ),
    {
      trials: `battles, sieges or cascade rounds to simulate (default ${grouped(RUN_DEFAULTS.trials)})`,
      unit: 'trials',
    },
  )
    .requiredOption('--out <dir>', 'the report folder to write (replaced only if empty or an earlier warcast report)')
    .option('--exact', 'exact odds only (war-machine; no Monte Carlo)')
    .option('--interactive', 'inline vega, vega-lite and vega-embed for tooltips and zoom (larger page, still offline)')
    .action(async (file: string, flags) => setExit(await (await import('./report.js')).reportCommand(file, flags, io)));
  addClusterOptions(
    addRunOptions(
      program
        .command('siege <scenario>')
        .description(
          'Siege Machine or simple siege: survival curve, weeks to fall, endings, casualties, fortification damage',
        ),
      { trials: `sieges to simulate (default ${grouped(RUN_DEFAULTS.trials)})`, unit: 'sieges' },
    )
      .option('--report <dir>', 'also write a report folder (index.html, charts, result.json); see docs/reports.md')
      .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)'),
  ).action(simulation('siege'));

  addCampaignCommands(program, io, setExit, addRunOptions);
  addTableCommands(program, io, setExit, addRunOptions);
  addUtilityCommands(program, io, setExit);
  addClusterOptions(
    addRunOptions(
      program
        .command('cascade <round>')
        .description(
          'Dune seizure cascade: step-by-step trace of the ordered attacks, then NPC attacks and coin flips by Monte Carlo',
        ),
      {
        trials: `rounds (campaigns with --rounds) to simulate (default ${grouped(RUN_DEFAULTS.trials)}; with --rounds R, ⌈10⁶ / R⌉, at least 10,000)`,
        unit: 'rounds',
      },
    )
      .option('--no-npc', 'no random NPC attacks (the Monte Carlo then covers only coin flips)')
      .option(
        '--rounds <R>',
        "planning over R rounds: the orders in the first, NPC attacks, income, fees and regeneration in all; P(still held) and each player's ledger",
      )
      .option(
        '--lenient',
        'list orders the rules reject (with the reason) and play the round without them, instead of exit 3',
      )
      .option('--report <dir>', 'also write a report folder (index.html, charts, result.json); see docs/reports.md')
      .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)'),
  ).action(simulation('cascade'));

  addClusterOptions(
    addRunOptions(
      program
        .command('matchup <scenario>')
        .description(
          'odds for every pair of tactics, and the tactic choice solved as a game (Nash mixes, value, best replies, dominated tactics)',
        ),
      {
        trials: `with --monte-carlo: battles per pair of tactics (default ${grouped(RUN_DEFAULTS.trials)})`,
        unit: 'battles',
      },
    )
      .option(
        '--objective <name>',
        'what the game is solved on: win (constant-sum: P(win) + ½ P(no winner)) or casualties (enemy − own losses)',
        'win',
      )
      .option(
        '--monte-carlo',
        'also simulate every cell (--trials battles each, same seed in every cell) with 95% intervals',
      )
      .option('--report <dir>', 'also write a report folder (index.html, charts, result.json); see docs/reports.md')
      .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)'),
  ).action(simulation('matchup'));

  addClusterOptions(
    addRunOptions(
      program
        .command('sweep <scenario>')
        .description(
          'how the answer moves as one or two numeric fields vary (common random numbers): battles, sieges (P(fallen), weeks to fall) and cascades (P(held))',
        ),
      {
        trials: `battles per value (default ${grouped(RUN_DEFAULTS.trials)}); sieges and cascade rounds per value, the same for every value (default: stages until each value is known to ± 0.5 points, --precision)`,
        unit: 'trials',
      },
    )
      .requiredOption(
        '--vary <path>',
        'the numeric field to vary, e.g. sides[0].battleRating, equipment.attacker.trebuchet.count, defender.troops',
      )
      .requiredOption('--from <x>', 'first value')
      .requiredOption('--to <y>', 'last value (inclusive)')
      .option('--step <s>', 'step between values (default 1)')
      .option('--vary2 <path>', 'sieges and cascades: a second field; the points form a grid (a heatmap in the report)')
      .option('--from2 <x>', 'first value of --vary2')
      .option('--to2 <y>', 'last value of --vary2 (inclusive)')
      .option('--step2 <s>', 'step of --vary2 (default 1)')
      .option('--rounds <n>', 'cascades: rounds to play; P(held) after the last (default 1)')
      .addOption(familyOption('a siege’s or cascade’s changes from value to value'))
      .option(
        '--race <side>',
        'race the values for the best win probability of side 0 or 1: stages, dropping values clearly below the best (docs/design.md)',
      )
      .option('--exact', 'exact odds only (no Monte Carlo)')
      .option('--report <dir>', 'also write a report folder (index.html, charts, result.json); see docs/reports.md')
      .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)'),
  ).action(simulation('sweep'));
  addClusterCommands(program, io, setExit, VERSION);

  addToolkitCommands(program, io, setExit, addRunOptions);
  addPageAndBenchCommands(program, io, setExit);
  addCommandHelp(program);
  return program;
}

/** Run the CLI with `argv` (without node and script); returns the exit code. Never throws. */
export async function runCli(argv: string[], rawIo: Io): Promise<number> {
  let code: number = ExitCode.ok;
  // Names come from scenario files: control characters (ESC, BEL) are shown escaped, never sent to the terminal.
  const io: Io = { ...rawIo, out: (t) => rawIo.out(escapeControls(t)), json: argv.includes('--json') };
  const program = buildProgram(io, (c) => (code = c));
  // Bare `warcast`: the help on stdout (where `warcast | less` finds it), exit 0.
  if (argv.length === 0) {
    io.out(program.helpInformation());
    return ExitCode.ok;
  }
  try {
    const unknown = unknownCommand(program, argv);
    if (unknown) throw unknown;
    await program.parseAsync(argv, { from: 'user' });
    // Stopped after the run, while its report was being rendered: the report was not written.
    if (code === ExitCode.ok && io.signal?.aborted) code = ExitCode.interrupted;
  } catch (err) {
    code = exitCodeFor(err, io.json ? jsonErrors(io) : io);
  } finally {
    await closePool();
    await releaseReportFolders(); // a --report/--out folder locked before a run that then failed
  }
  return code;
}
