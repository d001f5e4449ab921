/** Each command's help: examples under its options, and usage errors that point at that command's own help. */
import type { Command } from 'commander';

/** Examples per command, as a user would type them from a checkout (roll and compare carry their own). */
export const EXAMPLES: Record<string, string[]> = {
  odds: [
    'warcast odds examples/orcs-vs-men.yaml',
    'warcast odds examples/orcs-vs-men.yaml --exact',
    'warcast odds examples/elven-pursuit.yaml --precision 0.002 --report pursuit-report',
    'cat battle.yaml | warcast odds - --json',
  ],
  report: [
    'warcast report examples/castle-siege.yaml --out castle-report',
    'warcast report examples/orcs-vs-men.yaml --exact --out kelvin-ford',
  ],
  siege: [
    'warcast siege examples/castle-siege.yaml',
    'warcast siege examples/simple-siege.yaml --trials 20000 --report siege-report',
  ],
  march: [
    'warcast march examples/forced-march-into-battle.yaml',
    'warcast march examples/forced-march-into-battle.yaml --monte-carlo --trials 100000',
  ],
  divided: ['warcast divided examples/divided-forces.yaml', 'warcast divided examples/divided-forces.yaml --json'],
  rate: ['warcast rate examples/elven-pursuit.yaml', 'warcast rate examples/orcs-vs-men.yaml --json'],
  cascade: [
    'warcast cascade examples/cascade-bob-john.yaml',
    'warcast cascade examples/cascade-bob-john.yaml --no-npc',
    'warcast cascade examples/cascade-kanly-three-rounds.yaml --rounds 3',
  ],
  matchup: [
    'warcast matchup examples/matchup-twin-hills.yaml',
    'warcast matchup examples/matchup-twin-hills.yaml --objective casualties',
    'warcast matchup examples/matchup-twin-hills.yaml --monte-carlo --trials 100000',
  ],
  sweep: [
    "warcast sweep examples/battle.yaml --vary 'sides[0].bonus' --from 0 --to 40 --step 5",
    "warcast sweep examples/orcs-vs-men.yaml --vary 'sides[0].troops' --from 600 --to 1200 --step 100 --exact",
  ],
  seek: [
    "warcast seek examples/orcs-vs-men.yaml --vary 'sides[0].troops' --target 'win[0] >= 0.7'",
    "warcast seek examples/simple-siege.yaml --vary foodWeeks --target 'fallenBy(20) >= 0.2' --largest --from 0 --to 20",
  ],
  worth: [
    'warcast worth examples/orcs-vs-men.yaml',
    'warcast worth examples/orcs-vs-men.yaml --side 1 --report worth-report',
    'warcast worth examples/cascade-kanly-three-rounds.yaml --player Ordos --rounds 5',
  ],
  tournament: [
    'warcast tournament examples/tournament-forces.yaml',
    'warcast tournament examples/tournament-forces.yaml --exact',
  ],
  luck: [
    'warcast luck examples/luck-log.yaml',
    'warcast luck examples/orcs-vs-men.yaml --observed winner=B,row=16-24,losses=160/0,held=B',
    'warcast luck examples/luck-log.yaml --side B --report luck-report',
  ],
  infer: [
    'warcast infer examples/infer-observed.yaml',
    "warcast infer examples/orcs-vs-men.yaml --unknown 'sides[1].battleRating' --from 40 --to 100 --observed winner=B,row=9-15 --observed winner=A,row=1-8",
    'warcast infer examples/infer-observed.yaml --prior normal:70,10 --json',
  ],
  design: [
    'warcast design examples/design-budget.yaml',
    'warcast design examples/design-budget.yaml --target 0.5 --report design-report',
  ],
  price: ['warcast price examples/price-options.yaml', 'warcast price examples/price-options.yaml --markdown'],
  merge: [
    'warcast odds examples/orcs-vs-men.yaml --shard 1/2 --out part1.json',
    'warcast odds examples/orcs-vs-men.yaml --shard 2/2 --out part2.json',
    'warcast merge part1.json part2.json',
  ],
  worker: [
    'warcast worker --redis redis://127.0.0.1:6379',
    'warcast odds examples/orcs-vs-men.yaml --trials 1e9 --redis redis://127.0.0.1:6379',
  ],
  app: [
    'warcast app examples/orcs-vs-men.yaml --out kelvin-ford-page',
    'warcast app examples/orcs-vs-men.yaml --site site   # publish site/ on any static host',
  ],
  discord: [
    'warcast discord --commands > commands.json',
    'WARCAST_DISCORD_PUBLIC_KEY=… warcast discord --port 8080 --state discord-state',
  ],
  schema: ['warcast schema war-machine > war-machine.schema.json', 'warcast schema --out schemas'],
  completion: [
    'warcast completion bash > ~/.local/share/bash-completion/completions/warcast',
    'warcast completion zsh > "${fpath[1]}/_warcast"',
    'warcast completion fish > ~/.config/fish/completions/warcast.fish',
  ],
  bench: ['warcast bench --quick', 'warcast bench --compare --threshold 0.5'],
};

/** Examples after each command's options (where it has none yet), and a usage error's hint naming its own help. */
export function addCommandHelp(program: Command): void {
  for (const command of program.commands) {
    const name = command.name();
    command.showHelpAfterError(`(run warcast ${name} --help for usage and examples)`);
    const examples = EXAMPLES[name];
    if (examples) {
      command.addHelpText('after', `\nExamples:\n${examples.map((e) => `  ${e}`).join('\n')}\n`);
    }
  }
}
