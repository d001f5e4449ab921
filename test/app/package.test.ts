/**
 * The package as a user installs it. In `npm test` (cheap): package.json's `files` copied (what `npm pack` takes)
 * beside this checkout's packages less the dev-only ones (esbuild, the font package, and cluster mode's optional
 * bullmq and ioredis), and run: exact odds, `warcast app` from the prebuilt page (no app/ source, no bundling),
 * the bench harness's modules, and cluster mode's one-line refusal without its packages.
 * Under WARCAST_NPM_PACK=1 (`npm run test:package`, CI's package step): `npm pack` itself, installed with
 * `npm install --omit=dev` into a scratch project from the registry, and every command `warcast --help` lists run
 * from there, each with `--help` and one real small run; also the page equals the checkout's, bundled from the
 * source, and a pool run's answer does not depend on its threads.
 */
import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { FONT_DIR, FONT_FILES } from '../../reports/fonts.js';
import { memoryIo } from '../../src/cli/io.js';
import { copyPackageFiles } from '../helpers/package-files.js';
import { runCli } from '../../src/cli/program.js';

const PACK = process.env.WARCAST_NPM_PACK === '1';
const execFileAsync = promisify(execFile);
/** Packages of this checkout that the installed package must run without (dev dependencies, optional peers). */
const NOT_INSTALLED = ['esbuild', '@esbuild', 'dejavu-fonts-ttf', 'bullmq', 'ioredis'];

interface Package {
  dir: string;
  /** The package's root. */
  pkg: string;
  /** `warcast` as installed: package.json's bin. */
  bin: string;
  /** Under WARCAST_NPM_PACK=1: the tarball `npm pack` wrote. */
  tgz?: string;
}

/** The packed tarball, unpacked (PACK) or `files` copied, with node_modules beside it; made once per run. */
let copy: Package | undefined;
function packageCopy(): Package {
  return (copy ??= makePackageCopy());
}
afterAll(() => {
  if (copy) rmSync(copy.dir, { recursive: true, force: true });
});

function makePackageCopy(): Package {
  const dir = mkdtempSync(join(tmpdir(), 'warcast-pack-'));
  const pkg = join(dir, 'package');
  let tgz: string | undefined;
  if (PACK) {
    tgz = join(
      dir,
      execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .pop()!,
    );
    execFileSync('tar', ['-xzf', tgz, '-C', dir]);
  } else {
    mkdirSync(pkg);
    copyPackageFiles(resolve('.'), pkg);
  }
  // The package's dependencies: this checkout's installed copies, less the ones a user does not get.
  mkdirSync(join(pkg, 'node_modules'));
  for (const name of readdirSync('node_modules')) {
    if (!NOT_INSTALLED.includes(name) && !name.startsWith('.'))
      symlinkSync(resolve('node_modules', name), join(pkg, 'node_modules', name), 'dir');
  }
  const bin = join(
    pkg,
    (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { bin: { warcast: string } }).bin.warcast,
  );
  return { dir, pkg, bin, tgz };
}

