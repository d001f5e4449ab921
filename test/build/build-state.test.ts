/**
 * scripts/build-state.mjs: make's rule for dist/ (npm test's pretest and the tests' global set-up rely on it).
 * A build is current while no input is newer than dist/.build-stamp; a changed, added or removed file is named.
 * The quick build (the edit loop) transpiles only the sources edited since the last build, full or quick.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compiledPath,
  INPUT_FILES,
  INPUT_FOLDERS,
  QUICK_STAMP,
  quickPlan,
  STAMP,
  staleReason,
  transpile,
} from '../../scripts/build-state.mjs';

/** A fake checkout: every input folder with one file, the input files, all dated `t` (seconds). */
function checkout(t: number): string {
  const root = mkdtempSync(join(tmpdir(), 'warcast-build-state-'));
  const at = (p: string) => utimesSync(p, t, t);
  for (const d of INPUT_FOLDERS) {
    mkdirSync(join(root, d, 'sub'), { recursive: true });
    writeFileSync(join(root, d, 'sub', 'a.ts'), '');
    at(join(root, d, 'sub', 'a.ts'));
    at(join(root, d, 'sub'));
    at(join(root, d));
  }
  for (const f of INPUT_FILES) {
    writeFileSync(join(root, f), '{}');
    at(join(root, f));
  }
  mkdirSync(join(root, 'dist'));
  return root;
}

const stamp = (root: string, t: number) => {
  writeFileSync(join(root, STAMP), 'built\n');
  utimesSync(join(root, STAMP), t, t);
};

describe('build state (scripts/build-state.mjs)', () => {
  it('no stamp: not built; a stamp newer than every input: current', () => {
    const root = checkout(1_000_000);
    expect(staleReason(root)).toBe(`${STAMP} is missing (no complete build)`);
    stamp(root, 1_000_100);
    expect(staleReason(root)).toBeNull();
    rmSync(root, { recursive: true });
  });

  it('names an edited source, a changed config, and a folder whose files were added or removed', () => {
    const root = checkout(1_000_000);
    stamp(root, 1_000_100);
    utimesSync(join(root, 'src', 'sub', 'a.ts'), 1_000_200, 1_000_200);
    expect(staleReason(root)).toBe(`${join('src', 'sub', 'a.ts')} changed after the last build`);
    stamp(root, 1_000_300);
    utimesSync(join(root, 'tsconfig.json'), 1_000_400, 1_000_400);
    expect(staleReason(root)).toBe('tsconfig.json changed after the last build');
    stamp(root, 1_000_500);
    rmSync(join(root, 'app', 'sub', 'a.ts')); // a removed file leaves no file to date: its folder is
    expect(staleReason(root)).toBe(`${join('app', 'sub')} changed after the last build`);
    rmSync(root, { recursive: true });
  });

  it('quick plan: the sources edited since the last build, full or quick; the page for app/ and src/, the bundle for src/, workers/, reports/', () => {
    const root = checkout(1_000_000);
    const touch = (p: string, t: number) => utimesSync(join(root, p), t, t);
    expect(quickPlan(root)).toEqual({ full: `${STAMP} is missing (no complete build)` });
    stamp(root, 1_000_100);
    expect(quickPlan(root)).toBeNull();
    touch(join('src', 'sub', 'a.ts'), 1_000_200);
    expect(quickPlan(root)).toEqual({ sources: [join('src', 'sub', 'a.ts')], page: true, bundle: true });
    // a quick build since: current again, and only later edits count
    writeFileSync(join(root, QUICK_STAMP), '');
    touch(QUICK_STAMP, 1_000_300);
    expect(quickPlan(root)).toBeNull();
    touch(join('benchmarks', 'sub', 'a.ts'), 1_000_400);
    expect(quickPlan(root)).toEqual({ sources: [join('benchmarks', 'sub', 'a.ts')], page: false, bundle: false });
    touch(join('reports', 'sub', 'a.ts'), 1_000_400);
    touch(join('app', 'sub', 'a.ts'), 1_000_400);
    expect(quickPlan(root)).toEqual({
      sources: [join('reports', 'sub', 'a.ts'), join('benchmarks', 'sub', 'a.ts')],
      page: true,
      bundle: true,
    });
    // a scenario beside the benchmarks is read where it is: nothing to build for it
    touch(QUICK_STAMP, 1_000_500);
    writeFileSync(join(root, 'benchmarks', 'sub', 's.yaml'), '');
    touch(join('benchmarks', 'sub', 's.yaml'), 1_000_600);
    touch(join('benchmarks', 'sub'), 1_000_000);
    expect(quickPlan(root)).toBeNull();
    // a config newer than the full build: only npm run build will do
    touch('package-lock.json', 1_000_700);
    expect(quickPlan(root)).toEqual({ full: 'package-lock.json changed after the last full build' });
    rmSync(root, { recursive: true });
  });

  it('transpiles a source into dist/ as tsc lays it out (ES module, .cts as CommonJS, a source map); a syntax error names file:line', async () => {
    const root = mkdtempSync(join(tmpdir(), 'warcast-transpile-'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true } }),
    );
    mkdirSync(join(root, 'src', 'cli'), { recursive: true });
    writeFileSync(
      join(root, 'src', 'x.ts'),
      "import type { Y } from './y.js';\nexport enum Side { A, B }\nexport class C { n: number = 2; }\nexport const answer = (y: Y = 40): number => y + new C().n + Side.B - 1;\n",
    );
    writeFileSync(
      join(root, 'src', 'cli', 'launch.cts'),
      "import { join } from 'node:path';\nconst s: string = join('a', 'b');\nexport = s;\n",
    );
    await transpile(root, [join('src', 'x.ts'), join('src', 'cli', 'launch.cts')]);
    expect(compiledPath(join('src', 'cli', 'launch.cts'))).toBe(join('dist', 'src', 'cli', 'launch.cjs'));
    const run = (code: string) =>
      execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' }).trim();
    expect(run("const { answer } = await import('./dist/src/x.js'); console.log(answer())")).toBe('42');
    expect(
      run(
        "import { createRequire } from 'node:module'; console.log(createRequire(import.meta.url)('./dist/src/cli/launch.cjs'))",
      ),
    ).toBe(join('a', 'b'));
    expect(readFileSync(join(root, 'dist', 'src', 'x.js'), 'utf8')).toMatch(/\/\/# sourceMappingURL=x\.js\.map\n$/);
    expect(JSON.parse(readFileSync(join(root, 'dist', 'src', 'x.js.map'), 'utf8')).sources).toEqual([
      join('..', '..', 'src', 'x.ts'),
    ]);
    writeFileSync(join(root, 'src', 'bad.ts'), 'export const a = 1;\nexport const b = ;\n');
    await expect(transpile(root, [join('src', 'bad.ts')])).rejects.toThrow(`${join('src', 'bad.ts')}:2:`);
    rmSync(root, { recursive: true });
  });
});
