/** Report files go to temporary names and are renamed: an interrupted write leaves no half-written report. */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { GENERATOR } from '../../reports/html.js';
import { writeReportFolder, type ReportFile } from '../../reports/write.js';
import { scratch } from './helpers.js';

const page = (text: string) => `<!DOCTYPE html><html><head><meta name="generator" content="${GENERATOR}"></head><body>${text}</body></html>`;
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
    expect(seen.every((entries) => entries.length === 1 && /^\.report\.tmp-/.test(entries[0]))).toBe(true);
    expect(readdirSync(target).sort()).toEqual(['a.svg', 'index.html', 'result.json']);
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
    expect(() => writeReportFolder(target, files('new'), { afterFile: () => void (++n === 3 && (() => { throw new Interrupted(); })()) })).toThrow(Interrupted);
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
