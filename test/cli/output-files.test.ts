/**
 * No command replaces a file it did not write. Every option that writes a file or folder — `--checkpoint`,
 * `--shard i/n --out`, `--report`, `report --out`, `app --out`, `schema --out`, `bench --save --baseline` — is
 * pointed at the scenario being run, a user's file, a folder, an empty name, a 5,000-character name, a place that
 * cannot be written and a FIFO: each is refused before any work (exit 2, one line, nothing on stdout) and the file
 * is unchanged. Files warcast wrote for the same run are replaced. A full disk leaves no part, not a 0-byte one.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { warcast } from '../distributed/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-output-files-'));
const scenario = join(dir, 's.yaml');
copyFileSync('examples/orcs-vs-men.yaml', scenario);
const SCENARIO_TEXT = readFileSync(scenario, 'utf8');
const notes = join(dir, 'notes.txt');
writeFileSync(notes, 'my notes\n');
const folder = join(dir, 'folder');
mkdirSync(folder);
const fifo = join(dir, 'fifo');
execFileSync('mkfifo', [fifo]);
const LONG = join(dir, 'x'.repeat(5000));
// Root writes through permissions, so the unwritable place is one no one can create files in.
const UNWRITABLE = '/proc/warcast-test.json';

async function cli(args: string[]) {
  const io = memoryIo();
  const code = await runCli(args, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

async function refused(args: string[], pattern: RegExp) {
  const started = Date.now();
  const r = await cli(args);
  expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  expect(Date.now() - started).toBeLessThan(10_000); // a FIFO does not block
  expect(readFileSync(scenario, 'utf8')).toBe(SCENARIO_TEXT);
  expect(readFileSync(notes, 'utf8')).toBe('my notes\n');
}

const RUN = ['odds', scenario, '--trials', '2000', '--threads', '1'];

/** Every option that writes one file: how to point it at `path`. */
const FILE_OPTIONS: [string, (path: string) => string[]][] = [
  ['--checkpoint', (p) => [...RUN, '--checkpoint', p]],
  ['--shard --out', (p) => [...RUN, '--shard', '1/2', '--out', p]],
  ['bench --save --baseline', (p) => ['bench', '--save', '--baseline', p]],
];
/** Every option that writes a folder, and the file in it a user may already have. */
const FOLDER_OPTIONS: [string, (path: string) => string[], string][] = [
  ['--report', (p) => [...RUN, '--report', p], 'index.html'],
  ['report --out', (p) => ['report', scenario, '--trials', '2000', '--threads', '1', '--out', p], 'index.html'],
  ['app --out', (p) => ['app', scenario, '--out', p], 'index.html'],
  ['schema --out', (p) => ['schema', '--out', p], 'war-machine.schema.json'],
];

