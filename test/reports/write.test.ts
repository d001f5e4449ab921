/** Report files go to temporary names and are renamed: an interrupted write leaves no half-written report. */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { GENERATOR } from '../../reports/html.js';
import { assertReplaceable, writeReportFolder, type ReportFile } from '../../reports/write.js';
import { scratch } from './helpers.js';

const page = (text: string) =>
  `<!DOCTYPE html><html><head><meta name="generator" content="${GENERATOR}"></head><body>${text}</body></html>`;
const files = (text: string): ReportFile[] => [
  { name: 'a.svg', data: '<svg/>' },
  { name: 'result.json', data: `{"text":"${text}"}\n` },
  { name: 'index.html', data: page(text) },
];

class Interrupted extends Error {}

describe('report folder writer', () => {
  it('writes into a hidden staging folder and renames it into place', () => {
    const parent = scratch();
    const target = join(parent, 'report');
    const seen: string[][] = [];
    writeReportFolder(target, files('one'), {
      afterFile: () => {
        expect(existsSync(target)).toBe(false); // nothing visible until the folder is complete
        seen.push(readdirSync(parent));
      },
    });
    expect(
      seen.every(
        (entries) =>
          entries.filter((e) => e !== '.report.lock').length === 1 && entries.some((e) => /^\.report\.tmp-/.test(e)),
      ),
    ).toBe(true);
    expect(readdirSync(target).sort()).toEqual(['.warcast-manifest.json', 'a.svg', 'index.html', 'result.json']);
    expect(readdirSync(parent)).toEqual(['report']);
  });

  it('an interruption part-way leaves no report and no temporary files', () => {
    const parent = scratch();
    const target = join(parent, 'report');
    let n = 0;
    expect(() =>
      writeReportFolder(target, files('one'), {
        afterFile: () => {
          if (++n === 2) throw new Interrupted();
        },
      }),
    ).toThrow(Interrupted);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('an interrupted rewrite keeps the earlier report whole', () => {
    const parent = scratch();
    const target = join(parent, 'report');
    writeReportFolder(target, files('old'));
    let n = 0;
    expect(() =>
      writeReportFolder(target, files('new'), {
        afterFile: () =>
          void (
            ++n === 3 &&
            (() => {
              throw new Interrupted();
            })()
          ),
      }),
    ).toThrow(Interrupted);
    expect(readFileSync(join(target, 'result.json'), 'utf8')).toContain('old');
    expect(readFileSync(join(target, 'index.html'), 'utf8')).toContain('old');
    expect(readdirSync(parent)).toEqual(['report']);
    writeReportFolder(target, files('new'));
    expect(readFileSync(join(target, 'result.json'), 'utf8')).toContain('new');
    expect(readdirSync(parent)).toEqual(['report']);
  });

  it('refuses to replace a folder that is not a warcast report', () => {
    const parent = scratch();
    const target = join(parent, 'precious');
    mkdirSync(target);
    writeFileSync(join(target, 'notes.txt'), 'keep me');
    expect(() => writeReportFolder(target, files('x'))).toThrow(UsageError);
    expect(readFileSync(join(target, 'notes.txt'), 'utf8')).toBe('keep me');
    expect(readdirSync(parent)).toEqual(['precious']);
  });

  it('fills an empty folder', () => {
    const parent = scratch();
    const target = join(parent, 'empty');
    mkdirSync(target);
    writeReportFolder(target, files('x'));
    expect(readdirSync(target)).toContain('index.html');
  });
});

describe('--out safety', () => {
  it('replaces only what its manifest lists: a file the user added makes the folder refused, untouched', () => {
    const parent = scratch();
    const target = join(parent, 'report');
    writeReportFolder(target, files('one'));
    writeFileSync(join(target, 'battle.yaml'), 'kind: war-machine\n');
    expect(() => writeReportFolder(target, files('two'))).toThrow(/holds 'battle.yaml', which warcast did not write/);
    expect(readFileSync(join(target, 'battle.yaml'), 'utf8')).toBe('kind: war-machine\n');
    expect(readFileSync(join(target, 'result.json'), 'utf8')).toContain('one');
  });

  it('an index.html with the generator tag is not enough (the folder holding the scenario survives)', () => {
    const parent = scratch();
    const proj = join(parent, 'proj');
    mkdirSync(proj);
    writeFileSync(join(proj, 'index.html'), page('mine'));
    writeFileSync(join(proj, 'battle.yaml'), 'x');
    expect(() => writeReportFolder(proj, files('x'))).toThrow(/is not a warcast report/);
    expect(readdirSync(proj).sort()).toEqual(['battle.yaml', 'index.html']);
  });

  it('refuses . and any folder holding the working folder', () => {
    const parent = scratch();
    const here = process.cwd();
    try {
      process.chdir(parent);
      expect(() => writeReportFolder('.', files('x'))).toThrow(/is the working folder or holds it/);
      expect(() => writeReportFolder('..', files('x'))).toThrow(/is the working folder or holds it/);
    } finally {
      process.chdir(here);
    }
    expect(existsSync(parent)).toBe(true);
  });

  it('refuses a symbolic link, and writes nothing through it', () => {
    const parent = scratch();
    const real = join(parent, 'real');
    mkdirSync(real);
    symlinkSync(real, join(parent, 'link'));
    expect(() => writeReportFolder(join(parent, 'link'), files('x'))).toThrow(/symbolic link/);
    expect(readdirSync(real)).toEqual([]);
  });

  it('.. in the path resolves to the folder it names, and the report lands there only', () => {
    const parent = scratch();
    mkdirSync(join(parent, 'a'));
    writeReportFolder(join(parent, 'a', '..', 'b'), files('x'));
    expect(readdirSync(parent).sort()).toEqual(['a', 'b']);
    expect(readdirSync(join(parent, 'a'))).toEqual([]);
  });

  it('cleans a stale staging folder left by a killed writer', () => {
    const parent = scratch();
    const stale = join(parent, '.report.tmp-999999999-0123abcd');
    mkdirSync(stale);
    writeFileSync(join(stale, 'index.html'), 'half');
    writeReportFolder(join(parent, 'report'), files('x'));
    expect(readdirSync(parent)).toEqual(['report']);
  });

  it('a second writer while the first holds the lock fails clearly; a dead holder does not block', () => {
    const parent = scratch();
    const target = join(parent, 'report');
    let inner: unknown = null;
    writeReportFolder(target, files('first'), {
      afterFile: (name) => {
        if (name !== 'a.svg') return;
        try {
          writeReportFolder(target, files('second'));
        } catch (err) {
          inner = err;
        }
      },
    });
    expect(String(inner)).toMatch(/another warcast is writing this report now/);
    expect(readFileSync(join(target, 'result.json'), 'utf8')).toContain('first');
    writeFileSync(join(parent, '.report.lock'), '999999999'); // a killed writer's lock
    writeReportFolder(target, files('third'));
    expect(readFileSync(join(target, 'result.json'), 'utf8')).toContain('third');
    expect(readdirSync(parent)).toEqual(['report']);
  });

  it('a folder that cannot be written is refused before the run', () => {
    if (process.getuid?.() === 0) return; // root writes anywhere: the read-only case cannot be made here
    const parent = scratch();
    chmodSync(parent, 0o500);
    try {
      expect(() => assertReplaceable(join(parent, 'report'))).toThrow(/cannot write in/);
    } finally {
      chmodSync(parent, 0o700);
    }
  });
});
