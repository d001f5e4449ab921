/** Commander wiring of the campaign commands: `march` (a march over days) and `divided` (several forces a side). */
import { Option, type Command } from 'commander';
import { RUN_DEFAULTS } from '../engine/options.js';
import { grouped } from '../text/format.js';
import type { Io } from './io.js';
import type { TrialWords } from './options.js';

/** `addRunOptions` is passed in (program.ts imports this file): no import cycle. */
export function addCampaignCommands(
  program: Command,
  io: Io,
  setExit: (code: number) => void,
  addRunOptions: (cmd: Command, words?: TrialWords) => Command,
): void {
  addRunOptions(
    program
      .command('march <scenario>')
      .description(
        'a march over days: arrival by day, distance, fatigue from hunger and forced marches, and the battle on arrival (exact chain)',
      ),
    { trials: `with --monte-carlo: marches to simulate (default ${grouped(RUN_DEFAULTS.trials)})`, unit: 'marches' },
  )
    .option('--monte-carlo', 'simulate (--trials marches) with 95% intervals instead of the exact chain')
    .option('--report <dir>', 'also write a report folder (index.html, charts, result.json); see docs/reports.md')
    .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)')
    .action(async (file: string, flags) => setExit(await (await import('./march.js')).marchCommand(file, flags, io)));

  program
    .command('divided <scenario>')
    .description(
      "several forces a side: pairings in the book's order, each pairing's odds, casualties per force, P(wins the day), the best listed split (exact)",
    )
    .option('--json', 'print one JSON document on stdout')
    .addOption(
      new Option(
        '--markdown',
        'print Markdown (verdict and tables) to paste into a forum or play-by-email post',
      ).conflicts('json'),
    )
    .option('--report <dir>', 'also write a report folder (index.html, charts, result.json); see docs/reports.md')
    .option('--interactive', 'with --report: inline vega for tooltips and zoom (larger page, still offline)')
    .action(async (file: string, flags) =>
      setExit(await (await import('./divided.js')).dividedCommand(file, flags, io)),
    );
}
