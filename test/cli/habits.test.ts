/** The habits of good CLIs: bare help on stdout, `-` is stdin, missing file exit 2, JSON errors, the right command named. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

async function cli(...argv: string[]) {
  const io = memoryIo();
  const code = await runCli(argv, io);
  return { code, out: io.stdout, err: io.stderr };
}

describe('command-line habits', () => {
  it('bare warcast prints the help on stdout and exits 0', async () => {
    const r = await cli();
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: warcast');
    expect(r.err).toBe('');
  });
  it('a missing file is a usage error (exit 2), not an invalid scenario', async () => {
    const r = await cli('odds', 'no-such-file.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toBe('warcast: no-such-file.yaml: no such file\n');
  });
  it('--json: the error is one JSON document on stderr', async () => {
    const r = await cli('odds', 'no-such-file.yaml', '--json');
    expect(JSON.parse(r.err)).toEqual({ error: { message: 'no-such-file.yaml: no such file' } });
  });
  it('a siege given to odds names warcast siege (a usage error: the file is fine)', async () => {
    const r = await cli('odds', 'examples/castle-siege.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain('run warcast siege');
  });
  it('stdout closed by its reader (| head): exit 141, no stack trace, the report whole', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'warcast-pipe-')), 'report');
    // The installed command (the bundle). Its stdout is closed before it prints: the first write fails with EPIPE.
    const child = spawn(
      process.execPath,
      ['dist/bundle/cli.cjs', 'odds', 'examples/battle.yaml', '--exact', '--report', out],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.destroy();
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(err).toBe('');
    expect(code).toBe(141);
    expect(readdirSync(out)).toContain('index.html');
  });
});
