/**
 * Every file a command names, walked from the program's registry (commander's commands, their arguments and
 * options): each argument or option whose placeholder names a file (`<scenario>`, `<post>`, `--out <dir>`, …) must
 * have its role in src/files/arguments.ts (which shared reader or writer takes it), or this test fails; then each
 * is given `/dev/zero`, a FIFO with no writer, a sparse 10 GB file and a folder (and, where warcast writes, a path
 * through a file and a 300-character name). Properties: exit 2 or 3 (2 where warcast writes), one line naming the
 * path, no internal error, nothing on stdout, under a second (the first case of a command also loads its code),
 * bounded memory; the user's files and folder unchanged, the FIFO still a FIFO. A command added later is walked
 * without a line here (its scenario arguments get examples/orcs-vs-men.yaml unless BASE says otherwise).
 *
 * The cases run in one child process (in-process calls of runCli on the built code), so a hang is seen and killed.
 * A second test reads the sources: only the shared readers and writers open files (the allow-list says why).
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { memoryIo } from '../../src/cli/io.js';
import { FILE_PLACEHOLDERS, fileRole, type FileRole } from '../../src/files/arguments.js';

const ROOT = join(import.meta.dirname, '../..');
/** Per case (a refusal takes milliseconds); a command's first case also loads its code, on a shared 2-core machine. */
const CASE_MS = Number(process.env.FILE_ARG_MS ?? 3000);
const FIRST_CASE_MS = 8000;

