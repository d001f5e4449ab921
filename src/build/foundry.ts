/**
 * `npm run build:foundry` (and the last step of `npm run build`): the Foundry VTT module in dist/foundry/warcast/
 * — module.json, warcast.js (an ES module: integrations/foundry/src/module.ts and the pure core it imports),
 * worker.js (the what-if page's worker, app/worker.ts), warcast.css — and dist/foundry/warcast.zip, what a GM's
 * Foundry downloads from the manifest's `download` URL. The manifest's URLs are placeholders unless
 * WARCAST_FOUNDRY_URL names the folder they are published in (docs/foundry.md, "Publish").
 */
import { build, type Metafile } from 'esbuild';
import { zipSync } from 'fflate';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../app/build.js';
import { warcastVersion } from '../version.js';

/** Where the manifest says it is published when WARCAST_FOUNDRY_URL is unset: a reserved name that resolves nowhere. */
export const PLACEHOLDER_URL = 'https://example.invalid/warcast/';

/** The module's manifest (Foundry v13: id, compatibility, esmodules, styles, manifest and download URLs). */
export function moduleJson(baseUrl: string): object {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return {
    id: 'warcast',
    title: 'warcast: War Machine battles and sieges',
    description:
      'Exact odds, narrated rolls and week-by-week sieges for War Machine and Siege Machine, with the warcast engine. System-agnostic.',
    version: warcastVersion,
    authors: [{ name: 'warcast' }],
    compatibility: { minimum: '13', verified: '13' },
    esmodules: ['warcast.js'],
    styles: ['warcast.css'],
    manifest: `${base}module.json`,
    download: `${base}warcast.zip`,
    license: 'MIT',
  };
}

/** The page's styles, scoped to the dialog and the chat cards (nested CSS: nothing of Foundry's own is touched). */
function moduleCss(root: string): string {
  const page = readFileSync(join(root, 'app', 'page.css'), 'utf8').replace(/:root\s*\{/g, '& {');
  const own = readFileSync(join(root, 'integrations', 'foundry', 'styles', 'warcast.css'), 'utf8');
  return `/* app/page.css, scoped */\n:is(.warcast-app, .warcast-card) {\n${page}\n}\n${own}`;
}

export interface FoundryBuild {
  dir: string;
  zip: string;
  files: Record<string, number>;
  metafile: Metafile;
}

/** Builds the module into `out` (default dist/foundry): the folder and its zip, each written whole then renamed. */
export async function buildFoundry(
  out = join(repoRoot(), 'dist', 'foundry'),
  baseUrl = process.env.WARCAST_FOUNDRY_URL || PLACEHOLDER_URL,
): Promise<FoundryBuild> {
  const root = repoRoot();
  const src = join(root, 'integrations', 'foundry', 'src');
  const defaults = {
    battle: parse(readFileSync(join(root, 'examples', 'orcs-vs-men.yaml'), 'utf8')),
    siege: readFileSync(join(root, 'examples', 'castle-siege.yaml'), 'utf8'),
  };
  const common = {
    bundle: true,
    write: false,
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
    define: { __WARCAST_VERSION__: JSON.stringify(warcastVersion) },
  } as const;
  const [main, worker] = await Promise.all([
    build({
      ...common,
      entryPoints: [join(src, 'module.ts')],
      format: 'esm',
      define: { ...common.define, __WARCAST_FOUNDRY_DEFAULTS__: JSON.stringify(defaults) },
    }),
    build({ ...common, entryPoints: [join(src, 'worker.ts')], format: 'iife' }),
  ]);
  const files: Record<string, Uint8Array> = {
    'module.json': new TextEncoder().encode(JSON.stringify(moduleJson(baseUrl), null, 2) + '\n'),
    'warcast.js': main.outputFiles[0].contents,
    'worker.js': worker.outputFiles[0].contents,
    'warcast.css': new TextEncoder().encode(moduleCss(root)),
  };
  const dir = join(out, 'warcast');
  const tmp = join(out, `.warcast-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(tmp, name), bytes);
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  // The zip holds the folder warcast/ as Foundry unpacks it into Data/modules/; fixed times, so the same bytes each build.
  const mtime = new Date('2026-01-01T00:00:00Z');
  const zip = zipSync(Object.fromEntries(Object.entries(files).map(([n, b]) => [`warcast/${n}`, [b, { mtime }]])), {
    level: 9,
  });
  const zipFile = join(out, 'warcast.zip');
  writeFileSync(`${zipFile}.tmp`, zip);
  renameSync(`${zipFile}.tmp`, zipFile);
  // A copy of the manifest beside the zip: the two files a GM's host serves.
  writeFileSync(join(out, 'module.json'), files['module.json']);
  const metafile: Metafile = {
    inputs: { ...main.metafile.inputs, ...worker.metafile.inputs },
    outputs: { ...main.metafile.outputs, ...worker.metafile.outputs },
  };
  return {
    dir,
    zip: zipFile,
    files: Object.fromEntries(Object.entries(files).map(([n, b]) => [n, b.length])),
    metafile,
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const b = await buildFoundry();
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(
    `Foundry module: ${b.dir} (${Object.entries(b.files)
      .map(([n, s]) => `${n} ${kib(s)}`)
      .join(', ')}), ${b.zip}`,
  );
}
