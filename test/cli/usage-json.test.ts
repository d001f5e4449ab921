/** Commander's usage errors under --json: one JSON error on stderr, exit 2; without --json its own lines. */
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
      "option '--seed <n>' argument missing",
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
  it("without --json: commander's own line and hint, exit 2", async () => {
    const r = await cli('odds', 'examples/battle.yaml', '--bogus');
    expect(r.code).toBe(2);
    expect(r.err).toBe("error: unknown option '--bogus'\n(run warcast odds --help for usage and examples)\n");
  });
  it('--json --help still prints the help on stdout and exits 0', async () => {
    const r = await cli('odds', '--help', '--json');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: warcast odds');
    expect(r.err).toBe('');
  });
});
