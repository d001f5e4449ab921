/**
 * Comments and docs cite only what the repository holds: no issue numbers (the tracker is not in the
 * repository), and every `docs/….md` or `docs/sources/…` path they name exists.
 */
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'app', 'test', 'reports', 'workers', 'benchmarks', 'scripts', 'docs', 'README.md'];
const SKIP = new Set(['node_modules', 'dist', 'sources', 'snapshots', 'screenshots']);

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return /\.(ts|cts|mts|js|mjs|c|md)$/.test(path) ? [path] : [];
  return readdirSync(path).flatMap((n) => (SKIP.has(n) ? [] : files(join(path, n))));
}

const ALL = ROOTS.flatMap(files);
const THIS = join('test', 'architecture', 'citations.test.ts');

describe('citations', () => {
  it('no file cites an issue number', () => {
    expect(ALL.length).toBeGreaterThan(100);
    const hits = ALL.filter((f) => f !== THIS).flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /\bissues? ?#?\d+|\(#\d+\)/i.test(line) ? [`${f}:${i + 1}: ${line.trim().slice(0, 100)}`] : [],
        ),
    );
    expect(hits).toEqual([]);
  });

  it('every docs/ path named exists', () => {
    const missing = ALL.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/\bdocs\/[\w./-]*\w\.(?:md|txt)\b/g)]
        .map((m) => m[0])
        .filter((p) => !existsSync(p))
        .map((p) => `${f}: ${p}`),
    );
    expect(missing).toEqual([]);
  });
});