const dir = mkdtempSync(join(tmpdir(), 'warcast-file-args-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fifo = join(dir, 'fifo');
const sparse = join(dir, 'sparse-10GB');
const folder = join(dir, 'user-folder');
const notes = join(dir, 'notes.txt');
const post = join(dir, 'post.md');
const parts = [join(dir, 'p1.json'), join(dir, 'p2.json')];
const long = join(dir, 'n'.repeat(300));

/** What a command needs besides the file under test (its own scenario kind, required options). */
const BASE: Record<string, { args?: string[]; options?: string[]; serves?: boolean }> = {
  siege: { args: ['examples/castle-siege.yaml'] },
  cascade: { args: ['examples/cascade-bob-john.yaml'] },
  march: { args: ['examples/forced-march-into-battle.yaml'] },
  divided: { args: ['examples/divided-forces.yaml'] },
  tournament: { args: ['examples/tournament-forces.yaml'] },
  design: { args: ['examples/design-budget.yaml'] },
  price: { args: ['examples/price-options.yaml'] },
  luck: { args: ['examples/luck-log.yaml'] },
  infer: { args: ['examples/infer-observed.yaml'] },
  sweep: { options: ['--vary', 'sides[0].troops', '--from', '100', '--to', '200', '--step', '100'] },
  seek: { options: ['--vary', 'sides[0].troops', '--target', 'win[0] >= 0.5'] },
  verify: { args: [post] },
  merge: { args: parts },
  report: { options: ['--out', join(dir, 'new-report')] },
  completion: { args: ['bash'] },
  // a server: given a folder it may use, it would start serving, so only the refusals are tried (its key is set below)
  discord: { serves: true },
};
/** Options an option under test needs beside it. */
const WITH: Record<string, string[]> = {
  '--out': ['--shard', '1/2'],
  'roll --state': ['--weekly'],
  'bench --baseline': ['--save'],
  'report --out': [],
  'schema --out': [],
  'app --out': [],
};
const STATE_SCENARIO = 'examples/castle-siege.yaml';

interface FileArgument {
  command: string;
  /** `<name>` of a positional, `--option` of an option. */
  name: string;
  position?: number;
  role: FileRole | undefined;
}

/** Every argument and option of every command whose placeholder names a file. */
function fileArguments(program: Command): FileArgument[] {
  const out: FileArgument[] = [];
  for (const cmd of program.commands) {
    cmd.registeredArguments.forEach((a, position) => {
      if (FILE_PLACEHOLDERS.has(a.name()))
        out.push({ command: cmd.name(), name: `<${a.name()}>`, position, role: fileRole(cmd.name(), `<${a.name()}>`) });
    });
    for (const o of cmd.options) {
      const placeholder = /<(\w+)/.exec(o.flags)?.[1];
      if (o.long && placeholder && FILE_PLACEHOLDERS.has(placeholder))
        out.push({ command: cmd.name(), name: o.long, role: fileRole(cmd.name(), o.long) });
    }
  }
  return out;
}

function baseArgs(cmd: Command, target: FileArgument | null): string[] {
  const base = BASE[cmd.name()] ?? {};
  const args: string[] = [cmd.name()];
  cmd.registeredArguments.forEach((a, i) => {
    if (!a.required) return;
    if (base.args && (a.variadic ? base.args.length > 0 : base.args[i] !== undefined)) {
      args.push(...(a.variadic ? base.args : [base.args[i]]));
      return;
    }
    const role = fileRole(cmd.name(), `<${a.name()}>`);
    args.push(role?.writes ? join(dir, `new-${cmd.name()}-${i}`) : 'examples/orcs-vs-men.yaml');
  });
  if (cmd.name() === 'roll' && target?.name === '--state') args[1] = STATE_SCENARIO;
  args.push(...(base.options ?? []));
  const has = (flag: string) => cmd.options.some((o) => o.long === flag);
  if (has('--trials')) args.push('--trials', '1000');
  if (has('--threads')) args.push('--threads', '1');
  return args;
}

const READ_VALUES = ['/dev/zero', fifo, sparse, folder];
const WRITE_VALUES = [...READ_VALUES, join(notes, 'x'), long];

describe('every file argument of every command, with special files', () => {
  const program = buildProgram(memoryIo(), () => {});
  const args = fileArguments(program);

  it('every file argument has its shared reader or writer (src/files/arguments.ts)', () => {
    expect(args.length).toBeGreaterThan(40);
    const missing = args
      .filter((a) => !a.role || (!a.role.reads && !a.role.writes))
      .map((a) => `${a.command} ${a.name}`);
    expect(missing, 'file arguments with no role in src/files/arguments.ts').toEqual([]);
  });

  it('/dev/zero, a FIFO, a sparse 10 GB file, a folder, a path through a file, a long name: one line, exit 2/3, under a second, nothing replaced', async () => {
    mkfifo(fifo);
    writeFileSync(sparse, '');
    truncateSync(sparse, 10 * 2 ** 30); // sparse: no disk used
    mkdirSync(folder);
    writeFileSync(join(folder, 'mine.txt'), 'a user file\n');
    writeFileSync(notes, 'notes\n');
    const before = { sparse: statSync(sparse), folder: statSync(folder), notes: readFileSync(notes, 'utf8') };
    const mine = () => readFileSync(join(folder, 'mine.txt'), 'utf8');
    const seal = join(dir, 'x.seal');
    const prepare = [
      { args: ['seal', seal] },
      { args: ['roll', 'examples/orcs-vs-men.yaml', '--seal', seal, '--markdown', '--limit', '0'], stdoutTo: post },
      ...parts.map((p, i) => ({
        args: [
          'odds',
          'examples/orcs-vs-men.yaml',
          '--trials',
          '2000',
          '--threads',
          '1',
          '--shard',
          `${i + 1}/2`,
          '--out',
          p,
        ],
      })),
    ];
    const cases: { argv: string[]; label: string; value: string; writes: boolean; intoFolder: boolean }[] = [];
    for (const a of args) {
      const cmd = program.commands.find((c) => c.name() === a.command)!;
      const writes = Boolean(a.role?.writes);
      for (const value of writes ? WRITE_VALUES : READ_VALUES) {
        if (BASE[a.command]?.serves && a.role?.writes === 'folder' && value === folder) continue;
        const argv = baseArgs(cmd, a);
        if (a.position !== undefined) {
          const v = cmd.registeredArguments[a.position];
          if (v.variadic)
            argv.splice(
              1 + a.position,
              argv.length,
              ...[value, ...parts.slice(1)],
              ...argv.slice(1 + a.position + parts.length),
            );
          else if (v.required) argv[1 + a.position] = value;
          else argv.splice(1 + a.position, 0, value);
        } else argv.push(...(WITH[`${a.command} ${a.name}`] ?? WITH[a.name] ?? []), a.name, value);
        cases.push({
          argv,
          label: `${a.command} ${a.name} ${relative(dir, value) || value}`,
          value,
          writes,
          intoFolder: a.role?.writes === 'folder' && value === folder,
        });
      }
    }
    const file = join(dir, 'cases.json');
    writeFileSync(file, JSON.stringify({ prepare, cases: cases.map((c) => c.argv) }));
    const results = await runCases(file, cases.length);

    const failures: string[] = [];
    const seen = new Set<string>();
    const figures = {
      cases: results.length,
      internalErrors: 0,
      hangs: cases.length - results.length,
      replaced: 0,
      slowestMs: 0,
      slowest: '',
      peakRssMb: 0,
      exits: {} as Record<number, number>,
    };
    for (const r of results) {
      const c = cases[r.i];
      const first = !seen.has(c.argv[0]);
      seen.add(c.argv[0]);
      figures.exits[r.code] = (figures.exits[r.code] ?? 0) + 1;
      // the slowest refusal (a page written into a folder given, exit 0, takes its seconds of building)
      if (!first && r.code !== 0 && r.ms > figures.slowestMs)
        [figures.slowestMs, figures.slowest] = [Math.round(r.ms), c.label];
      figures.peakRssMb = Math.max(figures.peakRssMb, r.rssMb);
      // warnings (options a command ignores) are lines of their own; the refusal is the one error line
      const lines = r.stderr
        .trimEnd()
        .split('\n')
        .filter((l) => !l.startsWith('warcast: warning:'));
      const shown = c.value.length > 120 ? c.value.slice(0, 60) : c.value;
      const why = /internal error|\n\s+at /.test(r.stderr)
        ? 'internal error'
        : r.code === 0 && c.intoFolder
          ? null // an existing folder is written into (schema, app): checked below
          : !(c.writes ? [2] : [2, 3]).includes(r.code)
            ? `exit ${r.code}`
            : lines.length !== 1 || !lines[0].startsWith('warcast: ')
              ? `${lines.length} lines`
              : !r.stderr.includes(shown)
                ? 'the line does not name the file'
                : r.stdout > 0
                  ? 'printed on stdout'
                  : r.ms > (first ? FIRST_CASE_MS : CASE_MS)
                    ? `${Math.round(r.ms)} ms`
                    : null;
      if (why === 'internal error') figures.internalErrors++;
      if (why) failures.push(`${c.label}: ${why}: ${r.stderr.slice(0, 300)}`);
    }
    const after = { sparse: statSync(sparse), folder: statSync(folder), notes: readFileSync(notes, 'utf8') };
    if (after.sparse.size !== before.sparse.size || after.sparse.mtimeMs !== before.sparse.mtimeMs) figures.replaced++;
    if (after.folder.ino !== before.folder.ino || mine() !== 'a user file\n') figures.replaced++;
    if (after.notes !== before.notes) figures.replaced++;
    if (!lstatSync(fifo).isFIFO()) figures.replaced++;
    console.log(
      `file arguments: ${args.length} over ${new Set(args.map((a) => a.command)).size} commands; ${JSON.stringify(figures)}`,
    );
    expect(figures.replaced, 'user files or folders replaced').toBe(0);
    expect(figures.hangs, 'cases that never ended').toBe(0);
    expect(failures).toEqual([]);
    expect(figures.peakRssMb).toBeLessThan(600);
  }, 120_000);
});

/** mkfifo(1): a spawn from this large test process was seen to fail with ENOMEM once under load; tried again. */
function mkfifo(path: string): void {
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync('mkfifo', [path]);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOMEM' || attempt === 5) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
}

interface CaseResult {
  i: number;
  code: number;
  stderr: string;
  stdout: number;
  ms: number;
  rssMb: number;
}

/** Run the cases in one child; a case silent for 15 s is a hang: the child is killed and the rest not run. */
function runCases(file: string, n: number): Promise<CaseResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'file-arguments.runner.mjs'), file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, WARCAST_DISCORD_PUBLIC_KEY: '0'.repeat(64) },
    });
    const results: CaseResult[] = [];
    let buffer = '';
    let stderr = '';
    let watchdog = setTimeout(() => child.kill('SIGKILL'), 60_000); // prepare: a sealed roll, two parts
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        results.push(JSON.parse(buffer.slice(0, nl)) as CaseResult);
        buffer = buffer.slice(nl + 1);
        clearTimeout(watchdog);
        watchdog = setTimeout(() => child.kill('SIGKILL'), 15_000);
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code, signal) => {
      clearTimeout(watchdog);
      if (code !== 0 && signal !== 'SIGKILL') reject(new Error(`runner exited ${code}: ${stderr}`));
      else resolve(results.length < n && signal === 'SIGKILL' ? results : results);
    });
  });
}

