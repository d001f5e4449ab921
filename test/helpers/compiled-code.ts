/**
 * How the tests reach the compiled code (vitest.config.ts): a test's import of `…/src/x.js` (or another folder tsc
 * compiles) resolves to dist/src/x.js when src/x.ts exists, and Node loads it itself (`externalPattern`): no
 * TypeScript transform of ~300 source files per run and no Vite module runner for them (docs/benchmarks.md, "The
 * test suite's time"). A source that no longer exists is not found, even if an old build left its .js in dist/.
 * Imports between test files (`../helpers/…`) stay TypeScript. test/build/compiled-code.test.ts checks both.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The dist/ file a relative `.js` import from `importer` stands for, or null to resolve it as usual. */
export function compiledTarget(
  root: string,
  folders: readonly string[],
  id: string,
  importer: string | undefined,
): string | null {
  if (!importer || !id.startsWith('.') || !id.endsWith('.js')) return null;
  const target = resolve(dirname(importer), id);
  const rel = relative(root, target);
  if (!folders.some((d) => rel.startsWith(d + sep)) || !existsSync(target.replace(/\.js$/, '.ts'))) return null;
  return join(root, 'dist', rel);
}

/** The compiled files, for `server.deps.external`: loaded by Node, not by Vite. */
export function externalPattern(root: string, folders: readonly string[]): RegExp {
  return new RegExp(`^${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/dist/(${folders.join('|')})/`);
}
