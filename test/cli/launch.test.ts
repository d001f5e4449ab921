/**
 * The installed command (package.json `bin`: dist/bundle/cli.cjs, src/cli/launch.cts) runs the CommonJS bundle
 * through V8's code cache made at build time. The cache must be used when it fits, ignored when it does not
 * (another V8, other V8 flags), and change nothing in what the command prints.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const BIN = (JSON.parse(readFileSync('package.json', 'utf8')) as { bin: { warcast: string } }).bin.warcast;
const ARGS = ['odds', 'examples/battle.yaml', '--trials', '20000', '--threads', '1', '--json'];

function run(env: Record<string, string>, nodeFlags: string[] = []) {
  const r = spawnSync(process.execPath, [...nodeFlags, BIN, ...ARGS], {
    env: { ...process.env, WARCAST_TIMINGS: '1', ...env },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  // elapsedMs is the only field that differs from run to run.
  return {
    out: r.stdout.replace(/"elapsedMs": \d+/, '"elapsedMs": 0'),
    cache: r.stderr.split('\n').find((l) => l.includes('code cache')) ?? '',
  };
}

describe('the installed command and its code cache', () => {
  it('is the launcher, and its bundle has a code cache beside it', () => {
    expect(BIN).toBe('dist/bundle/cli.cjs');
    expect(readFileSync('dist/bundle/warcast.cjs.cache').length).toBeGreaterThan(100_000);
  });

  it('uses the cache as built, skips it on WARCAST_CODE_CACHE=0, V8 rejects it under other V8 flags: the same bytes each way', () => {
    // One run each way, its cache line and its output read together (a --version run apiece cost 3 starts more).
    const used = run({});
    expect(used.cache).toContain('code cache used');
    expect(JSON.parse(used.out).trials).toBe(20000);
    const none = run({ WARCAST_CODE_CACHE: '0' });
    expect(none.cache).toContain('code cache none');
    expect(none.out).toBe(used.out);
    const rejected = run({}, ['--max-semi-space-size=32']);
    expect(rejected.cache).toContain('code cache rejected');
    expect(rejected.out).toBe(used.out);
  });

  it('answers --version alone without loading the bundle, with the bytes commander prints through it', () => {
    const version = (args: string[]) =>
      spawnSync(process.execPath, [BIN, ...args], { env: { ...process.env, WARCAST_TIMINGS: '1' }, encoding: 'utf8' });
    const alone = version(['--version']);
    const short = version(['-V']);
    // --quiet beside it: the bundle is loaded (its code cache line on stderr) and commander prints the version.
    const viaCommander = version(['--quiet', '--version']);
    expect(viaCommander.stderr).toContain('code cache used');
    expect(viaCommander.status).toBe(0);
    for (const r of [alone, short]) {
      expect(r.status).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(viaCommander.stdout);
    }
    expect(alone.stdout).toBe(`${(JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version}\n`);
  });
});
