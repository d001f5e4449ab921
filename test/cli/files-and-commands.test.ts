/**
 * A missing scenario file is exit 2 for every command that reads one, said in words (a symbolic link loop is
 * named as one); an unknown command is a usage error with a suggestion, with or without --help; an interrupted
 * shard does not speak of "the results above" when it printed none.
 */
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-files-commands-'));

async function cli(args: string[], signal?: AbortSignal) {
  const io = memoryIo(signal);
  const code = await runCli(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** Every command that reads a scenario file, as it is typed with one. */
const READERS: string[][] = [
  ['odds'],
  ['siege'],
  ['cascade'],
  ['matchup'],
  ['rate'],
  ['roll'],
  ['march'],
  ['divided'],
  ['tournament'],
  ['worth'],
  ['app'],
  ['report', '--out', join(dir, 'r')],
  ['seek', '--vary', 'sides[0].troops', '--target', 'win[0] >= 0.5'],
  ['sweep', '--vary', 'sides[0].troops', '--from', '1', '--to', '2'],
  ['compare', 'examples/orcs-vs-men.yaml'],
];

describe('a missing scenario file', () => {
  it.each(READERS)('%s: exit 2, "no such file"', async (command, ...rest) => {
    const missing = join(dir, 'nope.yaml');
    const args = command === 'compare' ? [command, ...rest, missing] : [command, missing, ...rest];
    const r = await cli(args);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/nope\.yaml: no such file/);
  });

  it('a loop of symbolic links, and a link to nothing, are named as such (exit 2)', async () => {
    const a = join(dir, 'loop-a.yaml');
    const b = join(dir, 'loop-b.yaml');
    symlinkSync(b, a);
    symlinkSync(a, b);
    for (const command of ['odds', 'march', 'worth']) {
      const r = await cli([command, a]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/loop-a\.yaml: a loop of symbolic links/);
    }
    const dangling = join(dir, 'dangling.yaml');
    symlinkSync(join(dir, 'gone.yaml'), dangling);
    expect((await cli(['siege', dangling])).stderr).toMatch(
      /dangling\.yaml: a symbolic link to a file that is not there/,
    );
  });
});

describe('an unknown command', () => {
  it('is a usage error with a suggestion, with or without --help', async () => {
    for (const args of [
      ['plunder'],
      ['plunder', '--help'],
      ['--help', 'plunder'],
      ['help', 'plunder'],
      ['-q', 'plunder', 'x.yaml'],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout, args.join(' ')).toBe('');
      expect(r.stderr).toMatch(/^warcast: unknown command 'plunder'; run warcast --help for the commands\n$/);
    }
    expect((await cli(['odz', 'examples/orcs-vs-men.yaml'])).stderr).toMatch(
      /unknown command 'odz' \(did you mean 'odds'\?\)/,
    );
    expect((await cli(['examples/orcs-vs-men.yaml'])).stderr).toMatch(
      /a scenario file\? name the command first: warcast odds examples\/orcs-vs-men\.yaml/,
    );
    // known commands and their help are untouched
    expect((await cli(['help', 'odds'])).code).toBe(0);
    expect((await cli(['odds', '--help'])).stdout).toMatch(/^Usage: warcast odds/);
  });
});

describe('an interrupted shard', () => {
  it('says no part was written, and nothing of "the results above"', async () => {
    const controller = new AbortController();
    const out = join(dir, 'part.json');
    const running = cli(
      ['odds', 'examples/orcs-vs-men.yaml', '--trials', '1e10', '--threads', '1', '--shard', '1/2', '--out', out],
      controller.signal,
    );
    setTimeout(() => controller.abort(), 300);
    const r = await running;
    expect(r.code).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/interrupted: no part written/);
    expect(r.stderr).not.toMatch(/results above/);
  });
});
