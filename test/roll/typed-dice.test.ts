/**
 * Typed dice: a roll's recorded dice typed back give the same roll, for every kind roll plays; a missing, extra or
 * out-of-range die is a usage error naming the die and its range; --dice alone asks for each die on a terminal.
 */
import { describe, expect, it } from 'vitest';
import type { RollResult } from '../../src/behaviours/roll.js';
import { roll } from '../../src/cli/registeredRoll.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { UsageError } from '../../src/errors.js';

const EXAMPLES = [
  ['a battle', 'examples/orcs-vs-men.yaml'],
  ['a pursuit', 'examples/elven-pursuit.yaml'],
  ['a siege', 'examples/castle-siege.yaml'],
  ['a siege with supplies', 'examples/castle-siege-supplies.yaml'],
  ['a simple siege', 'examples/simple-siege.yaml'],
  ['a cascade round with NPCs', 'examples/cascade-bob-john-jane.yaml'],
  ['a march into battle', 'examples/forced-march-into-battle.yaml'],
  ['a starving march', 'examples/starving-army.yaml'],
  ['a divided battle', 'examples/divided-forces.yaml'],
] as const;

const withoutSeed = (r: RollResult) => ({ ...r, seed: null });

describe('typed dice give the seeded roll', () => {
  for (const [name, file] of EXAMPLES) {
    it(`${name}: the dice of seeds 0–4 typed back give the same roll`, async () => {
      const outcomes = new Set<string>();
      for (let seed = 0; seed < 5; seed++) {
        const seeded = await roll(file, { seed });
        expect(seeded.dice.length, `${file} seed ${seed}: dice recorded`).toBeGreaterThan(0);
        const typed = await roll(file, { dice: seeded.dice.map((d) => d.value).join(' ') });
        expect(typed.seed).toBeNull();
        expect(typed).toEqual(withoutSeed(seeded));
        outcomes.add(JSON.stringify({ ...seeded, seed: 0, dice: [] }));
      }
      expect(outcomes.size, 'the seeds give different rolls: the comparison is not of one outcome').toBeGreaterThan(1);
    });
  }

  it('other dice give another roll (the typed dice are read, not the seed)', async () => {
    const a = await roll('examples/orcs-vs-men.yaml', { dice: '100 1' });
    const b = await roll('examples/orcs-vs-men.yaml', { dice: '1 100' });
    expect(a.kind === 'war-machine' && a.days[0].rolls).toEqual([[100, 1]]);
    expect(a.kind === 'war-machine' && b.kind === 'war-machine' && [a.lastWinner, b.lastWinner]).toEqual([0, 1]);
  });
});

describe('a bad die is a usage error naming it and its range', () => {
  it('missing, out of range, extra, not a number', async () => {
    const seeded = await roll('examples/castle-siege.yaml', { seed: 3 });
    const values = seeded.dice.map((d) => d.value);
    const last = seeded.dice.at(-1)!;
    const err = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: Error) => e,
      );
    const missing = await err(roll('examples/castle-siege.yaml', { dice: values.slice(0, -1) }));
    expect(missing).toBeInstanceOf(UsageError);
    expect(missing!.message).toBe(
      `--dice: die ${values.length} (${last.die}) missing: expected a value from 1 to ${last.sides}`,
    );
    const high = [...values];
    high[0] = seeded.dice[0].sides + 1;
    expect((await err(roll('examples/castle-siege.yaml', { dice: high })))!.message).toBe(
      `--dice: die 1 (${seeded.dice[0].die}) must be 1 to ${seeded.dice[0].sides}, got ${high[0]}`,
    );
    expect((await err(roll('examples/orcs-vs-men.yaml', { dice: '0 5' })))!.message).toBe(
      '--dice: die 1 (d100 A) must be 1 to 100, got 0',
    );
    expect((await err(roll('examples/orcs-vs-men.yaml', { dice: '5 5 5' })))!.message).toMatch(
      /^--dice: 3 dice given, the roll used 2/,
    );
    expect((await err(roll('examples/orcs-vs-men.yaml', { dice: '5 x' })))!.message).toBe(
      '--dice: die 2: expected a whole number, got "x"',
    );
  });

  it('on the command line: exit 2 and one line; --dice alone without a terminal is a usage error', async () => {
    const io = memoryIo();
    expect(await runCli(['roll', 'examples/orcs-vs-men.yaml', '--dice', '37'], io)).toBe(2);
    expect(io.stderr).toBe('warcast: --dice: die 2 (d100 B) missing: expected a value from 1 to 100\n');
    const io2 = memoryIo();
    expect(await runCli(['roll', 'examples/orcs-vs-men.yaml', '--dice'], io2)).toBe(2);
    expect(io2.stderr).toMatch(/stdin is not a terminal/);
    const io3 = memoryIo();
    expect(await runCli(['roll', 'examples/orcs-vs-men.yaml', '--dice', '1 2', '--seed', '4'], io3)).toBe(2);
  });
});

describe('--dice alone asks for each die on a terminal', () => {
  it('the answers (one not a number, asked again) give the roll those dice give when typed', async () => {
    const seeded = await roll('examples/elven-pursuit.yaml', { seed: 11 });
    const answers = ['x', ...seeded.dice.map((d) => String(d.value))];
    const questions: string[] = [];
    const io = Object.assign(memoryIo(), { ask: async (q: string) => (questions.push(q), answers.shift() ?? null) });
    expect(await runCli(['roll', 'examples/elven-pursuit.yaml', '--dice', '--json'], io)).toBe(0);
    expect(JSON.parse(io.stdout)).toEqual(JSON.parse(JSON.stringify(withoutSeed(seeded))));
    expect(questions[0]).toBe('die 1, draw (0 to 4294967295): '); // the tactic pairing drawn from the mixes
    expect(questions[2]).toBe(`die 2, ${seeded.dice[1].die} (1 to ${seeded.dice[1].sides}): `);
    expect(questions[1]).toBe(questions[0]); // not a number: asked again
    expect(questions).toHaveLength(seeded.dice.length + 1);
  });
});

describe('the kinds roll plays', () => {
  it('are the registered kinds with a roll behaviour, each listing roll among its commands; another kind is refused (exit 2)', async () => {
    const { KINDS } = await import('../../src/kinds/index.js');
    const { ROLL_KINDS } = await import('../../src/cli/registeredRoll.js');
    const listing = Object.values(KINDS)
      .filter((k) => k.scenarioKind && (k.commands as readonly string[]).includes('roll'))
      .map((k) => k.scenarioKind);
    const withRoll = Object.values(KINDS)
      .filter((k) => 'roll' in k && k.roll)
      .map((k) => k.scenarioKind);
    expect(withRoll).toEqual(listing);
    expect(ROLL_KINDS).toEqual(listing);
    expect(ROLL_KINDS).toEqual(['war-machine', 'siege', 'cascade', 'march', 'divided']);
    const io = memoryIo();
    expect(await runCli(['roll', 'examples/tournament-forces.yaml'], io)).toBe(2);
    expect(io.stderr).toMatch(
      /roll: a tournament \(a question about war-machine forces\) is not answered by warcast roll .*; run warcast tournament/,
    );
  });
});
