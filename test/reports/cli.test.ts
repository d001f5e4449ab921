/** `warcast report` and `odds --report`: the folder, result.json = --json, exit codes, size. */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { scratch } from './helpers.js';

const EXAMPLE = 'examples/orcs-vs-men.yaml';
const CHARTS = ['win', 'casualties', 'casualties-at-most', 'results-rows', 'convergence'];
const filesOf = (charts: string[]) =>
  [
    ...charts.flatMap((c) => [`${c}.vl.json`, `${c}.svg`, `${c}.png`]),
    'index.html',
    'result.json',
    '.warcast-manifest.json',
  ].sort();

/** `warcast report` of the example on its default run, rendered once for this file: PNGs at the real scale. */
let defaultRun: Promise<{ out: string; io: ReturnType<typeof memoryIo>; code: number }> | undefined;
function defaultReport() {
  return (defaultRun ??= atRealScale(async () => {
    const out = join(scratch(), 'report');
    const io = memoryIo();
    const code = await runCli(['report', EXAMPLE, '--out', out, '--json', '--threads', '1'], io);
    return { out, io, code };
  }));
}

/** The suite renders PNGs small (WARCAST_PNG_SCALE, vitest.config.ts): `run` at the real scale. */
async function atRealScale<T>(run: () => Promise<T>): Promise<T> {
  const suiteScale = process.env.WARCAST_PNG_SCALE;
  delete process.env.WARCAST_PNG_SCALE;
  try {
    return await run();
  } finally {
    if (suiteScale !== undefined) process.env.WARCAST_PNG_SCALE = suiteScale;
  }
}

describe('warcast report', () => {
  it('writes the example report (default run); result.json is what --json prints; page under 300 KB; PNGs at twice the SVG size', async () => {
    const { out, io, code } = await defaultReport();
    expect(code).toBe(0);
    for (const c of CHARTS) {
      const svgWidth = Number(/<svg[^>]* width="([0-9.]+)"/.exec(readFileSync(join(out, `${c}.svg`), 'utf8'))![1]);
      expect(readFileSync(join(out, `${c}.png`)).readUInt32BE(16), c).toBe(Math.round(2 * svgWidth)); // IHDR width
    }
    expect(readdirSync(out).sort()).toEqual(filesOf(CHARTS));
    expect(readFileSync(join(out, 'result.json'), 'utf8')).toBe(io.stdout);
    expect(JSON.parse(io.stdout).trials).toBe(1_000_000);
    expect(io.stderr).toBe(`report: ${join(out, 'index.html')}\n`);
    const page = statSync(join(out, 'index.html')).size;
    expect(page).toBeLessThan(300 * 1024);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    for (const c of CHARTS) expect(html.includes(`data-chart="${c}"`), c).toBe(true);
    expect(html.match(/<svg/g)!.length).toBeGreaterThanOrEqual(CHARTS.length);
    for (const text of [
      'Orcs of the Broken Fang',
      'Men of Kelvin',
      'seed',
      '1,000,000',
      'tie: reroll',
      'Rules Cyclopedia',
      'modified BR',
    ])
      expect(html.includes(text), text).toBe(true);
  });

  it('odds --report prints the usual table and writes the same files as warcast report (same seed: elapsed time aside)', async () => {
    // Two commands writing the same files is also one seed writing them twice (a test of that alone rendered two more);
    // the warcast report side is the default report above (one render fewer).
    const out = join(scratch(), 'r');
    const io = memoryIo();
    expect(await atRealScale(() => runCli(['odds', EXAMPLE, '--report', out, '--threads', '1'], io))).toBe(0);
    expect(io.stdout).toContain('win (95% interval)');
    expect(io.stdout).toContain(`report: ${join(out, 'index.html')}`);
    expect(readdirSync(out).sort()).toEqual(filesOf(CHARTS));
    expect(JSON.parse(readFileSync(join(out, 'result.json'), 'utf8')).trials).toBe(1_000_000);
    const report = (await defaultReport()).out;
    for (const f of filesOf(CHARTS).filter((n) => !['index.html', 'result.json'].includes(n))) {
      expect(readFileSync(join(out, f)).equals(readFileSync(join(report, f))), f).toBe(true);
    }
  });

  it('--exact has no convergence chart; the page says its title once (the heading under it drops the title)', async () => {
    const out = join(scratch(), 'r');
    expect(await runCli(['report', EXAMPLE, '--out', out, '--exact'], memoryIo())).toBe(0);
    expect(readdirSync(out).sort()).toEqual(filesOf(CHARTS.filter((c) => c !== 'convergence')));
    // Wording a reader misread (test/cli/wording.test.ts): the title said twice.
    const text = readFileSync(join(out, 'index.html'), 'utf8')
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<[^>]+>/g, '\n');
    expect(text.match(/Battle of the Kelvin Ford/g)).toHaveLength(1);
    expect(text).toContain('\nOrcs of the Broken Fang (A) vs Men of Kelvin (B)\n');
  });

  it('needs --out (exit 2), and refuses a folder that is not a report (exit 2, untouched)', async () => {
    const io = memoryIo();
    expect(await runCli(['report', EXAMPLE], io)).toBe(2);
    expect(io.stderr).toContain('--out');
    const dir = join(scratch(), 'mine');
    mkdirSync(dir);
    writeFileSync(join(dir, 'thesis.tex'), 'x');
    const io2 = memoryIo();
    expect(await runCli(['report', EXAMPLE, '--out', dir], io2)).toBe(2);
    expect(io2.stderr).toMatch(/--out .*mine: is not a warcast report/);
    expect(readdirSync(dir)).toEqual(['thesis.tex']);
    const io3 = memoryIo();
    expect(await runCli(['odds', EXAMPLE, '--report', dir], io3)).toBe(2);
    expect(io3.stdout).toBe(''); // checked before the run
  });

  it('an invalid scenario is exit 3 with file:line', async () => {
    const dir = scratch();
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'kind: war-machine\nsides: 3\n');
    const io = memoryIo();
    expect(await runCli(['report', file, '--out', join(dir, 'r')], io)).toBe(3);
    expect(io.stderr).toMatch(/bad\.yaml:2: sides/);
    expect(readdirSync(dir)).toEqual(['bad.yaml']);
  });
});

describe('interrupted', () => {
  it('Ctrl-C before the end: no report, exit 130, the folder untouched', async () => {
    const out = join(scratch(), 'r');
    const controller = new AbortController();
    controller.abort();
    const io = memoryIo(controller.signal);
    expect(await runCli(['report', EXAMPLE, '--out', out, '--trials', '500000', '--threads', '1'], io)).toBe(130);
    expect(io.stderr).toContain('report not written');
    expect(() => readdirSync(out)).toThrow();
  });
});
