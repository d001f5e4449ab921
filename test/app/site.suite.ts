/**
 * `warcast app --site DIR`: the page as a static site (index.html, manifest, icons, service worker), written whole
 * and replaced only over a site warcast wrote; in headless Chromium, served over HTTP as a static host would, the
 * page loads with no console error, its worker takes every file, and it opens again with the network off. Run by
 * test/browser.test.ts, in its one Chromium.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { browserContext, chromiumOrFail } from '../helpers/chromium.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-site-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const site = join(dir, 'site');

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (b: Buffer) => [b.readUInt32BE(16), b.readUInt32BE(20)];

describe('warcast app --site', () => {
  it('writes the page, a valid manifest, its icons and a service worker; replaces only a site it wrote', async () => {
    const io = memoryIo();
    expect(await runCli(['app', 'examples/orcs-vs-men.yaml', '--site', site], io), io.stderr).toBe(0);
    expect(io.stdout).toMatch(/^wrote the site in .*: publish the folder on any static host\n$/);
    const index = readFileSync(join(site, 'index.html'), 'utf8');
    expect(index).toContain('<link rel="manifest" href="manifest.webmanifest">');
    expect(index).toContain("navigator.serviceWorker.register('sw.js')");
    expect(index).toContain("manifest-src 'self'");
    expect(index).toContain('"Orcs of the Broken Fang"');
    const manifest = JSON.parse(readFileSync(join(site, 'manifest.webmanifest'), 'utf8'));
    expect(manifest).toMatchObject({ start_url: './', scope: './', display: 'standalone', short_name: 'warcast' });
    expect(manifest.name).toBe('Battle of the Kelvin Ford — warcast what-if');
    for (const icon of manifest.icons.filter((i: { type: string }) => i.type === 'image/png')) {
      const [w, h] = pngSize(readFileSync(join(site, icon.src)));
      expect(`${w}x${h}`).toBe(icon.sizes);
    }
    const sw = readFileSync(join(site, 'sw.js'), 'utf8');
    for (const f of ['./', './index.html', './manifest.webmanifest', './icon-192.png']) expect(sw).toContain(`"${f}"`);
    // again: replaced; a folder with someone else's index.html: refused (exit 2), nothing written
    expect(await runCli(['app', '--site', site], memoryIo())).toBe(0);
    const other = join(dir, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'index.html'), '<p>my own page</p>');
    const refused = memoryIo();
    expect(await runCli(['app', '--site', other], refused)).toBe(2);
    expect(refused.stderr).toMatch(/--site .*index\.html: exists and is not a file of a warcast site/);
    expect(readFileSync(join(other, 'index.html'), 'utf8')).toBe('<p>my own page</p>');
    const both = memoryIo();
    expect(await runCli(['app', '--site', site, '--out', dir], both)).toBe(2);
    expect(both.stderr).toMatch(/--site: not with --out or --serve/);
  });

  if (chromiumOrFail('site browser test'))
    it('served over HTTP: loads without errors, its worker keeps the files, and it opens offline', async () => {
      const types: Record<string, string> = {
        '.html': 'text/html; charset=utf-8',
        '.js': 'text/javascript',
        '.webmanifest': 'application/manifest+json',
        '.png': 'image/png',
        '.svg': 'image/svg+xml',
      };
      const server = createServer((req, res) => {
        const path = new URL(req.url!, 'http://x').pathname;
        const name = path === '/' ? 'index.html' : path.slice(1);
        try {
          const body = readFileSync(join(site, name));
          res.writeHead(200, { 'content-type': types[extname(name)] ?? 'application/octet-stream' }).end(body);
        } catch {
          res.writeHead(404).end();
        }
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const context = await browserContext(); // test/browser.test.ts closes it
      const page = await context.newPage();
      try {
        const errors: string[] = [];
        page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(url);
        await page.locator('td[data-key="win-a"]').waitFor();
        const cached = await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          const keys = await caches.keys();
          const cache = await caches.open(keys[0]);
          return (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
        });
        expect(cached).toEqual(
          ['/', '/icon-192.png', '/icon-512.png', '/icon.svg', '/index.html', '/manifest.webmanifest'].sort(),
        );
        // Chromium's own reading of the manifest, and what it says stops an install
        const cdp = await context.newCDPSession(page);
        const read = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
        expect(read.errors).toEqual([]);
        expect(JSON.parse(read.data!).short_name).toBe('warcast');
        const blocking = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
        expect(blocking.installabilityErrors).toEqual([]);
        expect(errors).toEqual([]);
        // the network gone (the server closed too): the page, a share link's query and hash kept, still answers; a
        // Monte Carlo size it refuses (?trials=0) is said in one line, and its own sizes run
        await context.setOffline(true);
        await new Promise<void>((r) => server.close(() => r()));
        await page.goto(`${url}?trials=0#offline`);
        await page.locator('td[data-key="win-a"]').waitFor();
        expect(await page.locator('td[data-key="win-a"]').textContent()).toMatch(/%/);
        expect(await page.locator('#trials-error').textContent()).toMatch(
          /^\?trials=0: not a whole number of trials from 100 to 10,000,000; the page runs its own/,
        );
        expect(await page.locator('#siege-trials').inputValue()).toBe('100000');
        expect(errors).toEqual([]);
      } finally {
        await context.setOffline(false); // the context is the other suites' too
        await page.close();
        server.close();
      }
    });
});
