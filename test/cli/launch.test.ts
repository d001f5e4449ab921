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

function run(env: Record<string, string>, nodeFlags: string[] = [], args = ARGS) {
  const r = spawnSync(process.execPath, [...nodeFlags, BIN, ...args], {
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

  it('uses the cache as built, skips it on WARCAST_CODE_CACHE=0, and V8 rejects it under other V8 flags', () => {
    expect(run({}, [], ['--version']).cache).toContain('code cache used');
    expect(run({ WARCAST_CODE_CACHE: '0' }, [], ['--version']).cache).toContain('code cache none');
    expect(run({}, ['--max-semi-space-size=32'], ['--version']).cache).toContain('code cache rejected');
  });

  it('prints the same bytes with the cache, without it, and with it rejected', () => {
    const withCache = run({}).out;
    expect(JSON.parse(withCache).trials).toBe(20000);
    expect(run({ WARCAST_CODE_CACHE: '0' }).out).toBe(withCache);
    expect(run({}, ['--max-semi-space-size=32']).out).toBe(withCache);
  });
});
