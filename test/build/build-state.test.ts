/**
 * scripts/build-state.mjs: make's rule for dist/ (npm test's pretest and the tests' global set-up rely on it).
 * A build is current while no input is newer than dist/.build-stamp; a changed, added or removed file is named.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INPUT_FILES, INPUT_FOLDERS, STAMP, staleReason } from '../../scripts/build-state.mjs';

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
});
