#!/usr/bin/env node
/**
 * The `warcast` command as installed (`bin`: dist/bundle/cli.cjs, a copy of this file made by src/build/bundle.ts).
 * It runs the command line's bundle through V8's code cache. The bundle is CommonJS pieces (src/build/bundle.ts):
 * the entry, dist/bundle/warcast.cjs, and the pieces it requires or imports as a command needs them
 * (warcast-<hash>.cjs), so a command reads and compiles only the code it runs. Each piece has its cache beside it
 * (<piece>.cache): `npm run build` runs a few common commands and saves what each piece compiled; later processes
 * load that instead of compiling zod, yaml, commander and warcast again. Node 20 has no compile cache of its own
 * (`module.enableCompileCache` is Node ≥ 22.1). Measured in docs/benchmarks.md (start-up).
 *
 * V8 rejects a cache made by another V8 version, under other V8 flags (`node --max-old-space-size=…`, also via
 * NODE_OPTIONS) or for another source: it then compiles as without one, so a package built on one Node runs on
 * another, only slower to start. `WARCAST_CODE_CACHE=0` skips the cache.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';

// WARCAST_CODE_CACHE=write: the build's training runs (src/build/bundle.ts) write the caches as they exit.
const mode = process.env.WARCAST_CODE_CACHE;
const timings = process.env.WARCAST_TIMINGS === '1';
/** A piece's file name as the pieces name each other (`./warcast-<hash>.cjs`). */
const PIECE = /^\.\/(warcast-[A-Z0-9]+\.cjs)$/;

type PieceMain = (
  exports: object,
  require: (specifier: string) => unknown,
  module: { exports: object },
  filename: string,
  dirname: string,
  load: (specifier: string) => Promise<unknown>,
  loadPiece: (specifier: string) => Promise<unknown>,
) => void;

const pieces = new Map<string, { exports: object }>();
const scripts: [file: string, script: Script][] = [];
const cacheUse: string[] = [];
const nodeRequire = createRequire(join(__dirname, 'warcast.cjs'));
const requireFromPiece = (specifier: string): unknown => {
  const piece = PIECE.exec(specifier);
  return piece ? loadPiece(piece[1]) : nodeRequire(specifier);
};
const importPiece = (specifier: string): Promise<unknown> =>
  new Promise((resolve) => resolve(requireFromPiece(specifier)));
const importPackage = (specifier: string): Promise<unknown> => import(specifier);

/** Run a piece once (later requires get its exports, as Node's CommonJS loader does, cycles included). */
function loadPiece(name: string): object {
  const known = pieces.get(name);
  if (known) return known.exports;
  const file = join(__dirname, name);
  const cacheFile = `${file}.cache`;
  let cachedData: Buffer | undefined;
  if (mode !== '0' && (mode !== 'write' || existsSync(cacheFile))) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // No cache (a build without the training runs): compile as usual.
    }
  }
  // The same wrapper as Node's own CommonJS loader, so the code sees `require`, `module` and `__dirname` as usual,
  // and `__warcastImport` (this file's import(), for packages outside the bundle) and `__warcastPiece` (a piece on
  // use). latin1: every piece is pure ASCII (src/build/bundle.ts), read as one byte a character without UTF-8
  // decoding.
  const source = `(function (exports, require, module, __filename, __dirname, __warcastImport, __warcastPiece) {${readFileSync(file, 'latin1')}\n})`;
  const script = new Script(source, { filename: file, cachedData });
  if (timings)
    cacheUse.push(
      `${name} ${cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected (another Node version, or V8 flags such as --max-old-space-size)' : 'used'}`,
    );
  // A piece's cache is written by the first training run that loads it (later runs reuse it as it is).
  if (mode === 'write' && cachedData === undefined) scripts.push([cacheFile, script]);
  const module = { exports: {} };
  pieces.set(name, module);
  (script.runInThisContext() as PieceMain)(
    module.exports,
    requireFromPiece,
    module,
    file,
    __dirname,
    importPackage,
    importPiece,
  );
  return module.exports;
}

if (mode === 'write') {
  // After the run: the caches then hold the functions the run compiled too, not only the top level.
  process.on('exit', () => {
    for (const [cacheFile, script] of scripts) {
      writeFileSync(`${cacheFile}.tmp`, script.createCachedData());
      renameSync(`${cacheFile}.tmp`, cacheFile);
    }
  });
}
if (timings)
  process.on('exit', () => {
    // One line, whether or not every piece had its cache: "code cache used" only when every piece used one.
    const verdict = cacheUse.every((u) => u.endsWith(' used'))
      ? 'used'
      : cacheUse.some((u) => u.includes('rejected'))
        ? 'rejected (another Node version, or V8 flags such as --max-old-space-size)'
        : cacheUse.every((u) => u.endsWith(' none'))
          ? 'none'
          : 'partly used';
    process.stderr.write(`[timings] code cache ${verdict} (${cacheUse.length} pieces: ${cacheUse.join(', ')})\n`);
  });
loadPiece('warcast.cjs');
