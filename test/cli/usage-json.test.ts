/** Commander's usage errors: one line in warcast's words (`warcast: …`), or one JSON error under --json; exit 2. */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('usage errors under --json', () => {
  const cases: [string, string[], string][] = [
    ['an unknown option', ['odds', 'examples/battle.yaml', '--json', '--bogus'], "unknown option '--bogus'"],
    ['a missing argument (--json before it)', ['odds', '--json'], "missing required argument 'scenario'"],
    [
      'a missing option value',
      ['siege', 'examples/simple-siege.yaml', '--json', '--seed'],
      '--seed needs a value: --seed <n>',
    ],
    [
      'a required option left out',
      ['sweep', 'examples/battle.yaml', '--json', '--from', '0', '--to', '1'],
      "required option '--vary <path>' not specified",
    ],
    [
      'options that conflict',
      ['cascade', 'examples/cascade-bob-john.yaml', '--markdown', '--json'],
      'cannot be used with',
    ],
    ['an unknown command', ['odd', 'examples/battle.yaml', '--json'], "unknown command 'odd'"],
  ];
  for (const [what, argv, message] of cases) {
    it(`${what}: {"error": {"message"}} on stderr, exit 2, nothing on stdout`, async () => {
      const r = await cli(...argv);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err.endsWith('\n')).toBe(true);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      const doc = JSON.parse(r.err) as { error: { message: string } };
      expect(Object.keys(doc)).toEqual(['error']);
      expect(doc.error.message).toContain(message);
      expect(doc.error.message).not.toMatch(/^error: /);
      expect(doc.error.message).toMatch(/--help/); // the hint comes along, in the one message
    });
  }
  it("without --json: commander's errors in warcast's one line, the hint joined to it, exit 2", async () => {
    const r = await cli('odds', 'examples/battle.yaml', '--bogus');
    expect(r.code).toBe(2);
    expect(r.err).toBe("warcast: unknown option '--bogus'; run warcast odds --help for usage and examples\n");
  });
  it.each([
    // a value our parser refused reads exactly as warcast's own errors do ("warcast: --target: …")
    [
      ['odds', 'examples/battle.yaml', '--precision', '7'],
      "warcast: --precision: expected a half-width between 0 and 0.5 (e.g. 0.001), got '7'",
    ],
    [
      ['siege', 'examples/simple-siege.yaml', '--trials', 'many'],
      "warcast: --trials: expected a whole number from 1 to 1,000,000,000,000, got 'many'",
    ],
    [
      ['odds', 'examples/battle.yaml', '--checkpoint-every', '-1'],
      "warcast: --checkpoint-every: expected seconds from 0 to 86400, got '-1'",
    ],
    [
      ['odds', 'examples/battle.yaml', '--seed'],
      'warcast: --seed needs a value: --seed <n>; run warcast odds --help for usage and examples',
    ],
    [
      ['odds', 'examples/battle.yaml', 'extra'],
      "warcast: too many arguments for 'odds'. Expected 1 argument but got 2; run warcast odds --help for usage and examples",
    ],
  ])('%j: %s, exit 2', async (argv, line) => {
    const r = await cli(...argv);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(`${line}\n`);
  });
  it('the same words under --json, as one JSON error', async () => {
    const r = await cli('odds', 'examples/battle.yaml', '--json', '--precision', '7');
    expect(r.code).toBe(2);
    expect(JSON.parse(r.err)).toEqual({
      error: { message: "--precision: expected a half-width between 0 and 0.5 (e.g. 0.001), got '7'" },
    });
  });
  it('--json --help still prints the help on stdout and exits 0', async () => {
    const r = await cli('odds', '--help', '--json');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: warcast odds');
    expect(r.err).toBe('');
  });
});
