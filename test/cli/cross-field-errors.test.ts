/**
 * The checks across fields (tactics of both sides, crews and weapons, structures measured by
 * count or length, players and orders of a cascade…) report every problem of a file at once, one line each
 * `file:line: path: expected` in file order, up to SCENARIO_ERROR_LIMIT, exit 3; under --json as `errors`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonErrors } from '../../src/cli/emit.js';
import { exitCodeFor } from '../../src/cli/exit.js';
import { memoryIo } from '../../src/cli/io.js';
import { SCENARIO_ERROR_LIMIT } from '../../src/errors.js';
import { loadScenario } from '../../src/kinds/load.js';

/** Load `text` as the file NAME and report its error as the CLI does (exit code, stderr lines); the command is not run. */
async function run(_command: string, file: string, text: string, ...flags: string[]) {
  const io = memoryIo();
  let code = 0;
  try {
    await loadScenario({ text, file });
  } catch (e) {
    code = exitCodeFor(e, flags.includes('--json') ? jsonErrors(io) : io);
  }
  return { code, out: io.stdout, lines: io.stderr.trimEnd().split('\n'), err: io.stderr, file };
}

/** Each line names the file, a line number and the field path; lines come in file order. */
function expectLocated(lines: string[], file: string, paths: string[]) {
  const parsed = lines.map((l) => {
    const m = new RegExp(`^warcast: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+): ([^:]+): `).exec(l);
    expect(m, l).not.toBeNull();
    return { line: Number(m![1]), path: m![2] };
  });
  expect(parsed.map((p) => p.path)).toEqual(paths);
  const numbers = parsed.map((p) => p.line);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
}

const replace = (text: string, pairs: [string, string][]) =>
  pairs.reduce((t, [a, b]) => {
    expect(t).toContain(a);
    return t.replace(a, b);
  }, text);

describe('checks across fields: every problem at once', () => {
  it("siege: roles, tactics, a structure given wrongly, attackers' equipment on the wall, departing without escape", async () => {
    const text = replace(readFileSync('examples/castle-siege.yaml', 'utf8'), [
      [
        '  tactic: attack            # War Machine tactic',
        '  defending: true\n  tactic: attack            # War Machine tactic',
      ],
      ['  tactic: hold\n', ''],
      ['{ structure: gatehouse, count: 1 }', '{ structure: gatehouse, lengthFeet: 10 }'],
      ['    lightCatapult: { count: 1, crew: 4 }', '    lightCatapult: { count: 1, crew: 4 }\n    ram: { count: 1 }'],
      ['escapeRoute: true', 'escapeRoute: false'],
    ]);
    const r = await run('siege', 'castle.yaml', text);
    expect(r.code).toBe(3);
    expect(r.out).toBe('');
    expectLocated(r.lines, r.file, [
      'attacker.defending',
      'defender',
      'fortifications[2].lengthFeet',
      'fortifications[2]',
      'equipment.defender.ram',
      'strategy.defender[1].tactic',
    ]);
    expect(r.err).toContain('give this side a tactic too, or neither');
    expect(r.err).toContain("attackers' equipment");
    expect(r.err).toContain('only with an avenue of escape');
  });

  it("cascade: an unknown player, a legion of another house, a hero not one's own", async () => {
    const text = replace(readFileSync('examples/cascade-bob-john.yaml', 'utf8'), [
      ['units: [Bob Leg A, Bob Leg B] }', 'units: [Bob Leg A, Duke Leg A] }'],
      ['hero: Duncan }', 'hero: Gurney }'],
      ['  - name: John Prime\n    owner: John', '  - name: John Prime\n    owner: Johnny'],
    ]);
    const r = await run('cascade', 'round.yaml', text);
    expect(r.code).toBe(3);
    // John Prime's new owner also owns the legions on it: John's attack names three legions he no longer has.
    expectLocated(r.lines, r.file, [
      'players[2].homeworld',
      'locations[3].owner',
      'attacks[0].units[1]',
      'attacks[1].units[0]',
      'attacks[1].units[1]',
      'attacks[1].units[2]',
      'attacks[1].hero',
    ]);
    expect(r.err).toContain("unknown player 'Johnny'");
    expect(r.err).toContain("Bob has no legion 'Duke Leg A'");
    expect(r.err).toContain("John has no hero 'Gurney'");
  });

  it('war-machine: two ratings, tactics on one side only, a tie for the defender with no defender', async () => {
    const text = replace(readFileSync('examples/battle.yaml', 'utf8'), [
      ['policies: { tie: reroll }', 'policies: { tie: defender }'],
      ['    battleRating: 72 ', '    battleRating: 72\n    basicForceRating: 60 '],
      ['    tactic: hold', '    troopClass: Good'],
    ]);
    const r = await run('odds', 'battle.yaml', text, '--json');
    expect(r.code).toBe(3);
    const doc = JSON.parse(r.err) as { error: { message: string; errors: string[] } };
    expect(doc.error.errors).toHaveLength(3);
    expectLocated(
      doc.error.errors.map((e) => `warcast: ${e}`),
      r.file,
      ['policies.tie', 'sides[0].basicForceRating', 'sides[1]'],
    );
  });

  it("march: the force and the enemy checked as named in the file, with the march's own checks", async () => {
    const text = replace(readFileSync('examples/forced-march-into-battle.yaml', 'utf8'), [
      ['  movement: 24', '  movement: 24\n  adjustments: { fatigue: moderate }\n  troopClass: Good'],
    ]);
    const r = await run('march', 'march.yaml', text);
    expect(r.code).toBe(3);
    expect(r.lines).toHaveLength(2);
    expect(r.err).toContain('force.adjustments.fatigue: ');
    expect(r.err).toContain('force.troopClass: troop class is computed from the BFR');
  });

  it(`stops at ${SCENARIO_ERROR_LIMIT} and says how many more`, async () => {
    const text =
      readFileSync('examples/cascade-bob-john.yaml', 'utf8') +
      Array.from({ length: 13 }, (_, i) => `  - { player: Nobody${i}, target: Bob Prime, units: [Bob Leg C] }\n`).join(
        '',
      );
    const r = await run('cascade', 'many.yaml', text);
    expect(r.code).toBe(3);
    expect(r.lines).toHaveLength(SCENARIO_ERROR_LIMIT + 1);
    expect(r.lines[SCENARIO_ERROR_LIMIT]).toMatch(/… and 3 more problems/);
    expect(r.lines[0]).toMatch(/attacks\[2\]\.player: unknown player 'Nobody0'/);
  });
});
