/**
 * The what-if page in headless Chromium (Debian's chromium, as test/reports/browser.test.ts): opened from
 * file://, a BR and a tactic changed, the odds shown equal `warcast odds --exact --json` for the edited
 * scenario; no request leaves file://; a screenshot is kept. Skips, saying why, without /usr/bin/chromium
 * (fails instead under CI).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { documentFromHash } from '../../src/app/model.js';
import { pct } from '../../src/text/format.js';
import { discreteQuantile, type Discrete } from '../../src/stats/index.js';

const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM) || Boolean(process.env.CI);
if (!HAVE_CHROMIUM)
  console.warn(
    `SKIPPED app browser test: ${CHROMIUM} not found (install Debian's chromium, e.g. with .ci/setup-browser)`,
  );

async function cliJson(args: string[]): Promise<Record<string, unknown>> {
  const io = memoryIo();
  expect(await runCli(args, io), io.stderr).toBe(0);
  return JSON.parse(io.stdout) as Record<string, unknown>;
}

/** A result without its timing fields (elapsedMs, threads): what a run's seed and trials decide. */
function withoutTiming(r: Record<string, unknown>): Record<string, unknown> {
  const { elapsedMs: _e, threads: _t, ...rest } = r;
  return rest;
}

describe.skipIf(!HAVE_CHROMIUM)('what-if page in headless Chromium', () => {
  let context: BrowserContext;
  let dir: string;
  // One page through the tests below, in order: edits, then Monte Carlo runs, then what left the page.
  let page: Page;
  const requests: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warcast-app-'));
    context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
      viewport: { width: 1100, height: 900 },
    });
  });

  afterAll(async () => {
    await context?.close();
  });

  it('edits a BR, a tactic, an adjustment: shows the CLI exact odds, casualties and charts; exports; the link reproduces it', async () => {
    const out = join(dir, 'page');
    expect(await runCli(['app', 'examples/orcs-vs-men.yaml', '--out', out], memoryIo())).toBe(0);
    const index = join(out, 'index.html');
    const bytes = statSync(index).size;
    page = await context.newPage();
    page.on('request', (r) => requests.push(r.url()));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    const started = performance.now();
    await page.goto(pathToFileURL(index).href, { waitUntil: 'load' });
    await page.locator('td[data-key="win-a"]').waitFor();
    const firstAnswerMs = performance.now() - started;
    await page.waitForFunction(() => document.getElementById('results')?.getAttribute('aria-busy') === 'false');
    const oddsMs = await page.locator('#results').getAttribute('data-odds-ms');
    const renderMs = await page.locator('#results').getAttribute('data-ms');
    console.log(
      `app page: ${(bytes / 1024).toFixed(0)} KiB; first answer ${firstAnswerMs.toFixed(0)} ms after navigation; one update: odds ${oddsMs} ms, with (validate, exact odds, best replies, 36-cell matchup and Nash mixes) ${renderMs} ms in the page`,
    );

    const shown = async (key: string) =>
      Number(await page.locator(`[data-key="${key}"]`).first().getAttribute('data-value'));
    const shownText = async (key: string) => (await page.locator(`[data-key="${key}"]`).first().textContent())?.trim();

    // As loaded: the scenario's own answer.
    const before = await cliJson(['odds', 'examples/orcs-vs-men.yaml', '--exact', '--json']);
    expect(await shown('win-a')).toBe((before.win as number[])[0]);

    // Keyboard-usable, labelled controls: type a BR for B (replacing its computed BR) and choose A's tactic.
    await page.getByLabel('battle rating (BR)').nth(1).fill('95');
    await page.getByLabel('tactic').first().selectOption('envelop');
    await page.getByLabel('tie policy').selectOption('defender');
    // An adjustment (its sheet line beside it) and an "only one" choice, by keyboard: Space ticks a checkbox.
    const altitude = page.getByLabel('Higher altitude').first();
    await altitude.focus();
    await page.keyboard.press('Space');
    expect(await altitude.isChecked()).toBe(true);
    expect(await page.locator('.check', { has: page.locator('#s0-a-higherAltitude') }).textContent()).toContain(
      '+20, sheet l. 108',
    );
    await page.getByLabel('fatigue: only one').nth(1).selectOption('moderate');
    await page.waitForFunction(() => document.getElementById('results')?.getAttribute('aria-busy') === 'false');

    console.log(
      `app page: after the edits, one update: odds ${await page.locator('#results').getAttribute('data-odds-ms')} ms, with the matchup game ${await page.locator('#results').getAttribute('data-ms')} ms`,
    );

    // The same scenario through the CLI: from the page's URL hash, written as a file.
    const doc = documentFromHash(new URL(page.url()).hash);
    expect(doc).not.toBeNull();
    expect(doc!.sides[1].battleRating).toBe(95);
    expect(doc!.sides[0].tactic).toBe('envelop');
    expect(doc!.sides[0].adjustments).toEqual({ higherAltitude: true });
    expect((doc!.sides[1].adjustments as Record<string, unknown>).fatigue).toBe('moderate');
    const edited = join(dir, 'edited.json');
    (await import('node:fs')).writeFileSync(edited, JSON.stringify(doc));
    const cli = await cliJson(['odds', edited, '--exact', '--json']);
    const win = cli.win as number[];
    expect(win[0]).not.toBe((before.win as number[])[0]);
    expect(await shown('win-a')).toBe(win[0]);
    expect(await shown('win-b')).toBe(win[1]);
    expect(await shownText('win-a')).toBe(pct(win[0]));
    expect(await shown('tie')).toBe(cli.tie);
    const cas = cli.casualties as { mean: number }[];
    expect(await shown('cas-a')).toBe(cas[0].mean);
    expect(await shown('cas-b')).toBe(cas[1].mean);

    // The charts and the casualty quantiles draw the CLI's numbers: every results-row bar and casualty bar.
    const drawn = await page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('[data-key]')].map((e) => [
          e.getAttribute('data-key'),
          Number(e.getAttribute('data-value')),
        ]),
      ),
    );
    const rows = cli.rows as number[][];
    for (const s of [0, 1]) rows[s].forEach((p, k) => expect(drawn[`row-${s}-${k}`], `row ${s} ${k}`).toBe(p));
    const dists = cli.casualtyDistributions as Record<'total' | 'dead' | 'wounded', Discrete>[];
    for (const s of [0, 1]) {
      dists[s].total.values.forEach((v, j) => expect(drawn[`cas-${s}-${v}`]).toBe(dists[s].total.weights[j]));
      for (const m of ['total', 'dead', 'wounded'] as const)
        expect(drawn[`q-${s}-${m}-95%`]).toBe(discreteQuantile(dists[s][m], 0.95));
    }
    expect(await page.locator('#rows-chart svg rect').count()).toBe(rows[0].length * 2);

    // The matchup table and mixes equal warcast matchup's.
    const m = await cliJson(['matchup', edited, '--json']);
    expect(await shown('m-envelop-hold')).toBe((m.winA as number[][])[2][3]);
    expect(await page.locator('#nash').textContent()).toContain('Nash mixes');

    // Export JSON: `warcast odds --exact --json` minus elapsedMs.
    await page.getByRole('button', { name: 'export JSON' }).click();
    const exported = JSON.parse(await page.locator('#export').inputValue()) as Record<string, unknown>;
    const { elapsedMs: _e, ...cliRest } = cli;
    expect(exported).toEqual(cliRest);
    // Export YAML: a scenario the CLI reads, with the same answer.
    await page.getByRole('button', { name: 'export YAML' }).click();
    const yamlFile = join(dir, 'edited.yaml');
    (await import('node:fs')).writeFileSync(yamlFile, await page.locator('#export').inputValue());
    expect((await cliJson(['odds', yamlFile, '--exact', '--json'])).win).toEqual(win);

    // A link reproduces the page.
    const again = await context.newPage();
    await again.goto(page.url(), { waitUntil: 'load' });
    await again.locator('td[data-key="win-a"]').waitFor();
    expect(Number(await again.locator('[data-key="win-a"]').getAttribute('data-value'))).toBe(win[0]);
    expect(await again.getByLabel('battle rating (BR)').nth(1).inputValue()).toBe('95');
    await again.close();
  }, 90_000);

  it('runs sieges, battles with pursuit and cascades in Web Workers: the CLI numbers for the same seed and trials', async () => {
    // The siege Monte Carlo in the page's Web Worker equals the CLI for the same seed and trials.
    await page.getByLabel('siege seed', { exact: true }).fill('7');
    await page.getByLabel('siege trials', { exact: true }).fill('23456');
    await page.getByRole('button', { name: 'run the sieges' }).click();
    await page.locator('#siege-result').filter({ hasText: '"kind"' }).waitFor({ state: 'attached', timeout: 30_000 });
    const inPage = JSON.parse((await page.locator('#siege-result').textContent()) ?? '') as Record<string, unknown>;
    const siegeCli = await cliJson([
      'siege',
      'examples/castle-siege.yaml',
      '--seed',
      '7',
      '--trials',
      '23456',
      '--json',
    ]);
    const { elapsedMs: _p, threads: _pt, ...pageSiege } = inPage;
    const { elapsedMs: _c, threads: _ct, ...cliSiege } = siegeCli;
    expect(pageSiege).toEqual(cliSiege);
    expect(Number(await page.locator('#siege-progress').getAttribute('max'))).toBe(23456);
    console.log(`app page: siege Monte Carlo in the worker, 23,456 sieges: ${inPage.elapsedMs} ms`);

    // The battle as edited, followed over up to 3 days (pursuit), in the worker: warcast odds --json (Monte Carlo).
    await page.getByLabel('pursuit: battles over at most (days)').fill('3');
    await page.getByLabel('battle seed', { exact: true }).fill('7');
    await page.getByLabel('battle trials', { exact: true }).fill('101000');
    await page.getByRole('button', { name: 'run the battles' }).click();
    await page.locator('#battle-result').filter({ hasText: '"kind"' }).waitFor({ state: 'attached', timeout: 30_000 });
    const battleDoc = documentFromHash(new URL(page.url()).hash)!;
    expect(battleDoc.engagement).toEqual({ maxDays: 3 });
    const battleFile = join(dir, 'pursuit.json');
    (await import('node:fs')).writeFileSync(battleFile, JSON.stringify(battleDoc));
    const battleCli = await cliJson(['odds', battleFile, '--seed', '7', '--trials', '101000', '--json']);
    const battlePage = JSON.parse((await page.locator('#battle-result').textContent()) ?? '') as Record<
      string,
      unknown
    >;
    expect(battlePage.engagement).not.toBeNull();
    expect(withoutTiming(battlePage)).toEqual(withoutTiming(battleCli));
    expect(Number(await page.locator('#battle-progress').getAttribute('max'))).toBe(202_000);
    console.log(
      `app page: battle Monte Carlo with pursuit in the worker, 101,000 battles and pursuits: ${battlePage.elapsedMs} ms`,
    );

    // A cascade in the worker: warcast cascade --json.
    await page.getByLabel('cascade seed', { exact: true }).fill('11');
    await page.getByLabel('cascade trials', { exact: true }).fill('12000');
    await page.getByRole('button', { name: 'run the cascades' }).click();
    await page.locator('#cascade-result').filter({ hasText: '"kind"' }).waitFor({ state: 'attached', timeout: 30_000 });
    const cascadePage = JSON.parse((await page.locator('#cascade-result').textContent()) ?? '') as Record<
      string,
      unknown
    >;
    const cascadeCli = await cliJson([
      'cascade',
      'examples/cascade-bob-john.yaml',
      '--seed',
      '11',
      '--trials',
      '12000',
      '--json',
    ]);
    expect(withoutTiming(cascadePage)).toEqual(withoutTiming(cascadeCli));
    console.log(`app page: cascade Monte Carlo in the worker, 12,000 rounds: ${cascadePage.elapsedMs} ms`);
  }, 90_000);

  it('sent no request beyond file:// and blob:, logged no error, fits a 375 px phone; screenshots kept', async () => {
    // Nothing leaves the page: file:// for the page, blob: (in memory) for the worker and the downloads.
    expect(requests.filter((u) => !u.startsWith('file://') && !u.startsWith('blob:'))).toEqual([]);
    expect(errors).toEqual([]);
    mkdirSync(resolve('test/artifacts'), { recursive: true });
    await page.screenshot({ path: resolve('test/artifacts/app.png'), fullPage: true });
    expect(readFileSync(resolve('test/artifacts/app.png')).length).toBeGreaterThan(10_000);

    // Phone width (375 px): everything fits, no sideways scrolling of the page (wide tables scroll in their box).
    await page.setViewportSize({ width: 375, height: 740 });
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.client).toBe(375);
    expect(widths.scroll, 'page wider than the phone').toBeLessThanOrEqual(widths.client);
    // The phone's first screen (a full-page shot of every section opened is ~19,000 px tall: slow under load).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: resolve('test/artifacts/app-375.png') });
    await page.close();
  }, 60_000);
});
