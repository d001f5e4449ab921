/** `warcast app --serve`: the page on 127.0.0.1 (a free port by default), only /; Ctrl-C (the abort signal) stops it cleanly. */
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

describe('warcast app --serve', () => {
  it('serves the page on a free port, 404 elsewhere, and stops on Ctrl-C (abort) cleanly, exit 130 as every interrupted command', async () => {
    const controller = new AbortController();
    const io = memoryIo(controller.signal);
    const done = runCli(['app', 'examples/orcs-vs-men.yaml', '--serve'], io);
    const started = Date.now();
    while (!/http:\/\/127\.0\.0\.1:\d+\//.test(io.stdout) && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 20));
    const url = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(io.stdout)?.[0];
    expect(url, io.stdout + io.stderr).toBeDefined();
    expect(Number(new URL(url!).port)).toBeGreaterThan(0);
    const page = await fetch(url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<meta name="generator" content="warcast app">');
    expect(html).toContain('"Orcs of the Broken Fang"');
    expect((await fetch(new URL('/index.html', url)).then((r) => r.text())).length).toBe(html.length);
    expect((await fetch(new URL('/secret', url))).status).toBe(404);
    controller.abort();
    expect(await done).toBe(130);
    expect(io.stdout).toContain('stopped serving');
    // The port is closed.
    await expect(fetch(url!)).rejects.toThrow();
  });

  it('refuses --port without --serve and a bad port (exit 2)', async () => {
    for (const args of [['--port', '8080'], ['--serve', '--port', 'x']]) {
      const io = memoryIo();
      expect(await runCli(['app', 'examples/orcs-vs-men.yaml', ...args], io)).toBe(2);
      expect(io.stderr).toMatch(/--port/);
    }
  });
});
