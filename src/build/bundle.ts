/**
 * `npm run build` step: the command line and the pool's worker as esbuild bundles in dist/bundle/, what `bin`
 * runs. The command line is one CommonJS file, warcast.cjs, started by cli.cjs (src/cli/launch.cts) with V8's code
 * cache made here by a training run; the worker is an ES module bundle, worker.mjs and its chunks. Node then
 * reads a few files at start-up instead of hundreds (zod alone is ~95 modules) and, with the cache, compiles
 * little of them. dist/src/ stays for the library API and the tests.
 *
 * Bundled: warcast's own code and the pure-JS packages on the start-up path (commander, yaml, zod). Left
 * external (loaded from node_modules as before): packages with native code, their own worker files or large
 * optional parts (piscina, @resvg/resvg-js, vega, esbuild, bullmq, …), and the benchmark harness, which
 * re-imports kernel modules by path (dist/src/cli/bench.js is loaded from the bundle as it is).
 */
import { build, type Plugin } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FONT_DIR, FONT_FILES, FONT_LICENCE } from '../../reports/fonts.js';
import { repoRoot } from '../app/build.js';

/** The bundle's folder under the package root. */
export const BUNDLE_DIR = join('dist', 'bundle');
/** Packages copied into the bundle; every other package stays an import from node_modules. */
const BUNDLED_PACKAGES = new Set(['commander', 'yaml', 'zod']);

const root = repoRoot();
const outdir = join(root, BUNDLE_DIR);

const externals: Plugin = {
  name: 'warcast-externals',
  setup(b) {
    // A bare package name: bundled only if listed (a subpath such as zod/v4 counts as its package).
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      // commander needs child_process only to start a subcommand's own executable, which warcast has none of;
      // loaded at its top level, it costs every start node:child_process, node:net and node:dgram: loaded on use.
      if (args.path === 'node:child_process' && /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer))
        return { path: 'child_process', namespace: 'warcast-lazy-child-process' };
      if (args.path.startsWith('node:')) return { external: true };
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return BUNDLED_PACKAGES.has(name) ? undefined : { external: true };
    });
    // zod's `z` (and `z.core`) namespace re-exports all 40-odd locales as `z.locales` (368 KB of its 755 KB): warcast uses only
    // the English messages, which zod imports by themselves, so the bundle's `z.locales` is empty.
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer)
        ? { path: 'zod-locales', namespace: 'warcast-empty' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'warcast-empty' }, () => ({ contents: 'export {};', loader: 'js' }));
    b.onLoad({ filter: /.*/, namespace: 'warcast-lazy-child-process' }, () => ({
      contents: "module.exports = { spawn: (...args) => require('node:child_process').spawn(...args) };",
      loader: 'js',
    }));
    // The benchmark harness finds kernel modules by their path under dist/: it runs from dist/src/ as compiled.
    b.onResolve({ filter: /^\.\/bench\.js$/ }, (args) =>
      args.importer.endsWith(join('src', 'cli', 'utilityCommands.js'))
        ? { path: '../src/cli/bench.js', external: true }
        : undefined,
    );
  },
};

// The report fonts (reports/fonts.ts): the two files the PNG renderer uses and their licence, out of the
// dejavu-fonts-ttf package (a dev dependency), so the package ships 1.4 MB of fonts rather than 12 MB.
const fontPackage = dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'));
mkdirSync(join(root, FONT_DIR), { recursive: true });
for (const f of FONT_FILES) copyFileSync(join(fontPackage, 'ttf', f), join(root, FONT_DIR, f));
copyFileSync(join(fontPackage, FONT_LICENCE), join(root, FONT_DIR, FONT_LICENCE));

