/**
 * Builds the what-if page (`warcast app`): app/page.ts and the pure modules it imports from src/, bundled by
 * esbuild into one index.html with the script and styles inline. The page makes no request: a CSP forbids
 * any, and the Node built-ins a shared module imports for its file or thread paths are replaced by stubs that
 * throw if ever called (the page never calls them; test/app/browser.test.ts checks the page works).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import type { ScenarioDocument } from './model.js';
import { warcastVersion } from '../version.js';

/**
 * The package root (package.json of warcast): from src/app/ or, compiled, dist/src/app/. A checkout also holds
 * app/page.ts (the page's source); the packed package holds only the prebuilt bundle, dist/app/ (prebuild.ts).
 */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'examples'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('warcast app: the warcast package root (package.json beside examples/) was not found');
    dir = up;
  }
  return dir;
}

/** Where `npm run build` writes the prebuilt page script and styles (the packed package ships them). */
export const PREBUILT_DIR = join('dist', 'app');

/** Every Node built-in the page's modules import, with the names imported; each becomes a throwing stub. */
const NODE_STUBS: Record<string, string[]> = {
  'node:fs': ['closeSync', 'fstatSync', 'openSync', 'readSync', 'existsSync', 'readFileSync', 'read', 'constants'],
  'node:tty': ['isatty'],
  'node:os': ['availableParallelism'],
  'node:url': ['fileURLToPath', 'pathToFileURL'],
  'node:timers/promises': ['setTimeout', 'setImmediate'],
  'node:worker_threads': ['Worker', 'isMainThread', 'parentPort', 'workerData'],
  'node:path': ['dirname', 'join', 'resolve'],
};

/**
 * Modules of src/ that start workers or read files, which the page's imports reach only for their Monte Carlo
 * and file paths (src/analysis/odds.ts and matchup.ts import them beside their pure exact parts): each becomes
 * a stub with the same export names whose functions throw, so the bundle stays small and free of Node.
 */
const SRC_STUBS = ['src/engine/run.ts', 'src/engine/runMany.ts', 'src/engine/pool.ts', 'src/kinds/index.ts', 'src/kinds/load.ts'];

async function exportNames(file: string): Promise<string[]> {
  const { build } = await import('esbuild');
  const r = await build({ entryPoints: [file], bundle: false, write: false, format: 'esm', metafile: true, logLevel: 'silent' });
  return Object.values(r.metafile.outputs).flatMap((o) => o.exports);
}

const nodeStubs: Plugin = {
  name: 'node-stubs',
  setup(b) {
    const root = repoRoot();
    const stubbed = new Set(SRC_STUBS.map((f) => join(root, f)));
    b.onResolve({ filter: /\.js$/ }, (args) => {
      if (!args.importer.startsWith(root)) return undefined;
      const ts = join(dirname(args.importer), args.path.replace(/\.js$/, '.ts'));
      return stubbed.has(ts) ? { path: ts, namespace: 'src-stub' } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'src-stub' }, async (args) => ({
      contents: (await exportNames(args.path)).map((n) => `export function ${n}() { throw new Error('${args.path.slice(root.length + 1)} ${n}: not available in the page'); }`).join('\n'),
      loader: 'js',
    }));
    b.onResolve({ filter: /^node:/ }, (args) => {
      if (!(args.path in NODE_STUBS)) return { errors: [{ text: `${args.path} (imported by ${args.importer}) has no browser stub: keep it out of the page's modules` }] };
      return { path: args.path, namespace: 'node-stub' };
    });
    b.onLoad({ filter: /.*/, namespace: 'node-stub' }, (args) => ({
      contents: NODE_STUBS[args.path].map((n) => `export function ${n}() { throw new Error('${args.path} ${n}: not available in the page'); }`).join('\n'),
      loader: 'js',
    }));
  },
};

/**
 * zod's `z` namespace object keeps every export alive in a bundle (all 40-odd locales, JSON Schema
 * conversion): the page gets a `z` of only the builders the schemas call. English messages stay (zod
 * registers them on the first schema built), so errors read as the CLI's. A builder missing here throws at
 * once, naming this list (the model and browser tests validate every kind the page runs).
 */
const ZOD_PAGE = ['array', 'boolean', 'enum', 'literal', 'number', 'partialRecord', 'strictObject', 'string', 'tuple', 'union'];

const zodSubset: Plugin = {
  name: 'zod-subset',
  setup(b) {
    b.onResolve({ filter: /^zod$/ }, () => ({ path: 'zod', namespace: 'zod-subset' }));
    b.onLoad({ filter: /.*/, namespace: 'zod-subset' }, () => {
      const schemas = join(dirname(fileURLToPath(import.meta.resolve('zod'))), 'v4', 'classic', 'schemas.js');
      const names = ZOD_PAGE.map((n, i) => `${n} as z${i}`).join(', ');
      const members = ZOD_PAGE.map((n, i) => `${JSON.stringify(n)}: z${i}`).join(', ');
      return {
        contents: `import { ${names} } from ${JSON.stringify(schemas)};
const builders = { ${members} };
export const z = new Proxy(builders, { get(t, k) { if (!(k in t)) throw new Error("zod." + String(k) + ": not in the page's zod subset (src/app/build.ts ZOD_PAGE)"); return t[k]; } });`,
        loader: 'js',
        resolveDir: dirname(schemas),
      };
    });
  },
};

