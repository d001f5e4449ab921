/**
 * test/helpers/compiled-code.ts: which imports of a test reach dist/ (vitest.config.ts's resolver), and which
 * files Node loads itself.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledTarget, externalPattern } from '../helpers/compiled-code.js';

describe('tests import the compiled code', () => {
  it('maps an import of a compiled folder to dist/ only when its .ts source exists, at any depth; leaves other imports', () => {
    const root = mkdtempSync(join(tmpdir(), 'warcast-compiled-'));
    mkdirSync(join(root, 'src', 'engine'), { recursive: true });
    writeFileSync(join(root, 'src', 'engine', 'pool.ts'), '');
    const test = join(root, 'test', 'engine', 'a.test.ts');
    const deep = join(root, 'test', 'a', 'b', 'c.test.ts');
    expect(compiledTarget(root, ['src'], '../../src/engine/pool.js', test)).toBe(
      join(root, 'dist', 'src', 'engine', 'pool.js'),
    );
    expect(compiledTarget(root, ['src'], '../../../src/engine/pool.js', deep)).toBe(
      join(root, 'dist', 'src', 'engine', 'pool.js'),
    );
    // a source deleted since (an old build may still hold its .js): not found, as without the resolver
    expect(compiledTarget(root, ['src'], '../../src/engine/gone.js', test)).toBeNull();
    // test helpers, packages, a folder not compiled, no importer
    expect(compiledTarget(root, ['src'], '../helpers/load.js', test)).toBeNull();
    expect(compiledTarget(root, ['src'], 'vitest', test)).toBeNull();
    expect(compiledTarget(root, ['src'], '../../scripts/build-state.mjs', test)).toBeNull();
    expect(compiledTarget(root, ['src'], '../../src/engine/pool.js', undefined)).toBeNull();
    rmSync(root, { recursive: true });
  });

  it('Node loads the compiled folders of this checkout, a root with regular-expression characters included', () => {
    const p = externalPattern('/w/a+b (1)', ['src', 'reports']);
    expect(p.test('/w/a+b (1)/dist/src/engine/pool.js')).toBe(true);
    expect(p.test('/w/a+b (1)/dist/reports/html.js')).toBe(true);
    expect(p.test('/w/a+b (1)/dist/app/page.js')).toBe(false);
    expect(p.test('/w/aab (1)/dist/src/engine/pool.js')).toBe(false);
    expect(p.test('/w/a+b (1)/node_modules/x/dist/src/y.js')).toBe(false);
  });
});
