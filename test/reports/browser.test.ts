/**
 * The report in headless Chromium (Debian's `chromium`; .ci/setup-browser installs it): it loads from
 * file://, shows every chart, logs no console error, makes no request other than file://, and runs no
 * script smuggled in through names. Skips, saying why, when /usr/bin/chromium is absent.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { hostileScenario, scratch } from './helpers.js';
import { KINDS } from './kinds.js';

const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM)
  console.warn(`SKIPPED browser test: ${CHROMIUM} not found (install Debian's chromium, e.g. with .ci/setup-browser)`);

const CHARTS = ['win', 'casualties', 'results-rows', 'convergence'];
const ARTIFACT = resolve('test/artifacts/report.png');

interface Visit {
  page: Page;
  requests: string[];
  errors: string[];
  dialogs: string[];
}

describe.skipIf(!HAVE_CHROMIUM)('report in headless Chromium', () => {
  let context: BrowserContext;
  let dir: string;
  // One tab for every report, as a reader going from one report to the next: its renderer keeps V8's compiled
  // vega code between pages with the same inline script (measured: a second interactive page drew in ~0.5 s
  // instead of ~0.9 s in a new tab). Each visit collects its own requests, console errors and dialogs.
  let tab: Page;
  let current: Visit | null = null;

  beforeAll(async () => {
    dir = scratch();
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
      viewport: { width: 1200, height: 900 },
    });
    tab = await context.newPage();
    tab.on('request', (r) => current?.requests.push(r.url()));
    tab.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') current?.errors.push(`${m.type()}: ${m.text()}`);
    });
    tab.on('pageerror', (e) => current?.errors.push(`pageerror: ${e.message}`));
    tab.on('dialog', (d) => {
      current?.dialogs.push(d.message());
      void d.dismiss();
    });
  });

  afterAll(async () => {
    await context?.close();
  });

  async function visit(index: string): Promise<Visit> {
    current = { page: tab, requests: [], errors: [], dialogs: [] };
    await tab.goto(pathToFileURL(index).href, { waitUntil: 'load' });
    return current;
  }

  async function chartsShown(page: Page, selector: string, charts = CHARTS): Promise<string[]> {
    const shown: string[] = [];
    for (const name of charts) {
      const box = await page.locator(`figure[data-chart="${name}"] ${selector}`).first().boundingBox();
      if (box && box.width > 100 && box.height > 50) shown.push(name);
    }
    return shown;
  }

  it('static report: every chart, no errors, file:// only; screenshot kept', async () => {
    const out = join(dir, 'static');
    expect(
      await runCli(
        ['report', 'examples/orcs-vs-men.yaml', '--out', out, '--trials', '300000', '--threads', '1'],
        memoryIo(),
      ),
    ).toBe(0);
    const v = await visit(join(out, 'index.html'));
    expect(await chartsShown(v.page, '.chart > svg')).toEqual(CHARTS);
    expect(await v.page.locator('table').count()).toBeGreaterThanOrEqual(2);
    mkdirSync(resolve('test/artifacts'), { recursive: true });
    await v.page.screenshot({ path: ARTIFACT, fullPage: true });
    expect(v.errors).toEqual([]);
    expect(v.requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    expect(v.requests.length).toBeGreaterThanOrEqual(1);
  });

  it('interactive report with hostile names: vega-embed draws every chart, no script runs from a name, no network', async () => {
    const out = join(dir, 'interactive');
    expect(
      await runCli(
        ['report', hostileScenario(dir), '--out', out, '--trials', '200000', '--threads', '1', '--interactive'],
        memoryIo(),
      ),
    ).toBe(0);
    const v = await visit(join(out, 'index.html'));
    await v.page.waitForFunction(
      (n) => document.querySelectorAll('figure .chart.vega-embed svg').length >= n,
      CHARTS.length,
      { timeout: 20_000 },
    );
    expect(await chartsShown(v.page, '.chart.vega-embed svg')).toEqual(CHARTS);
    // Names were rendered as text, not markup.
    expect(await v.page.locator('h1').innerText()).toContain('</script><script>alert(2)</script>');
    expect(await v.page.locator('img').count()).toBe(0);
    // vega-embed's actions menu (with its online editor link) is off.
    expect(await v.page.locator('.vega-actions, details summary').count()).toBe(0);
    // A tooltip appears on hover (interactive mode's point).
    const bar = v.page.locator('figure[data-chart="win"] .chart path[aria-roledescription="bar"]').first();
    await bar.hover();
    await v.page.waitForSelector('#vg-tooltip-element.visible', { timeout: 5_000 });
    expect(v.dialogs).toEqual([]);
    expect(v.errors).toEqual([]);
    expect(v.requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
  });

  for (const k of KINDS) {
    it(`${k.name} report, interactive: vega-embed draws every chart, no errors, file:// only`, async () => {
      const out = join(dir, k.name);
      expect(await runCli([...k.command(k.example), '--report', out, '--interactive'], memoryIo())).toBe(0);
      const v = await visit(join(out, 'index.html'));
      await v.page.waitForFunction(
        (n) => document.querySelectorAll('figure .chart.vega-embed svg').length >= n,
        k.charts.length,
        { timeout: 20_000 },
      );
      expect(await chartsShown(v.page, '.chart.vega-embed svg', k.charts)).toEqual(k.charts);
      expect(v.errors).toEqual([]);
      expect(v.requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    });
  }
});
