/**
 * `warcast app` from the packed package (no app/ source, no bundling): the package holds the prebuilt page
 * script (dist/app/, written by `npm run build`), and the package's CLI writes the same page as the checkout.
 * The package is package.json's `files` copied (what `npm pack` takes); WARCAST_NPM_PACK=1 runs `npm pack`
 * itself and also checks the page equals the checkout's, bundled from source (`npm run test:package`; npm
 * takes ~7 s here and bundling ~1 s, too slow for `npm test`).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

describe('warcast app from the packed package', () => {
  it('writes the page from the prebuilt bundle, without the source tree', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warcast-pack-'));
    const pkg = join(dir, 'package');
    if (process.env.WARCAST_NPM_PACK === '1') {
      const tgz = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { encoding: 'utf8' }).trim().split('\n').pop()!;
      execFileSync('tar', ['-xzf', join(dir, tgz), '-C', dir]);
    } else {
      const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { files: string[] };
      expect(manifest.files).toContain('dist/app');
      mkdirSync(pkg);
      for (const f of [...manifest.files, 'package.json']) cpSync(f, join(pkg, f), { recursive: true });
    }
    expect(() => readFileSync(join(pkg, 'app', 'main.ts'))).toThrow();
    expect(readFileSync(join(pkg, 'dist', 'app', 'page.js')).length).toBeGreaterThan(10_000);
    // The package's dependencies: this checkout's (an install would need the registry).
    symlinkSync(resolve('node_modules'), join(pkg, 'node_modules'), 'dir');
    // `warcast` as installed: package.json's bin (the bundle, src/build/bundle.ts), which must be in the package.
    const bin = join(pkg, (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { bin: { warcast: string } }).bin.warcast);
    expect(readFileSync(bin, 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    const exact = JSON.parse(execFileSync(process.execPath, [bin, 'odds', join(pkg, 'examples', 'orcs-vs-men.yaml'), '--exact', '--json'], { encoding: 'utf8' })) as { exact: unknown };
    expect(exact.exact).toBeTruthy();
    if (process.env.WARCAST_NPM_PACK === '1') {
      // The bundle's worker (dist/bundle/worker.mjs) on a run big enough for the pool: same answer as one thread.
      const run = (threads: string) => (JSON.parse(execFileSync(process.execPath, [bin, 'odds', join(pkg, 'examples', 'orcs-vs-men.yaml'), '--trials', '2e7', '--threads', threads, '--json'], { encoding: 'utf8' })) as { threads: number; win: unknown; rows: unknown });
      const [one, two] = [run('1'), run('2')];
      expect(two.threads).toBe(2);
      expect([two.win, two.rows]).toEqual([one.win, one.rows]);
    }
    const out = execFileSync(process.execPath, [bin, 'app', join(pkg, 'examples', 'orcs-vs-men.yaml'), '--out', join(dir, 'page')], { encoding: 'utf8' });
    expect(out).toMatch(/^wrote .*index\.html/);
    const packaged = readFileSync(join(dir, 'page', 'index.html'), 'utf8');
    // The page inlines the prebuilt script (its `</script` escaped), with the scenario the package's CLI read.
    const prebuilt = readFileSync(join(pkg, 'dist', 'app', 'page.js'), 'utf8').replace(/<\/(script)/gi, '<\\/$1');
    expect(packaged).toContain(`<script id="app-script">${prebuilt}</script>`);
    expect(packaged).toContain('"Orcs of the Broken Fang"');
    if (process.env.WARCAST_NPM_PACK === '1') {
      // The whole page equals the checkout's, bundled from the source (so the prebuilt bundle is current).
      expect(await runCli(['app', 'examples/orcs-vs-men.yaml', '--out', join(dir, 'checkout')], memoryIo())).toBe(0);
      expect(packaged).toBe(readFileSync(join(dir, 'checkout', 'index.html'), 'utf8'));
    }
  });
});