/** The page's script, minified: app/main.ts, which runs the page in a document and the Monte Carlo in a worker. */
export async function bundlePage(options: { metafile?: boolean } = {}): Promise<{ js: string; metafile?: import('esbuild').Metafile }> {
  const { build } = await import('esbuild');
  const root = repoRoot();
  if (!existsSync(join(root, 'app', 'main.ts'))) throw new Error(`warcast app: ${join(root, 'app', 'main.ts')} not found (bundling needs the source tree)`);
  const out = await build({
    entryPoints: [join(root, 'app', 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    metafile: options.metafile === true,
    plugins: [nodeStubs, zodSubset],
    // The page reads no package.json: src/version.ts takes this (the one version, read here once).
    define: { __WARCAST_VERSION__: JSON.stringify(warcastVersion) },
  });
  return { js: out.outputFiles[0].text, metafile: out.metafile };
}

/**
 * The page's script and styles: bundled from the source tree in a checkout (so an edit shows at once), else
 * the prebuilt copy `npm run build` wrote to dist/app/ (what the packed package ships).
 */
export async function pageAssets(): Promise<{ js: string; css: string; prebuilt: boolean }> {
  const root = repoRoot();
  if (existsSync(join(root, 'app', 'main.ts'))) {
    return { js: (await bundlePage()).js, css: readFileSync(join(root, 'app', 'page.css'), 'utf8'), prebuilt: false };
  }
  const dir = join(root, PREBUILT_DIR);
  if (!existsSync(join(dir, 'page.js'))) throw new Error(`warcast app: neither the page's source (app/main.ts) nor its prebuilt bundle (${join(dir, 'page.js')}) was found; run npm run build`);
  return { js: readFileSync(join(dir, 'page.js'), 'utf8'), css: readFileSync(join(dir, 'page.css'), 'utf8'), prebuilt: true };
}

/** One Monte Carlo run's controls: its scenario (unless the form's battle), seed, trials, button, progress, answer. */
function monteCarloBlock(task: string, plural: string, what: string, command: string, trials: number, text: boolean): string {
  return `<h3 id="${task}-h">${plural[0].toUpperCase()}${plural.slice(1)}</h3>
<p>${what}: the JSON <code>${command} --seed S --trials N --json</code> prints.</p>
${text ? `<label for="${task}-text">${task} scenario</label>\n<textarea id="${task}-text" rows="8" spellcheck="false"></textarea>` : ''}
<p><label for="${task}-seed">${task} seed</label> <input id="${task}-seed" type="number" min="0" step="1" value="42">
<label for="${task}-trials">${task} trials</label> <input id="${task}-trials" type="number" min="1" step="1" value="${trials}">
<button type="button" id="${task}-run">run the ${plural}</button></p>
<progress id="${task}-progress" value="0" max="1" aria-label="${plural} run"></progress>
<p id="${task}-status" aria-live="polite"></p>
<details><summary>the JSON</summary><pre id="${task}-result"></pre></details>`;
}

/** JSON safe inside a <script> element. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The page: one HTML document, the scenario embedded (the URL hash, when present, takes precedence). */
export async function appHtml(doc: ScenarioDocument, siegeText: string, cascadeText: string): Promise<string> {
  const assets = await pageAssets();
  const js = assets.js.replace(/<\/(script)/gi, '<\\/$1');
  const title = typeof doc.title === 'string' ? doc.title : 'War Machine battle';
  const escHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' blob:; worker-src blob:; style-src 'unsafe-inline'; img-src data:">
<title>${escHtml(title)} — warcast what-if</title>
<style>${assets.css}</style>
</head>
<body>
<main>
<h1>${escHtml(title)}: what if?</h1>
<p class="lead">Change any value: the odds below are recomputed exactly (all 10,000 pairs of d100 rolls) in this page, by the engine of <code>warcast odds --exact</code>. The link in the address bar reproduces this page.</p>
<form id="form" aria-label="the battle"></form>
<section id="results" aria-live="polite" aria-busy="true">
<h2>Odds</h2>
<p id="error" role="alert" class="error"></p>
<p id="verdict" class="verdict"></p>
<table id="odds"></table>
<p id="nowinner"></p>
<h2>Casualties</h2>
<table id="casualty-q"></table>
<div id="cas-charts" class="charts"></div>
<h2>Results rows</h2>
<p class="note">How decisively each side wins: the probability of each row of the combat results table (the winner’s margin).</p>
<div id="rows-chart"></div>
<h2>Tactics as a game</h2>
<table id="matchup" class="matchup"></table>
<p id="nash"></p>
</section>
<section aria-labelledby="mc-h">
<h2 id="mc-h">Monte Carlo</h2>
<p>Each run goes in a Web Worker over the CLI's seeded chunks (chunk <i>i</i> draws from (seed, <i>i</i>) alone), so the same seed and trials give the numbers <code>warcast</code> prints with <code>--seed S --trials N --json</code>.</p>
${monteCarloBlock('battle', 'battles', 'The battle above, simulated; with pursuit days above 1, followed over the days too', 'warcast odds', 100000, false)}
${monteCarloBlock('siege', 'sieges', 'A siege (YAML, as <code>warcast siege</code> reads)', 'warcast siege', 100000, true)}
${monteCarloBlock('cascade', 'cascades', 'A Dune seizure cascade (YAML, as <code>warcast cascade</code> reads; NPC attacks on)', 'warcast cascade', 20000, true)}
</section>
<section aria-label="export">
<h2>Export</h2>
<p><button type="button" id="export-yaml">export YAML</button> <button type="button" id="export-json">export JSON</button></p>
<label for="export">exported text (the YAML is a scenario <code>warcast</code> reads; the JSON is <code>warcast odds --exact --json</code> without elapsedMs)</label>
<textarea id="export" readonly rows="8"></textarea>
</section>
</main>
<script type="application/json" id="scenario">${scriptJson(doc)}</script>
<script type="application/json" id="siege-scenario">${scriptJson(siegeText)}</script>
<script type="application/json" id="cascade-scenario">${scriptJson(cascadeText)}</script>
<script id="app-script">${js}</script>
</body>
</html>
`;
}
