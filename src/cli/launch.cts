#!/usr/bin/env node
/**
 * The `warcast` command as installed (`bin`: dist/bundle/cli.cjs, a copy of this file made by src/build/bundle.ts).
 * It runs the command line's bundle, dist/bundle/warcast.cjs, through V8's code cache: `npm run build` runs the
 * bundle once on an example (exact odds) and saves the compiled code of everything that run used,
 * warcast.cjs.cache; later processes load that instead of compiling zod, yaml, commander and warcast again. Node 20
 * has no compile cache of its own (`module.enableCompileCache` is Node ≥ 22.1). Measured in docs/benchmarks.md
 * (round 3): `odds --exact` 464 → 341 ms against the ES module bundle it replaced.
 *
 * V8 rejects a cache made by another V8 version, under other V8 flags (`node --max-old-space-size=…`, also via
 * NODE_OPTIONS) or for another source: it then compiles as without one, so a package built on one Node runs on
 * another, only slower to start. `WARCAST_CODE_CACHE=0` skips the cache.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';

// `warcast --version` alone prints what commander's .version() prints (src/cli/program.ts), the version in
// package.json, without loading the bundle: 0.1 s less for scripts that check it. Anything else about it (other
// arguments beside it, a package.json that cannot be read) goes the usual way.
const args = process.argv.slice(2);
if (!(args.length === 1 && (args[0] === '--version' || args[0] === '-V') && printVersion())) runBundle();

/** Loads the command line's bundle through its code cache and runs it. */
function runBundle(): void {
  const code = join(__dirname, 'warcast.cjs');
  const cacheFile = `${code}.cache`;
  // WARCAST_CODE_CACHE=write: the build's training run (src/build/bundle.ts) writes the cache as it exits.
  const mode = process.env.WARCAST_CODE_CACHE;

  let cachedData: Buffer | undefined;
  if (mode !== '0' && mode !== 'write') {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // No cache (a build without the training run): compile as usual.
    }
  }
  // The bundle is one function expression (src/build/bundle.ts wraps it as Node's CommonJS loader would, plus
  // `__warcastImport`: this file's import(), for the bundle's few import() calls). latin1: it is pure ASCII, read
  // as one byte a character without UTF-8 decoding.
  const script = new Script(readFileSync(code, 'latin1'), { filename: code, cachedData });
  if (process.env.WARCAST_TIMINGS === '1')
    process.stderr.write(
      `[timings] code cache ${cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected (another Node version, or V8 flags such as --max-old-space-size)' : 'used'}\n`,
    );
  if (mode === 'write') {
    // After the run: the cache then holds the functions the run compiled too, not only the top level.
    process.on('exit', () => {
      writeFileSync(`${cacheFile}.tmp`, script.createCachedData());
      renameSync(`${cacheFile}.tmp`, cacheFile);
    });
  }
  const main = script.runInThisContext() as (
    exports: object,
    require: NodeJS.Require,
    module: object,
    filename: string,
    dirname: string,
    load: (specifier: string) => Promise<unknown>,
  ) => void;
  const bundleModule = { exports: {} };
  // Specifiers resolve from this folder, the bundle's own (dist/bundle/).
  main(bundleModule.exports, createRequire(code), bundleModule, code, __dirname, (specifier) => import(specifier));
}

/** The package's version on stdout, read as src/version.ts reads it (the bundle sits in dist/bundle/); false: not found. */
function printVersion(): boolean {
  let version: unknown;
  try {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    if (pkg.name === 'warcast') version = pkg.version;
  } catch {
    return false;
  }
  if (typeof version !== 'string' || version === '') return false;
  // A reader that closed the pipe early: exit 141 (128 + SIGPIPE) as the full command does (src/cli/main.ts).
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exitCode = 141;
  });
  process.stdout.write(`${version}\n`);
  return true;
}
