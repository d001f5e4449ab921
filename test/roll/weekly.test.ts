/**
 * `roll <siege> --weekly`: a siege played over three calls with a saved state is the siege played in one run with
 * the same choices (the interactive loop), with seeded dice and with typed dice; the state file is replaced
 * atomically, and a changed scenario or a finished siege is refused.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const CHOICES = [
  ['bombard', 'stay'],
  ['assault', 'sally'],
  ['harass', 'stay'],
] as const;

function scratch(): { dir: string; castle: string } {
  const dir = mkdtempSync(join(tmpdir(), 'warcast-weekly-'));
  const castle = join(dir, 'castle.yaml');
  copyFileSync('examples/castle-siege.yaml', castle);
  return { dir, castle };
}

async function cli(argv: string[], answers?: string[]) {
  const io = Object.assign(memoryIo(), answers ? { ask: async () => answers.shift() ?? null } : {});
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

/** The JSON documents an interactive loop printed, one a week. */
const documents = (out: string) => out.split(/\n(?=\{)/).map((d) => JSON.parse(d));

describe('a siege week by week', () => {
  it('three calls with --state equal one interactive run with the same choices (seeded dice)', async () => {
    const { dir, castle } = scratch();
    const state = join(dir, 'castle.state.json');
    let last: { weeks: unknown[] } | null = null;
    for (const [k, [attacker, defender]] of CHOICES.entries()) {
      const r = await cli([
        'roll',
        castle,
        '--weekly',
        '--state',
        state,
        ...(k === 0 ? ['--seed', '9'] : []),
        '--attacker',
        attacker,
        '--defender',
        defender,
        '--json',
      ]);
      expect(r.code, r.err).toBe(0);
      last = JSON.parse(r.out);
      expect(last!.weeks).toHaveLength(k + 1);
      expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]); // replaced by a rename, nothing left over
    }
    const once = await cli(['roll', castle, '--weekly', '--seed', '9', '--json'], [...CHOICES.flat(), 'q']);
    expect(once.code, once.err).toBe(0);
    const weeks = documents(once.out);
    expect(weeks).toHaveLength(3);
    expect(weeks[2]).toEqual(last);
    // The choices were played: week 2's sally is a battle, week 1's bombardment is artillery only.
    const w = (
      last as unknown as { weeks: { tactics: string[]; battle: { battle: string } | null; artillery: unknown }[] }
    ).weeks;
    expect(w.map((x) => x.tactics)).toEqual(CHOICES.map((c) => [...c]));
    expect(w[1].battle?.battle).toBe('sally');
    expect(w[0].artillery).not.toBeNull();
  });

  it("typed dice: each call types its week's dice; the siege equals the seeded one with those dice", async () => {
    const { dir, castle } = scratch();
    const seeded = join(dir, 'seeded.json');
    const typed = join(dir, 'typed.json');
    let before = 0;
    for (const [k, [attacker, defender]] of CHOICES.entries()) {
      const s = JSON.parse(
        (
          await cli([
            'roll',
            castle,
            '--weekly',
            '--state',
            seeded,
            ...(k === 0 ? ['--seed', '4'] : []),
            '--attacker',
            attacker,
            '--defender',
            defender,
            '--json',
          ])
        ).out,
      );
      const weekDice = s.dice
        .slice(before)
        .map((d: { value: number }) => d.value)
        .join(' ');
      before = s.dice.length;
      const t = await cli([
        'roll',
        castle,
        '--weekly',
        '--state',
        typed,
        '--dice',
        weekDice,
        '--attacker',
        attacker,
        '--defender',
        defender,
        '--json',
      ]);
      expect(t.code, t.err).toBe(0);
      expect(JSON.parse(t.out)).toEqual({ ...s, seed: null });
    }
    const saved = JSON.parse(readFileSync(typed, 'utf8'));
    expect(saved.dice).toHaveLength(before);
    // A week short of its dice names the missing die.
    const short = await cli([
      'roll',
      castle,
      '--weekly',
      '--state',
      typed,
      '--dice',
      '1',
      '--attacker',
      'assault',
      '--defender',
      'stay',
    ]);
    expect(short.code).toBe(2);
    expect(short.err).toMatch(/^warcast: --dice: die \d+ \(.+\) missing: expected a value from 1 to \d+\n$/);
  });

  it('refuses: no tactics off a terminal, a tactic of the wrong mode, a changed scenario, another kind', async () => {
    const { dir, castle } = scratch();
    const state = join(dir, 's.json');
    expect((await cli(['roll', castle, '--weekly', '--state', state, '--seed', '1'])).err).toMatch(
      /choose this week's tactics: --attacker bombard\|harass\|assault\|depart --defender stay\|sally\|depart/,
    );
    expect((await cli(['roll', castle, '--weekly', '--attacker', 'storm', '--defender', 'stay'])).err).toMatch(
      /--attacker: expected bombard, harass, assault, depart, got "storm"/,
    );
    expect(
      (
        await cli([
          'roll',
          castle,
          '--weekly',
          '--state',
          state,
          '--seed',
          '1',
          '--attacker',
          'bombard',
          '--defender',
          'stay',
        ])
      ).code,
    ).toBe(0);
    writeFileSync(castle, readFileSync(castle, 'utf8') + '\n# edited\n');
    const changed = await cli([
      'roll',
      castle,
      '--weekly',
      '--state',
      state,
      '--attacker',
      'bombard',
      '--defender',
      'stay',
    ]);
    expect([changed.code, changed.err]).toEqual([
      2,
      `warcast: ${state}: the scenario changed since this state was saved (its SHA-256 differs): the weeks played cannot be replayed\n`,
    ]);
    const battle = await cli([
      'roll',
      'examples/orcs-vs-men.yaml',
      '--weekly',
      '--attacker',
      'bombard',
      '--defender',
      'stay',
    ]);
    expect([battle.code, battle.err]).toEqual([
      2,
      'warcast: --weekly: only a siege is played week by week (examples/orcs-vs-men.yaml is a war-machine scenario)\n',
    ]);
  });

  it('a siege that ends is over: the next call is refused', async () => {
    const { dir, castle } = scratch();
    const state = join(dir, 's.json');
    const first = await cli([
      'roll',
      castle,
      '--weekly',
      '--state',
      state,
      '--seed',
      '2',
      '--attacker',
      'depart',
      '--defender',
      'stay',
    ]);
    expect(first.out).toMatch(/Result: departed by choice: the attacker lifts the siege/);
    const again = await cli([
      'roll',
      castle,
      '--weekly',
      '--state',
      state,
      '--attacker',
      'bombard',
      '--defender',
      'stay',
    ]);
    expect([again.code, again.err]).toEqual([
      2,
      `warcast: the siege in ${state} is over after week 1: nothing left to play\n`,
    ]);
  });
});
