/* global console, performance, process, URL */
// Is dist/ the build of the files as they are now? Make's rule: `npm run build` ends by writing dist/.build-stamp,
// and the build is current while no input (the sources tsc compiles, the page's source, the configs, the lockfile,
// and the folders themselves, whose times change when a file is added or removed) is newer than that stamp.
//   node scripts/build-state.mjs --stamp     after a build: write the stamp
//   node scripts/build-state.mjs --ensure    build unless current (npm test's pretest: `npm ci` has just built)
//   node scripts/build-state.mjs --quick     bring dist/ up to date the quick way (below), or say why it cannot
// The quick build (the edit loop: `npx vitest run <file>` after an edit; test/helpers/dist-is-current.ts runs it):
// each source edited since the last build is transpiled alone by esbuild into dist/ (types stripped, no type check:
// the same code tsc emits but for const enums, which stay objects read at run time: tsconfig.json's preserveConstEnums
// keeps them there for such files), then the page and the command line's bundle
// are rebuilt; it ends by writing dist/.quick-stamp. It never stands for a full build: `npm test` (--ensure) still
// runs `npm run build`, which type-checks, whenever a source is newer than dist/.build-stamp.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAMP = join('dist', '.build-stamp');
/** Written by a quick build: every source edited before it is transpiled into dist/. */
export const QUICK_STAMP = join('dist', '.quick-stamp');
/** The folders tsc compiles into dist/: tsconfig.json's `include`, the one list (vitest.config.ts reads it here). */
export const COMPILED = JSON.parse(readFileSync(new URL('../tsconfig.json', import.meta.url), 'utf8')).include;
/** Everything `npm run build` reads from the repository: those, the page's source (app/), and the files below. */
export const INPUT_FOLDERS = [...COMPILED, 'app'];
export const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json'];

function* entries(dir) {
  yield dir;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* entries(p);
    else yield p;
  }
}

const mtime = (p) => {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return null;
  }
};

/** Why dist/ is not current (one line), or null when it is: a full build's question (npm test's). */
export function staleReason(root = process.cwd()) {
  const built = mtime(join(root, STAMP));
  if (built === null) return `${STAMP} is missing (no complete build)`;
  const inputs = [
    ...INPUT_FILES.map((f) => join(root, f)),
    ...INPUT_FOLDERS.flatMap((d) => [...entries(join(root, d))]),
  ];
  for (const p of inputs) if (statSync(p).mtimeMs > built) return `${relative(root, p)} changed after the last build`;
  return null;
}

/** A source tsc compiles: .ts (not a declaration file), .mts or .cts. */
const SOURCE = /(?<!\.d)\.(ts|mts|cts)$/;

/**
 * What a quick build has to do: null when dist/ is current; `{ full: reason }` when only `npm run build` will do
 * (no full build yet, or a config or the lockfile changed since); else `{ sources, page, bundle }`: the sources
 * (paths from the root) edited since the last build, full or quick, and whether the page (app/, or a source
 * of src/ it may import) and the command line's bundle (src/, workers/, reports/) are to be rebuilt. Other files in
 * the compiled folders (scenarios, baseline.json) are read where they are; a removed file leaves its folder newer,
 * which rebuilds the page and bundle (an import of it fails there as in a full build).
 */
export function quickPlan(root = process.cwd()) {
  const full = mtime(join(root, STAMP));
  if (full === null) return { full: `${STAMP} is missing (no complete build)` };
  for (const f of INPUT_FILES)
    if ((mtime(join(root, f)) ?? Infinity) > full) return { full: `${f} changed after the last full build` };
  const quick = mtime(join(root, QUICK_STAMP));
  const built = quick !== null && quick > full ? quick : full;
  const sources = [];
  let page = false;
  let bundle = false;
  for (const folder of INPUT_FOLDERS) {
    for (const p of entries(join(root, folder))) {
      if (statSync(p).mtimeMs <= built) continue;
      const rel = relative(root, p);
      const isFile = statSync(p).isFile();
      if (isFile && !SOURCE.test(p) && folder !== 'app') continue;
      if (isFile && folder !== 'app') sources.push(rel);
      if (folder === 'app' || folder === 'src') page = true;
      if (folder !== 'app' && folder !== 'benchmarks') bundle = true;
    }
  }
  return sources.length === 0 && !page && !bundle ? null : { sources, page, bundle };
}

/** The dist/ file tsc writes for a source: .ts → .js, .mts → .mjs, .cts → .cjs. */
export const compiledPath = (source) => join('dist', source.replace(/\.([cm]?)ts$/, '.$1js'));

