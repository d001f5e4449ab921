/**
 * Vitest's global set-up: the tests run the compiled code in dist/ (vitest.config.ts maps `../../src/…` and the
 * other source folders there), so dist/ must be the build of the sources as they are now. `npm test` builds first
 * (its pretest); `npx vitest run` after an edit without a build stops here, naming the first stale file, instead
 * of testing old code.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The folders whose .ts files tsc compiles into dist/ (tsconfig.json's `include`). */
export const COMPILED = ['src', 'workers', 'reports', 'benchmarks'];

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) yield p;
  }
}

/** The first source newer than its compiled file (or without one), as a one-line reason; null when dist/ is current. */
export function staleBuild(root: string): string | null {
  let newest = 0;
  for (const folder of COMPILED) {
    for (const file of sources(join(root, folder))) {
      const rel = relative(root, file);
      const js = join(root, 'dist', rel.replace(/\.ts$/, '.js'));
      const source = statSync(file).mtimeMs;
      newest = Math.max(newest, source);
      let compiled: number;
      try {
        compiled = statSync(js).mtimeMs;
      } catch {
        return `dist/${relative(join(root, 'dist'), js)} is missing (compiled from ${rel})`;
      }
      if (compiled < source) return `${rel} is newer than dist/${relative(join(root, 'dist'), js)}`;
    }
  }
  // The installed command's bundle (what child-process tests run) is built from the same sources.
  const bundle = join(root, 'dist', 'bundle', 'warcast.cjs');
  try {
    if (statSync(bundle).mtimeMs < newest) return 'dist/bundle/warcast.cjs is older than the sources';
  } catch {
    return 'dist/bundle/warcast.cjs is missing';
  }
  return null;
}

export default function setup(): void {
  const reason = staleBuild(process.cwd());
  if (reason) throw new Error(`dist/ is not the build of the sources: ${reason}. Run \`npm run build\` first (\`npm test\` does).`);
}
