/** Every schema problem of a file in one go (up to a limit), "did you mean" for keys and names, the expected shape. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { SCENARIO_ERROR_LIMIT } from '../../src/errors.js';

async function stdinRun(text: string, ...argv: string[]) {
  const io = memoryIo();
  const { loadScenario } = await import('../../src/kinds/load.js');
  try {
    await loadScenario({ text, file: 'castle.yaml' });
  } catch (e) {
    const { exitCodeFor } = await import('../../src/cli/exit.js');
    return {
      code: exitCodeFor(e, argv.includes('--json') ? (await import('../../src/cli/emit.js')).jsonErrors(io) : io),
      err: io.stderr,
    };
  }
  return { code: 0, err: '' };
}

const castle = readFileSync('examples/castle-four-trebuchets.yaml', 'utf8');

describe('scenario errors', () => {
  it('lists every problem in file order, each as file:line: path: expected, with the shape and did-you-mean', async () => {
    const bad = castle
      .replace('trebuchet: { count: 4, crew: 48 }', 'trebuchet: 4')
      .replace('  name: Marhold garrison', '  Nmae: Marhold garrison')
      .replace('  tactic: hold', '  tactic: Hodl')
      .replace('foodWeeks: 10', 'foodWeeks: -1');
    const r = await stdinRun(bad);
    expect(r.code).toBe(3);
    const lines = r.err.trimEnd().split('\n');
    expect(lines).toEqual([
      "warcast: castle.yaml:14: defender.Nmae: unknown key 'Nmae' (did you mean 'name'?)",
      expect.stringMatching(/^warcast: castle\.yaml:18: defender\.tactic: expected a tactic .*got "Hodl"/),
      'warcast: castle.yaml:29: equipment.attacker.trebuchet: expected a mapping {count, crew?}, got 4',
      'warcast: castle.yaml:39: foodWeeks: expected at least 0, got -1',
    ]);
  });
  it('a misnamed enum value gets a case-insensitive did you mean', async () => {
    const r = await stdinRun(castle.replace('mode: siege-machine', 'mode: Siege-Machine'));
    expect(r.err).toContain(
      'mode: expected one of "siege-machine", "simple", got "Siege-Machine" (did you mean \'siege-machine\'?)',
    );
  });
  it(`stops at ${SCENARIO_ERROR_LIMIT} and says how many more; --json lists them in errors`, async () => {
    // Nine equipment lines and two troop counts: eleven problems.
    const many = castle.replace(/\{ count: (\d+)(, crew: \d+)? \}/g, '$1').replace(/troops: \d+/g, 'troops: many');
    const r = await stdinRun(many, '--json');
    const doc = JSON.parse(r.err) as { error: { message: string; errors: string[] } };
    expect(doc.error.errors).toHaveLength(SCENARIO_ERROR_LIMIT + 1);
    expect(doc.error.errors.at(-1)).toBe('castle.yaml: … and 1 more problem (fix these and run again)');
    expect(doc.error.message.split('\n')).toEqual(doc.error.errors);
  });
  it('one problem is still one line', async () => {
    const io = memoryIo();
    const code = await runCli(['odds', 'examples/castle-siege.yaml'], io);
    // A valid file of another kind is a usage error (2) naming the command that answers it, not an invalid file.
    expect(code).toBe(2);
    expect(io.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(io.stderr).toContain('warcast siege');
  });
});