describe('files warcast writes', () => {
  it.each(FILE_OPTIONS)(
    "%s: the scenario, a user's file, a folder, '', a 5,000-character name, an unwritable place, a FIFO are refused before the run",
    async (_name, args) => {
      await refused(
        args(scenario),
        /s\.yaml: (is .*s\.yaml, a file this command reads|exists and is not a warcast benchmark baseline); refusing to replace it/,
      );
      await refused(
        args(notes),
        /notes\.txt: exists and is not a warcast (checkpoint|part file|benchmark baseline); refusing to replace it/,
      );
      await refused(args(folder), /folder: is a folder; expected a file name/);
      await refused(args(''), /: expected a file name, got ''/);
      await refused(args(LONG), /x \(5,\d{3} characters\): cannot write there \(ENAMETOOLONG/);
      await refused(args(UNWRITABLE), /warcast-test\.json: cannot write there \(E[A-Z]+/);
      await refused(args(fifo), /fifo: exists and is not a regular file \(a FIFO, device or socket\)/);
      expect(statSync(fifo).isFIFO()).toBe(true);
      expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
    },
    60_000,
  );

  it.each(FOLDER_OPTIONS)(
    "%s: a folder holding a user's file, a file as the folder, a 5,000-character name, an unwritable place are refused before the run",
    async (_name, args, inside) => {
      const users = join(dir, `users-${inside}`);
      mkdirSync(users, { recursive: true });
      writeFileSync(join(users, inside), 'mine\n');
      await refused(args(users), /(not a warcast|holds 'index\.html'|holds 'war-machine\.schema\.json')/);
      expect(readFileSync(join(users, inside), 'utf8')).toBe('mine\n');
      await refused(args(notes), /notes\.txt: exists and is not a folder/);
      await refused(
        args(LONG),
        /x \(5,\d{3} characters\): (cannot write there|cannot be used|cannot use it as a folder) \(ENAMETOOLONG/,
      );
      await refused(
        args('/proc/warcast-test'),
        /warcast-test: (cannot write|cannot create the folder|cannot write in)/,
      );
      // Node's recursive mkdir never returns under /proc: this hung after printing the result
      await refused(args('/proc/warcast-x/warcast-test'), /warcast-test: (cannot write|cannot create)/);
    },
    60_000,
  );

  it("a checkpoint or part of this same run is replaced; another run's or shard's is not", async () => {
    const cp = join(dir, 'run.ckpt');
    expect((await cli([...RUN, '--checkpoint', cp])).code).toBe(0);
    expect((await cli([...RUN, '--checkpoint', cp])).code).toBe(0);
    const before = readFileSync(cp, 'utf8');
    await refused(
      [...RUN.slice(0, 2), '--trials', '3000', '--threads', '1', '--checkpoint', cp],
      /run\.ckpt: exists and is not a checkpoint of this run \(different options: trials 2000 in the checkpoint, 3000 here/,
    );
    expect(readFileSync(cp, 'utf8')).toBe(before);
    const part = join(dir, 'part.json');
    expect((await cli([...RUN, '--shard', '1/2', '--out', part])).code).toBe(0);
    expect((await cli([...RUN, '--shard', '1/2', '--out', part])).code).toBe(0); // a scheduler's retry
    await refused(
      [...RUN, '--shard', '2/2', '--out', part],
      /part\.json: exists and is a part of another run or shard \(different shard\)/,
    );
    await refused([...RUN, '--seed', '9', '--shard', '1/2', '--out', part], /different seed, options/);
    const schemas = join(dir, 'schemas');
    expect((await cli(['schema', '--out', schemas])).code).toBe(0);
    expect((await cli(['schema', '--out', schemas])).code).toBe(0);
  });

  it('a full disk while a part is written: exit 1, one line, no part (not a 0-byte one), no temporary file', async () => {
    const out = join(dir, 'full.json');
    const preload = pathToFileURL(new URL('../helpers/fs-faults.mjs', import.meta.url).pathname).href;
    const r = await warcast(
      ['odds', 'examples/orcs-vs-men.yaml', '--trials', '2000', '--threads', '1', '--shard', '1/2', '--out', out],
      {
        NODE_OPTIONS: `--import=${preload}`,
        WARCAST_TEST_FAULT_CODE: 'ENOSPC',
        WARCAST_TEST_FAULT_PATH: '\\.warcast-\\d+-[0-9a-f]{8}\\.tmp$',
      },
    );
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /^warcast: --out .*full\.json: cannot write \(ENOSPC: no space left on device\); nothing was written there\n$/,
    );
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  }, 60_000);

  it('--report: a folder another warcast is writing is refused before the run, not after printing the result', async () => {
    const target = join(dir, 'busy-report');
    writeFileSync(join(dir, '.busy-report.lock'), String(process.ppid)); // a live process holds the lock
    await refused(
      [...RUN, '--report', target],
      /busy-report: another warcast is writing this report now .*nothing was run/,
    );
    expect(existsSync(target)).toBe(false);
  });
});
