/**
 * Reports of siege, cascade, matchup and sweep: written for the built-in examples (small runs), with their
 * charts, result.json = the command's --json (elapsed times aside), specs that compile without a warning and
 * validate against the Vega-Lite schema, and hostile names escaped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../reports/html.js';
import { compileSpec } from '../../reports/render.js';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { HOSTILE, schemaValidator, scratch } from './helpers.js';
import { KINDS, SMALL, type Kind } from './kinds.js';

const filesOf = (charts: string[]) =>
  [
    ...charts.flatMap((c) => [`${c}.vl.json`, `${c}.svg`, `${c}.png`]),
    'index.html',
    'result.json',
    '.warcast-manifest.json',
  ].sort();

/** The kind's example run without --report: its --json. */
async function plainJson(k: Kind, file = k.example): Promise<string> {
  const io = memoryIo();
  expect(await runCli([...k.command(file), '--json'], io), io.stderr).toBe(0);
  return io.stdout;
}

/** The --json document without its timing fields. */
function untimed(text: string): unknown {
  return JSON.parse(text, (k, v: unknown) => (k === 'elapsedMs' ? undefined : v));
}

describe('reports of every kind', async () => {
  const { validate } = await schemaValidator();

  for (const k of KINDS) {
    describe(k.name, () => {
      it(`${k.command('FILE').slice(0, 1)[0]} --report: charts (vl.json, svg, png), page, result.json = its --json; specs compile cleanly and validate`, async () => {
        const out = join(scratch(), 'report');
        const io = memoryIo();
        expect(await runCli([...k.command(k.example), '--json', '--report', out], io)).toBe(0);
        expect(io.stderr).toBe(`report: ${join(out, 'index.html')}\n`);
        expect(readdirSync(out).sort()).toEqual(filesOf(k.charts));
        expect(readFileSync(join(out, 'result.json'), 'utf8')).toBe(io.stdout);
        const html = readFileSync(join(out, 'index.html'), 'utf8');
        for (const c of k.charts) expect(html.includes(`data-chart="${c}"`), c).toBe(true);
        expect(html.match(/<svg/g)!.length).toBeGreaterThanOrEqual(k.charts.length);
        expect(html.length).toBeLessThan(300 * 1024);
        for (const text of k.shows) expect(html.includes(text), text).toBe(true);
        for (const c of k.charts) {
          const spec = JSON.parse(readFileSync(join(out, `${c}.vl.json`), 'utf8')) as Parameters<typeof compileSpec>[0];
          expect((await compileSpec(spec)).messages, c).toEqual([]);
          expect(validate(spec), `${c}: ${JSON.stringify(validate.errors)}`).toBe(true);
          expect(
            readFileSync(join(out, `${c}.png`))
              .subarray(1, 4)
              .toString(),
          ).toBe('PNG');
        }
        // The same run without --report prints the same document (elapsed times aside).
        expect(untimed(readFileSync(join(out, 'result.json'), 'utf8'))).toEqual(untimed(await plainJson(k)));
      }, 180_000); // worth runs two exact searches per item, twice here: slow on a loaded machine

      // For a kind warcast report reaches, the hostile page is written by warcast report (one render for both checks).
      it(`hostile names are escaped in the page and the SVGs${k.viaReport ? `; warcast report dispatches a ${k.name} scenario to its report` : ''}`, async () => {
        const dir = scratch();
        const out = join(dir, 'report');
        const io = memoryIo();
        const file = k.hostile(dir);
        if (k.viaReport) {
          expect(await runCli(['report', file, '--out', out, ...SMALL], io)).toBe(0);
          expect(io.stdout).toBe(`report: ${join(out, 'index.html')}\n`);
          expect(readdirSync(out).sort()).toEqual(filesOf(k.charts));
          expect(untimed(readFileSync(join(out, 'result.json'), 'utf8'))).toEqual(untimed(await plainJson(k, file)));
        } else expect(await runCli([...k.command(file), '--report', out], io)).toBe(0);
        const html = readFileSync(join(out, 'index.html'), 'utf8');
        expect(html.match(/<script/g)?.length ?? 0).toBe(0);
        expect(html.includes('<img')).toBe(false);
        expect(html.includes(escapeHtml(HOSTILE))).toBe(true);
        for (const f of readdirSync(out).filter((n) => n.endsWith('.svg')))
          expect(/<script|<img/.test(readFileSync(join(out, f), 'utf8')), f).toBe(false);
      }, 180_000);
    });
  }

  it('cascade --rounds: planning report with the held-by-round chart and the ledger (no legions chart)', async () => {
    const out = join(scratch(), 'plan');
    expect(
      await runCli(
        ['cascade', 'examples/cascade-bob-john.yaml', '--rounds', '3', ...SMALL, '--report', out],
        memoryIo(),
      ),
    ).toBe(0);
    expect(readdirSync(out).sort()).toEqual(filesOf(['cascade-ownership', 'cascade-held']));
    const spec = JSON.parse(readFileSync(join(out, 'cascade-held.vl.json'), 'utf8')) as Parameters<
      typeof compileSpec
    >[0];
    expect((await compileSpec(spec)).messages).toEqual([]);
    expect(validate(spec), JSON.stringify(validate.errors)).toBe(true);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('Dune planning over 3 rounds');
    expect(html).toContain('Ledger over 3 rounds');
  });

  it('a folder that is not a report is refused before the run (exit 2, nothing printed on stdout)', async () => {
    const io = memoryIo();
    expect(await runCli(['siege', KINDS[0].example, '--report', 'examples', ...SMALL], io)).toBe(2);
    expect(io.stdout).toBe('');
    expect(io.stderr).toContain('--report examples: is not a warcast report');
  });

  it('an interrupted siege writes no report (exit 130)', async () => {
    const out = join(scratch(), 'r');
    const controller = new AbortController();
    controller.abort();
    const io = memoryIo(controller.signal);
    expect(await runCli(['report', KINDS[0].example, '--out', out, ...SMALL], io)).toBe(130);
    expect(io.stderr).toContain('report not written');
    expect(() => readdirSync(out)).toThrow();
  });
});