rmSync(outdir, { recursive: true, force: true });
// The pool's worker: an ES module bundle with code splitting (each kernel a chunk the worker imports on use).
const workerBuild = await build({
  entryPoints: { worker: join(root, 'dist', 'workers', 'worker.js') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunk-[hash]',
  plugins: [externals],
  // yaml is CommonJS: its require() of Node built-ins needs a real require in an ES module.
  banner: {
    js: "import { createRequire as __warcastCreateRequire } from 'node:module'; const require = __warcastCreateRequire(import.meta.url);",
  },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
// The command line: one CommonJS file, so that V8 can cache its compiled code (src/cli/launch.cts; Node 20 caches
// no ES module). Every dynamic import() of warcast's own modules stays lazy (esbuild defers their top level).
// import.meta does not exist in CommonJS: the bundle's own URL stands in for it (the worker, the package root
// and zod's files are all found from there).
const cliBuild = await build({
  entryPoints: { warcast: join(root, 'dist', 'src', 'cli', 'main.js') },
  outdir,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.cjs' },
  plugins: [externals],
  define: { 'import.meta.url': '__warcastModuleUrl', 'import.meta.resolve': '__warcastResolve' },
  banner: {
    js: "const __warcastModuleUrl = require('node:url').pathToFileURL(__filename).href; const __warcastResolve = (s) => require('node:url').pathToFileURL(require.resolve(s)).href;",
  },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
// The bundle's import() calls left (packages kept outside it, loaded on use: esbuild, vega, vega-lite, the bench
// harness; listed as the build ends) go through the launcher's import(): code run from V8's code cache has no way to import of its own in
// Node 20 (its functions lose the script's import callback: "A dynamic import callback was not specified").
const cliFile = join(outdir, 'warcast.cjs');
const imports = new Set<string>();
const code = readFileSync(cliFile, 'utf8').replace(/\bimport\(("[^"]+")\)/g, (_, specifier: string) => {
  imports.add(JSON.parse(specifier) as string);
  return `__warcastImport(${specifier})`;
});
if (/\bimport\(\s*[^\s)]/.test(code))
  throw new Error('bundle: an import() with a computed specifier is left in warcast.cjs; give it a string literal');
// Pure ASCII, so the launcher reads it as one byte a character: with a single non-ASCII character (a dash in a
// comment) Node decodes 1.6 MB of UTF-8 into a two-byte string, ~45 ms at every start. esbuild escapes strings,
// regular expressions and names (charset: ascii); what is left is in comments, where \u escapes are as good.
const ascii = code.replace(/[^\t\n\r\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
// Written as the launcher compiles it: inside the same wrapper as Node's own CommonJS loader (so the code sees
// `require`, `module` and `__dirname` as usual, and `__warcastImport`, the launcher's import()). Read as it is, the
// 1–2 MB source is one string: wrapped at each start it was copied twice more (the concatenation, flattened to
// compile it). main.ts's #! line, which esbuild keeps, becomes a comment.
writeFileSync(
  cliFile,
  `(function (exports, require, module, __filename, __dirname, __warcastImport) {${ascii.replace(/^#!/, '//')}\n})`,
);

// bin: the launcher that loads warcast.cjs with its code cache.
const launcher = join(outdir, 'cli.cjs');
copyFileSync(join(root, 'dist', 'src', 'cli', 'launch.cjs'), launcher);
// Piscina starts each worker with this CommonJS loader, which import()s worker.mjs (workers/loader.cts says why).
copyFileSync(join(root, 'dist', 'workers', 'loader.cjs'), join(outdir, 'worker-loader.cjs'));
chmodSync(launcher, 0o755);
// The training run: exact odds of the README's example, the most common start-up; the cache holds what it compiled.
const training = spawnSync(
  process.execPath,
  [launcher, 'odds', join(root, 'examples', 'orcs-vs-men.yaml'), '--exact', '--json'],
  { env: { ...process.env, WARCAST_CODE_CACHE: 'write' }, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (training.status !== 0) throw new Error(`bundle: the code cache's training run failed (exit ${training.status})`);

const outputs = [...Object.entries(workerBuild.metafile.outputs), ...Object.entries(cliBuild.metafile.outputs)];
const bytes = outputs.reduce((n, [, o]) => n + o.bytes, 0);
const cache = statSync(join(outdir, 'warcast.cjs.cache')).size;
console.log(
  `command line bundle: ${BUNDLE_DIR}/cli.cjs → warcast.cjs (code cache ${(cache / 1024).toFixed(0)} KiB), worker.mjs and ${outputs.length - 2} chunks, ${(bytes / 1024).toFixed(0)} KiB; imported on use: ${[...imports].sort().join(', ')}`,
);