describe('warcast from the packed package', () => {
  it('writes the page from the prebuilt bundle, without the source tree', async () => {
    const { dir, pkg, bin } = packageCopy();
    expect(() => readFileSync(join(pkg, 'app', 'main.ts'))).toThrow();
    expect(readFileSync(join(pkg, 'dist', 'app', 'page.js')).length).toBeGreaterThan(10_000);
    expect(readFileSync(bin, 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    const exact = JSON.parse(
      execFileSync(process.execPath, [bin, 'odds', join(pkg, 'examples', 'orcs-vs-men.yaml'), '--exact', '--json'], {
        encoding: 'utf8',
      }),
    ) as { exact: unknown };
    expect(exact.exact).toBeTruthy();
    if (PACK) {
      // The bundle's worker (dist/bundle/worker.mjs) on a run big enough for the pool: same answer as one thread.
      const run = (threads: string) =>
        JSON.parse(
          execFileSync(
            process.execPath,
            [bin, 'odds', join(pkg, 'examples', 'orcs-vs-men.yaml'), '--trials', '2e7', '--threads', threads, '--json'],
            { encoding: 'utf8' },
          ),
        ) as { threads: number; win: unknown; rows: unknown };
      const [one, two] = [run('1'), run('2')];
      expect(two.threads).toBe(2);
      expect([two.win, two.rows]).toEqual([one.win, one.rows]);
    }
    const out = execFileSync(
      process.execPath,
      [bin, 'app', join(pkg, 'examples', 'orcs-vs-men.yaml'), '--out', join(dir, 'page')],
      { encoding: 'utf8' },
    );
    expect(out).toMatch(/^wrote .*index\.html/);
    const packaged = readFileSync(join(dir, 'page', 'index.html'), 'utf8');
    // The page inlines the prebuilt script (its `</script` escaped), with the scenario the package's CLI read.
    const prebuilt = readFileSync(join(pkg, 'dist', 'app', 'page.js'), 'utf8').replace(/<\/(script)/gi, '<\\/$1');
    expect(packaged).toContain(`<script id="app-script">${prebuilt}</script>`);
    expect(packaged).toContain('"Orcs of the Broken Fang"');
    if (PACK) {
      // The whole page equals the checkout's, bundled from the source (so the prebuilt bundle is current).
      expect(await runCli(['app', 'examples/orcs-vs-men.yaml', '--out', join(dir, 'checkout')], memoryIo())).toBe(0);
      expect(packaged).toBe(readFileSync(join(dir, 'checkout', 'index.html'), 'utf8'));
    }
  });

  it('ships the report fonts and the bench harness, no source maps, and refuses cluster mode without its packages in one line (exit 4)', async () => {
    const { pkg, bin } = packageCopy();
    for (const f of FONT_FILES) expect(statSync(join(pkg, FONT_DIR, f)).size).toBeGreaterThan(100_000);
    expect(existsSync(join(pkg, FONT_DIR, 'LICENSE'))).toBe(true);
    expect(existsSync(join(pkg, 'dist', 'src', 'index.js.map'))).toBe(false);
    // `warcast bench` loads dist/src/cli/bench.js beside the bundle, which imports the harness (dist/benchmarks/):
    // every module it reaches resolves in the package (a real run: under WARCAST_NPM_PACK=1, below).
    execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(join(pkg, 'dist', 'src', 'cli', 'bench.js'))})`,
    ]);
    const worker = await execFileAsync(process.execPath, [bin, 'worker', '--redis', 'redis://127.0.0.1:1']).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(worker?.code).toBe(4);
    expect(worker?.stderr).toMatch(
      /^warcast: cluster mode \(--redis, warcast worker\) needs the optional packages bullmq and ioredis; bullmq is not installed: npm install bullmq@\^[\d.]+ ioredis@\^[\d.]+\n$/,
    );
  });
});

/** A check of a --json run: the installed package's version, and a field of its result. */
const json = (key: string) => (stdout: string) => {
  const r = JSON.parse(stdout) as Record<string, unknown>;
  expect(r.warcastVersion).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version);
  expect(r).toHaveProperty(key);
};

/** One real small run per command: its arguments (`{ex}` = the package's examples/, `{out}` = a fresh folder) and a check. */
const RUNS: Record<
  string,
  { args: string[]; exit?: number; check: (stdout: string, out: string, stderr: string) => void }
> = {
  odds: { args: ['odds', '{ex}/orcs-vs-men.yaml', '--trials', '20000', '--json'], check: json('win') },
  rate: { args: ['rate', '{ex}/orcs-vs-men.yaml', '--json'], check: json('tacticEffects') },
  matchup: { args: ['matchup', '{ex}/matchup-twin-hills.yaml', '--json'], check: json('value') },
  sweep: {
    args: [
      'sweep',
      '{ex}/battle.yaml',
      '--vary',
      'sides[0].bonus',
      '--from',
      '0',
      '--to',
      '10',
      '--step',
      '5',
      '--exact',
      '--json',
    ],
    check: json('points'),
  },
  seek: {
    args: ['seek', '{ex}/battle.yaml', '--vary', 'sides[0].troops', '--target', 'win[0] >= 0.9', '--json'],
    check: json('value'),
  },
  worth: { args: ['worth', '{ex}/battle.yaml', '--json'], check: json('items') },
  tournament: {
    args: ['tournament', '{ex}/tournament-forces.yaml', '--trials', '2000', '--json'],
    check: json('ratings'),
  },
  design: { args: ['design', '{ex}/design-budget.yaml', '--json'], check: json('pareto') },
  'design-siege': {
    args: ['design', '{ex}/design-siege.yaml', '--max-trials', '2000', '--precision', '0.05', '--json'],
    check: json('best'),
  },
  price: { args: ['price', '{ex}/price-options.yaml', '--json'], check: json('rows') },
  siege: { args: ['siege', '{ex}/simple-siege.yaml', '--trials', '2000', '--json'], check: json('fallenByWeek') },
  cascade: { args: ['cascade', '{ex}/cascade-bob-john.yaml', '--trials', '2000', '--json'], check: json('owners') },
  march: { args: ['march', '{ex}/forced-march-into-battle.yaml', '--json'], check: json('march') },
  divided: { args: ['divided', '{ex}/divided-forces.yaml', '--json'], check: json('outcome') },
  roll: { args: ['roll', '{ex}/orcs-vs-men.yaml', '--seed', '7'], check: (s) => expect(s).toMatch(/seed 7/) },
  compare: {
    args: ['compare', '{ex}/battle.yaml', '{ex}/orcs-vs-men.yaml', '--trials', '20000', '--json'],
    check: json('rows'),
  },
  luck: { args: ['luck', '{ex}/luck-log.yaml', '--json'], check: json('log') },
  infer: { args: ['infer', '{ex}/infer-observed.yaml', '--json'], check: json('posterior') },
  // The report renders PNGs with the package's fonts (dist/fonts/).
  report: {
    args: ['report', '{ex}/orcs-vs-men.yaml', '--exact', '--out', '{out}'],
    check: (_, out) => expect(readdirSync(out, { recursive: true }).some((f) => String(f).endsWith('.png'))).toBe(true),
  },
  app: {
    args: ['app', '{ex}/orcs-vs-men.yaml', '--out', '{out}'],
    check: (_, out) => expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('Orcs of the Broken Fang'),
  },
  schema: { args: ['schema', 'war-machine'], check: (s) => expect(JSON.parse(s)).toHaveProperty('$schema') },
  completion: { args: ['completion', 'bash'], check: (s) => expect(s).toContain('warcast') },
  // the bot's server needs Discord's key; its registration JSON is what a group PUTs (docs/discord.md)
  discord: {
    args: ['discord', '--commands'],
    check: (s) => expect((JSON.parse(s) as { name: string }[]).map((c) => c.name)).toContain('odds'),
  },
  // merge: the parts of a run split in two, merged: the same win probabilities as the whole run.
  merge: {
    args: ['merge', '{out}/part1.json', '{out}/part2.json', '--json'],
    check: (s, out) =>
      expect((JSON.parse(s) as { win: number[] }).win).toEqual(
        (JSON.parse(readFileSync(join(out, 'whole.json'), 'utf8')) as { win: number[] }).win,
      ),
  },
  // The installed package has no bullmq or ioredis (optional peers): the worker says what to install.
  worker: {
    args: ['worker', '--redis', 'redis://127.0.0.1:1'],
    exit: 4,
    check: (_, __, e) => expect(e).toMatch(/needs the optional packages bullmq and ioredis.*npm install bullmq/),
  },
  // seal writes a new secret; verify re-plays a sealed post made below (seal, roll --seal --markdown).
  seal: { args: ['seal', '{out}/fresh.seal'], check: (s) => expect(s).toMatch(/^commitment: [0-9a-f]{64}$/m) },
  verify: {
    args: ['verify', '{out}/post.md', '--scenario', '{ex}/battle.yaml'],
    check: (s) => expect(s).toContain('verified: every roll matches'),
  },
  bench: {
    args: ['bench', '--quick', '--only', 'exact odds, compiled battle', '--json'],
    check: (s) => expect((JSON.parse(s) as { suites: unknown[] }).suites).toHaveLength(1),
  },
};

describe.runIf(PACK)('every shipped command from `npm install --omit=dev` of the packed package', () => {
  it('--help and one real small run each; no dev or optional package installed; no install script of a dependency', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warcast-install-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const { tgz } = packageCopy();
    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'scratch', version: '1.0.0', private: true }));
    const install = await execFileAsync(
      'npm',
      ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', tgz!],
      { cwd: project, encoding: 'utf8' },
    );
    // npm 11 lists packages whose install scripts it skipped: none of warcast's dependencies has one. (A tarball
    // install lists warcast's own `prepare`, which builds a checkout; npm does not run it for a tarball.)
    const skipped = install.stderr.split('\n').filter((l) => /^npm warn install-scripts\s+\S+@/.test(l));
    expect(skipped.filter((l) => !/\swarcast@[^ ]+ \(prepare:/.test(l))).toEqual([]);
    const modules = join(project, 'node_modules');
    for (const name of NOT_INSTALLED) expect(existsSync(join(modules, name)), name).toBe(false);
    const du = execFileSync('du', ['-sk', modules], { encoding: 'utf8' });
    process.stderr.write(`installed package: node_modules ${(Number(du.split('\t')[0]) / 1024).toFixed(0)} MB\n`);

    const bin = join(modules, '.bin', 'warcast');
    const ex = join(modules, 'warcast', 'examples');
    const commands = [
      ...execFileSync(bin, ['--help'], { encoding: 'utf8' })
        .split('\nCommands:\n')[1]
        .matchAll(/^ {2}([a-z][a-z-]*)/gm),
    ]
      .map((m) => m[1])
      .filter((c) => c !== 'help');
    expect(commands.length).toBeGreaterThan(15);
    expect(
      commands.filter((c) => !(c in RUNS)),
      'a command without a real run here: add one to RUNS',
    ).toEqual([]);

    // merge's parts and the whole run they stand for
    const mergeOut = join(dir, 'merge');
    mkdirSync(mergeOut);
    const odds = ['odds', join(ex, 'orcs-vs-men.yaml'), '--trials', '400000'];
    execFileSync(bin, [...odds, '--shard', '1/2', '--out', join(mergeOut, 'part1.json')], { stdio: 'pipe' });
    execFileSync(bin, [...odds, '--shard', '2/2', '--out', join(mergeOut, 'part2.json')], { stdio: 'pipe' });
    writeFileSync(join(mergeOut, 'whole.json'), execFileSync(bin, [...odds, '--json'], { encoding: 'utf8' }));

    // verify's post: a round sealed, rolled and posted as a referee does (docs/roll.md)
    const sealOut = join(dir, 'seal');
    mkdirSync(sealOut);
    execFileSync(bin, ['seal', join(sealOut, 'round.seal')], { stdio: 'pipe' });
    writeFileSync(
      join(sealOut, 'post.md'),
      execFileSync(
        bin,
        [
          'roll',
          join(ex, 'battle.yaml'),
          '--seal',
          join(sealOut, 'round.seal'),
          '--contrib',
          'alice:blue',
          '--markdown',
        ],
        { encoding: 'utf8' },
      ),
    );

    // Two at a time (two cores); runs named other than a command (a siege design) run too.
    const queue = [...commands, ...Object.keys(RUNS).filter((k) => !commands.includes(k))];
    const runOne = async (command: string) => {
      const name = RUNS[command].args[0];
      const help = await execFileAsync(bin, [name, '--help'], { encoding: 'utf8' });
      expect(help.stdout, command).toContain(`Usage: warcast ${name}`);
      const out =
        command === 'merge'
          ? mergeOut
          : command === 'seal' || command === 'verify'
            ? sealOut
            : join(dir, `out-${command}`);
      const run = RUNS[command];
      const args = run.args.map((a) => a.replace('{ex}', ex).replace('{out}', out));
      const r = await execFileAsync(bin, args, { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 }).then(
        (x) => ({ ...x, code: 0 }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      expect(r.code, `${command}: ${r.stderr}`).toBe(run.exit ?? 0);
      run.check(r.stdout, out, r.stderr);
    };
    await Promise.all(
      [0, 1].map(async () => {
        for (let c = queue.shift(); c !== undefined; c = queue.shift()) await runOne(c);
      }),
    );
  }, 600_000);
});
