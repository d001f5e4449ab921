/** Options that do nothing warn; contradictory ones are usage errors; every command's help has examples. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { buildProgram, runCli } from '../../src/cli/program.js';
import { EXAMPLES } from '../../src/cli/help.js';

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

const BATTLE = 'examples/orcs-vs-men.yaml';

describe('options that do nothing', () => {
  it('--exact with dice options: one warning line, the exact answer', async () => {
    const r = await cli('odds', BATTLE, '--exact', '--trials', '1000', '--seed', '3');
    expect(r.code).toBe(0);
    expect(r.err).toBe('warcast: warning: --trials, --seed: ignored under --exact, which rolls no dice\n');
    expect(r.out).toContain('exact odds');
  });
  it('--max-trials without --precision, --interactive without --report', async () => {
    const r = await cli('odds', BATTLE, '--trials', '2000', '--max-trials', '10', '--interactive');
    expect(r.code).toBe(0);
    expect(r.err.split('\n').filter(Boolean)).toEqual([
      'warcast: warning: --max-trials caps --precision runs only: ignored (the run is --trials long)',
      'warcast: warning: --interactive shapes the report only: ignored without --report <dir>',
    ]);
    expect(r.out).toContain('2k battles');
  });
  it('--checkpoint-every without --checkpoint or --resume', async () => {
    const r = await cli('odds', BATTLE, '--trials', '2000', '--checkpoint-every', '1');
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      'warcast: warning: --checkpoint-every sets how often --checkpoint FILE is written: ignored without --checkpoint or --resume\n',
    );
  });
  it('matchup without --monte-carlo is exact: --seed warns; under --json the warning is JSON', async () => {
    const r = await cli('matchup', BATTLE, '--seed', '7', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.err)).toEqual({
      warning: { message: '--seed: ignored under warcast matchup without --monte-carlo (exact), which rolls no dice' },
    });
  });
  it('--quiet (before or after the command): no warnings', async () => {
    for (const argv of [
      ['--quiet', 'odds', BATTLE, '--exact', '--trials', '5'],
      ['odds', BATTLE, '--exact', '--trials', '5', '-q'],
    ]) {
      const r = await cli(...argv);
      expect(r.code).toBe(0);
      expect(r.err).toBe('');
      expect(r.out).toContain('exact odds');
    }
  });
  it('no warning when nothing is idle', async () => {
    const r = await cli('odds', BATTLE, '--exact');
    expect(r.err).toBe('');
  });
  it('contradictions are usage errors (exit 2): --json with --markdown, --exact with --precision', async () => {
    const a = await cli('odds', BATTLE, '--json', '--markdown');
    expect(a.code).toBe(2);
    expect(a.err).toContain("'--markdown' cannot be used with option '--json'");
    const b = await cli('odds', BATTLE, '--exact', '--precision', '0.01');
    expect(b.code).toBe(2);
  });
});

describe('command help', () => {
  const commands = buildProgram(memoryIo(), () => {}).commands.map((c) => c.name());
  it.each(commands)('%s --help shows examples that name the command and existing files', async (name) => {
    const r = await cli(name, '--help');
    expect(r.code).toBe(0);
    const examples = r.out.slice(r.out.indexOf('Examples:'));
    expect(r.out).toContain('Examples:');
    expect(examples).toContain(`warcast ${name} `);
    for (const file of examples.match(/examples\/[\w.-]+/g) ?? []) expect(existsSync(file), file).toBe(true);
  });
  it("a usage error points at the command's own help", async () => {
    const r = await cli('siege', 'examples/castle-siege.yaml', '--bogus');
    expect(r.code).toBe(2);
    expect(r.err).toContain('run warcast siege --help');
  });
  it('EXAMPLES has no command that does not exist', () => {
    for (const name of Object.keys(EXAMPLES)) expect(commands).toContain(name);
  });
});