/**
 * Only the shared readers and writers touch files by themselves: a module that imports Node's functions that read,
 * open, write or rename files must be listed here with why (its own package's files, a build step), so a command
 * that reads or writes a user's path some other way fails this test.
 */
const MAY_TOUCH_FILES: Record<string, string> = {
  'src/scenario/input.ts': 'the shared reader: limits, regular files only, non-blocking, signals',
  'src/files/output.ts': 'the shared writer of files: temporary file, fsync, rename; never over what it did not write',
  'reports/write.ts': 'the shared writer of folders (reports, pages, schemas, sites), its lock and manifest',
  'src/cli/distributed.ts': 'merge: a copy of the shards’ scenario text in its own temporary folder',
  'src/cli/app.ts': 'the package’s own examples',
  'src/cli/launch.cts': 'the package’s own code and its V8 code cache',
  'src/app/build.ts': 'build: the package’s page sources',
  'src/app/prebuild.ts': 'build: the page bundle into dist/',
  'src/build/bundle.ts': 'build: the command-line bundle',
  'src/build/foundry.ts': 'build: the Foundry module',
  'src/distributed/optional.ts': 'the package.json of an optional dependency',
  'src/engine/timings.ts': '/proc/thread-self/stat (CPU time)',
  'src/version.ts': 'the package’s package.json',
  'reports/render.ts': 'the charting packages’ own files',
  'benchmarks/harness.ts': 'the package’s package.json',
  'benchmarks/native.ts':
    'build: the C references into dist/benchmarks/c/, and a compiled plan for them (temp + rename)',
};
const FILE_FUNCTIONS = new Set([
  ...['readFileSync', 'readSync', 'openSync', 'createReadStream', 'readFile', 'open', 'read'],
  ...['writeFileSync', 'writeSync', 'appendFileSync', 'copyFileSync', 'cpSync', 'renameSync', 'linkSync'],
  ...['createWriteStream', 'writeFile', 'truncateSync'],
]);

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.c?ts$/.test(f))
    .map((f) => `${folder}/${f}`);
}

describe('only the shared readers and writers touch files', () => {
  it('every module that reads or writes files by itself is listed, with why', () => {
    const touching: string[] = [];
    for (const file of ['src', 'reports', 'benchmarks'].flatMap(sources)) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const named = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'node:fs(?:\/promises)?'/g)].flatMap((m) =>
        m[1].split(',').map(
          (n) =>
            n
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0],
        ),
      );
      const whole =
        /import \* as \w+ from 'node:fs|getBuiltinModule\?*\.?\(\s*'node:fs|require\('(node:)?fs'\)|from 'fs'/.test(
          text,
        );
      if (whole || named.some((n) => FILE_FUNCTIONS.has(n))) touching.push(file);
    }
    expect(touching.length).toBeGreaterThan(5); // the scan finds the shared reader and writer themselves
    expect(touching.filter((f) => !(f in MAY_TOUCH_FILES))).toEqual([]);
    expect(
      Object.keys(MAY_TOUCH_FILES).filter((f) => !touching.includes(f)),
      'listed but no longer touching files',
    ).toEqual([]);
  });
});
