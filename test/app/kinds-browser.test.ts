/**
 * The page's sieges, cascades, marches and divided forces in headless Chromium (Debian's /usr/bin/chromium;
 * skipped with the reason when absent and CI is not set): `warcast app examples/castle-siege.yaml` opens with the
 * siege section first and runs it at once; each kind's run (in its Web Worker) draws the document and every chart
 * of the kind's report;
 * the result it drew equals `warcast <kind> FILE --json` for the page's seed and trials; at a phone's 390 px
 * nothing scrolls sideways. One browser, one page for the four kinds.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (!HAVE_CHROMIUM && !process.env.CI)
  console.warn(`SKIPPED kinds in the page: ${CHROMIUM} not found (install Debian's chromium)`);

/**
 * Each kind: its file (the page's example for it: one page, written by `warcast app examples/castle-siege.yaml`,
 * opened once, serves all four; the siege runs as it opens, the others by their button), the CLI run the page's defaults stand for (seed 42), the charts its report draws. */
const KINDS = [
  {
    kind: 'siege',
    file: 'examples/castle-siege.yaml',
    cli: ['siege', 'examples/castle-siege.yaml', '--seed', '42', '--trials', '100000', '--threads', '1'],
    charts: ['siege-survival', 'siege-weeks', 'siege-endings', 'siege-casualties-at-most'],
  },
  {
    kind: 'cascade',
    file: 'examples/cascade-bob-john.yaml',
    cli: ['cascade', 'examples/cascade-bob-john.yaml', '--seed', '42', '--trials', '20000', '--threads', '1'],
    charts: ['cascade-ownership', 'cascade-legions', 'cascade-legions-at-most'],
  },
  {
    kind: 'march',
    file: 'examples/forced-march-into-battle.yaml',
    cli: ['march', 'examples/forced-march-into-battle.yaml'],
    charts: ['march-arrival', 'march-fatigue', 'march-battle'],
  },
  {
    kind: 'divided',
    file: 'examples/divided-forces.yaml',
    cli: ['divided', 'examples/divided-forces.yaml'],
    charts: ['divided-pairings', 'divided-splits'],
  },
];

const withoutTiming = (r: Record<string, unknown>) => {
  const { elapsedMs: _e, threads: _t, ...rest } = r;
  return rest;
};

describe.skipIf(!HAVE_CHROMIUM && !process.env.CI)('warcast app FILE draws its kind', () => {
  let browser: Browser;
  let tab: Page;
  let dir: string;
  const errors: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warcast-app-kinds-'));
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    tab = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    tab.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    tab.on('pageerror', (e) => errors.push(e.message));
    tab.on('request', (r) => requests.push(r.url()));
    expect(await runCli(['app', 'examples/castle-siege.yaml', '--out', join(dir, 'siege')], memoryIo())).toBe(0);
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const k of KINDS) {
    it(`${k.kind}: drawn as its report (document and every chart), the CLI's numbers, a phone's width`, async () => {
      await tab.setViewportSize({ width: 1400, height: 900 });
      if (k.kind === 'siege') {
        // The page as `warcast app examples/castle-siege.yaml` wrote it: the siege section first, run at once.
        await tab.goto(pathToFileURL(join(dir, 'siege', 'index.html')).href);
        expect(await tab.locator('#kinds section.kind').first().getAttribute('id')).toBe('siege');
      } else {
        // The other sections of the same page (each prefilled with its kind's example), run by their button.
        await tab.locator(`#${k.kind}-run`).click();
      }
      await tab.locator(`#${k.kind}[data-drawn="true"]`).waitFor({ state: 'attached', timeout: 60_000 });
      const seen = await tab.evaluate((kind) => {
        const section = document.getElementById(kind)!;
        return {
          blocks: [...section.querySelectorAll('[data-block]')].map((b) => b.getAttribute('data-block')),
          charts: [...section.querySelectorAll('figure[data-chart]')].map((f) => {
            const svg = f.querySelector('svg');
            const r = svg?.getBoundingClientRect();
            return {
              name: f.getAttribute('data-chart'),
              width: r?.width ?? 0,
              height: r?.height ?? 0,
              marks: [...(svg?.querySelectorAll('[data-mark]') ?? [])].filter(
                (m) => m.getBoundingClientRect().width > 0 || m.getBoundingClientRect().height > 0,
              ).length,
            };
          }),
          json: document.getElementById(`${kind}-result`)!.textContent ?? '',
        };
      }, k.kind);
      // The report's document: heading, run line, tables (the JSON only as data, folded under it).
      expect(seen.blocks).toEqual(expect.arrayContaining(['heading', 'run', 'table']));
      expect(seen.charts.map((c) => c.name)).toEqual(k.charts);
      for (const c of seen.charts) {
        expect(c.width, `${c.name} drawn`).toBeGreaterThan(300);
        expect(c.height, `${c.name} drawn`).toBeGreaterThan(60);
        expect(c.marks, `${c.name} has its marks`).toBeGreaterThan(0);
      }
      // The numbers it drew are the CLI's for the page's seed and trials.
      const io = memoryIo();
      expect(await runCli([...k.cli, '--json'], io)).toBe(0);
      expect(withoutTiming(JSON.parse(seen.json) as Record<string, unknown>)).toEqual(
        withoutTiming(JSON.parse(io.stdout) as Record<string, unknown>),
      );
      // A phone: the charts are redrawn to its width; nothing scrolls sideways.
      await tab.setViewportSize({ width: 390, height: 844 });
      await tab.waitForTimeout(300); // the page redraws 100 ms after the last resize
      const phone = await tab.evaluate(
        (kind) => ({
          scroll: document.documentElement.scrollWidth,
          widest: Math.max(
            ...[...document.getElementById(kind)!.querySelectorAll('figure svg')].map(
              (s) => s.getBoundingClientRect().right,
            ),
          ),
        }),
        k.kind,
      );
      expect(phone.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(390);
      expect(phone.widest).toBeLessThanOrEqual(390);
      mkdirSync(resolve('test/artifacts'), { recursive: true });
      await tab.locator(`#${k.kind}`).screenshot({ path: resolve(`test/artifacts/app-${k.kind}-390.png`) });
      expect(errors).toEqual([]);
      expect(requests.filter((u) => !u.startsWith('file://') && !u.startsWith('blob:'))).toEqual([]);
    });
  }
});
