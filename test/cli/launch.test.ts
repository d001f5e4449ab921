/**
 * The installed command (package.json `bin`: dist/bundle/cli.cjs, src/cli/launch.cts) runs the CommonJS bundle's
 * pieces through V8's code cache made at build time. The cache must be used when it fits, ignored when it does not
 * (another V8, other V8 flags), and change nothing in what the command prints; a command loads only the pieces
 * it runs.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
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
    expect(readFileSync('dist/bundle/warcast.cjs.cache').length).toBeGreaterThan(1_000);
    const caches = readdirSync('dist/bundle').filter((f) => /^warcast-[A-Z0-9]+\.cjs\.cache$/.test(f));
    expect(caches.reduce((n, f) => n + statSync(`dist/bundle/${f}`).size, 0)).toBeGreaterThan(500_000);
  });

  it('loads only the pieces a command runs: --version a few small ones, exact odds well under the whole bundle', () => {
    const pieces = (args: string[]) => {
      const line = run({}, [], args).cache;
      return [...line.matchAll(/(warcast(?:-[A-Z0-9]+)?\.cjs) used/g)].map((m) => m[1]);
    };
    const bytes = (files: string[]) => files.reduce((n, f) => n + statSync(`dist/bundle/${f}`).size, 0);
    const all = readdirSync('dist/bundle').filter((f) => /^warcast(-[A-Z0-9]+)?\.cjs$/.test(f));
    const version = pieces(['--version']);
    expect(version[0]).toBe('warcast.cjs');
    expect(bytes(version)).toBeLessThan(0.02 * bytes(all));
    const exact = pieces(['odds', 'examples/battle.yaml', '--exact']);
    expect(exact.length).toBeGreaterThan(1);
    expect(bytes(exact)).toBeLessThan(0.7 * bytes(all));
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
