/**
 * `npm run build` step: the command line and the pool's worker as esbuild bundles in dist/bundle/ (cli.mjs,
 * worker.mjs and the chunks they share), what `bin` runs. Node then loads a few dozen files at start-up instead
 * of hundreds (zod alone is ~95 modules), and commands still load only what they use: every dynamic `import()`
 * becomes a chunk of its own (code splitting). dist/src/ stays for the library API and the tests.
 *
 * Bundled: warcast's own code and the pure-JS packages on the start-up path (commander, yaml, zod). Left
 * external (loaded from node_modules as before): packages with native code, their own worker files or large
 * optional parts (piscina, @resvg/resvg-js, vega, esbuild, bullmq, …), and the benchmark harness, which
 * re-imports kernel modules by path (dist/src/cli/bench.js is loaded from the bundle as it is).
 */
import { build, type Plugin } from 'esbuild';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
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
      if (args.path.startsWith('node:')) return { external: true };
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return BUNDLED_PACKAGES.has(name) ? undefined : { external: true };
    });
    // zod's `z` (and `z.core`) namespace re-exports all 40-odd locales as `z.locales` (368 KB of its 755 KB): warcast uses only
    // the English messages, which zod imports by themselves, so the bundle's `z.locales` is empty.
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => (/[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'warcast-empty' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'warcast-empty' }, () => ({ contents: 'export {};', loader: 'js' }));
    // The benchmark harness finds kernel modules by their path under dist/: it runs from dist/src/ as compiled.
    b.onResolve({ filter: /^\.\/bench\.js$/ }, (args) => (args.importer.endsWith(join('src', 'cli', 'program.js')) ? { path: '../src/cli/bench.js', external: true } : undefined));
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { cli: join(root, 'dist', 'src', 'cli', 'main.js'), worker: join(root, 'dist', 'workers', 'worker.js') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outExtension: { '.js': '.mjs' },
  // Entries and chunks in one folder, so every relative path (chunks, the external bench module) holds from any of them.
  chunkNames: 'chunk-[hash]',
  plugins: [externals],
  // commander and yaml are CommonJS: their require() of Node built-ins needs a real require in an ES module.
  banner: { js: "import { createRequire as __warcastCreateRequire } from 'node:module'; const require = __warcastCreateRequire(import.meta.url);" },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const outputs = Object.entries(result.metafile.outputs);
const bytes = outputs.reduce((n, [, o]) => n + o.bytes, 0);
console.log(`command line bundle: ${BUNDLE_DIR}/cli.mjs, worker.mjs and ${outputs.length - 2} chunks, ${(bytes / 1024).toFixed(0)} KiB`);