/**
 * Transpile sources (paths from the root) into dist/ as tsc lays them out, each with its source map; types are
 * stripped, nothing is checked (`npm run typecheck` does). A syntax error throws with its file:line.
 */
export async function transpile(root, sources) {
  const { transformSync } = await import('esbuild');
  const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
  const packageType = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).type;
  for (const source of sources) {
    const out = join(root, compiledPath(source));
    // As tsc under module NodeNext: .cts is CommonJS, .mts an ES module, .ts as package.json's type says.
    const cjs = source.endsWith('.cts') || (/(?<![cm])\.ts$/.test(source) && packageType !== 'module');
    let result;
    try {
      result = transformSync(readFileSync(join(root, source), 'utf8'), {
        loader: 'ts',
        format: cjs ? 'cjs' : 'esm',
        target: compilerOptions.target.toLowerCase(),
        platform: 'node',
        sourcemap: 'external',
        sourcesContent: false,
        sourcefile: relative(dirname(out), join(root, source)),
        tsconfigRaw: { compilerOptions },
      });
    } catch (err) {
      const e = err.errors?.[0];
      throw new Error(
        e
          ? `${source}:${e.location?.line ?? '?'}:${e.location?.column ?? '?'}: ${e.text}`
          : `${source}: ${err.message}`,
      );
    }
    const name = out.split(/[\\/]/).pop();
    mkdirSync(dirname(out), { recursive: true });
    writeAtomically(`${out}.map`, result.map);
    writeAtomically(out, `${result.code}//# sourceMappingURL=${name}.map\n`);
  }
}

function writeAtomically(file, text) {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

/** Run a node script of the build, from the root; rejects with its stderr on failure. */
function node(root, script) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`node ${script} failed (exit ${code}):\n${err}`)),
    );
  });
}

/**
 * The quick build by its plan (quickPlan): the sources, then the page and the bundle at once (two processes, each
 * reads only dist/), then the quick stamp. Returns a one-line account.
 */
export async function quickBuild(root, plan) {
  const started = performance.now();
  // The stamp's time is taken before reading the sources: a file saved during the build stays newer than it.
  const stampTime = new Date();
  await transpile(root, plan.sources);
  const steps = [];
  if (plan.page) steps.push(node(root, join('dist', 'src', 'app', 'prebuild.js')));
  if (plan.bundle) steps.push(node(root, join('dist', 'src', 'build', 'bundle.js')));
  await Promise.all(steps);
  writeFileSync(join(root, QUICK_STAMP), `${stampTime.toISOString()}\n`);
  utimesSync(join(root, QUICK_STAMP), stampTime, stampTime);
  const what = [
    plan.sources.length > 0
      ? `${plan.sources.length} source${plan.sources.length === 1 ? '' : 's'} (${plan.sources.slice(0, 3).join(', ')}${plan.sources.length > 3 ? ', …' : ''})`
      : null,
    plan.page ? 'the page' : null,
    plan.bundle ? 'the bundle' : null,
  ].filter(Boolean);
  return `quick build: ${what.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s (no type check: npm run typecheck; npm test builds in full)`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = process.cwd();
  if (process.argv[2] === '--stamp') {
    writeFileSync(join(root, STAMP), `${new Date().toISOString()}\n`);
  } else if (process.argv[2] === '--ensure') {
    const reason = staleReason(root);
    if (reason === null) console.log(`build: dist/ is current (${STAMP}); not rebuilt`);
    else {
      console.log(`build: ${reason}; building`);
      // Under npm (npm test), its own CLI through this Node: no PATH lookup, no npm.cmd on Windows.
      const npm = process.env.npm_execpath;
      if (npm) execFileSync(process.execPath, [npm, 'run', '--silent', 'build'], { stdio: 'inherit', cwd: root });
      else
        execFileSync('npm', ['run', '--silent', 'build'], {
          stdio: 'inherit',
          cwd: root,
          shell: process.platform === 'win32',
        });
    }
  } else if (process.argv[2] === '--quick') {
    const plan = quickPlan(root);
    if (plan === null) console.log('build: dist/ is current; not rebuilt');
    else if ('full' in plan) {
      console.error(`build: ${plan.full}: run npm run build`);
      process.exit(1);
    } else console.log(await quickBuild(root, plan));
  } else {
    console.error('usage: node scripts/build-state.mjs --stamp | --ensure | --quick');
    process.exit(2);
  }
}
