/** `warcast app --serve`: the page on 127.0.0.1 (a free port by default), only /; Ctrl-C (the abort signal) stops it cleanly. */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

/** The status of GET / on 127.0.0.1:port with the Host header `host` (fetch will not send another Host). */
function statusWithHost(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('warcast app --serve', () => {
  it('serves the page on a free port, 404 elsewhere, and stops on Ctrl-C (abort) cleanly, exit 130 as every interrupted command', async () => {
    const controller = new AbortController();
    const io = memoryIo(controller.signal);
    const done = runCli(['app', 'examples/orcs-vs-men.yaml', '--serve'], io);
    const started = Date.now();
    while (!/http:\/\/127\.0\.0\.1:\d+\//.test(io.stdout) && Date.now() - started < 30_000)
      await new Promise((r) => setTimeout(r, 20));
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
    // DNS rebinding: a request naming another host is refused; local names (this port or none) are served
    const port = Number(new URL(url!).port);
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1.evil.example:${port}`,
      `localhost:${port + 1}`,
    ])
      expect(await statusWithHost(port, host), host).toBe(403);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'localhost', 'LOCALHOST'])
      expect(await statusWithHost(port, host), host).toBe(200);
    controller.abort();
    expect(await done).toBe(130);
    expect(io.stdout).toContain('stopped serving');
    // The port is closed.
    await expect(fetch(url!)).rejects.toThrow();
  });

  it('refuses --port without --serve and a bad port (exit 2)', async () => {
    for (const args of [
      ['--port', '8080'],
      ['--serve', '--port', 'x'],
    ]) {
      const io = memoryIo();
      expect(await runCli(['app', 'examples/orcs-vs-men.yaml', ...args], io)).toBe(2);
      expect(io.stderr).toMatch(/--port/);
    }
  });
});
