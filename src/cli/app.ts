/**
 * `warcast app [scenario] [--out DIR] [--serve [--port N]]`: write the what-if page (one self-contained
 * index.html; docs/app.md), or serve it on 127.0.0.1 until Ctrl-C.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { appHtml, repoRoot } from '../app/build.js';
import { SITE_FILES, SITE_MARK, siteFiles } from '../app/site.js';
import type { ScenarioDocument } from '../app/model.js';
import { UsageError } from '../errors.js';
import { definitionFor } from '../kinds/commands.js';
import type { PageSection } from '../kinds/definition.js';
import { loadScenario } from '../kinds/load.js';
import { parseScenarioText } from '../scenario/source.js';
import { scenarioArg } from './scenarioArg.js';
import { readInputFile } from '../files/read.js';
import { untilStopped, type Io } from './io.js';
import { checkOutputFile, ensureFolder, fileHead, writeOutputFile } from '../files/output.js';

export interface AppFlags {
  out?: string;
  /** A static site: the page, its manifest, icons and service worker (src/app/site.ts). */
  site?: string;
  serve?: boolean;
  port?: string;
}

const MARK = '<meta name="generator" content="warcast app">';

function portOf(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new UsageError(`--port: expected a whole number from 0 to 65535 (0: a free port), got ${text}`);
  return port;
}

export async function appCommand(file: string | undefined, flags: AppFlags, io: Io): Promise<number> {
  if (flags.port !== undefined && !flags.serve) throw new UsageError('--port: only with --serve');
  if (flags.site !== undefined && (flags.out !== undefined || flags.serve))
    throw new UsageError(
      '--site: not with --out or --serve (the site folder holds the page; serve it with any web server)',
    );
  const port = portOf(flags.port);
  // The page shows a battle, a siege, a cascade, a march and divided forces: a file prefills its kind's section
  // (which then comes first and runs at once), the others keep their examples.
  const example = (name: string) => readFileSync(join(repoRoot(), 'examples', name), 'utf8');
  const texts: Record<PageSection, string> = {
    battle: example('orcs-vs-men.yaml'),
    siege: example('castle-siege.yaml'),
    cascade: example('cascade-bob-john.yaml'),
    march: example('forced-march-into-battle.yaml'),
    divided: example('divided-forces.yaml'),
  };
  let open: PageSection | null = null;
  if (file !== undefined) {
    const input = await scenarioArg(file, io.signal);
    const { definition } = definitionFor('app', input);
    await loadScenario(file, definition ? [definition.scenarioKind!] : undefined);
    open = definition!.page!;
    // the text as read (bounded: the shared reader), not the file read once more without a limit
    texts[open] =
      typeof input === 'string'
        ? readInputFile(file, 'scenario').toString('utf8')
        : String((input as { text: string }).text);
  }
  if (flags.site !== undefined) checkSite(flags.site, file);
  const out = flags.site !== undefined ? undefined : (flags.out ?? (flags.serve ? undefined : 'warcast-app'));
  const index = out === undefined ? undefined : join(out, 'index.html');
  // Checked before the page is built: the folder can be made and written, and an index.html there is warcast's.
  if (out !== undefined && index !== undefined) {
    ensureFolder(out, '--out');
    checkOutputFile(index, {
      option: '--out',
      inputs: file === undefined ? [] : [file],
      whyNotReplace: (p) => (fileHead(p, 4096).includes(MARK) ? null : 'is not a warcast app page'),
      advice: 'choose another folder',
    });
  }
  const started = performance.now();
  const battle = parseScenarioText(texts.battle, 'battle').data as ScenarioDocument;
  // The page is bundled in a child process (esbuild), for a second or two: a signal ends the command at once.
  const stopped = 'app: stopped by a signal; nothing was written';
  const html = (
    await untilStopped(
      io.signal,
      stopped,
      appHtml(
        battle,
        { siege: texts.siege, cascade: texts.cascade, march: texts.march, divided: texts.divided },
        open === 'battle' ? null : open,
      ),
    )
  ).replace('<meta charset="utf-8">', `<meta charset="utf-8">\n${MARK}`);
  const built = `${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB, built in ${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (flags.site !== undefined) {
    const files = await untilStopped(
      io.signal,
      stopped,
      siteFiles(html, typeof battle.title === 'string' ? battle.title : 'War Machine battle'),
    );
    for (const name of SITE_FILES) writeOutputFile(join(flags.site, name), files[name], '--site');
    io.out(
      `wrote the site in ${flags.site} (${SITE_FILES.join(', ')}; ${built}): publish the folder on any static host\n`,
    );
  }
  if (out !== undefined && index !== undefined) {
    writeOutputFile(index, html, '--out');
    io.out(`wrote ${index} (${built})${flags.serve ? '' : ': open it in a browser; it needs no network'}\n`);
  }
  return flags.serve ? serve(html, port, built, io) : 0;
}

/** Before the page is built: the site folder can be made, and each file there is one a --site wrote (or absent). */
function checkSite(dir: string, file: string | undefined): void {
  ensureFolder(dir, '--site');
  const ours = (p: string) =>
    existsSync(join(dir, 'index.html')) &&
    fileHead(join(dir, 'index.html'), 4096).includes(MARK) &&
    (p.endsWith('.png') || fileHead(p, 4096).includes(p.endsWith('index.html') ? MARK : SITE_MARK));
  for (const name of ['index.html', ...SITE_FILES.filter((f) => f !== 'index.html')])
    checkOutputFile(join(dir, name), {
      option: '--site',
      inputs: file === undefined ? [] : [file],
      whyNotReplace: (p) => (ours(p) ? null : 'is not a file of a warcast site'),
      advice: 'choose another folder',
    });
}

/** Whether a request's Host header names this server by a local name (127.0.0.1 or localhost, this port or none). */
export function localHost(host: string | undefined, port: number): boolean {
  const m = /^(127\.0\.0\.1|localhost)(?::([0-9]{1,5}))?$/i.exec(host ?? '');
  return m !== null && (m[2] === undefined || Number(m[2]) === port);
}

/** Serve the page on 127.0.0.1 (only /, /index.html) until io.signal aborts (Ctrl-C): then close it (runCli exits 130, as any interrupted command). */
async function serve(html: string, port: number, built: string, io: Io): Promise<number> {
  const body = Buffer.from(html);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    // DNS rebinding: a page on another site whose name now resolves to 127.0.0.1 sends its own name as Host.
    if (!localHost(req.headers.host, (server.address() as AddressInfo).port)) {
      res
        .writeHead(403, { 'content-type': 'text/plain; charset=utf-8' })
        .end('forbidden: open the page at http://127.0.0.1 or http://localhost\n');
    } else if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
    } else if (path === '/' || path === '/index.html') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': body.length,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found: the page is at /\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new UsageError(`--port ${port}: already in use on 127.0.0.1; choose another, or 0 for a free one`)
          : err,
      ),
    );
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  io.out(`serving the what-if page (${built}) at http://127.0.0.1:${bound}/ — Ctrl-C stops\n`);
  await new Promise<void>((resolve) => {
    if (io.signal?.aborted) resolve();
    io.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  io.out('stopped serving\n');
  return 0;
}
