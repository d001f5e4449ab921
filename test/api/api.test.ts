/**
 * The library API: each function resolves to the object the CLI prints with --json, and the examples of
 * docs/api.md run from a scratch project that imports the package by name (the package: `files` copied, types
 * stripped; under WARCAST_NPM_PACK=1, `npm run test:package`, `npm pack` itself and a strict tsc compile of the
 * examples against the packed .d.ts).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { transformSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { cascade, closePool, matchup, odds, rate, ScenarioError, siege } from '../../src/index.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { copyPackageFiles } from '../helpers/package-files.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const execFileAsync = promisify(execFile);
afterAll(closePool);

async function cliJson(argv: string[]): Promise<Record<string, unknown>> {
  const io = memoryIo();
  expect(await runCli(argv, io), io.stderr).toBe(0);
  return JSON.parse(io.stdout);
}
const untimed = (r: object) => ({ ...r, elapsedMs: 0 });

describe('library API = CLI --json', () => {
  it('odds (exact and Monte Carlo), rate, matchup, siege, cascade', async () => {
    const file = 'examples/orcs-vs-men.yaml';
    expect(untimed(await odds(file, { exact: true }))).toEqual(
      untimed(await cliJson(['odds', file, '--exact', '--json'])),
    );
    expect(untimed(await odds(file, { trials: 150_000, seed: 3, threads: 1 }))).toEqual(
      untimed(await cliJson(['odds', file, '--trials', '150000', '--seed', '3', '--threads', '1', '--json'])),
    );
    expect(await rate(file)).toEqual(await cliJson(['rate', file, '--json']));
    expect(untimed(await matchup('examples/matchup-twin-hills.yaml'))).toEqual(
      untimed(await cliJson(['matchup', 'examples/matchup-twin-hills.yaml', '--json'])),
    );
    expect(untimed(await siege('examples/simple-siege.yaml', { trials: 5000, seed: 2, threads: 1 }))).toEqual(
      untimed(
        await cliJson([
          'siege',
          'examples/simple-siege.yaml',
          '--trials',
          '5000',
          '--seed',
          '2',
          '--threads',
          '1',
          '--json',
        ]),
      ),
    );
    expect(untimed(await cascade('examples/cascade-bob-john.yaml', { trials: 5000, seed: 2, threads: 1 }))).toEqual(
      untimed(
        await cliJson([
          'cascade',
          'examples/cascade-bob-john.yaml',
          '--trials',
          '5000',
          '--seed',
          '2',
          '--threads',
          '1',
          '--json',
        ]),
      ),
    );
  });

  it('a scenario object and its YAML file give the same odds; invalid input throws a ScenarioError', async () => {
    const fromObject = await odds(
      {
        kind: 'war-machine',
        sides: [
          { name: 'A', troops: 800, battleRating: 72 },
          { name: 'B', troops: 400, battleRating: 70 },
        ],
      },
      { exact: true },
    );
    const fromText = await odds(
      {
        text: 'kind: war-machine\nsides:\n  - { name: A, troops: 800, battleRating: 72 }\n  - { name: B, troops: 400, battleRating: 70 }\n',
      },
      { exact: true },
    );
    expect(untimed(fromObject)).toEqual(untimed(fromText));
    await expect(odds({ text: 'kind: war-machine\nsides: []\n', file: 'bad.yaml' })).rejects.toThrow(ScenarioError);
    await expect(odds({ text: 'kind: war-machine\nsides: []\n', file: 'bad.yaml' })).rejects.toThrow(
      /^bad\.yaml:2: sides/,
    );
  });

  it('an AbortSignal stops a run at a chunk boundary and the result says so', async () => {
    // Long enough that the stop lands mid-run on a quiet machine too: this thread runs ~10 ms of chunks a task
    // (about 2.5 million battles), and progress (and so the abort) comes between tasks.
    const ac = new AbortController();
    const r = await odds('examples/orcs-vs-men.yaml', {
      trials: 100_000_000,
      threads: 1,
      signal: ac.signal,
      onProgress: (done) => done >= 300_000 && ac.abort(),
    });
    expect(r.interrupted).toBe(true);
    expect(r.trials).toBeGreaterThanOrEqual(300_000);
    expect(r.trials).toBeLessThan(20_000_000);
    expect(r.trials % 100_000).toBe(0); // whole chunks (WAR_MACHINE_CHUNK)
  });
});

describe('npm pack → import from a scratch project', () => {
  it('compiles the docs/api.md examples against the package types and runs them', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'warcast-api-'));
    try {
      const pkg = join(scratch, 'node_modules', 'warcast');
      mkdirSync(pkg, { recursive: true });
      if (process.env.WARCAST_NPM_PACK === '1') {
        const tgz = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', scratch], {
          cwd: ROOT,
          encoding: 'utf8',
        })
          .trim()
          .split('\n')
          .pop()!;
        execFileSync('tar', ['xzf', join(scratch, tgz), '-C', pkg, '--strip-components', '1']);
      } else {
        // package.json's `files` copied (test/helpers/package-files.ts; npm itself: ~2 s of CPU, 3 s here; the
        // real `npm pack` runs under WARCAST_NPM_PACK=1, `npm run test:package`).
        copyPackageFiles(ROOT, pkg);
      }
      // The package's dependencies: the repository's own installed copies.
      symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'), 'dir');
      mkdirSync(join(scratch, 'node_modules', '@types'));
      symlinkSync(join(ROOT, 'node_modules', '@types', 'node'), join(scratch, 'node_modules', '@types', 'node'), 'dir');
      const blocks = [...readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map(
        (m) => m[1],
      );
      expect(blocks.length).toBeGreaterThanOrEqual(4);
      blocks.forEach((code, i) => writeFileSync(join(scratch, `example${i}.ts`), `${code}\nexport {};\n`));
      writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', type: 'module', private: true }));
      if (process.env.WARCAST_NPM_PACK === '1') {
        // Type-checked against the packed .d.ts (strict) and compiled by tsc: ~7 s of CPU, so under `npm run
        // test:package` (CI runs it after npm test), like test/app/package.test.ts's heavier checks.
        writeFileSync(
          join(scratch, 'tsconfig.json'),
          JSON.stringify({
            compilerOptions: {
              target: 'ES2022',
              module: 'NodeNext',
              moduleResolution: 'NodeNext',
              strict: true,
              types: ['node'],
              skipLibCheck: true,
              outDir: 'out',
            },
            include: ['example*.ts'],
          }),
        );
        execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', scratch], {
          encoding: 'utf8',
        });
      } else {
        // Types stripped only (esbuild): the examples still import the package by name and run against it.
        mkdirSync(join(scratch, 'out'));
        blocks.forEach((code, i) =>
          writeFileSync(
            join(scratch, 'out', `example${i}.js`),
            transformSync(`${code}\nexport {};\n`, { loader: 'ts', format: 'esm', target: 'es2022' }).code,
          ),
        );
      }
      // The examples one after the other in one process, each one's console.log kept apart: the package loads once
      // (eight processes each loading it cost 15 s of CPU, one 6 s). The CLI's answer in process.
      writeFileSync(
        join(scratch, 'out', 'all.js'),
        `import { format } from 'node:util';
const outputs = [];
const log = console.log;
for (let i = 0; i < ${blocks.length}; i++) {
  let text = '';
  console.log = (...a) => void (text += format(...a) + '\\n');
  await import(\`./example\${i}.js\`);
  outputs.push(text);
}
console.log = log;
process.stdout.write(JSON.stringify(outputs));
`,
      );
      const run = await execFileAsync(process.execPath, [join(scratch, 'out', 'all.js')], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      const outputs = JSON.parse(run.stdout) as string[];
      expect(outputs).toHaveLength(blocks.length);
      const win = (await cliJson(['odds', 'examples/orcs-vs-men.yaml', '--exact', '--json'])).win as number[];
      expect(outputs[0]).toContain(`exact: A wins ${win[0].toFixed(4)}, B wins ${win[1].toFixed(4)}`);
      expect(outputs[1]).toMatch(/value of the tactic game for the Orcs: 0\.\d{4}/);
      expect(outputs[2]).toMatch(/exact, compiled: 0\.\d{4}; batch of 2/);
      expect(outputs[3]).toMatch(/invalid \(exit code 3\): bad\.yaml:2: sides/);
      expect(outputs[3]).toMatch(/interrupted: true/);
      expect(outputs[4]).toMatch(/troops for a 70% chance: 1601 \(exact, monotone: true\)/);
      expect(outputs[4]).toMatch(/Knights of the Order \d{4}, /);
      expect(outputs[5]).toMatch(/^5300 0\.55\d+ \d+$/m);
      expect(outputs[5]).toMatch(/^lightFootman: 2\.01 gp; heavyFootman: 2\.01 gp/m);
      expect(outputs[6]).toMatch(/^wins: percentile 15\.6%; rows: percentile 18\.3%/m);
      expect(outputs[6]).toMatch(/^BR 73\.9 \(59…88\); next: 0\.7\d+$/m);
      expect(outputs[7]).toMatch(/^dice d100 A \d+, d100 B \d+; typed back: same roll true$/m);
      expect(outputs[7]).toMatch(/^sealed seed \d+, verified: true$/m);
      // A kind of the caller's own, given as data: the duel's exact P(wins) at skill 55 over 5 bouts is
      // Σ_{k≥3} C(5,k)·0.55^k·0.45^(5−k) = 0.59313; over 100,000 duels the estimate lies within 4 SE of it.
      const duelWins = /^P\(the challenger wins\): (0\.\d{3}) \[(0\.\d{3}), (0\.\d{3})\]$/m.exec(outputs[8]);
      expect(duelWins).not.toBeNull();
      expect(Math.abs(Number(duelWins![1]) - 0.59313)).toBeLessThan(
        4 * Math.sqrt((0.59313 * 0.40687) / 100_000) + 5e-4,
      );
      expect(outputs[8]).toMatch(/^exchanges lost: 2\.\d{3} \[2\.\d{3}, 2\.\d{3}\]$/m);
      // Exactly, P(wins) is 0.8965 at skill 75 and 0.9067 at 76: the sequential test lands next to 76.
      expect(outputs[8]).toMatch(/^skill for a 90% duel: 7[5-7]$/m);
      expect(outputs[8]).toMatch(/^bad\.yaml:2: challenger\.skill: expected a whole number from 0 to 100$/m);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 180_000);
});
